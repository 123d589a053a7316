// Processing ahead of the confirmation (api/modules/uploads/upload-prepare.service.ts): the check of
// step 2 -> 3 publishes its answer as soon as the parse has validated the data points and goes on
// writing the revision into a folder of its own; the confirmation adopts it, and the upload job only
// publishes and charges. What it publishes must be what
// processing at confirmation gives (compared with a second app that prepares nothing), and a prepare
// that no longer fits (columns saved again, a changed fingerprint, no credits) must never be used.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Table } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, readRevisionColumns } from '../../../api/ingest/index';
import { generateDemoSurvey, surveyCsvChunks } from '../../../api/demo/index';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  createDraft,
  fixture,
  ledgerOf,
  putFile,
  runJobs,
  saveSuggested,
  UPLOAD_QUERIES as Q,
  uploadWorld,
  type UploadWorld,
} from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
let u: TestApp;
let wu: UploadWorld;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
  u = await createTestApp({ now: '2026-11-21T09:00:00.000Z', env: { UPLOAD_PREPARE: 'false' } });
  wu = await uploadWorld(u);
});
afterAll(() => {
  t.close();
  u.close();
});

type Job = { id: string; kind: string; state: string; payload: any; result: any };
const jobsOf = (app: TestApp, kind: string) =>
  app.db
    .all<Job>(sql`select id, kind, state, payload, result from jobs where kind = ${kind} order by created_at, rowid`)
    .then((rows) =>
      rows.map((r) => ({ ...r, payload: JSON.parse(r.payload), result: r.result && JSON.parse(r.result) })),
    );
const uploadJobOf = async (app: TestApp, datafileId: string) => {
  const [row] = await app.db.all<{ job_id: string }>(
    sql`select job_id from datafile_uploads where datafile_id = ${datafileId} order by created_at desc limit 1`,
  );
  return (await app.deps.jobs.get(row!.job_id)) as Omit<Job, 'result'> & { result: any; errorCode: string | null };
};

/** Steps 1 and 2 (the check and, where it is on, the prepare run to the end); returns the datafile and the check. */
async function checked(
  app: TestApp,
  world: UploadWorld,
  name: string,
  step: Record<string, unknown> = {},
  adjust?: (cols: any[]) => any[],
) {
  const key = await putFile(app, world.tokens.admin, world.A, name, fixture(name));
  const draft = await createDraft(app, world.tokens.admin, key, { title: `Prepared ${name}`, ...step });
  const datafileId = draft.body.data.createDraftDatafile.datafileId as string;
  const check = await saveSuggested(app, world.tokens.admin, datafileId, adjust);
  expect(check.state).toBe('DONE');
  return { datafileId, check };
}

async function confirm(app: TestApp, world: UploadWorld, datafileId: string, credits: number) {
  const res = await app.gql(Q.confirm, { id: datafileId, c: credits, s: 'PROCESSING' }, { token: world.tokens.admin });
  if (!res.body.data) throw new Error(`confirm: ${JSON.stringify(res.body.errors)}`);
}

/** Every column of a table as plain values (the files' stamps name their datafile, so the bytes differ). */
const valuesOf = (table: Table) =>
  Object.fromEntries(
    table.schema.fields.map((f) => [f.name, Array.from(table.getChild(f.name)!.toArray() as ArrayLike<unknown>)]),
  );

describe('a revision prepared while step 3 is shown', () => {
  it.each([
    ['survey.xlsx', { sheetName: 'Data', headerRow: 3, dataRecordStartRow: 4 }],
    ['qualtrics-utf8-bom.csv', { headerRow: 1, dataRecordStartRow: 4 }],
    ['survey-compressed.sav', {}],
  ])('%s: the confirmation publishes it, and it equals processing at confirmation', async (name, step) => {
    const prepared = await checked(t, w, name, step);
    const [prepare] = (await jobsOf(t, 'upload.check'))
      .filter((j) => j.state === 'SUCCEEDED' && j.result.prepare?.done)
      .slice(-1);
    expect(prepare).toBeTruthy();
    expect(prepare!.result.prepare.revision).toBe(1);
    expect(prepare!.result.check.estimate.credits).toBe(prepared.check.estimate.creditAmount);
    // Written, but not published: the revision has no manifest yet.
    expect(
      await t.deps.blobs.stat(`datafiles/${prepared.datafileId}/1/prepared-${prepare!.id}/manifest.json`),
    ).not.toBeNull();
    expect(await readManifest(t.deps.blobs, prepared.datafileId, 1)).toBeNull();

    await confirm(t, w, prepared.datafileId, prepared.check.estimate.creditAmount);
    expect((await uploadJobOf(t, prepared.datafileId)).payload).toMatchObject({ preparedBy: prepare!.id });
    const before = await ledgerOf(t, w.A);
    expect(await runJobs(t)).toBe(1);
    const job = await uploadJobOf(t, prepared.datafileId);
    expect(job).toMatchObject({
      state: 'SUCCEEDED',
      result: { prepared: true, credits: prepared.check.estimate.creditAmount },
    });
    expect((await ledgerOf(t, w.A)).used - before.used).toBe(prepared.check.estimate.creditAmount);
    const manifest = await readManifest(t.deps.blobs, prepared.datafileId, 1);
    expect(manifest!.files.scores.key).toBe(`datafiles/${prepared.datafileId}/1/prepared-${prepare!.id}/scores.arrow`);

    // The same file processed at confirmation by an app that prepares nothing.
    const direct = await checked(u, wu, name, step);
    expect((await jobsOf(u, 'upload.check')).filter((j) => j.result.prepare)).toEqual([]);
    await confirm(u, wu, direct.datafileId, direct.check.estimate.creditAmount);
    expect(await runJobs(u)).toBe(1);
    expect((await uploadJobOf(u, direct.datafileId)).result.prepared).toBeUndefined();
    for (const file of ['scores', 'raw'] as const) {
      const a = valuesOf(await readRevisionColumns(t.deps.blobs, prepared.datafileId, 1, file));
      const b = valuesOf(await readRevisionColumns(u.deps.blobs, direct.datafileId, 1, file));
      expect(Object.keys(a).length).toBeGreaterThan(3);
      expect(a).toEqual(b);
    }
    const progress = (app: TestApp, world: UploadWorld, id: string) =>
      app.gql(Q.progress, { id }, { token: world.tokens.admin }).then((r) => r.body.data.getDatafileUploadingProgress);
    const [p, d] = [await progress(t, w, prepared.datafileId), await progress(u, wu, direct.datafileId)];
    expect(p).toMatchObject({ status: 'READY', upload: { status: 'READY', progress: 100 } });
    expect({ ...p.metadata, createdBy: null }).toEqual({ ...d.metadata, createdBy: null });
    expect(p.recordSummary).toEqual(d.recordSummary);
  });

  it('saving the columns again throws the prepared revision away; the confirmation uses the new one', async () => {
    const first = await checked(t, w, 'survey.xlsx', { sheetName: 'Data', headerRow: 3, dataRecordStartRow: 4 });
    const old = (await jobsOf(t, 'upload.check')).at(-1)!;
    expect(old).toMatchObject({ state: 'SUCCEEDED', result: { prepare: { revision: 1, done: true } } });
    const oldFolder = `datafiles/${first.datafileId}/1/prepared-${old.id}/`;
    expect(await t.deps.blobs.stat(`${oldFolder}scores.arrow`)).not.toBeNull();

    // Step 2 again: the open answers ignored this time.
    const again = await saveSuggested(t, w.tokens.admin, first.datafileId, (cols) =>
      cols.map((c) => (c.dataPointType === 'OPEN_ENDED' ? { ...c, dataPointType: 'IGNORE', questionTitle: null } : c)),
    );
    expect(again.state).toBe('DONE');
    expect(await t.deps.blobs.stat(`${oldFolder}scores.arrow`)).toBeNull();
    const fresh = (await jobsOf(t, 'upload.check')).at(-1)!;
    expect(fresh.id).not.toBe(old.id);
    expect(fresh).toMatchObject({ state: 'SUCCEEDED', result: { prepare: { revision: 1, done: true } } });

    await confirm(t, w, first.datafileId, again.estimate.creditAmount);
    expect(await runJobs(t)).toBe(1);
    const job = await uploadJobOf(t, first.datafileId);
    expect(job).toMatchObject({ state: 'SUCCEEDED', payload: { preparedBy: fresh.id }, result: { prepared: true } });
    expect(again.estimate.numberOfDatapoints).toBeLessThan(first.check.estimate.numberOfDatapoints);
    expect(job.result.summary.numberOfDatapoints).toBe(again.estimate.numberOfDatapoints);
    expect(job.result.summary.qualityScores).not.toContain('OES');
    const manifest = await readManifest(t.deps.blobs, first.datafileId, 1);
    expect(manifest!.files.scores.key).toContain(`prepared-${fresh.id}/`);
  });

  it('another file in step 1 throws the prepared revision away', async () => {
    const c = await checked(t, w, 'qualtrics-utf8-bom.csv', { headerRow: 1, dataRecordStartRow: 4 });
    const prepare = (await jobsOf(t, 'upload.check')).at(-1)!;
    const folder = `datafiles/${c.datafileId}/1/prepared-${prepare.id}/`;
    expect(await t.deps.blobs.stat(`${folder}prepared.json`)).not.toBeNull();
    const key = await putFile(t, w.tokens.admin, w.A, 'survey.xlsx', fixture('survey.xlsx'));
    const changed = await createDraft(t, w.tokens.admin, key, {
      datafileId: c.datafileId,
      sheetName: 'Data',
      headerRow: 3,
      dataRecordStartRow: 4,
    });
    expect(changed.body.errors).toBeUndefined();
    expect(await t.deps.blobs.stat(`${folder}prepared.json`)).toBeNull();
    expect(await t.deps.blobs.stat(`${folder}raw.arrow`)).toBeNull();
  });

  it('a prepared revision that does not match the upload is not published: the upload job processes the file itself', async () => {
    const c = await checked(t, w, 'qualtrics-utf8-bom.csv', { headerRow: 1, dataRecordStartRow: 4 });
    const prepare = (await jobsOf(t, 'upload.check')).at(-1)!;
    const key = `datafiles/${c.datafileId}/1/prepared-${prepare.id}/prepared.json`;
    const file = JSON.parse(new TextDecoder().decode((await t.deps.blobs.getBytes(key))!));
    await t.deps.blobs.put(key, new TextEncoder().encode(JSON.stringify({ ...file, fingerprint: '0'.repeat(64) })));
    await confirm(t, w, c.datafileId, c.check.estimate.creditAmount);
    expect(await runJobs(t)).toBe(1);
    const job = await uploadJobOf(t, c.datafileId);
    expect(job).toMatchObject({
      state: 'SUCCEEDED',
      payload: { preparedBy: prepare.id },
      result: { credits: c.check.estimate.creditAmount },
    });
    expect(job.result.prepared).toBeUndefined();
    // Processing cleared the revision first: the prepared folder went with it.
    expect(await t.deps.blobs.stat(key)).toBeNull();
    expect((await readManifest(t.deps.blobs, c.datafileId, 1))!.files.scores.key).toBe(
      `datafiles/${c.datafileId}/1/scores.arrow`,
    );
  });

  it('not enough credits when the prepared revision is adopted: nothing charged, nothing of it left', async () => {
    const poor = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
    try {
      const pw = await uploadWorld(poor, { credits: 5_000, backup: false });
      const c = await checked(poor, pw, 'survey.xlsx', { sheetName: 'Data', headerRow: 3, dataRecordStartRow: 4 });
      const prepare = (await jobsOf(poor, 'upload.check')).at(-1)!;
      await confirm(poor, pw, c.datafileId, c.check.estimate.creditAmount);
      // Another charge takes the credits between the confirmation and the job.
      await poor.db.run(sql`update credit_plans set balance = 0 where company_id = ${pw.A}`);
      await runJobs(poor);
      expect(await uploadJobOf(poor, c.datafileId)).toMatchObject({ state: 'FAILED', errorCode: 'BALANCE_NOT_ENOUGH' });
      expect(await ledgerOf(poor, pw.A)).toMatchObject({ used: 0, charges: 0 });
      expect(await poor.deps.blobs.stat(`datafiles/${c.datafileId}/1/prepared-${prepare.id}/scores.arrow`)).toBeNull();
      expect(await readManifest(poor.deps.blobs, c.datafileId, 1)).toBeNull();
    } finally {
      poor.close();
    }
  });

  it('the check answers step 3 while the job still prepares; a confirmation then adopts the running check', async () => {
    const parts: Uint8Array[] = [];
    for await (const chunk of surveyCsvChunks(generateDemoSurvey({ rows: 60_000, seed: 17 }), { chunkRows: 10_000 }))
      parts.push(chunk);
    const key = await putFile(
      t,
      w.tokens.admin,
      w.A,
      'early.csv',
      new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer()),
    );
    const datafileId = (
      await createDraft(t, w.tokens.admin, key, { title: 'Early answer', headerRow: 1, dataRecordStartRow: 2 })
    ).body.data.createDraftDatafile.datafileId as string;
    const preview = (await t.gql(Q.preview, { id: datafileId }, { token: w.tokens.admin })).body.data.getUploadPreview;
    const cols = preview.suggestedColumns.map((c: any) => ({
      ...c,
      questionTitle: c.questionTitle ?? (c.dataPointType === 'OPEN_ENDED' ? `Question ${c.dataPointIdentifier}` : null),
    }));
    expect((await t.gql(Q.save, { id: datafileId, c: cols }, { token: w.tokens.admin })).body.errors).toBeUndefined();
    const running = runJobs(t);
    let check: any;
    const progress: number[] = [];
    for (;;) {
      check = (await t.gql(Q.check, { id: datafileId }, { token: w.tokens.admin })).body.data.getUploadCheck;
      if (check.state !== 'PENDING' && check.state !== 'RUNNING') break;
      progress.push(check.progress);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(check).toMatchObject({ state: 'DONE', issues: [] });
    expect(Math.max(...progress)).toBeLessThanOrEqual(90);
    const job = (await jobsOf(t, 'upload.check')).at(-1)!;
    // Answered while the revision is still being prepared: the answer is the job's interim result.
    expect(job).toMatchObject({ state: 'RUNNING', result: { check: { issues: [] }, prepare: { revision: 1 } } });
    expect(job.result.prepare.done).toBeUndefined();
    expect(job.result.check.estimate.credits).toBe(check.estimate.creditAmount);
    await confirm(t, w, datafileId, check.estimate.creditAmount);
    expect((await uploadJobOf(t, datafileId)).payload).toMatchObject({ preparedBy: job.id });
    await running;
    await runJobs(t);
    expect(await t.deps.jobs.get(job.id)).toMatchObject({
      state: 'SUCCEEDED',
      result: { prepare: { revision: 1, done: true } },
    });
    const upload = await uploadJobOf(t, datafileId);
    expect(upload).toMatchObject({
      state: 'SUCCEEDED',
      result: { prepared: true, credits: check.estimate.creditAmount },
    });
    expect(upload.result.summary.numberOfRecords).toBe(60_000);
    expect((await readManifest(t.deps.blobs, datafileId, 1))!.files.scores.key).toBe(
      `datafiles/${datafileId}/1/prepared-${job.id}/scores.arrow`,
    );
  }, 120_000);

  it.each([
    [
      'a grid of too few items (found before the rows)',
      (cols: any[]) =>
        cols.map((c) => (c.dataPointType === 'ITEM_BATTERY' ? { ...c, columns: c.columns.slice(0, 4) } : c)),
    ],
    [
      'a grid item of text (found in the rows)',
      (cols: any[]) => {
        const open = cols.find((c) => c.dataPointType === 'OPEN_ENDED');
        return cols
          .filter((c) => c !== open)
          .map((c) =>
            c.dataPointType === 'ITEM_BATTERY' && c === cols.find((d) => d.dataPointType === 'ITEM_BATTERY')
              ? { ...c, columns: [...c.columns, ...open.columns] }
              : c,
          );
      },
    ],
  ])('%s: the same issues as a check that prepares nothing, and nothing prepared', async (_name, adjust) => {
    const step = { sheetName: 'Data', headerRow: 3, dataRecordStartRow: 4 };
    const a = await checked(t, w, 'survey.xlsx', step, adjust);
    const b = await checked(u, wu, 'survey.xlsx', step, adjust);
    expect(a.check.issues.length).toBeGreaterThan(0);
    expect(a.check.issues).toEqual(b.check.issues);
    const job = (await jobsOf(t, 'upload.check')).at(-1)!;
    expect(job.state).toBe('SUCCEEDED');
    expect(job.result.prepare).toBeUndefined();
    // Nothing was written for the datafile (a folder with no file in it may stay).
    const dir = join(t.deps.env.storageDir, 'datafiles', a.datafileId);
    expect(
      existsSync(dir)
        ? readdirSync(dir, { recursive: true }).filter((e) => !String(e).endsWith('/') && String(e).includes('.'))
        : [],
    ).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DRAFT, DEMO_PASSWORD, seedDemoData } from '../../db/seed';
import { runJobsUntilIdle, runJobsUntilSettled } from '../../api/jobs/job-loop';
import { seedSecrets } from '../../api/demo/seed-secrets';
import { DEMO_DATAFILES, DEMO_FINISH_JOB, seedDemoDatafiles } from '../../api/demo/seed-datafiles';
import { readRevisionColumns } from '../../api/ingest/index';
import { createTestApp, type TestApp } from '../support/test-app';

const FINISHED = DEMO_DATAFILES.filter((f) => f.finish);
/** Everything a seed writes, so a second run can be shown to write nothing. */
const TOTALS = sql`select (select count(*) from datafiles) + (select count(*) from datafile_uploads) + (select count(*) from jobs)
  + (select count(*) from certificates) + (select count(*) from datafile_reports) + (select count(*) from cleaning_audit) as n,
  (select group_concat(coalesce(saved_cleaning, '') || updated_at, '|') from datafiles) as cleaning,
  (select group_concat(updated_at || is_published, '|') from datafile_reports) as reports`;

describe('the demo datafiles', () => {
  let t: TestApp;
  let seconds = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, seedSecrets(), { now: t.clock.now() });
    const started = performance.now();
    const jobs = await seedDemoDatafiles(t.deps);
    // An upload job per datafile, then a demo-finish job per datafile that has a demo cleaning.
    expect(jobs).toHaveLength(DEMO_DATAFILES.length + FINISHED.length);
    const rows = await runJobsUntilSettled(t.deps, jobs, { timeoutMs: 120_000 });
    seconds = (performance.now() - started) / 1000;
    expect(rows.map((r) => [r.kind, r.state])).toEqual([
      ...DEMO_DATAFILES.map(() => ['upload', 'SUCCEEDED']),
      ...FINISHED.map(() => [DEMO_FINISH_JOB, 'SUCCEEDED']),
    ]);
  }, 180_000);
  afterAll(() => t.close());

  it('are made by the upload pipeline in seconds: READY with scores stored and charged once through the ledger', async () => {
    expect(seconds).toBeLessThan(60);
    for (const f of DEMO_DATAFILES) {
      const [row] = await t.db.all<{ status: string; revision: number; number_of_records: number; cost: number }>(
        sql`select status, revision, number_of_records, cost from datafiles where id = ${f.id}`,
      );
      expect(row).toMatchObject({ status: 'READY', revision: 1, number_of_records: f.rows });
      const charges = await t.db.all<{ idempotency_key: string; credits: number }>(
        sql`select idempotency_key, credits from datafile_charges where datafile_id = ${f.id}`,
      );
      expect(charges).toEqual([{ idempotency_key: `upload:${f.id}:1`, credits: row!.cost }]);
      const scores = await readRevisionColumns(t.deps.blobs, f.id, 1, 'scores', ['combined', 'ts', 'ibs', 'oes']);
      expect(scores.numRows).toBe(f.rows);
    }
  });

  it('leave a new user no Ready file without data, and every datafile notification opens a file in the state it names', async () => {
    const listed = await t.db.all<{ id: string }>(
      sql`select id from datafiles where is_deleted = 0 and status in ('READY', 'STOPPED')`,
    );
    expect(listed.map((r) => r.id).sort()).toEqual(DEMO_DATAFILES.map((f) => f.id).sort());
    const notes = await t.db.all<{ type: string; status: string | null; deleted: number | null; url: string }>(
      sql`select n.type, d.status, d.is_deleted as deleted, n.url from notifications n
        left join datafiles d on n.url like '%datafileId=' || d.id where n.type <> 'GENERIC'`,
    );
    // The seed's failed upload and failed update, and the pipeline's "processed" for each demo upload.
    expect(notes.filter((n) => n.type === 'UPLOAD_FINISHED')).toHaveLength(DEMO_DATAFILES.length);
    for (const n of notes)
      expect([n.type, n.status, n.deleted], n.url).toEqual([n.type, n.type === 'UPLOAD_ERROR' ? 'ERROR' : 'READY', 0]);
    const Q = '{getMyDatafilesSummaryForDashboard{numberOfDatafiles numberOfDataRecords}}';
    const totals = async (email: string) =>
      (await t.gql(Q, {}, { token: await t.tokenFor(email, DEMO_PASSWORD) })).body.data
        .getMyDatafilesSummaryForDashboard;
    expect(await totals('admin@example.com')).toEqual({ numberOfDatafiles: 3, numberOfDataRecords: 1350 });
    expect(await totals('employee@example.com')).toEqual({ numberOfDatafiles: 1, numberOfDataRecords: 450 });
  });

  it("let the employee continue the seeded draft with a real file, and open the failed upload's step 1 with its reason", async () => {
    const employee = await t.tokenFor('employee@example.com', DEMO_PASSWORD);
    const Q = `query($id:ID!){getDraftedDatafile(datafileId:$id){ status upload{ status fileName error{ code } } }}`;
    const draft = await t.gql(Q, { id: DEMO_DRAFT.datafileId }, { token: employee });
    expect(draft.body.errors, JSON.stringify(draft.body.errors)).toBeUndefined();
    expect(draft.body.data.getDraftedDatafile).toEqual({
      status: 'DRAFT',
      upload: { status: 'DRAFT', fileName: DEMO_DRAFT.fileName, error: null },
    });
    const preview = await t.gql(
      'query($id:ID!){getUploadPreview(datafileId:$id){ sampledRows columns{ name } }}',
      { id: DEMO_DRAFT.datafileId },
      { token: employee },
    );
    expect(preview.body.errors, JSON.stringify(preview.body.errors)).toBeUndefined();
    expect(preview.body.data.getUploadPreview.sampledRows).toBeGreaterThan(0);
    const [failed] = await t.db.all<{ id: string }>(sql`select id from datafiles where status = 'ERROR'`);
    const failedDraft = await t.gql(Q, { id: failed!.id }, { token: employee });
    expect(failedDraft.body.errors, JSON.stringify(failedDraft.body.errors)).toBeUndefined();
    expect(failedDraft.body.data.getDraftedDatafile.upload).toMatchObject({
      status: 'ERROR',
      error: { code: 'UPLOAD_FILE_CORRUPT' },
    });
  });

  it('have the planted careless respondents among the lowest combined scores', async () => {
    const f = DEMO_DATAFILES[0]!;
    const scores = await readRevisionColumns(t.deps.blobs, f.id, 1, 'scores', ['combined']);
    const combined = [...(scores.getChild('combined')!.toArray() as Float64Array)]
      .filter((v) => Number.isFinite(v))
      .sort((a, b) => a - b);
    // About 30 % of the generated respondents are careless in some way: the bottom decile is far below the top.
    const low = combined[Math.floor(combined.length * 0.1)]!;
    const high = combined[Math.floor(combined.length * 0.9)]!;
    expect(high - low).toBeGreaterThan(25);
  });

  it("end with the first two cleaned through the worksheet, and the first one's quality report published", async () => {
    expect(FINISHED.map((f) => f.id)).toEqual([DEMO_DATAFILES[0]!.id, DEMO_DATAFILES[1]!.id]);
    for (const f of DEMO_DATAFILES) {
      const [row] = await t.db.all<{
        is_cleaned: number;
        cleaning_method: string | null;
        certificate_level: number | null;
        kept: number;
        saved_cleaning: string | null;
      }>(
        sql`select is_cleaned, cleaning_method, certificate_level, number_of_cleaned_records as kept, saved_cleaning from datafiles where id = ${f.id}`,
      );
      if (!f.finish) {
        expect(row).toMatchObject({ is_cleaned: 0, saved_cleaning: null });
        continue;
      }
      expect(row).toMatchObject({ is_cleaned: 1, cleaning_method: f.finish.cleaning.method });
      expect(row!.certificate_level).toBeGreaterThanOrEqual(1);
      // Careless respondents removed, most interviews kept.
      expect(row!.kept).toBeGreaterThan(f.rows / 2);
      expect(row!.kept).toBeLessThan(f.rows);
      if (f.finish.cleaning.targetSampleSize) expect(row!.kept).toBe(f.finish.cleaning.targetSampleSize);
      const saved = JSON.parse(row!.saved_cleaning!) as {
        revision: number;
        certificateCode: string;
        rules: { rules: { combined: { enabled: boolean; threshold: number } }; badAnswers: { enabled: boolean } };
      };
      expect(saved.revision).toBe(1);
      expect(saved.rules.rules.combined).toMatchObject({
        enabled: true,
        threshold: f.finish.cleaning.thresholds[0]!.threshold,
      });
      expect(saved.rules.badAnswers.enabled).toBe(f.finish.cleaning.badAnswersMin !== null);
      const certificates = await t.db.all<{ code: string; level: number }>(
        sql`select code, level from certificates where datafile_id = ${f.id}`,
      );
      expect(certificates).toEqual([
        { code: saved.certificateCode.replaceAll('-', ''), level: row!.certificate_level },
      ]);
      const audit = await t.db.all<{ action: string; reason: string }>(
        sql`select action, reason from cleaning_audit where datafile_id = ${f.id}`,
      );
      expect(audit).toEqual([{ action: 'SAVE', reason: f.finish.cleaning.comment }]);
      const report = await t.db.all<{ is_published: number; password_protected: number; client_name: string | null }>(
        sql`select is_published, password_protected, client_name from datafile_reports where datafile_id = ${f.id}`,
      );
      expect(report).toEqual(
        f.finish.report ? [{ is_published: 1, password_protected: 0, client_name: f.finish.report.clientName }] : [],
      );
    }
  });

  it('are seeded once: a second run writes nothing', async () => {
    const before = await t.db.all(TOTALS);
    expect(await seedDemoDatafiles(t.deps)).toEqual([]);
    expect(await runJobsUntilIdle(t.deps)).toBe(0);
    expect(await t.db.all(TOTALS)).toEqual(before);
  });

  it('finish only once: the demo-finish job run again (a retry, a second runner) repeats nothing', async () => {
    const before = await t.db.all(TOTALS);
    const f = DEMO_DATAFILES[0]!;
    const { id, created } = await t.deps.jobs.enqueue(
      DEMO_FINISH_JOB,
      { datafileId: f.id },
      { dedupeKey: `${DEMO_FINISH_JOB}-again:${f.id}` },
    );
    expect(created).toBe(true);
    const [job] = await runJobsUntilSettled(t.deps, [id]);
    expect(job).toMatchObject({ state: 'SUCCEEDED', result: { cleaned: true, reportPublished: true } });
    const after = await t.db.all<{ n: number; cleaning: string }>(TOTALS);
    expect(after[0]).toEqual({ ...(before[0] as object), n: (before[0] as { n: number }).n + 1 });
  });
});

describe('the demo-finish job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, seedSecrets(), { now: t.clock.now() });
  });
  afterAll(() => t.close());

  it('waits with backoff while the upload is still processing, and gives up after a bounded number of attempts', async () => {
    await seedDemoDatafiles(t.deps);
    const finishKind = [DEMO_FINISH_JOB];
    // Only demo-finish runs: the uploads stay PROCESSING.
    expect(await runJobsUntilIdle(t.deps, { kinds: finishKind })).toBe(2);
    const waiting = await t.db.all<{
      state: string;
      attempts: number;
      max_attempts: number;
      error_code: string;
      run_after: string;
    }>(sql`select state, attempts, max_attempts, error_code, run_after from jobs where kind = ${DEMO_FINISH_JOB}`);
    expect(waiting).toHaveLength(2);
    for (const j of waiting) {
      expect(j).toMatchObject({ state: 'QUEUED', attempts: 1, error_code: 'SCORES_NOT_AVAILABLE' });
      expect(Date.parse(j.run_after)).toBeGreaterThan(t.clock.now().getTime());
    }
    expect(await runJobsUntilIdle(t.deps, { kinds: finishKind })).toBe(0);
    const max = waiting[0]!.max_attempts;
    expect(max).toBeGreaterThan(3);
    expect(max).toBeLessThanOrEqual(20);
    for (let i = 1; i < max; i++) {
      t.clock.advance(10 * 60_000);
      expect(await runJobsUntilIdle(t.deps, { kinds: finishKind })).toBe(2);
    }
    t.clock.advance(10 * 60_000);
    expect(await runJobsUntilIdle(t.deps, { kinds: finishKind })).toBe(0);
    const given = await t.db.all<{ state: string; attempts: number }>(
      sql`select state, attempts from jobs where kind = ${DEMO_FINISH_JOB}`,
    );
    expect(given).toEqual([
      { state: 'FAILED', attempts: max },
      { state: 'FAILED', attempts: max },
    ]);
    const cleaned = await t.db.all<{ n: number }>(
      sql`select count(*) as n from datafiles where is_cleaned = 1 and id in (${sql.join(
        DEMO_DATAFILES.map((f) => sql`${f.id}`),
        sql`, `,
      )})`,
    );
    expect(cleaned).toEqual([{ n: 0 }]);
  });
});

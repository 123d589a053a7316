// The kill test: a real server process (api/server.ts) processes a large upload, is
// SIGKILLed mid-way, restarts on the same database and storage, and the upload finishes exactly
// once: READY, charged once, one notification, and no half-written revision was ever visible. Twice:
// killed while the upload job processes (UPLOAD_PREPARE=false), and killed while the revision
// prepared at step 3 is still being written after the confirmation adopted it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeps, type Deps } from '../../../api/compose/create-deps';
import { readEnv } from '../../../api/env';
import { silentLogger } from '../../../api/lib/logger';
import { readManifest } from '../../../api/ingest/index';
import { generateDemoSurvey } from '../../../api/demo/survey';
import { surveyCsvChunks } from '../../../api/demo/writers';
import { fixedClock } from '../../../api/lib/clock';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import type { TestApp } from '../../support/test-app';
import { UPLOAD_QUERIES as Q, uploadWorld, type UploadWorld } from '../../support/upload-world';

const ROWS = Number(process.env.UPLOAD_KILL_ROWS ?? 300_000);

let dir: string;
let deps: Deps;
let server: ServerProcess | undefined;
let env: Record<string, string>;
let w: UploadWorld;
/** The killed server's log, for a failure after the restart. */
let killedLog = '';

async function setUp(extra: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'sqp-upload-kill-'));
  env = {
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    STORAGE_DIR: join(dir, 'storage'),
    JOB_LEASE_SECONDS: '2',
    JOB_POLL_MS: '100',
    ...extra,
  };
  deps = await createDeps(
    readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', JOB_INTERVAL_MINUTES: '0', ...env }),
    { log: silentLogger },
  );
  // The world is written before the server starts, so its demo seed (new databases only) stays out.
  w = await uploadWorld({ db: deps.db, deps, clock: fixedClock(new Date().toISOString()) } as unknown as TestApp);
}
async function tearDown() {
  await server?.stop();
  server = undefined;
  deps.close();
  rmSync(dir, { recursive: true, force: true });
}
afterAll(async () => {
  if (server) await tearDown();
});

async function gql(query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${server!.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${w.tokens.admin}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as {
    data?: any;
    errors?: { message: string; extensions: Record<string, unknown> }[];
  };
  if (body.errors)
    throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors)}\n${server!.log().slice(-2000)}`);
  return body.data;
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${server?.log().slice(-3000) ?? ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const countOf = async (query: ReturnType<typeof sql>) => Number((await deps.db.all<{ n: number }>(query))[0]!.n);

/**
 * Upload, check, confirm at once, kill once progress shows; returns what the restart must finish.
 * `classify`: the open answers are classified (else ignored: the classifier's time is not what the
 * first case is about; the second needs the prepare to outlast its check).
 */
async function confirmThenKill(classify = false) {
  server = await startServerProcess(env);
  const survey = generateDemoSurvey({ rows: ROWS, seed: 31 });
  const parts: Uint8Array[] = [];
  for await (const chunk of surveyCsvChunks(survey, { chunkRows: 10_000 })) parts.push(chunk);
  const body = new Blob(parts as BlobPart[]);

  const { signedUrl, datafileKey } = (await gql(Q.url, { f: 'big.csv', c: w.A })).getDatafileUploadURL;
  const put = await fetch(new URL(signedUrl, server!.baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'text/csv' },
    body,
  });
  expect(put.status).toBe(200);
  const { datafileId } = (
    await gql(Q.draft, {
      i: { title: 'Big survey', datafileKey, fileName: 'big.csv', headerRow: 1, dataRecordStartRow: 2 },
    })
  ).createDraftDatafile;
  const preview = (await gql(Q.preview, { id: datafileId })).getUploadPreview;
  const cols = preview.suggestedColumns.map((c: any) =>
    c.dataPointType !== 'OPEN_ENDED'
      ? c
      : classify
        ? { ...c, questionTitle: `Question ${c.dataPointIdentifier}` }
        : { dataPointIdentifier: c.dataPointIdentifier, dataPointType: 'IGNORE', columns: c.columns },
  );
  await gql(Q.save, { id: datafileId, c: cols });
  const check = await until('the check', async () => {
    const c = (await gql(Q.check, { id: datafileId })).getUploadCheck;
    return c.state === 'DONE' || c.state === 'FAILED' ? c : undefined;
  });
  expect(check.issues).toEqual([]);
  await gql(Q.confirm, { id: datafileId, c: check.estimate.creditAmount, s: 'PROCESSING' });

  // Mid-way: progress reported, nothing published, nothing charged.
  await until(
    'progress',
    async () => (await gql(Q.progress, { id: datafileId })).getDatafileUploadingProgress.upload.progress >= 15,
  );
  await server.kill();
  killedLog = server.log();
  server = undefined;
  const [upload] = await deps.db.all<{ status: string; revision: number; job_id: string }>(
    sql`select status, revision, job_id from datafile_uploads where datafile_id = ${datafileId}`,
  );
  expect(upload).toMatchObject({ status: 'PROCESSING', revision: 1 });
  expect(await readManifest(deps.blobs, datafileId, 1)).toBeNull();
  expect(await countOf(sql`select count(*) as n from datafile_charges where datafile_id = ${datafileId}`)).toBe(0);
  return { datafileId, upload: upload!, check };
}

/**
 * What a failed upload says about itself: its refusal, the upload job's and the check job's last
 * errors and attempts, and the restarted server's log (a flaky failure must say why when it happens).
 */
async function whyNotReady(datafileId: string, jobId: string, progress: unknown) {
  const [upload] = await deps.db.all<Record<string, unknown>>(
    sql`select status, error_code, error_details, check_job_id from datafile_uploads where datafile_id = ${datafileId}`,
  );
  const preparedBy = ((await deps.jobs.get(jobId))?.payload as { preparedBy?: string } | undefined)?.preparedBy;
  const jobs = await deps.db.all<Record<string, unknown>>(
    sql`select id, kind, state, attempts, error_code, error_detail, progress, lease_expires_at from jobs
        where id in (${jobId}, ${preparedBy ?? ''}, ${upload?.check_job_id ?? ''})`,
  );
  return [
    `the upload ended ${JSON.stringify(progress)}`,
    `upload row: ${JSON.stringify(upload)}`,
    `jobs: ${JSON.stringify(jobs)}`,
    `killed server's log:\n${killedLog.slice(-3000)}`,
    `restarted server's log:\n${server?.log().slice(-6000) ?? ''}`,
  ].join('\n');
}

/** Restarts the server and checks the upload finished exactly once. */
async function restartAndFinish(
  { datafileId, upload, check }: Awaited<ReturnType<typeof confirmThenKill>>,
  attempts: number,
) {
  server = await startServerProcess(env);
  const done = await until('READY', async () => {
    const p = (await gql(Q.progress, { id: datafileId })).getDatafileUploadingProgress;
    return p.status === 'READY' || p.status === 'ERROR' ? p : undefined;
  });
  if (done.status !== 'READY') throw new Error(await whyNotReady(datafileId, upload.job_id, done));
  expect(done).toMatchObject({
    status: 'READY',
    upload: { status: 'READY', revision: 1, numberOfRecords: ROWS, creditsCharged: check.estimate.creditAmount },
  });
  expect(await deps.jobs.get(upload.job_id)).toMatchObject({ state: 'SUCCEEDED', attempts });
  expect(await readManifest(deps.blobs, datafileId, 1)).toMatchObject({ rows: ROWS });
  expect(await countOf(sql`select count(*) as n from datafile_charges where datafile_id = ${datafileId}`)).toBe(1);
  expect(
    await countOf(
      sql`select coalesce(sum(amount), 0) as n from credit_transactions where datafile_id = ${datafileId} and type = 'USED'`,
    ),
  ).toBe(check.estimate.creditAmount);
  expect(
    await countOf(
      sql`select count(*) as n from notifications where url = ${`/datafile-result?datafileId=${datafileId}`}`,
    ),
  ).toBe(1);
  return (await deps.jobs.get(upload.job_id))!;
}

describe('a server killed while it processes an upload', () => {
  it('restarts and finishes the upload exactly once: READY, charged once, no half-written revision visible', async () => {
    await setUp({ UPLOAD_PREPARE: 'false' });
    try {
      const killed = await confirmThenKill();
      expect(await deps.jobs.get(killed.upload.job_id)).toMatchObject({ state: 'RUNNING', attempts: 1 });
      await restartAndFinish(killed, 2);
    } finally {
      await tearDown();
    }
  }, 600_000);

  it('killed while the revision prepared at step 3 is still written: the upload job processes the file itself, once', async () => {
    // The dead check's lease outlasts the restart, so the new server's runner claims the upload job
    // first and its wait for that lease is what runs: a 2 s lease ran out during a slow restart, the
    // runner took the older check first, and the wait went untested (a quiet machine restarts fast,
    // so there the upload job came first, reprocessing in a fresh process: its full memory growth).
    await setUp({ JOB_LEASE_SECONDS: '15' });
    try {
      const killed = await confirmThenKill(true);
      // The confirmation adopted the check's prepare, which was still running: the upload job waits its turn.
      const payload = (await deps.jobs.get(killed.upload.job_id))!.payload as { preparedBy?: string };
      expect(payload.preparedBy).toBeTruthy();
      expect(await deps.jobs.get(killed.upload.job_id)).toMatchObject({ state: 'QUEUED', attempts: 0 });
      expect(await deps.jobs.get(payload.preparedBy!)).toMatchObject({
        kind: 'upload.check',
        state: 'RUNNING',
        attempts: 1,
        result: { prepare: { revision: 1 } },
      });
      const job = await restartAndFinish(killed, 1);
      expect((job.result as { prepared?: boolean }).prepared).toBeUndefined();
      // The dead check is either left (its lease ran out) or, taken again, only checks: the upload is
      // past its draft, so nothing is prepared again. Its half-written folder went with the reprocessing.
      const check = await deps.jobs.get(payload.preparedBy!);
      expect(['RUNNING', 'SUCCEEDED']).toContain(check?.state);
      expect((check!.result as { prepare?: { done?: boolean } }).prepare?.done).toBeUndefined();
      expect(
        await deps.blobs.stat(`datafiles/${killed.datafileId}/1/prepared-${payload.preparedBy}/raw.arrow`),
      ).toBeNull();
    } finally {
      await tearDown();
    }
  }, 600_000);
});

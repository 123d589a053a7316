// A file checked and priced is the file charged: a signed PUT works once (two concurrent PUTs with
// one URL over real HTTP: one stores, the other is refused), and a file put again under the key
// after its check (what a second PUT to an S3 presigned URL does) is refused at the confirmation
// and by the processing, with nothing charged. Locally and against an S3 server (s3rver).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, codeOf, type TestApp } from '../../support/test-app';
import {
  createDraft,
  ledgerOf,
  putFile,
  runJobs,
  saveSuggested,
  UPLOAD_QUERIES as Q,
  uploadWorld,
} from '../../support/upload-world';
import { startS3rver, type S3rver } from '../../support/s3rver';

// The checked file: 40 interviews; the replacement: all 200 of the same survey (five times the credits).
const lines = readFileSync(new URL('../../fixtures/uploads/plain-tab.csv', import.meta.url), 'utf8')
  .trimEnd()
  .split('\n');
const SMALL = new TextEncoder().encode(lines.slice(0, 41).join('\n') + '\n');
const LARGE = new TextEncoder().encode(lines.join('\n') + '\n');
const CHANGED = 'DATAFILE_UPLOAD_FAILED:FILE_CHANGED_SINCE_CHECK';

/** Step 1 and 2 for SMALL, checked: the datafile, its stored key and the priced estimate. */
async function checkedSmall(t: TestApp, token: string, companyId: string) {
  const key = await putFile(t, token, companyId, 'survey.csv', SMALL);
  const draft = await createDraft(t, token, key, {});
  const datafileId = draft.body.data.createDraftDatafile.datafileId as string;
  const check = await saveSuggested(t, token, datafileId);
  expect(check.state).toBe('DONE');
  return { key, datafileId, credits: check.estimate.creditAmount as number };
}

const confirm = (t: TestApp, token: string, datafileId: string, credits: number) =>
  t.gql(Q.confirm, { id: datafileId, c: credits, s: 'PROCESSING' }, { token });

describe('local blob store', () => {
  let t: TestApp;
  let server: ReturnType<typeof Bun.serve>;
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_PREPARE: 'false' } });
    server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (req) => t.app.fetch(req) });
  });
  afterAll(async () => {
    await server.stop(true);
    t.close();
  });

  it('a signed PUT works once: of two concurrent PUTs with one URL one stores, the other and any later one are refused', async () => {
    const w = await uploadWorld(t);
    const res = await t.gql(Q.url, { f: 'survey.csv', c: w.A }, { token: w.tokens.admin });
    const { signedUrl, datafileKey } = res.body.data.getDatafileUploadURL;
    // Local signed URLs are relative to the app's own origin.
    const target = new URL(signedUrl, server.url.origin).href;
    const put = (bytes: Uint8Array) =>
      fetch(target, {
        method: 'PUT',
        headers: { 'content-type': 'text/csv' },
        body: bytes as Uint8Array<ArrayBuffer>,
      });
    const answers = await Promise.all([put(SMALL), put(LARGE)]);
    const statuses = answers.map((a) => a.status);
    expect([...statuses].sort()).toEqual([200, 409]);
    const refused = (await answers[statuses.indexOf(409)]!.json()) as any;
    expect(refused.errors[0].extensions).toMatchObject({ code: 'UNAUTHORIZED', reason: 'URL_ALREADY_USED' });
    const stored = (await t.deps.blobs.getBytes(datafileKey))!;
    expect(stored.length).toBe(statuses[0] === 200 ? SMALL.length : LARGE.length);
    expect((await put(LARGE)).status).toBe(409);
    expect((await t.deps.blobs.getBytes(datafileKey))!.length).toBe(stored.length);
  });

  it('the confirmation refuses a file put again under its key after the check, and charges nothing', async () => {
    const w = await uploadWorld(t);
    const { key, datafileId, credits } = await checkedSmall(t, w.tokens.admin, w.A);
    await t.deps.blobs.put(key, LARGE);
    expect(codeOf(await confirm(t, w.tokens.admin, datafileId, credits))).toBe(CHANGED);
    expect((await ledgerOf(t, w.A)).charges).toBe(0);
  });

  it('the processing refuses a file put again after the confirmation: the upload fails, nothing is charged', async () => {
    const w = await uploadWorld(t);
    const { key, datafileId, credits } = await checkedSmall(t, w.tokens.admin, w.A);
    expect(codeOf(await confirm(t, w.tokens.admin, datafileId, credits))).toBeUndefined();
    await t.deps.blobs.put(key, LARGE);
    await runJobs(t);
    const progress = await t.gql(Q.progress, { id: datafileId }, { token: w.tokens.admin });
    expect(progress.body.data.getDatafileUploadingProgress.upload).toMatchObject({
      status: 'ERROR',
      creditsCharged: null,
      error: { code: 'DATAFILE_UPLOAD_FAILED', reason: 'FILE_CHANGED_SINCE_CHECK' },
    });
    expect(await ledgerOf(t, w.A)).toMatchObject({ charges: 0, used: 0 });
  });

  it('the file that was checked is processed and charged at its price', async () => {
    const w = await uploadWorld(t);
    const { datafileId, credits } = await checkedSmall(t, w.tokens.admin, w.A);
    expect(codeOf(await confirm(t, w.tokens.admin, datafileId, credits))).toBeUndefined();
    await runJobs(t);
    const progress = await t.gql(Q.progress, { id: datafileId }, { token: w.tokens.admin });
    expect(progress.body.data.getDatafileUploadingProgress.upload).toMatchObject({
      status: 'READY',
      creditsCharged: credits,
    });
  });
});

describe('S3 blob store (s3rver)', () => {
  let s3: S3rver;
  let s3dir: string;
  let t: TestApp;
  beforeAll(async () => {
    s3dir = mkdtempSync(join(tmpdir(), 'sqp-s3rver-'));
    s3 = await startS3rver(s3dir);
    t = await createTestApp({ env: { ...s3.env } });
  });
  afterAll(async () => {
    t.close();
    await s3.stop();
    rmSync(s3dir, { recursive: true, force: true });
  });

  it('a presigned PUT sent again after the check (S3 allows it) replaces a file the confirmation then refuses', async () => {
    const w = await uploadWorld(t);
    const res = await t.gql(Q.url, { f: 'survey.csv', c: w.A }, { token: w.tokens.admin });
    const { signedUrl, datafileKey } = res.body.data.getDatafileUploadURL;
    const put = (bytes: Uint8Array) =>
      fetch(signedUrl, { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer> }).then((r) => r.status);
    expect(await put(SMALL)).toBe(200);
    const draft = await createDraft(t, w.tokens.admin, datafileKey, {});
    const datafileId = draft.body.data.createDraftDatafile.datafileId as string;
    const check = await saveSuggested(t, w.tokens.admin, datafileId);
    expect(check.state).toBe('DONE');
    expect(await put(LARGE)).toBe(200);
    expect((await t.deps.blobs.stat(datafileKey))!.size).toBe(LARGE.length);
    expect(codeOf(await confirm(t, w.tokens.admin, datafileId, check.estimate.creditAmount))).toBe(CHANGED);
    expect((await ledgerOf(t, w.A)).charges).toBe(0);
  });
});

// An upload's Worker steps (the check of step 2 -> 3 and processing) are held to the upload engine's own
// memory budget, which collects garbage before it refuses a run and says why (PROCESSING_MEMORY), not
// to the runner's general JOB_WORKER_MAX_MB: that limit samples the process's resident memory without
// collecting, the open-answer classifier's thread included, and failed uploads the engine accepts
// (300,000 interviews with three classified open questions grow it by 1.8-1.9 GB, the default is 2,048 MB)
// at random with JOB_MEMORY_LIMIT. Here the runner's limit is far below what a small upload's Workers
// grow (a fresh Worker's modules and scoring alone take more): the upload still ends READY.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../api/ingest/index';
import { generateDemoSurvey, surveyCsvBytes } from '../../../api/demo/index';
import { UPLOAD_STEP_MAX_MB, uploadCheckStep, uploadProcessStep } from '../../../api/modules/uploads/jobs/upload.jobs';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  createDraft,
  putFile,
  runJobs,
  UPLOAD_QUERIES as Q,
  uploadWorld,
  type UploadWorld,
} from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_PREPARE: 'false' } });
  w = await uploadWorld(t);
});
afterAll(() => t.close());

it('an upload with classified open answers ends READY although its Workers grow past JOB_WORKER_MAX_MB', async () => {
  expect(UPLOAD_STEP_MAX_MB * 1024 * 1024).toBeGreaterThan(DEFAULT_LIMITS.maxRssBytes);
  expect(uploadCheckStep.limits.maxMemoryMb).toBe(UPLOAD_STEP_MAX_MB);
  expect(uploadProcessStep.limits.maxMemoryMb).toBe(UPLOAD_STEP_MAX_MB);

  const bytes = await surveyCsvBytes(generateDemoSurvey({ rows: 2_000, seed: 7 }));
  const token = w.tokens.admin;
  const key = await putFile(t, token, w.A, 'limit.csv', bytes);
  const draft = await createDraft(t, token, key, { headerRow: 1, dataRecordStartRow: 2 });
  const datafileId = draft.body.data.createDraftDatafile.datafileId as string;
  const preview = await t.gql(Q.preview, { id: datafileId }, { token });
  const cols = preview.body.data.getUploadPreview.suggestedColumns.map((c: any) =>
    c.dataPointType === 'OPEN_ENDED' ? { ...c, questionTitle: `Question ${c.dataPointIdentifier}` } : c,
  );
  expect(cols.some((c: any) => c.dataPointType === 'OPEN_ENDED')).toBe(true);
  expect((await t.gql(Q.save, { id: datafileId, c: cols }, { token })).body.data).toBeTruthy();
  // Steps 1 and 2 read the file with the operator's limit (upload-read.ts); the jobs' runners (runJobs
  // reads the settings at each call) get one far below what any Worker with the upload engine grows.
  t.deps.env.jobs.workerMaxMb = 16;
  expect(await runJobs(t)).toBe(1);
  const check = (await t.gql(Q.check, { id: datafileId }, { token })).body.data.getUploadCheck;
  expect(check).toMatchObject({ state: 'DONE', issues: [] });
  const credits = check.estimate.creditAmount as number;
  expect((await t.gql(Q.confirm, { id: datafileId, c: credits, s: 'PROCESSING' }, { token })).body.data).toBeTruthy();
  expect(await runJobs(t)).toBe(1);
  const progress = await t.gql(Q.progress, { id: datafileId }, { token: w.tokens.admin });
  expect(progress.body.data.getDatafileUploadingProgress).toMatchObject({
    status: 'READY',
    upload: { status: 'READY', numberOfRecords: 2_000, creditsCharged: credits, error: null },
  });
});

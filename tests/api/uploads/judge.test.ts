// The optional AI judge on the real upload path: with OES_JUDGE_URL set, the upload job's Worker asks
// the main thread, which asks the (fake) OpenAI-compatible endpoint and caches the verdicts; the
// revision's scores.arrow says which open-ended verdicts came from the judge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRevisionColumns } from '../../../api/ingest/index';
import { startFakeOpenAi } from '../../support/fake-openai';
import { createTestApp, type TestApp } from '../../support/test-app';
import { fixture, runJobs, UPLOAD_QUERIES as Q, uploadThrough, uploadWorld } from '../../support/upload-world';

const fake = await startFakeOpenAi(() => 7);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { OES_JUDGE_URL: fake.url, OES_JUDGE_MODEL: 'fake-model', OES_JUDGE_MODE: 'all', OES_JUDGE_BATCH_SIZE: '50' },
  });
});
afterAll(() => {
  t.close();
  fake.stop();
});

describe('the AI judge in the upload job', () => {
  it('judges the open answers through the main thread and stores which verdicts it gave', async () => {
    const w = await uploadWorld(t);
    const { datafileId } = await uploadThrough(t, w.tokens.admin, w.A, 'plain.csv', fixture('plain-tab.csv'));
    await runJobs(t);
    const done = (await t.gql(Q.progress, { id: datafileId }, { token: w.tokens.admin })).body.data
      .getDatafileUploadingProgress;
    expect(done.status).toBe('READY');
    expect(fake.requests.length).toBeGreaterThan(0);
    const scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores', [
      'oes.open1.category',
      'oes.open1.source',
    ]);
    const category = scores.getChild('oes.open1.category')!;
    const source = scores.getChild('oes.open1.source')!;
    let judged = 0;
    for (let i = 0; i < scores.numRows; i++) {
      if (source.get(i) === 1) {
        judged++;
        expect(category.get(i)).toBe(7);
      } else if (category.get(i) === null) expect(source.get(i)).toBeNull();
    }
    expect(judged).toBeGreaterThan(50);
  });
});

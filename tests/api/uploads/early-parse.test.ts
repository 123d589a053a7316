// Step 2's preview lets the check's warmed Worker start reading the file (ingest/parse/early.ts): over
// the real job runner, the check of a file previewed first answers exactly as the check of the same
// file and data points in another datafile that nobody previewed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner, runnerSettings } from '../../../api/jobs/job-runner';
import { createTestApp, type TestApp } from '../../support/test-app';
import { createDraft, fixture, putFile, UPLOAD_QUERIES as Q, uploadWorld } from '../../support/upload-world';

let t: TestApp;
let runner: JobRunner;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  runner = new JobRunner(t.deps, runnerSettings(t.deps.env, { schedule: false, kinds: ['upload.check'] })).start();
});
afterAll(async () => {
  await runner.stop();
  t.close();
});

const STEP = { sheetName: 'Data', headerRow: 3, dataRecordStartRow: 4 };

describe('the check after a preview', () => {
  it('answers as a check that read the file itself', async () => {
    const w = await uploadWorld(t);
    const token = w.tokens.admin;
    const draftOf = async (title: string) => {
      const key = await putFile(t, token, w.A, 'survey.xlsx', fixture('survey.xlsx'));
      const draft = await createDraft(t, token, key, { title, ...STEP });
      return draft.body.data.createDraftDatafile.datafileId as string;
    };
    const checked = async (datafileId: string, cols: unknown[]) => {
      const settled = new Promise<void>((resolve) => {
        const off = t.deps.jobs.onEvent((e) => {
          if (e.type !== 'settled' || e.job.kind !== 'upload.check') return;
          off();
          resolve();
        });
      });
      const saved = await t.gql(Q.save, { id: datafileId, c: cols }, { token });
      expect(saved.body.errors).toBeUndefined();
      await settled;
      return (await t.gql(Q.check, { id: datafileId }, { token })).body.data.getUploadCheck;
    };

    const previewed = await draftOf('Previewed');
    const preview = await t.gql(Q.preview, { id: previewed }, { token });
    const cols = preview.body.data.getUploadPreview.suggestedColumns.map((c: any) => ({
      ...c,
      questionTitle: c.questionTitle ?? (c.dataPointType === 'OPEN_ENDED' ? `Question ${c.dataPointIdentifier}` : null),
    }));
    // The check's Worker is ready (and reading the file) before the save, as while step 2 is read.
    await runner.warmed('upload.check');
    const early = await checked(previewed, cols);

    const unseen = await draftOf('Not previewed');
    const read = await checked(unseen, cols);
    expect(early.state).toBe('DONE');
    expect(early.estimate.numberOfRecords).toBeGreaterThan(0);
    expect(early).toEqual(read);
  });
});

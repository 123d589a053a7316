// Step 2's preview starts an early read of the file (ingest/parse/early.ts) only within caps: one per
// datafile, so many per organisation and so many in the process. Fifty previews at once over real
// HTTP from one organisation start no more than its cap; another organisation's preview still gets
// its early read, and its check takes it. A datafile past the cap is checked by reading its file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner, runnerSettings } from '../../../api/jobs/job-runner';
import { createTestApp, type TestApp } from '../../support/test-app';
import { createDraft, fixture, putFile, UPLOAD_QUERIES as Q, uploadWorld } from '../../support/upload-world';

let t: TestApp;
let runner: JobRunner;
let server: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_EARLY_READS: '3', JOB_EARLY_READS_PER_ORGANISATION: '2' } });
  runner = new JobRunner(t.deps, runnerSettings(t.deps.env, { schedule: false, kinds: ['upload.check'] })).start();
  server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (req) => t.app.fetch(req) });
});
afterAll(async () => {
  await server.stop(true);
  await runner.stop();
  t.close();
});

const STEP = { sheetName: 'Data', headerRow: 3, dataRecordStartRow: 4 };

/** getUploadPreview over HTTP. */
async function preview(token: string, datafileId: string) {
  const res = await fetch(`http://127.0.0.1:${server.port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: Q.preview, variables: { id: datafileId } }),
  });
  const body = (await res.json()) as { data?: any; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data.getUploadPreview;
}

describe('early reads of step 2', () => {
  it('start within the caps per organisation and process; another organisation still gets its own', async () => {
    const w = await uploadWorld(t);
    const draftOf = async (token: string, companyId: string, title: string) => {
      const key = await putFile(t, token, companyId, 'survey.xlsx', fixture('survey.xlsx'));
      const draft = await createDraft(t, token, key, { title, ...STEP });
      return draft.body.data.createDraftDatafile.datafileId as string;
    };
    const ofA: string[] = [];
    for (let i = 0; i < 10; i++) ofA.push(await draftOf(w.tokens.admin, w.A, `A ${i}`));

    // Fifty at once: five previews of each of A's ten drafts.
    await Promise.all(Array.from({ length: 50 }, (_, i) => preview(w.tokens.admin, ofA[i % ofA.length]!)));
    const groups = () => runner.earlyWork().map((e) => e.group);
    expect(groups()).toEqual([w.A, w.A]);

    // B's preview is not crowded out by A's: it gets the third place of the process.
    const ofB = await draftOf(w.tokens.adminB, w.B, 'B');
    const shown = await preview(w.tokens.adminB, ofB);
    expect(runner.earlyWork().map((e) => e.key)).toContain(ofB);
    await runner.warmed('upload.check');

    const checked = async (token: string, datafileId: string) => {
      const settled = new Promise<void>((resolve) => {
        const off = t.deps.jobs.onEvent((e) => {
          if (e.type !== 'settled' || e.job.kind !== 'upload.check') return;
          off();
          resolve();
        });
      });
      const cols = shown.suggestedColumns.map((c: any) => ({
        ...c,
        questionTitle:
          c.questionTitle ?? (c.dataPointType === 'OPEN_ENDED' ? `Question ${c.dataPointIdentifier}` : null),
      }));
      const saved = await t.gql(Q.save, { id: datafileId, c: cols }, { token });
      expect(saved.body.errors).toBeUndefined();
      await settled;
      return (await t.gql(Q.check, { id: datafileId }, { token })).body.data.getUploadCheck;
    };

    // B's check runs in the Worker that read B's file; A's early reads are left as they were.
    const checkB = await checked(w.tokens.adminB, ofB);
    expect(checkB.state).toBe('DONE');
    expect(runner.earlyWork().map((e) => e.key)).not.toContain(ofB);
    expect(groups()).toEqual([w.A, w.A]);

    // An A datafile past the cap had no early read: its check reads the file, with the same answer.
    const withoutEarly = ofA.find((id) => !runner.earlyWork().some((e) => e.key === id))!;
    const checkA = await checked(w.tokens.admin, withoutEarly);
    expect(checkA.state).toBe('DONE');
    expect(checkA.estimate.numberOfRecords).toBe(checkB.estimate.numberOfRecords);
    expect(checkA.issues).toEqual(checkB.issues);
  });
});

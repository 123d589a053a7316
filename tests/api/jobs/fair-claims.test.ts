// Organisations take turns for the job runners: one organisation's thirty queued Worker jobs (what
// thirty export requests leave) do not make another organisation's upload check wait behind them.
// Over the real job runner with two Worker slots, the small organisation's check (steps 1 and 2
// through GraphQL) starts at the next free slot, while the big one's jobs are still queued. A live
// import's jobs (respondents sent with respond-async, its revisions) belong to its organisation
// too, so a busy survey's queue takes its turn like everyone else's.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs } from '../../../db/schema';
import { JobRunner, runnerSettings } from '../../../api/jobs/job-runner';
import { claimNext } from '../../../api/jobs/job-store';
import { publishNow } from '../../../api/modules/live-import/live-publish';
import { liveWorld, respondent, send } from '../../support/live-world';
import { createTestApp, type TestApp } from '../../support/test-app';
import { createDraft, putFile, UPLOAD_QUERIES as Q, uploadWorld } from '../../support/upload-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { JOB_TEST_KINDS: 'true', JOB_WORKER_THREADS: '2', JOB_CONCURRENCY: '4', UPLOAD_PREPARE: 'false' },
  });
});
afterAll(() => t.close());

const BIG_JOBS = 30;
const csv = (rows: number) =>
  new TextEncoder().encode(
    [
      'id;q1;q2;q3',
      ...Array.from({ length: rows }, (_, i) => `${i + 1};${(i % 5) + 1};${(i % 3) + 1};${(i % 4) + 1}`),
    ].join('\n'),
  );

it('a small organisation’s upload check runs at the next free slot, not after a big organisation’s 30 queued jobs', async () => {
  const w = await uploadWorld(t);
  // The big organisation (A) has 30 Worker jobs of ~0.6 s each queued, as 30 exports would be.
  for (let i = 0; i < BIG_JOBS; i++)
    await t.deps.jobs.enqueue('test.slow', { key: `big-${i}`, steps: 6, stepMs: 100 }, { owner: w.A });
  // The small organisation (B) gets to step 2 while they run.
  const key = await putFile(t, w.tokens.adminB, w.B, 'small.csv', csv(40));
  const draft = await createDraft(t, w.tokens.adminB, key, {});
  const datafileId = draft.body.data.createDraftDatafile.datafileId as string;
  const preview = await t.gql(Q.preview, { id: datafileId }, { token: w.tokens.adminB });
  const columns = preview.body.data.getUploadPreview.suggestedColumns;

  const runner = new JobRunner(t.deps, runnerSettings(t.deps.env, { schedule: false, pollMs: 50 })).start();
  try {
    // Two of A's jobs take the two Worker slots; then B saves its data points (the check is queued).
    while ((await t.db.select().from(jobs).where(eq(jobs.state, 'RUNNING')).all()).length < 2) await Bun.sleep(20);
    const saved = await t.gql(Q.save, { id: datafileId, c: columns }, { token: w.tokens.adminB });
    expect(saved.body.errors).toBeUndefined();
    const enqueuedAt = performance.now();
    let waited: number;
    for (;;) {
      const check = await t.gql(Q.check, { id: datafileId }, { token: w.tokens.adminB });
      if (check.body.data.getUploadCheck.state === 'DONE') break;
      if (check.body.data.getUploadCheck.state === 'FAILED') throw new Error(JSON.stringify(check.body));
      await Bun.sleep(25);
    }
    waited = performance.now() - enqueuedAt;
    // Counted the moment B's check is done: before, every one of A's 30 jobs ran first.
    const bigDone = (
      await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'test.slow'), eq(jobs.owner, w.A), eq(jobs.state, 'SUCCEEDED')))
        .all()
    ).length;
    const [check] = await t.db.select().from(jobs).where(eq(jobs.kind, 'upload.check')).all();
    expect(check!.owner).toBe(w.B);
    console.info(
      `fair claims: the small organisation's check was done ${Math.round(waited)} ms after its save; ${bigDone} of ${BIG_JOBS} big jobs had finished by then`,
    );
    expect(bigDone).toBeLessThanOrEqual(12);
  } finally {
    await runner.stop();
  }
}, 120_000);

it('a live import’s queued respondents and revisions belong to its organisation and take turns with others', async () => {
  const live = await createTestApp({ env: { JOB_TEST_KINDS: 'true', UPLOAD_PREPARE: 'false' } });
  try {
    const w = await liveWorld(live);
    // A busy survey of organisation A: twenty respondents accepted with 202, queued as jobs.
    for (let i = 0; i < 20; i++) {
      const sent = await send(live, w.datafileId, w.secret, respondent(`async-${i}`), { prefer: 'respond-async' });
      expect(sent.status).toBe(202);
      live.clock.advance(10);
    }
    await publishNow(live.deps, { id: w.datafileId, companyId: w.A });
    // Then organisation B queues one job.
    live.clock.advance(10);
    await live.deps.jobs.enqueue('test.slow', { key: 'small', steps: 1, stepMs: 1 }, { owner: w.B });
    const queued = await live.db.select().from(jobs).all();
    expect(queued.filter((j) => j.kind.startsWith('live.')).map((j) => j.owner)).toEqual(Array(21).fill(w.A));

    // With one of A's respondents running, the next free slot goes to B, not to A's second respondent
    // (before, A's unowned jobs ranked as nobody's and kept their plain order: B came 22nd).
    const kinds = ['live.respondent', 'live.publish', 'test.slow'];
    const now = live.clock.now();
    const first = await claimNext(live.db, kinds, 'runner-1', now, 30_000);
    const second = await claimNext(live.db, kinds, 'runner-2', now, 30_000);
    expect([first?.kind, first?.owner]).toEqual(['live.respondent', w.A]);
    expect([second?.kind, second?.owner]).toEqual(['test.slow', w.B]);
  } finally {
    live.close();
  }
});

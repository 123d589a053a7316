import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { testStepsStep } from '../../../api/jobs/test-kinds/test-kinds';
import type { TestStepInput } from '../../../api/jobs/test-kinds/test-steps.step';
import type { JobHandler } from '../../../api/jobs/job-types';
import type { RunInWorkerOptions } from '../../../api/jobs/worker-step';
import { makeCompany, makeUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

// Heavy steps run in a Bun Worker thread: the main thread keeps the lease, writes progress and the
// final state, and keeps answering requests while the Worker burns CPU.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER_TIMEOUT_SECONDS: '60' } });
});
afterAll(() => t.close());

let n = 0;
function workerKind(input: TestStepInput, options: RunInWorkerOptions = {}, extra: Partial<JobHandler> = {}) {
  const kind = `test.worker${++n}`;
  t.deps.jobs.register({
    kind,
    heavy: true,
    maxAttempts: 1,
    ...extra,
    run: (ctx) => ctx.runInWorker(testStepsStep, input, options),
  });
  return kind;
}
const row = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)).get())!;

describe('Worker steps', () => {
  it('the API keeps answering while a CPU-bound step runs: timer ticks and me requests go on', async () => {
    const cid = await makeCompany(t.db);
    const u = await makeUser(t.db, t.deps.appSecret, { companyId: cid });
    const token = await t.tokenFor(u.email, u.password);
    const kind = workerKind({ mode: 'busy', steps: 12, stepMs: 125 });
    const progress: number[] = [];
    const off = t.deps.jobs.onEvent((e) => e.type === 'progress' && progress.push(e.percent));
    const { id } = await t.deps.jobs.enqueue(kind, {});

    // Counted, not timed: a step on the main thread would starve both counters for the whole job.
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    let answered = 0;
    let done = false;
    const job = runJobsUntilIdle(t.deps, { kinds: [kind] }).finally(() => (done = true));
    const requests = (async () => {
      while (!done) {
        const res = await t.gql('{me{user{email}}}', {}, { token });
        if (res.body.data?.me?.user?.email === u.email) answered++;
        // In-process requests over a local file database settle as microtasks; a real request
        // arrives as I/O. Yield like one, or this loop alone would starve the event loop.
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    await Promise.all([job, requests]);
    clearInterval(ticker);
    off();

    const r = await row(id);
    expect(r).toMatchObject({ state: 'SUCCEEDED', progress: 100 });
    expect((r.result as { steps: number }).steps).toBe(12);
    expect(ticks).toBeGreaterThanOrEqual(20);
    expect(answered).toBeGreaterThanOrEqual(5);
    // Progress from the Worker reached the database (throttled) in order.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('a result with typed arrays comes back from the Worker', async () => {
    const kind = `test.worker${++n}`;
    let got: Uint8Array | undefined;
    t.deps.jobs.register({
      kind,
      run: async (ctx) => {
        const out = await ctx.runInWorker(testStepsStep, { mode: 'busy', steps: 1, stepMs: 1 });
        got = out.bytes;
        return { length: out.bytes?.length };
      },
    });
    await t.deps.jobs.enqueue(kind, {});
    await runJobsUntilIdle(t.deps, { kinds: [kind] });
    expect(got).toBeInstanceOf(Uint8Array);
    expect(got!.length).toBe(1024);
    expect(got!.every((b) => b === 7)).toBe(true);
  });

  it('the Worker loads its own scoring instance, of the same version as deps.scoring', async () => {
    const kind = workerKind({ mode: 'scoring' });
    const { id } = await t.deps.jobs.enqueue(kind, {});
    await runJobsUntilIdle(t.deps, { kinds: [kind] });
    expect(await row(id)).toMatchObject({ state: 'SUCCEEDED', result: { version: t.deps.scoring.version } });
  });

  it('a step past its time limit is stopped and the job FAILED with JOB_TIME_LIMIT, not retried', async () => {
    const kind = workerKind({ mode: 'forever' }, { timeoutMs: 300 }, { maxAttempts: 3 });
    const { id } = await t.deps.jobs.enqueue(kind, {});
    await runJobsUntilIdle(t.deps, { kinds: [kind] });
    expect(await row(id)).toMatchObject({ state: 'FAILED', attempts: 1, errorCode: 'JOB_TIME_LIMIT' });
  });

  it('a step that grows memory past its limit is stopped with JOB_MEMORY_LIMIT', async () => {
    const kind = workerKind({ mode: 'hog', mb: 1500 }, { maxMemoryMb: 150 });
    const { id } = await t.deps.jobs.enqueue(kind, {});
    await runJobsUntilIdle(t.deps, { kinds: [kind] });
    const r = await row(id);
    expect(r).toMatchObject({ state: 'FAILED', attempts: 1, errorCode: 'JOB_MEMORY_LIMIT' });
    expect(r.errorDetail).toContain('"limitMb":150');
  });

  it('a Worker that dies fails the attempt cleanly; it is retried and then FAILED', async () => {
    const kind = workerKind({ mode: 'crash' }, {}, { maxAttempts: 2, backoff: { baseMs: 1, maxMs: 1 } });
    const { id } = await t.deps.jobs.enqueue(kind, {});
    await runJobsUntilIdle(t.deps, { kinds: [kind] });
    expect(await row(id)).toMatchObject({ state: 'QUEUED', attempts: 1, errorCode: 'GENERAL_ERROR' });
    t.clock.advance(10);
    await runJobsUntilIdle(t.deps, { kinds: [kind] });
    const r = await row(id);
    expect(r).toMatchObject({ state: 'FAILED', attempts: 2, errorCode: 'GENERAL_ERROR' });
    expect(r.errorDetail).toContain('WorkerCrashedError');
  });

  it("a step's refusal (AppError) crosses the thread with its code and details", async () => {
    const kind = workerKind({ mode: 'refuse' }, {}, { maxAttempts: 3 });
    const { id } = await t.deps.jobs.enqueue(kind, {});
    await runJobsUntilIdle(t.deps, { kinds: [kind] });
    const r = await row(id);
    expect(r).toMatchObject({ state: 'FAILED', attempts: 1, errorCode: 'HEADER_ROW_HAS_DUPLICATES' });
    expect(r.errorDetail).toContain('"column":"q1"');
  });

  it('cancelling a job stops its Worker at the next progress point', async () => {
    const kind = workerKind({ mode: 'busy', steps: 400, stepMs: 25 });
    const { id } = await t.deps.jobs.enqueue(kind, {});
    const started = new Promise<void>((resolve) => {
      const off = t.deps.jobs.onEvent((e) => {
        if (e.type === 'progress' && e.id === id) {
          off();
          resolve();
        }
      });
    });
    const run = runJobsUntilIdle(t.deps, { kinds: [kind] });
    await started;
    const t0 = performance.now();
    expect(await t.deps.jobs.cancel(id)).toBe('RUNNING');
    await run;
    // Stopped at the next 25 ms step, far from the 10 s the whole step would take.
    expect(performance.now() - t0).toBeLessThan(2_000);
    const r = await row(id);
    expect(r.state).toBe('CANCELLED');
    expect(r.progress).toBeLessThan(50);
  });
});

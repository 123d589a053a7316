import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner, runnerSettings } from '../../../api/jobs/job-runner';
import { testStepsStep } from '../../../api/jobs/test-kinds/test-kinds';
import { createTestApp, type TestApp } from '../../support/test-app';

// A job someone waits for (step 2 -> 3's check) runs its step in a Worker started ahead, when the
// feature said a run is likely soon: the step's modules and the scoring instance are loaded before
// the job exists. Each Worker still runs one step only.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER_TIMEOUT_SECONDS: '60' } });
});
afterAll(() => t.close());

type Thread = { loadedAt: number; runs: number; version?: string; early: unknown[] };

describe('Workers started ahead of their step', () => {
  it('runs the next job in the Worker warmed for its kind, and the one after in a fresh Worker', async () => {
    const kind = 'test.warm';
    t.deps.jobs.register({
      kind,
      heavy: true,
      maxAttempts: 1,
      warmSteps: [testStepsStep],
      run: (ctx) =>
        ctx.runInWorker(testStepsStep, { mode: 'thread' }, { earlyKey: (ctx.payload as { key?: string }).key }),
    });
    const runner = new JobRunner(t.deps, runnerSettings(t.deps.env, { schedule: false, kinds: [kind] })).start();
    try {
      const runJob = async (key?: string) => {
        const settled = new Promise<Thread>((resolve) => {
          const off = t.deps.jobs.onEvent((e) => {
            if (e.type !== 'settled' || e.job.kind !== kind) return;
            off();
            expect(e.job.state).toBe('SUCCEEDED');
            resolve(e.job.result as Thread);
          });
        });
        await t.deps.jobs.enqueue(kind, key === undefined ? {} : { key });
        return settled;
      };

      t.deps.jobs.warm(kind);
      await runner.warmed(kind);
      const readyAt = Date.now();
      const first = await runJob();
      // The step's module was loaded before its job was enqueued, and this was the Worker's first step.
      expect(first.loadedAt).toBeLessThanOrEqual(readyAt);
      expect(first.runs).toBe(1);
      expect(first.early).toEqual([]);

      // Nothing warmed it again: a fresh Worker, also running one step only.
      const secondStart = Date.now();
      const second = await runJob();
      expect(second.loadedAt).toBeGreaterThanOrEqual(secondStart);
      expect(second.runs).toBe(1);

      // With `early`, a Worker of its own gets it before the run of its key starts; a newer one of the
      // same key replaces it (its Worker ended, whatever it was doing), the same one again keeps it.
      t.deps.jobs.warm(kind, { value: { of: 'first' }, key: 'k', group: 'g' });
      await runner.warmed(kind);
      t.deps.jobs.warm(kind, { value: { of: 'second' }, key: 'k', group: 'g' });
      t.deps.jobs.warm(kind, { value: { of: 'second' }, key: 'k', group: 'g' });
      await runner.warmed(kind);
      const third = await runJob('k');
      expect(third.early).toEqual([{ value: { of: 'second' }, blobs: 'object' }]);
      expect(runner.earlyWork()).toEqual([]);

      // Another key's run does not take it: that Worker's work is not the run's.
      t.deps.jobs.warm(kind, { value: { of: 'other' }, key: 'other', group: 'g' });
      await runner.warmed(kind);
      const fourth = await runJob('k');
      expect(fourth.early).toEqual([]);
      expect(runner.earlyWork()).toEqual([{ key: 'other', group: 'g', reading: false }]);

      // A kind without warmSteps, or one this runner does not take, has nothing to wait for.
      t.deps.jobs.warm('test.not-taken');
      await runner.warmed('test.not-taken');
    } finally {
      await runner.stop();
    }
  });
});

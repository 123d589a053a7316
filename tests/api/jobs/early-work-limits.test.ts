import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blobStoreConfig } from '../../../api/infra/blob-store';
import { JobRunner, runnerSettings, type RunnerSettings } from '../../../api/jobs/job-runner';
import { testStepsStep } from '../../../api/jobs/test-kinds/test-kinds';
import { EARLY_HOLD_MS, WorkerStandby } from '../../../api/jobs/worker-standby';
import { createTestApp, type TestApp } from '../../support/test-app';

// Early work (`deps.jobs.warm(kind, { value, key, group })`) is work nobody asked for yet: it runs
// in a Worker of its own, held to the limits its step's run would have (time, memory growth), and
// only so many run at once, per group and in all. Past a cap nothing starts (the run does the work).

const kind = 'test.early-limits';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.deps.jobs.register({
    kind,
    heavy: true,
    maxAttempts: 1,
    warmSteps: [testStepsStep],
    run: (ctx) => ctx.runInWorker(testStepsStep, { mode: 'thread' }),
  });
});
afterAll(() => t.close());

async function withRunner(settings: Partial<RunnerSettings>, body: (runner: JobRunner) => Promise<void>) {
  const runner = new JobRunner(
    t.deps,
    runnerSettings(t.deps.env, { schedule: false, kinds: [kind], ...settings }),
  ).start();
  try {
    await body(runner);
  } finally {
    await runner.stop();
  }
}

const warm = (value: unknown, key: string, group = 'g') => t.deps.jobs.warm(kind, { value, key, group });

describe('early work in Workers started ahead', () => {
  it('is ended once it works longer than its step may run', async () => {
    await withRunner({ workerTimeoutMs: 60_000 }, async (runner) => {
      warm({ mode: 'endless' }, 'slow');
      await runner.warmed(kind);
      // Within its step's time it keeps working.
      expect(runner.earlyWork()).toEqual([{ key: 'slow', group: 'g', reading: true }]);
    });
    await withRunner({ workerTimeoutMs: 300 }, async (runner) => {
      warm({ mode: 'endless' }, 'slow');
      await runner.warmed(kind);
      await vi.waitFor(() => expect(runner.earlyWork()).toEqual([]), { timeout: 10_000 });
    });
  });

  it('is ended once the process grew more than its step may grow it', async () => {
    await withRunner({ workerMaxMb: 48 }, async (runner) => {
      warm({ mode: 'hog', mb: 400 }, 'big');
      await vi.waitFor(() => expect(runner.earlyWork()).toEqual([]), { timeout: 10_000 });
    });
  });

  it('settles as done once the work stopped, and is kept for its run', async () => {
    await withRunner({}, async (runner) => {
      warm({ of: 'quick' }, 'quick');
      await vi.waitFor(() => expect(runner.earlyWork()).toEqual([{ key: 'quick', group: 'g', reading: false }]));
    });
  });

  it('starts no more than the caps allow, per group and in all; the same key replaces', async () => {
    await withRunner({ early: { perGroup: 2, total: 3 } }, async (runner) => {
      for (let i = 0; i < 5; i++) warm({ mode: 'endless' }, `a${i}`, 'A');
      warm({ mode: 'endless' }, 'b0', 'B');
      warm({ mode: 'endless' }, 'b1', 'B');
      warm({ mode: 'endless' }, 'c0', 'C');
      const keys = () =>
        runner
          .earlyWork()
          .map((e) => e.key)
          .sort();
      expect(keys()).toEqual(['a0', 'a1', 'b0']);
      // Other work of a key already under way replaces it without taking another place.
      warm({ mode: 'endless', again: true }, 'a1', 'A');
      expect(keys()).toEqual(['a0', 'a1', 'b0']);
    });
    await withRunner({ early: { perGroup: 2, total: 0 } }, async (runner) => {
      warm({ mode: 'endless' }, 'x', 'A');
      expect(runner.earlyWork()).toEqual([]);
      // Past a cap the plain idle Worker is still got ready.
      await runner.warmed(kind);
    });
  });

  it('works as long as its step may run, longer than the hold, and a finished one is held for the hold', async () => {
    // Only the standby's clocks are moved; the Worker's work and messages run as they do.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const standby = new WorkerStandby();
    try {
      const stepLimitMs = 10 * 60_000;
      const early = (value: unknown, key: string) => ({
        value,
        key,
        group: 'g',
        blobConfig: blobStoreConfig(t.deps.env, t.deps.appSecret),
        timeoutMs: stepLimitMs,
        maxMemoryMb: 2048,
      });
      standby.warm(testStepsStep, early({ mode: 'endless' }, 'slow'));
      standby.warm(testStepsStep, early({ of: 'quick' }, 'quick'));
      await standby.warmed(testStepsStep);
      // Waits without moving the standby's clock (vi.waitFor would move it): the hold counts from the done.
      while (!standby.earlyWork().some((e) => e.key === 'quick' && !e.reading))
        await new Promise((resolve) => setImmediate(resolve));
      // A finished read is held for its run as long as the hold, then ended; a read of a big file
      // past the hold keeps working, its step's limit not reached.
      vi.advanceTimersByTime(EARLY_HOLD_MS - 1);
      expect(standby.earlyWork().map((e) => e.key)).toEqual(['slow', 'quick']);
      vi.advanceTimersByTime(2);
      expect(standby.earlyWork()).toEqual([{ key: 'slow', group: 'g', reading: true }]);
      // At its step's limit it is ended like a run would be.
      vi.advanceTimersByTime(stepLimitMs - EARLY_HOLD_MS);
      expect(standby.earlyWork()).toEqual([]);
    } finally {
      standby.clear();
      vi.useRealTimers();
    }
  });
});

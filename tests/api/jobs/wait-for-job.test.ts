import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUntil } from '../../../api/jobs';
import { JobRunner, runnerSettings } from '../../../api/jobs/job-runner';
import { createTestApp, type TestApp } from '../../support/test-app';

// Waiting in the API process for a job's answer (the one-call upload waits for its check and for
// READY this way): a job of this process wakes the wait the moment it reports or ends, so the wait
// costs no poll interval; a change made elsewhere is still seen at the fallback read.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Long enough that a wait which only polled would hit the test's 10 s limit. */
const NEVER = 60_000;

describe('jobs: waiting for a job', () => {
  it('wakes at an interim result while the job still runs, and again at its end', { timeout: 10_000 }, async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.deps.jobs.register({
      kind: 'test.reports',
      run: async (ctx) => {
        await ctx.report({ stage: 'checked' });
        await gate;
        return { stage: 'done' };
      },
    });
    const runner = new JobRunner(
      t.deps,
      runnerSettings(t.deps.env, { schedule: false, kinds: ['test.reports'], pollMs: NEVER }),
    ).start();
    try {
      const { id } = await t.deps.jobs.enqueue('test.reports', {});
      const read = async () => (await t.deps.jobs.get(id))!;
      const interim = await readUntil(t.deps.jobs, read, (job) => job.result !== null, {
        fallbackMs: NEVER,
        until: Date.now() + NEVER,
      });
      expect(interim.state).toBe('RUNNING');
      expect(interim.result).toEqual({ stage: 'checked' });
      release();
      const final = await readUntil(t.deps.jobs, read, (job) => job.state === 'SUCCEEDED', {
        fallbackMs: NEVER,
        until: Date.now() + NEVER,
      });
      expect(final.result).toEqual({ stage: 'done' });
    } finally {
      release();
      await runner.stop();
    }
  });

  it('reads only at the events it asks for: a wait for the end skips progress', { timeout: 10_000 }, async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.deps.jobs.register({
      kind: 'test.progresses',
      run: async (ctx) => {
        await ctx.progress(50);
        await gate;
        return null;
      },
    });
    const runner = new JobRunner(
      t.deps,
      runnerSettings(t.deps.env, { schedule: false, kinds: ['test.progresses'], pollMs: NEVER }),
    ).start();
    try {
      const progressed = new Promise<void>((resolve) =>
        t.deps.jobs.onEvent((e) => e.type === 'progress' && e.kind === 'test.progresses' && resolve()),
      );
      const { id } = await t.deps.jobs.enqueue('test.progresses', {});
      let reads = 0;
      const waited = readUntil(
        t.deps.jobs,
        async () => {
          reads++;
          return (await t.deps.jobs.get(id))!;
        },
        (job) => job.state === 'SUCCEEDED',
        { fallbackMs: NEVER, until: Date.now() + NEVER, wakeOn: (e) => e.type !== 'progress' },
      );
      await progressed;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(reads).toBe(1);
      release();
      expect((await waited).state).toBe('SUCCEEDED');
      expect(reads).toBe(2);
    } finally {
      release();
      await runner.stop();
    }
  });

  it('reads again at the fallback when no job of this process moves, and gives the last read at the deadline', async () => {
    let value = 0;
    setTimeout(() => (value = 1), 30);
    expect(
      await readUntil(
        t.deps.jobs,
        async () => value,
        (v) => v === 1,
        { fallbackMs: 10, until: Date.now() + NEVER },
      ),
    ).toBe(1);
    const started = Date.now();
    expect(
      await readUntil(
        t.deps.jobs,
        async () => 'waiting',
        () => false,
        { fallbackMs: 10, until: started + 50 },
      ),
    ).toBe('waiting');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});

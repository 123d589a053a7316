import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema';
import { AppError } from '../../../api/kernel/errors/errors';
import { backoffMs } from '../../../api/jobs/job-errors';
import { JobRunner, runnerSettings } from '../../../api/jobs/job-runner';
import { claimNext, releaseJob } from '../../../api/jobs/job-store';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { RetryableJobError, type JobHandler } from '../../../api/jobs/job-types';
import { writeTransaction } from '../../../db/write-transaction';
import { createTestApp, type TestApp } from '../../support/test-app';

// The job table's rules with a settable clock: leases, backoff and cancel run against the real
// libSQL file; time moves only when a test moves it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_LEASE_SECONDS: '30' } });
});
afterAll(() => t.close());

let n = 0;
/** A fresh kind per test, with its calls recorded. */
function kind<P = unknown, R = unknown>(handler: Omit<JobHandler<P, R>, 'kind'>): JobHandler<P, R> & { kind: string } {
  const h = { kind: `test.k${++n}`, ...handler };
  t.deps.jobs.register(h);
  return h;
}
const row = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)).get())!;

describe('jobs: enqueue and claim', () => {
  it('a dedupe key makes "enqueue unless there" one write: the second enqueue returns the first job', async () => {
    const k = kind({ run: async () => 'ok' });
    const a = await t.deps.jobs.enqueue(k.kind, { n: 1 }, { dedupeKey: 'slot-1' });
    const b = await t.deps.jobs.enqueue(k.kind, { n: 2 }, { dedupeKey: 'slot-1' });
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, created: false });
    expect((await t.db.all<{ n: number }>(sql`select count(*) as n from jobs where dedupe_key = 'slot-1'`))[0]!.n).toBe(
      1,
    );
    expect((await row(a.id)).payload).toEqual({ n: 1 });
  });

  it('a job enqueued inside a write transaction wakes a running runner, which claims it once the transaction committed', async () => {
    const k = kind({ run: async () => 'ran' });
    const runner = new JobRunner(
      t.deps,
      runnerSettings(t.deps.env, { concurrency: 1, schedule: false, pollMs: 60_000, kinds: [k.kind] }),
    ).start();
    try {
      const { id } = await writeTransaction(t.db, (tx) => t.deps.jobs.enqueue(k.kind, {}, { tx }));
      // The wake came from inside the transaction; the runner's claim must not count as nested in it.
      const deadline = Date.now() + 5_000;
      while ((await row(id)).state !== 'SUCCEEDED' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(await row(id)).toMatchObject({ state: 'SUCCEEDED', result: 'ran' });
    } finally {
      await runner.stop();
    }
  });

  it('refuses an unknown kind', async () => {
    await expect(t.deps.jobs.enqueue('no.such.kind', {})).rejects.toThrow(/unknown job kind/);
  });

  it('a claim takes the lease in one write; a job whose lease expired is taken again and the old holder is fenced off', async () => {
    const k = kind({ run: async () => 'ok' });
    const { id } = await t.deps.jobs.enqueue(k.kind, {});
    const now = t.clock.now();
    const first = await claimNext(t.db, [k.kind], 'runner-a:1', now, 30_000);
    expect(first).toMatchObject({ id, state: 'RUNNING', leaseOwner: 'runner-a:1', attempts: 1 });
    expect(await claimNext(t.db, [k.kind], 'runner-b:1', now, 30_000)).toBeUndefined();
    // runner-a dies; 30 s later its lease is over.
    const later = new Date(now.getTime() + 30_001);
    const second = await claimNext(t.db, [k.kind], 'runner-b:1', later, 30_000);
    expect(second).toMatchObject({ id, leaseOwner: 'runner-b:1', attempts: 2 });
    // runner-a wakes up and tries to finish: nothing changes.
    expect(
      await writeTransaction(t.db, (tx) =>
        releaseJob(tx, id, 'runner-a:1', later, { state: 'SUCCEEDED', result: 'stale' }),
      ),
    ).toBeUndefined();
    expect(await row(id)).toMatchObject({ state: 'RUNNING', leaseOwner: 'runner-b:1', result: null });
  });

  it('a queued job is not claimed before its run-after instant', async () => {
    const k = kind({ run: async () => 'ran' });
    const { id } = await t.deps.jobs.enqueue(k.kind, {}, { runAfter: new Date(t.clock.now().getTime() + 60_000) });
    expect(await runJobsUntilIdle(t.deps, { kinds: [k.kind] })).toBe(0);
    t.clock.advance(60_000);
    expect(await runJobsUntilIdle(t.deps, { kinds: [k.kind] })).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'SUCCEEDED', result: 'ran', progress: 100 });
  });
});

describe('jobs: failures', () => {
  it('retries with exponential backoff and jitter, then succeeds; the last error stays visible while it waits', async () => {
    let calls = 0;
    const k = kind({
      backoff: { baseMs: 1_000, maxMs: 60_000 },
      run: async () => {
        calls++;
        if (calls < 3) throw new Error(`flaky ${calls}`);
        return { calls };
      },
    });
    const { id } = await t.deps.jobs.enqueue(k.kind, {});
    const start = t.clock.now().getTime();
    await runJobsUntilIdle(t.deps, { kinds: [k.kind] });
    let r = await row(id);
    expect(r).toMatchObject({ state: 'QUEUED', attempts: 1, errorCode: 'GENERAL_ERROR', leaseOwner: null });
    expect(r.errorDetail).toContain('flaky 1');
    const wait1 = Date.parse(r.runAfter) - start;
    expect(wait1).toBeGreaterThanOrEqual(500);
    expect(wait1).toBeLessThanOrEqual(1_000);
    // Not due yet: nothing runs.
    expect(await runJobsUntilIdle(t.deps, { kinds: [k.kind] })).toBe(0);
    t.clock.advance(1_000);
    await runJobsUntilIdle(t.deps, { kinds: [k.kind] });
    r = await row(id);
    const wait2 = Date.parse(r.runAfter) - t.clock.now().getTime();
    expect(wait2).toBeGreaterThanOrEqual(1_000);
    expect(wait2).toBeLessThanOrEqual(2_000);
    t.clock.advance(2_000);
    await runJobsUntilIdle(t.deps, { kinds: [k.kind] });
    expect(await row(id)).toMatchObject({
      state: 'SUCCEEDED',
      attempts: 3,
      result: { calls: 3 },
      errorCode: null,
      progress: 100,
    });
  });

  it('backoff doubles up to its cap and is jittered within the upper half', () => {
    const policy = { baseMs: 1_000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 9].map((a) => backoffMs(a, policy, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
    expect([1, 2, 3].map((a) => backoffMs(a, policy, () => 0))).toEqual([500, 1_000, 2_000]);
  });

  it('after max attempts the job is FAILED with its code, and the failure hook runs once in the same transaction', async () => {
    const hooked: string[] = [];
    const k = kind({
      maxAttempts: 2,
      backoff: { baseMs: 10, maxMs: 10 },
      run: async () => {
        throw new RetryableJobError('S3_FILE_UPLOAD_FAILED', 'bucket unreachable');
      },
      onFinalFailure: async (tx, job, outcome) => {
        hooked.push(`${job.id}:${outcome.state}:${outcome.state === 'FAILED' ? outcome.code : ''}`);
        await tx.run(
          sql`insert into app_settings (key, value, updated_at) values (${`hook:${job.id}`}, '1', '2026-01-01')`,
        );
      },
    });
    const { id } = await t.deps.jobs.enqueue(k.kind, {});
    await runJobsUntilIdle(t.deps, { kinds: [k.kind] });
    t.clock.advance(10);
    await runJobsUntilIdle(t.deps, { kinds: [k.kind] });
    expect(await row(id)).toMatchObject({ state: 'FAILED', attempts: 2, errorCode: 'S3_FILE_UPLOAD_FAILED' });
    expect((await row(id)).finishedAt).not.toBeNull();
    expect(hooked).toEqual([`${id}:FAILED:S3_FILE_UPLOAD_FAILED`]);
    t.clock.advance(60_000);
    expect(await runJobsUntilIdle(t.deps, { kinds: [k.kind] })).toBe(0);
  });

  it('a job that waits for another (RetryableJobError with waiting) is retried like a failure but logged as info, not as an error', async () => {
    const seen: { level: string; msg: string }[] = [];
    const original = t.deps.log;
    t.deps.log = {
      info: (msg) => seen.push({ level: 'info', msg }),
      error: (msg) => seen.push({ level: 'error', msg }),
    };
    try {
      let calls = 0;
      const k = kind({
        maxAttempts: 3,
        backoff: { baseMs: 10, maxMs: 10 },
        run: async () => {
          calls++;
          if (calls === 1) throw new RetryableJobError('SCORES_NOT_AVAILABLE', 'still processing', {}, true);
          if (calls === 2) throw new RetryableJobError('S3_FILE_UPLOAD_FAILED', 'bucket unreachable');
          return 'done';
        },
      });
      const { id } = await t.deps.jobs.enqueue(k.kind, {});
      for (let i = 0; i < 3; i++) {
        await runJobsUntilIdle(t.deps, { kinds: [k.kind] });
        t.clock.advance(10);
      }
      expect(await row(id)).toMatchObject({ state: 'SUCCEEDED', attempts: 3 });
      expect(seen.filter((e) => e.msg.startsWith('job '))).toEqual([
        { level: 'info', msg: 'job waiting; runs again later' },
        { level: 'error', msg: 'job attempt failed; retrying' },
        { level: 'info', msg: 'job finished' },
      ]);
    } finally {
      t.deps.log = original;
    }
  });

  it('a refusal (AppError) fails at once, with its catalogue code and details', async () => {
    let calls = 0;
    const k = kind({
      run: async () => {
        calls++;
        throw new AppError('BALANCE_NOT_ENOUGH', { needed: 120, balance: 80 });
      },
    });
    const { id } = await t.deps.jobs.enqueue(k.kind, {});
    await runJobsUntilIdle(t.deps, { kinds: [k.kind] });
    const r = await row(id);
    expect(r).toMatchObject({ state: 'FAILED', attempts: 1, errorCode: 'BALANCE_NOT_ENOUGH' });
    expect(r.errorDetail).toContain('"needed":120');
    expect(calls).toBe(1);
  });

  it('a job whose runner died on its last attempt is failed by the next claim, not run again', async () => {
    let calls = 0;
    const k = kind({
      maxAttempts: 1,
      run: async () => {
        calls++;
        return 'ran';
      },
    });
    const { id } = await t.deps.jobs.enqueue(k.kind, {});
    await claimNext(t.db, [k.kind], 'dead-runner:1', t.clock.now(), 30_000);
    t.clock.advance(30_001);
    await runJobsUntilIdle(t.deps, { kinds: [k.kind] });
    expect(await row(id)).toMatchObject({ state: 'FAILED', attempts: 2, errorCode: 'GENERAL_ERROR' });
    expect(calls).toBe(0);
  });
});

describe('jobs: cancel and progress', () => {
  it('a queued job cancelled never starts', async () => {
    let calls = 0;
    const outcomes: string[] = [];
    const k = kind({
      run: async () => {
        calls++;
      },
      onFinalFailure: async (_tx, _job, outcome) => {
        outcomes.push(outcome.state);
      },
    });
    const { id } = await t.deps.jobs.enqueue(k.kind, {});
    expect(await t.deps.jobs.cancel(id)).toBe('CANCELLED');
    expect(await runJobsUntilIdle(t.deps, { kinds: [k.kind] })).toBe(0);
    expect(calls).toBe(0);
    expect(outcomes).toEqual(['CANCELLED']);
    expect(await row(id)).toMatchObject({ state: 'CANCELLED' });
    expect(await t.deps.jobs.cancel(id)).toBe('CANCELLED');
    expect(await t.deps.jobs.cancel('no-such-job')).toBeNull();
  });

  it('a running job is stopped at its next progress point, in this process at once', async () => {
    let after = 0;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const k = kind({
      run: async (ctx) => {
        started();
        for (let i = 0; i < 10_000; i++) {
          await ctx.progress(i / 100);
          await new Promise((r) => setTimeout(r, 2));
          if (ctx.signal.aborted) after++;
        }
        return 'finished';
      },
    });
    const { id } = await t.deps.jobs.enqueue(k.kind, {});
    const run = runJobsUntilIdle(t.deps, { kinds: [k.kind] });
    await running;
    expect(await t.deps.jobs.cancel(id)).toBe('RUNNING');
    await run;
    expect(await row(id)).toMatchObject({ state: 'CANCELLED', result: null });
    expect(after).toBeLessThanOrEqual(1);
  });

  it('a cancel written by another process reaches the runner through its progress writes', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const k = kind({
      run: async (ctx) => {
        started();
        for (let i = 1; i <= 100; i++) {
          await ctx.progress(i);
          await new Promise((r) => setTimeout(r, 30));
        }
        return 'finished';
      },
    });
    const { id } = await t.deps.jobs.enqueue(k.kind, {});
    const run = runJobsUntilIdle(t.deps, { kinds: [k.kind] });
    await running;
    // Not through deps.jobs.cancel: no local abort, only the row says so.
    await t.db.update(jobs).set({ cancelRequestedAt: t.clock.now().toISOString() }).where(eq(jobs.id, id));
    await run;
    const r = await row(id);
    expect(r.state).toBe('CANCELLED');
    expect(r.progress).toBeLessThan(100);
  });

  it('progress writes are throttled (at most every 250 ms), never go back, and end at 100', async () => {
    const written: number[] = [];
    const k = kind({
      onProgress: async (_db, _job, p) => {
        written.push(p);
      },
      run: async (ctx) => {
        const end = performance.now() + 1_200;
        for (let i = 0; performance.now() < end; i++) {
          await ctx.progress(Math.min(90, i / 5));
          await ctx.progress(1); // going back is ignored
          await new Promise((r) => setTimeout(r, 2));
        }
        return 'done';
      },
    });
    const { id } = await t.deps.jobs.enqueue(k.kind, {});
    await runJobsUntilIdle(t.deps, { kinds: [k.kind] });
    // 1.2 s at one write per 250 ms at most: 5 or 6 writes, however many calls.
    expect(written.length).toBeGreaterThanOrEqual(2);
    expect(written.length).toBeLessThanOrEqual(6);
    expect([...written].sort((a, b) => a - b)).toEqual(written);
    expect((await row(id)).progress).toBe(100);
  });

  it('an interim result is readable while the job runs; the final result replaces it; a runner that lost the lease writes none', async () => {
    const seen: unknown[] = [];
    const k = kind({
      run: async (ctx) => {
        await ctx.report({ step: 'checked', n: 1 });
        seen.push((await row(ctx.job.id)).state, (await row(ctx.job.id)).result);
        // Another runner takes the job over: this one's report changes nothing and stops it.
        await t.db.update(jobs).set({ leaseOwner: 'someone-else' }).where(eq(jobs.id, ctx.job.id));
        await ctx.report({ step: 'late' }).catch((error: Error) => seen.push(error.name));
        return { step: 'done' };
      },
    });
    const { id } = await t.deps.jobs.enqueue(k.kind, {});
    await runJobsUntilIdle(t.deps, { kinds: [k.kind] });
    expect(seen).toEqual(['RUNNING', { step: 'checked', n: 1 }, 'JobLeaseLostError']);
    // The job is the other runner's now: neither the late report nor this runner's end wrote to it.
    expect(await row(id)).toMatchObject({
      state: 'RUNNING',
      leaseOwner: 'someone-else',
      result: { step: 'checked', n: 1 },
    });

    const ok = kind({ run: async (ctx) => (await ctx.report({ step: 'checked' }), { step: 'done' }) });
    const second = await t.deps.jobs.enqueue(ok.kind, {});
    await runJobsUntilIdle(t.deps, { kinds: [ok.kind] });
    expect(await row(second.id)).toMatchObject({ state: 'SUCCEEDED', result: { step: 'done' } });
  });
});

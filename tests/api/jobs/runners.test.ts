import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema';
import { createDeps } from '../../../api/compose/create-deps';
import { readEnv } from '../../../api/env';
import { silentLogger } from '../../../api/lib/logger';
import { JobRunner, runnerSettings } from '../../../api/jobs/job-runner';
import { type JobHandler } from '../../../api/jobs/job-types';
import { createTestApp, type TestApp } from '../../support/test-app';

// Job runners against the real libSQL file (enqueue-and-claim.test.ts has the job table's rules): waking
// on a local enqueue, concurrency limits, schedules across runners, handing back on stop, and the
// heartbeat in real time.

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

describe('jobs: runners', () => {
  it('a started runner runs a job enqueued in its process without waiting for the poll', async () => {
    const k = kind({ run: async (ctx) => ({ echo: ctx.payload }) });
    const r = new JobRunner(
      t.deps,
      runnerSettings(t.deps.env, { schedule: false, kinds: [k.kind], pollMs: 60_000 }),
    ).start();
    try {
      const settled = new Promise<string>((resolve) =>
        t.deps.jobs.onEvent((e) => e.type === 'settled' && e.job.kind === k.kind && resolve(e.job.state)),
      );
      const { id } = await t.deps.jobs.enqueue(k.kind, { a: 1 });
      expect(await settled).toBe('SUCCEEDED');
      expect((await row(id)).result).toEqual({ echo: { a: 1 } });
    } finally {
      await r.stop();
    }
  });

  it('runs at most JOB_CONCURRENCY jobs at once, and at most JOB_WORKER_THREADS heavy ones among them', async () => {
    const now = { light: 0, heavy: 0 };
    let runner!: JobRunner;
    const max = { light: 0, heavy: 0, all: 0 };
    const body = (which: 'light' | 'heavy') => async () => {
      now[which]++;
      max[which] = Math.max(max[which], now[which]);
      max.all = Math.max(max.all, now.light + now.heavy);
      // Wakes while other ticks are under way must not open a fourth slot.
      for (let i = 0; i < 15; i++) {
        runner.wake();
        await new Promise((r) => setTimeout(r, 2));
      }
      now[which]--;
    };
    const light = kind({ run: body('light') });
    const heavy = kind({ heavy: true, run: body('heavy') });
    for (let i = 0; i < 6; i++) {
      await t.deps.jobs.enqueue(heavy.kind, {});
      await t.deps.jobs.enqueue(light.kind, {});
    }
    const r = new JobRunner(
      t.deps,
      runnerSettings(t.deps.env, {
        schedule: false,
        kinds: [light.kind, heavy.kind],
        concurrency: 3,
        workerThreads: 1,
        pollMs: 20,
      }),
    );
    runner = r;
    let settled = 0;
    const all = new Promise<void>((resolve) =>
      t.deps.jobs.onEvent(
        (e) => e.type === 'settled' && [light.kind, heavy.kind].includes(e.job.kind) && ++settled === 12 && resolve(),
      ),
    );
    r.start();
    await all;
    await r.stop();
    expect(max.all).toBe(3);
    expect(max.heavy).toBe(1);
  });

  it('two runners ticking the same schedule slot enqueue it once', async () => {
    const k = kind({ run: async () => 'tick' });
    t.deps.jobs.every(k.kind, 5 * 60_000);
    const a = new JobRunner(t.deps, runnerSettings(t.deps.env, { kinds: [k.kind] }));
    const b = new JobRunner(t.deps, runnerSettings(t.deps.env, { kinds: [k.kind] }));
    await Promise.all([a.tick(), b.tick(), a.tick()]);
    await Promise.all([a.stop(), b.stop()]);
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, k.kind));
    expect(rows.map((r) => r.dedupeKey)).toEqual([`${k.kind}@2026-11-21T09:00:00.000Z`]);
  });

  it('stopping a runner hands an unfinished job back to the queue without spending an attempt', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const k = kind({
      run: async (ctx) => {
        started();
        while (!ctx.signal.aborted) await new Promise((r) => setTimeout(r, 5));
        throw ctx.signal.reason;
      },
    });
    const { id } = await t.deps.jobs.enqueue(k.kind, {});
    const r = new JobRunner(t.deps, runnerSettings(t.deps.env, { schedule: false, kinds: [k.kind] })).start();
    await running;
    await r.stop(50);
    expect(await row(id)).toMatchObject({ state: 'QUEUED', attempts: 0, leaseOwner: null });
  });
});

describe('jobs: heartbeat (real time)', () => {
  it('a job running longer than its lease keeps it: a second runner polling all along never takes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqp-heartbeat-'));
    const deps = await createDeps(
      readEnv({
        NODE_ENV: 'test',
        DATABASE_URL: `file:${join(dir, 'app.db')}`,
        STORAGE_DIR: join(dir, 'storage'),
        JOB_INTERVAL_MINUTES: '0',
        JOB_LEASE_SECONDS: '1',
        JOB_POLL_MS: '50',
      }),
      { log: silentLogger },
    );
    try {
      let calls = 0;
      deps.jobs.register({
        kind: 'test.long',
        run: async () => {
          calls++;
          // 2.5 leases without a single progress call: only the heartbeat keeps the lease.
          await new Promise((r) => setTimeout(r, 2_500));
          return 'done';
        },
      });
      const a = new JobRunner(deps, runnerSettings(deps.env, { schedule: false })).start();
      const b = new JobRunner(deps, runnerSettings(deps.env, { schedule: false }));
      const { id } = await deps.jobs.enqueue('test.long', {});
      const settled = new Promise<void>((resolve) =>
        deps.jobs.onEvent((e) => e.type === 'settled' && e.job.id === id && resolve()),
      );
      let polls = 0;
      const poller = setInterval(() => void b.tick().then(() => polls++), 100);
      await settled;
      clearInterval(poller);
      await Promise.all([a.stop(), b.stop()]);
      expect(polls).toBeGreaterThan(10);
      expect(calls).toBe(1);
      expect(await deps.jobs.get(id)).toMatchObject({ state: 'SUCCEEDED', attempts: 1 });
    } finally {
      deps.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

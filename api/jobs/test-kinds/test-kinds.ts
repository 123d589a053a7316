import { sql } from 'drizzle-orm';
import { writeTransaction } from '../../../db/write-transaction';
import type { JobHandler } from '../job-types';
import { workerStep } from '../worker-step';
import type { run as testStep } from './test-steps.step';

/**
 * Job kinds for tests only, registered when JOB_TEST_KINDS=true (refused outside NODE_ENV=test):
 * a real server process can then run a slow job that a test kills mid-way (tests/api/jobs/server-killed-mid-job.test.ts).
 */
export const testStepsStep = workerStep<typeof testStep>(new URL('./test-steps.step.ts', import.meta.url));

export type SlowJobPayload = { key: string; steps: number; stepMs: number };

/** Keys in app_settings that show what the slow job did: one row per finished run, one effect per key. */
export const slowJobRunKey = (jobId: string, attempt: number) => `test-job-run:${jobId}:${attempt}`;
export const slowJobEffectKey = (key: string) => `test-job-effect:${key}`;

/**
 * Burns CPU in a Worker for steps x stepMs with progress after each step, then records its side
 * effect once under a unique key (as an upload's charge is once under its ledger key) and a row
 * for this finished run (to count runs that got to the end).
 */
export const slowTestJob: JobHandler<SlowJobPayload, { key: string }> = {
  kind: 'test.slow',
  heavy: true,
  maxAttempts: 3,
  backoff: { baseMs: 50, maxMs: 200 },
  async run(ctx) {
    await ctx.runInWorker(
      testStepsStep,
      { mode: 'busy', steps: ctx.payload.steps, stepMs: ctx.payload.stepMs },
      { progressRange: [0, 99] },
    );
    const now = ctx.deps.clock.now().toISOString();
    await writeTransaction(ctx.deps.db, async (tx) => {
      await tx.run(
        sql`insert into app_settings (key, value, updated_at) values (${slowJobEffectKey(ctx.payload.key)}, ${JSON.stringify({ jobId: ctx.job.id, attempt: ctx.attempt })}, ${now}) on conflict (key) do nothing`,
      );
      await tx.run(
        sql`insert into app_settings (key, value, updated_at) values (${slowJobRunKey(ctx.job.id, ctx.attempt)}, ${JSON.stringify(ctx.attempt)}, ${now})`,
      );
    });
    return { key: ctx.payload.key };
  },
};

/** Does nothing: for measuring what the job table itself costs per job (bench:jobs). */
export const noopTestJob: JobHandler<Record<string, never>, null> = {
  kind: 'test.noop',
  run: async () => null,
};

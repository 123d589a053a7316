import { JobRunner, runnerSettings, type RunnerSettings } from './job-runner';
import { jobById } from './job-store';
import type { JobEngineContext, JobRow } from './job-types';

/**
 * Starts this process's job runner (server.ts): it claims jobs from the shared table and enqueues
 * the recurring ones (calendar, mail outbox, pruning) once per time slot across all processes.
 * Returns a stop function that hands unfinished jobs back to the queue.
 */
export function startJobLoop(deps: JobEngineContext, overrides: Partial<RunnerSettings> = {}): () => Promise<void> {
  const runner = new JobRunner(deps, runnerSettings(deps.env, overrides)).start();
  return () => runner.stop(deps.env.jobs.stopGraceSeconds * 1000);
}

const DRAIN_POLL_MS = 50;

/**
 * Runs jobs in this process until the given ones reached a final state (a job another process
 * claimed is waited for). For the CLI and tests. Throws after `timeoutMs`.
 */
export async function runJobsUntilSettled(
  deps: JobEngineContext,
  ids: readonly string[],
  options: { timeoutMs?: number; kinds?: readonly string[] } = {},
): Promise<JobRow[]> {
  const runner = new JobRunner(
    deps,
    runnerSettings(deps.env, { concurrency: 1, schedule: false, ...(options.kinds ? { kinds: options.kinds } : {}) }),
  );
  const deadline = Date.now() + (options.timeoutMs ?? 5 * 60_000);
  for (;;) {
    const rows = await Promise.all(ids.map((id) => jobById(deps.db, id)));
    if (rows.every((r) => r && ['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(r.state))) return rows as JobRow[];
    if (Date.now() > deadline) throw new Error(`jobs ${ids.join(', ')} did not settle in time`);
    if (!(await runner.runOne())) await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
  }
}

/** Runs every job that is runnable now in this process, one after another, until none is left (for tests). Returns how many ran. */
export async function runJobsUntilIdle(
  deps: JobEngineContext,
  options: { kinds?: readonly string[] } = {},
): Promise<number> {
  const runner = new JobRunner(
    deps,
    runnerSettings(deps.env, { concurrency: 1, schedule: false, ...(options.kinds ? { kinds: options.kinds } : {}) }),
  );
  let ran = 0;
  while (await runner.runOne()) ran++;
  return ran;
}

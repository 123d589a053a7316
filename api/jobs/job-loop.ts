import type { Deps } from '../deps';
import type { CalendarJobResult } from '../modules/credits/jobs/calendar';
import { JobRunner, runnerSettings, type RunnerSettings } from './job-runner';
import { jobByDedupeKey, jobById } from './job-store';
import type { JobRow } from './job-types';
import { mailAfterCalendarKey } from '../modules/credits/jobs/calendar.jobs';

/**
 * Starts this process's job runner (server.ts): it claims jobs from the shared table and enqueues
 * the recurring ones (calendar, mail outbox, pruning) once per time slot across all processes.
 * Returns a stop function that hands unfinished jobs back to the queue.
 */
export function startJobLoop(deps: Deps, overrides: Partial<RunnerSettings> = {}): () => Promise<void> {
  const runner = new JobRunner(deps, runnerSettings(deps.env, overrides)).start();
  return () => runner.stop();
}

const DRAIN_POLL_MS = 50;

/**
 * Runs jobs in this process until the given ones reached a final state (a job another process
 * claimed is waited for). For the CLI and tests. Throws after `timeoutMs`.
 */
export async function runJobsUntilSettled(
  deps: Deps,
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
export async function runJobsUntilIdle(deps: Deps, options: { kinds?: readonly string[] } = {}): Promise<number> {
  const runner = new JobRunner(
    deps,
    runnerSettings(deps.env, { concurrency: 1, schedule: false, ...(options.kinds ? { kinds: options.kinds } : {}) }),
  );
  let ran = 0;
  while (await runner.runOne()) ran++;
  return ran;
}

function resultOf<T>(row: JobRow): T {
  if (row.state !== 'SUCCEEDED')
    throw new Error(`job ${row.kind} ${row.state}: ${row.errorCode ?? ''} ${row.errorDetail ?? ''}`.trim());
  return row.result as T;
}

/**
 * One pass of the recurring jobs now (`npm run jobs:run`, tests): the calendar job, then the mail
 * outbox delivery it enqueues, through the job table like any other run (one attempt each, so a
 * failure is reported at once instead of waiting for a backoff).
 */
export async function runJobsOnce(deps: Deps): Promise<{ mailsSent: number; calendar: CalendarJobResult }> {
  const kinds = ['calendar', 'mail.outbox'];
  const { id } = await deps.jobs.enqueue('calendar', {}, { maxAttempts: 1 });
  const [calendarRow] = await runJobsUntilSettled(deps, [id], { kinds });
  const calendar = resultOf<CalendarJobResult>(calendarRow!);
  const mail = await jobByDedupeKey(deps.db, mailAfterCalendarKey(id));
  const [mailRow] = await runJobsUntilSettled(deps, [mail!.id], { kinds });
  return { mailsSent: resultOf<{ sent: number }>(mailRow!).sent, calendar };
}

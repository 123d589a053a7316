import type { JobRowOf } from '../jobs';
import { runJobsUntilSettled } from '../jobs/job-loop';
import { jobByDedupeKey } from '../jobs/job-store';
import type { Deps } from '../kernel/deps';
import { CALENDAR_JOB, type CalendarJobResult } from '../modules/contracts/jobs/contract';
import { mailAfterCalendarKey, MAIL_OUTBOX_JOB } from '../modules/mail/jobs/contract';

function resultOf<R>(row: JobRowOf<unknown, R>): R {
  if (row.state !== 'SUCCEEDED' || row.result === null)
    throw new Error(`job ${row.kind} ${row.state}: ${row.errorCode ?? ''} ${row.errorDetail ?? ''}`.trim());
  return row.result;
}

/**
 * One pass of the recurring jobs now (`npm run jobs:run`, tests): the calendar job, then the mail
 * outbox delivery it enqueues, through the job table like any other run (one attempt each, so a
 * failure is reported at once instead of waiting for a backoff).
 */
export async function runJobsOnce(deps: Deps): Promise<{ mailsSent: number; calendar: CalendarJobResult }> {
  const kinds = [CALENDAR_JOB, MAIL_OUTBOX_JOB];
  const { id } = await deps.jobs.enqueue(CALENDAR_JOB, {}, { maxAttempts: 1 });
  await runJobsUntilSettled(deps, [id], { kinds });
  const calendar = resultOf((await deps.jobs.find(CALENDAR_JOB, id))!);
  const mail = await jobByDedupeKey(deps.db, mailAfterCalendarKey(id));
  await runJobsUntilSettled(deps, [mail!.id], { kinds });
  return { mailsSent: resultOf((await deps.jobs.find(MAIL_OUTBOX_JOB, mail!.id))!).sent, calendar };
}

import type { JobRow } from '../jobs';
import { runJobsUntilSettled } from '../jobs/job-loop';
import { jobByDedupeKey } from '../jobs/job-store';
import type { Deps } from '../kernel/deps';
import { CALENDAR_JOB, type CalendarJobResult } from '../modules/contracts/jobs/contract';
import { mailAfterCalendarKey, MAIL_OUTBOX_JOB } from '../modules/mail/jobs/contract';

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
  const kinds = [CALENDAR_JOB, MAIL_OUTBOX_JOB];
  const { id } = await deps.jobs.enqueue(CALENDAR_JOB, {}, { maxAttempts: 1 });
  const [calendarRow] = await runJobsUntilSettled(deps, [id], { kinds });
  const calendar = resultOf<CalendarJobResult>(calendarRow!);
  const mail = await jobByDedupeKey(deps.db, mailAfterCalendarKey(id));
  const [mailRow] = await runJobsUntilSettled(deps, [mail!.id], { kinds });
  return { mailsSent: resultOf<{ sent: number }>(mailRow!).sent, calendar };
}

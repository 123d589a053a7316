import type { AppJobHandler } from '../../../kernel/deps';
import { mailAfterCalendarKey, MAIL_OUTBOX_JOB } from '../../mail';
import { runCalendarJob } from './calendar';
import { CALENDAR_JOB, type CalendarJobResult } from './contract';

/** The credit engine's calendar: idempotent, so a retry or a second slot changes nothing twice. */
export const calendarJob: AppJobHandler<Record<string, never>, CalendarJobResult> = {
  kind: CALENDAR_JOB,
  maxAttempts: 3,
  run: ({ deps }) => runCalendarJob(deps),
  async onSucceeded(tx, job, _result, deps) {
    await deps.jobs.enqueue(
      MAIL_OUTBOX_JOB,
      {},
      { tx, dedupeKey: mailAfterCalendarKey(job.id), maxAttempts: job.maxAttempts },
    );
  },
};

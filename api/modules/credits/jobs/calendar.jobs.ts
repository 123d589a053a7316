import { deliverPendingMails } from '../../mail/mail.service';
import { runCalendarJob, type CalendarJobResult } from './calendar';
import { pruneFinished } from '../../../jobs/job-store';
import type { JobHandler } from '../../../jobs/job-types';

/** Dedupe key of the outbox delivery that follows a calendar run (the alerts it queued go out right after). */
export const mailAfterCalendarKey = (calendarJobId: string) => `mail.outbox@calendar:${calendarJobId}`;

/** The credit engine's calendar (credits.md "Calendar rules"): idempotent, so a retry or a second slot changes nothing twice. */
export const calendarJob: JobHandler<Record<string, never>, CalendarJobResult> = {
  kind: 'calendar',
  maxAttempts: 3,
  run: ({ deps }) => runCalendarJob(deps),
  async onSucceeded(tx, job, _result, deps) {
    await deps.jobs.enqueue(
      'mail.outbox',
      {},
      { tx, dedupeKey: mailAfterCalendarKey(job.id), maxAttempts: job.maxAttempts },
    );
  },
};

/** Retries pending outbox mails over SMTP (mail.service.ts). */
export const mailOutboxJob: JobHandler<Record<string, never>, { sent: number }> = {
  kind: 'mail.outbox',
  maxAttempts: 3,
  run: async ({ deps }) => ({ sent: await deliverPendingMails(deps) }),
};

/** Deletes jobs finished more than JOB_RETENTION_DAYS ago (the schedule's per-slot rows would grow forever). */
export const pruneJobsJob: JobHandler<Record<string, never>, { deleted: number }> = {
  kind: 'jobs.prune',
  maxAttempts: 1,
  run: async ({ deps }) => ({
    deleted: await pruneFinished(
      deps.db,
      new Date(deps.clock.now().getTime() - deps.env.jobs.retentionDays * 86_400_000),
    ),
  }),
};

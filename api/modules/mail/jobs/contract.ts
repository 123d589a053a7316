// The mail feature's job contract: the outbox delivery and its dedupe keys.
import { jobKind } from '../../../jobs';

/** 'mail.outbox': retries pending outbox mails over SMTP. */
export const MAIL_OUTBOX_JOB = jobKind<Record<string, never>, { sent: number }>('mail.outbox');

/** Dedupe key of the outbox delivery that follows a calendar run (the alerts it queued go out right after). */
export const mailAfterCalendarKey = (calendarJobId: string) => `mail.outbox@calendar:${calendarJobId}`;

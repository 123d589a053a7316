// The mail module's front door: what other modules may use of it (layering/imports holds them to it).

export { MAIL_OUTBOX_JOB, mailAfterCalendarKey } from './jobs/contract';
export { deliverMail, enqueueMail, enqueueSealedMail, requeueFailedMail } from './mail.service';

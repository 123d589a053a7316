import type { AppJobHandler } from '../../../kernel/deps';
import { deliverPendingMails } from '../mail.service';
import { MAIL_OUTBOX_JOB } from './contract';

/** Retries pending outbox mails over SMTP (mail.service.ts). */
export const mailOutboxJob: AppJobHandler<Record<string, never>, { sent: number }> = {
  kind: MAIL_OUTBOX_JOB,
  maxAttempts: 3,
  run: async ({ deps }) => ({ sent: await deliverPendingMails(deps) }),
};

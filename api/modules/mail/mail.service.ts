import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { outboxMails } from '../../../db/schema';
import type { Locale } from '../../lib/i18n';
import type { Deps } from '../../kernel/deps';
import { renderMail, type MailTemplate } from './mail.templates';

export type MailRequest = {
  to: string;
  locale: Locale;
  template: MailTemplate;
  params: { name: string; link?: string } & Record<string, string | number>;
  dedupeKey?: string;
};

/**
 * Writes the rendered mail to the outbox (inside the caller's transaction when one is passed).
 * Returns the outbox id, or undefined when a mail with the same dedupe key exists.
 */
export async function enqueueMail(
  db: DbOrTx,
  deps: Pick<Deps, 'clock'>,
  request: MailRequest,
): Promise<string | undefined> {
  const rendered = renderMail(request.locale, request.template, request.params);
  const rows = await db
    .insert(outboxMails)
    .values({
      to: request.to,
      locale: request.locale,
      template: request.template,
      ...rendered,
      dedupeKey: request.dedupeKey ?? null,
      createdAt: deps.clock.now().toISOString(),
    })
    .onConflictDoNothing()
    .returning({ id: outboxMails.id });
  return rows[0]?.id;
}

/**
 * Delivers one outbox mail over SMTP when configured. Without SMTP the mail stays PENDING in the
 * outbox and is logged. Returns false when delivery failed (the row keeps the error
 * and is retried by the outbox job).
 */
export async function deliverMail(deps: Deps, id: string): Promise<boolean> {
  const row = await deps.db.select().from(outboxMails).where(eq(outboxMails.id, id)).get();
  if (!row || row.status === 'SENT') return true;
  if (!deps.mailTransport) {
    deps.log.info('mail (no SMTP_URL: kept in outbox)', { to: row.to, subject: row.subject, text: row.text });
    return true;
  }
  try {
    await deps.mailTransport.send({
      from: deps.env.mailFrom,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
    });
    await deps.db
      .update(outboxMails)
      .set({ status: 'SENT', sentAt: deps.clock.now().toISOString(), attempts: row.attempts + 1, lastError: null })
      .where(eq(outboxMails.id, id));
    return true;
  } catch (error) {
    const attempts = row.attempts + 1;
    await deps.db
      .update(outboxMails)
      .set({
        status: attempts >= 5 ? 'FAILED' : 'PENDING',
        attempts,
        lastError: String((error as Error).message ?? error).slice(0, 500),
      })
      .where(eq(outboxMails.id, id));
    deps.log.error('mail delivery failed', error);
    return false;
  }
}

/**
 * A FAILED outbox mail becomes PENDING again with its attempts from zero, so the outbox job tries
 * it afresh (up to 5 attempts). Its last error stays until the next attempt. Returns the mail's
 * status before the call, or undefined when there is no such mail.
 */
export async function requeueFailedMail(db: DbOrTx, id: string): Promise<'PENDING' | 'SENT' | 'FAILED' | undefined> {
  const rows = await db
    .update(outboxMails)
    .set({ status: 'PENDING', attempts: 0 })
    .where(and(eq(outboxMails.id, id), eq(outboxMails.status, 'FAILED')))
    .returning({ id: outboxMails.id });
  if (rows.length > 0) return 'FAILED';
  return (await db.select({ status: outboxMails.status }).from(outboxMails).where(eq(outboxMails.id, id)).get())
    ?.status;
}

/** Retries pending outbox mails (run by the job loop). */
export async function deliverPendingMails(deps: Deps, limit = 50): Promise<number> {
  if (!deps.mailTransport) return 0;
  const pending = await deps.db
    .select({ id: outboxMails.id })
    .from(outboxMails)
    .where(and(eq(outboxMails.status, 'PENDING'), lt(outboxMails.attempts, 5)))
    .limit(limit);
  let sent = 0;
  for (const { id } of pending) if (await deliverMail(deps, id)) sent++;
  return sent;
}

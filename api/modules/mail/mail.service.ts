import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { outboxMails } from '../../../db/schema';
import type { Locale } from '../../lib/i18n';
import type { Deps } from '../../kernel/deps';
import { seal, unseal } from '../../lib/crypto';
import { carriesSecretLink, renderMail, type MailTemplate } from './mail.templates';

export type MailRequest = {
  to: string;
  locale: Locale;
  template: MailTemplate;
  /** `name` greets the recipient; leave it out for an address nobody confirmed yet (its text is a stranger's). */
  params: { name?: string; link?: string } & Record<string, string | number>;
  dedupeKey?: string;
};

async function insertMail(db: DbOrTx, deps: Pick<Deps, 'clock'>, request: MailRequest, sealWith?: string) {
  const rendered = renderMail(request.locale, request.template, request.params);
  const rows = await db
    .insert(outboxMails)
    .values({
      to: request.to,
      locale: request.locale,
      template: request.template,
      subject: rendered.subject,
      text: sealWith ? seal(sealWith, rendered.text) : rendered.text,
      html: sealWith ? seal(sealWith, rendered.html) : rendered.html,
      sealed: Boolean(sealWith),
      dedupeKey: request.dedupeKey ?? null,
      createdAt: deps.clock.now().toISOString(),
    })
    .onConflictDoNothing()
    .returning({ id: outboxMails.id });
  return rows[0]?.id;
}

/**
 * Writes the rendered mail to the outbox (inside the caller's transaction when one is passed).
 * Returns the outbox id, or undefined when a mail with the same dedupe key exists. Mails whose link
 * is a secret go through enqueueSealedMail.
 */
export async function enqueueMail(
  db: DbOrTx,
  deps: Pick<Deps, 'clock'>,
  request: MailRequest,
): Promise<string | undefined> {
  if (carriesSecretLink(request.template)) throw new Error(`${request.template} carries a secret link: seal it`);
  return insertMail(db, deps, request);
}

/**
 * A mail whose link is a secret (a reset, invitation or confirmation token): its body is stored
 * sealed with the app secret, so the outbox table does not hand out working links, and it is
 * emptied once the mail is sent.
 */
export async function enqueueSealedMail(
  db: DbOrTx,
  deps: Pick<Deps, 'appSecret' | 'clock'>,
  request: MailRequest,
): Promise<string | undefined> {
  return insertMail(db, deps, request, deps.appSecret);
}

/**
 * Delivers one outbox mail over SMTP when configured. Without SMTP the mail stays PENDING in the
 * outbox and is logged. Returns false when delivery failed (the row keeps the error
 * and is retried by the outbox job).
 */
export async function deliverMail(deps: Deps, id: string): Promise<boolean> {
  const row = await deps.db.select().from(outboxMails).where(eq(outboxMails.id, id)).get();
  if (!row || row.status === 'SENT') return true;
  const text = row.sealed ? unseal(deps.appSecret, row.text) : row.text;
  if (!deps.mailTransport) {
    // Links can be secrets: only a development machine prints the body (its owner is the reader).
    deps.log.info('mail (no SMTP_URL: kept in outbox)', {
      to: row.to,
      subject: row.subject,
      ...(deps.env.nodeEnv === 'development' ? { text } : {}),
    });
    return true;
  }
  try {
    await deps.mailTransport.send({
      from: deps.env.mailFrom,
      to: row.to,
      subject: row.subject,
      text,
      html: row.sealed ? unseal(deps.appSecret, row.html) : row.html,
    });
    await deps.db
      .update(outboxMails)
      .set({
        status: 'SENT',
        sentAt: deps.clock.now().toISOString(),
        attempts: row.attempts + 1,
        lastError: null,
        // A sent secret link has done its job: the outbox keeps that it went out, not the link.
        ...(row.sealed ? { text: '', html: '' } : {}),
      })
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

// Mails anyone can ask for without logging in: the registration's confirmation and the password
// reset. Both are limited per client address and per recipient (counted in the database, so every
// API process shares them), answer alike whether or not the address has an account, and carry no
// text the caller chose to an address nobody has confirmed.
import type { DbOrTx } from '../../../db/client';
import { writeTransaction } from '../../../db/write-transaction';
import type { Deps } from '../../kernel/deps';
import { AppError } from '../../kernel/errors/errors';
import { randomToken, sha256Hex } from '../../lib/crypto';
import type { Locale } from '../../lib/i18n';
import { hashPassword } from '../../lib/password-hash';
import { EMAIL_MAX, requireEmail, requireName, requireNewPassword } from '../../lib/validation';
import { ATTEMPT_RULES, reserveAttempt, type AttemptRule } from '../attempts';
import { insertCompany } from '../companies';
import { deliverMail, enqueueMail, enqueueSealedMail } from '../mail';
import { findLiveUserByEmail, insertUser, INVITATION_TOKEN_TTL_HOURS, newUserRow, revokeAuthTokens } from '../users';
import * as repo from './auth.repo';
import { PASSWORD_RESET_JOB } from './jobs/contract';

export const RESET_TOKEN_TTL_HOURS = 2;

/** Creates a mail-link token (hashed at rest) and returns the clear token for the link. */
async function issueToken(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  userId: string,
  purpose: 'PASSWORD_RESET' | 'EMAIL_CONFIRMATION',
  hours: number,
) {
  const now = deps.clock.now();
  await revokeAuthTokens(db, userId, purpose, now.toISOString());
  const token = randomToken(32);
  await repo.insertAuthToken(db, {
    tokenHash: sha256Hex(token),
    userId,
    purpose,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + hours * 3600_000).toISOString(),
  });
  return token;
}

/** Counts a mail a stranger asks for: per client address (`rule`), then per recipient. */
async function reserveMail(deps: Pick<Deps, 'clock' | 'db'>, rule: AttemptRule, clientAddress: string, to: string) {
  const now = deps.clock.now();
  await reserveAttempt(deps.db, rule, clientAddress, now);
  await reserveAttempt(deps.db, ATTEMPT_RULES.mailRecipient, to, now);
}

/** Sends an outbox mail after the answer went out: the caller learns nothing from how long delivery takes. */
function deliverLater(deps: Deps, mailId: string | undefined) {
  if (!mailId) return;
  setTimeout(() => {
    // A failed delivery stays in the outbox for the retry job.
    deliverMail(deps, mailId).catch((error) => deps.log.error('mail delivery failed', error));
  }, 0);
}

/**
 * registerCompany: a PENDING company, its owner (ADMIN, NOT_ACTIVATED until the mail is confirmed)
 * and the confirmation mail. An address that already has an account is answered the same; its
 * owner gets a notice instead (so registering cannot tell whether an address has an account).
 */
export async function registerCompany(
  deps: Deps,
  input: {
    companyName: string;
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    termsAccepted: boolean;
    locale?: Locale | null;
  },
  clientAddress: string,
): Promise<void> {
  const companyName = requireName('companyName', input.companyName);
  const firstName = requireName('firstName', input.firstName);
  const lastName = requireName('lastName', input.lastName);
  const email = requireEmail('email', input.email);
  if (input.termsAccepted !== true) throw new AppError('INCOMPLETE_INPUT', { field: 'termsAccepted' });
  const password = requireNewPassword('password', await deps.passwordKeys.decrypt(input.password, 'password'));
  const locale: Locale = input.locale ?? 'de';
  // Counted before the expensive part (the Argon2id hash), so a flood costs the server little.
  await reserveMail(deps, ATTEMPT_RULES.registerAddress, clientAddress, email);
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();

  const mailId = await writeTransaction(deps.db, async (tx) => {
    const existing = await findLiveUserByEmail(tx, email);
    if (existing) {
      return enqueueMail(tx, deps, {
        to: email,
        locale: existing.locale,
        template: 'registrationAttempt',
        params: { link: `${deps.env.publicUrl}/forgot-password` },
      });
    }
    const companyId = crypto.randomUUID();
    const userId = crypto.randomUUID();
    await insertCompany(tx, {
      id: companyId,
      name: companyName,
      status: 'PENDING',
      ownerId: userId,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    await insertUser(tx, {
      ...newUserRow(now, {
        companyId,
        email,
        firstName,
        lastName,
        accessLevel: 'ADMIN',
        status: 'NOT_ACTIVATED',
        passwordHash,
        locale,
        hasAcceptedTerms: true,
      }),
      id: userId,
    });
    const token = await issueToken(deps, tx, userId, 'EMAIL_CONFIRMATION', INVITATION_TOKEN_TTL_HOURS);
    // Nobody confirmed this address yet: the mail carries no name and no organisation the caller typed.
    return enqueueSealedMail(tx, deps, {
      to: email,
      locale,
      template: 'registrationConfirmation',
      params: {
        hours: INVITATION_TOKEN_TTL_HOURS,
        link: `${deps.env.publicUrl}/create-account?token=${token}&type=confirmation`,
      },
    });
  });
  deliverLater(deps, mailId);
}

/**
 * sendPasswordResetEmail: the same answer, and the same work on the request path, whether or not the
 * address belongs to a user: count the request, queue a job. The job (mailPasswordReset) looks the
 * address up and builds the mail after the answer went out.
 */
export async function requestPasswordReset(deps: Deps, rawEmail: string, clientAddress: string): Promise<void> {
  const email = (rawEmail ?? '').trim().toLowerCase();
  if (email === '' || email.length > EMAIL_MAX) throw new AppError('INCOMPLETE_INPUT', { field: 'email' });
  await reserveMail(deps, ATTEMPT_RULES.resetAddress, clientAddress, email);
  await deps.jobs.enqueue(PASSWORD_RESET_JOB, { email });
}

/** The reset job: a known, not deactivated user gets a single-use link. */
export async function mailPasswordReset(deps: Deps, email: string): Promise<boolean> {
  const user = await findLiveUserByEmail(deps.db, email);
  if (!user || user.status === 'DEACTIVATED') return false;
  const mailId = await writeTransaction(deps.db, async (tx) => {
    const token = await issueToken(deps, tx, user.id, 'PASSWORD_RESET', RESET_TOKEN_TTL_HOURS);
    return enqueueSealedMail(tx, deps, {
      to: user.email,
      locale: user.locale,
      template: 'passwordReset',
      params: {
        // The name was typed by whoever registered: only a confirmed address is greeted with it.
        ...(user.hasConfirmedEmail ? { name: user.firstName } : {}),
        hours: RESET_TOKEN_TTL_HOURS,
        link: `${deps.env.publicUrl}/new-password?token=${token}`,
      },
    });
  });
  if (mailId) await deliverMail(deps, mailId);
  return true;
}

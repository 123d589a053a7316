import type { AccessLevel } from '../../../db/schema';
import { writeTransaction } from '../../../db/write-transaction';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { randomToken, sha256Hex } from '../../lib/crypto';
import type { Locale } from '../../lib/i18n';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password-hash';
import { requireEmail, requireName, requireNewPassword, requireToken } from '../../lib/validation';
import { findCompanyById, insertCompany } from '../companies';
import { deliverMail, enqueueMail } from '../mail';
import {
  findLiveUserByEmail,
  findLiveUserById,
  insertUser,
  revokeAuthTokens,
  revokeUserSessions,
  updateUserById,
} from '../users';
import { INVITATION_TOKEN_TTL_HOURS, newUserRow } from '../users';
import * as repo from './auth.repo';
import { assertNotThrottled, recordFailure, recordSuccess } from './throttle';

export const RESET_TOKEN_TTL_HOURS = 2;

export type LoginResult = { accessToken: string; accessLevel: AccessLevel; expiresIn: number };

/**
 * login(email, password, companyId): a wrong email and a wrong password answer alike
 * (AUTHENTICATION_FAILED, similar timing); account state is revealed only after the right password.
 */
export async function login(
  deps: Deps,
  input: { email: string; encryptedPassword: string; companyId?: string | null; clientAddress: string },
): Promise<LoginResult> {
  const now = deps.clock.now();
  const email = (input.email ?? '').trim().toLowerCase().slice(0, 254);
  if (email === '') throw new AppError('INCOMPLETE_INPUT', { field: 'email' });
  await assertNotThrottled(deps.db, email, input.clientAddress, now);
  const password = await deps.passwordKeys.decrypt(input.encryptedPassword, 'password');

  const user = await findLiveUserByEmail(deps.db, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !user.passwordHash || !ok) {
    await recordFailure(deps.db, email, input.clientAddress, now);
    throw new AppError('AUTHENTICATION_FAILED');
  }
  await recordSuccess(deps.db, email);

  if (user.status === 'DEACTIVATED') throw new AppError('USER_DEACTIVATED');
  if (user.status !== 'ACTIVATED') throw new AppError('USER_NOT_ACTIVATED');
  let sessionCompanyId = user.companyId;
  if (user.accessLevel === 'SUPER_ADMIN') {
    if (input.companyId) {
      const scoped = await findCompanyById(deps.db, input.companyId);
      if (!scoped || scoped.deletedAt) throw new AppError('COMPANY_NOT_FOUND');
      sessionCompanyId = scoped.id;
    }
  } else {
    const company = user.companyId ? await findCompanyById(deps.db, user.companyId) : undefined;
    if (!company || company.deletedAt) throw new AppError('COMPANY_NOT_FOUND');
    if (company.status === 'PENDING') throw new AppError('COMPANY_NOT_ACTIVATED');
    if (company.status === 'DEACTIVATED') throw new AppError('COMPANY_DEACTIVATED');
  }

  if (needsRehash(user.passwordHash))
    await updateUserById(deps.db, user.id, { passwordHash: await hashPassword(password) });
  const accessToken = randomToken(32);
  const ttl = deps.env.sessionTtlSeconds;
  await repo.insertSession(deps.db, {
    tokenHash: sha256Hex(accessToken),
    userId: user.id,
    companyId: sessionCompanyId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttl * 1000).toISOString(),
  });
  return { accessToken, accessLevel: user.accessLevel, expiresIn: ttl };
}

export async function logout(deps: Pick<Deps, 'clock' | 'db'>, viewer: Viewer): Promise<void> {
  if (viewer.sessionId) await repo.revokeSession(deps.db, viewer.sessionId, deps.clock.now().toISOString());
}

/** Creates a mail-link token (hashed at rest) and returns the clear token for the link. */
async function issueToken(
  deps: Pick<Deps, 'clock'>,
  db: Parameters<typeof repo.insertAuthToken>[0],
  userId: string,
  purpose: 'PASSWORD_RESET' | 'INVITATION' | 'EMAIL_CONFIRMATION',
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

/** Delivers after commit; a failed delivery stays in the outbox for the retry job. */
async function deliverQuietly(deps: Deps, mailId: string | undefined) {
  if (mailId) await deliverMail(deps, mailId);
}

/** registerCompany: a PENDING company, its owner (ADMIN, NOT_ACTIVATED until the mail is confirmed) and the confirmation mail. */
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
): Promise<void> {
  const companyName = requireName('companyName', input.companyName);
  const firstName = requireName('firstName', input.firstName);
  const lastName = requireName('lastName', input.lastName);
  const email = requireEmail('email', input.email);
  if (input.termsAccepted !== true) throw new AppError('INCOMPLETE_INPUT', { field: 'termsAccepted' });
  const password = requireNewPassword('password', await deps.passwordKeys.decrypt(input.password, 'password'));
  const locale: Locale = input.locale ?? 'de';
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();

  const mailId = await writeTransaction(deps.db, async (tx) => {
    if (await findLiveUserByEmail(tx, email)) throw new AppError('USER_ALREADY_EXISTING', { field: 'email' });
    const companyId = crypto.randomUUID();
    const user = newUserRow(deps.appSecret, now, {
      companyId,
      email,
      firstName,
      lastName,
      accessLevel: 'ADMIN',
      status: 'NOT_ACTIVATED',
      passwordHash,
      locale,
      hasAcceptedTerms: true,
    });
    const userId = crypto.randomUUID();
    await insertCompany(tx, {
      id: companyId,
      name: companyName,
      status: 'PENDING',
      ownerId: userId,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    await insertUser(tx, { ...user, id: userId });
    const token = await issueToken(deps, tx, userId, 'EMAIL_CONFIRMATION', INVITATION_TOKEN_TTL_HOURS);
    return enqueueMail(tx, deps, {
      to: email,
      locale,
      template: 'registrationConfirmation',
      params: {
        name: firstName,
        company: companyName,
        hours: INVITATION_TOKEN_TTL_HOURS,
        link: `${deps.env.publicUrl}/create-account?token=${token}&type=confirmation`,
      },
    });
  });
  await deliverQuietly(deps, mailId);
}

/** Checks a mail-link token: TOKEN_NOT_FOUND when unknown, used or revoked; RESET_TOKEN_EXPIRED when past its time. */
async function liveToken(
  deps: Pick<Deps, 'clock' | 'db'>,
  rawToken: string,
  purposes: ('PASSWORD_RESET' | 'INVITATION' | 'EMAIL_CONFIRMATION')[],
) {
  const token = requireToken('token', rawToken);
  const row = await repo.findAuthToken(deps.db, sha256Hex(token), purposes);
  if (!row || row.usedAt || row.revokedAt) throw new AppError('TOKEN_NOT_FOUND');
  if (row.expiresAt <= deps.clock.now().toISOString()) throw new AppError('RESET_TOKEN_EXPIRED');
  return row;
}

/**
 * /create-account: an invitation sets the password and activates the user; a registration
 * confirmation activates the owner (the company stays PENDING until an operator activates it).
 */
export async function activateUser(
  deps: Pick<Deps, 'clock' | 'db' | 'passwordKeys'>,
  input: { token: string; password?: string | null },
): Promise<'INVITATION' | 'EMAIL_CONFIRMATION'> {
  const row = await liveToken(deps, input.token, ['INVITATION', 'EMAIL_CONFIRMATION']);
  const purpose = row.purpose as 'INVITATION' | 'EMAIL_CONFIRMATION';
  let passwordHash: string | undefined;
  if (purpose === 'INVITATION') {
    if (!input.password) throw new AppError('INCOMPLETE_INPUT', { field: 'password' });
    passwordHash = await hashPassword(
      requireNewPassword('password', await deps.passwordKeys.decrypt(input.password, 'password')),
    );
  }
  const nowIso = deps.clock.now().toISOString();
  await writeTransaction(deps.db, async (tx) => {
    const user = await findLiveUserById(tx, row.userId);
    if (!user) throw new AppError('TOKEN_NOT_FOUND');
    if (user.status === 'ACTIVATED' && purpose === 'EMAIL_CONFIRMATION') throw new AppError('USER_ALREADY_ACTIVATED');
    if (!(await repo.consumeAuthToken(tx, row.id, nowIso))) throw new AppError('TOKEN_NOT_FOUND');
    await updateUserById(tx, user.id, {
      status: 'ACTIVATED',
      hasConfirmedEmail: true,
      ...(passwordHash ? { passwordHash } : {}),
      updatedAt: nowIso,
    });
  });
  return purpose;
}

/** Same answer whether or not the address exists; only a known, not deactivated user gets a mail. */
export async function sendPasswordResetEmail(deps: Deps, rawEmail: string): Promise<void> {
  const email = (rawEmail ?? '').trim().toLowerCase();
  if (email === '' || email.length > 254) throw new AppError('INCOMPLETE_INPUT', { field: 'email' });
  const user = await findLiveUserByEmail(deps.db, email);
  if (!user || user.status === 'DEACTIVATED') return;
  const mailId = await writeTransaction(deps.db, async (tx) => {
    const token = await issueToken(deps, tx, user.id, 'PASSWORD_RESET', RESET_TOKEN_TTL_HOURS);
    return enqueueMail(tx, deps, {
      to: user.email,
      locale: user.locale,
      template: 'passwordReset',
      params: {
        name: user.firstName,
        hours: RESET_TOKEN_TTL_HOURS,
        link: `${deps.env.publicUrl}/new-password?token=${token}`,
      },
    });
  });
  await deliverQuietly(deps, mailId);
}

/** Sets the password from a single-use reset token and ends every session of the user. */
export async function resetPassword(
  deps: Pick<Deps, 'clock' | 'db' | 'passwordKeys'>,
  input: { encryptedNewPassword: string; token: string },
): Promise<void> {
  const row = await liveToken(deps, input.token, ['PASSWORD_RESET']);
  const password = requireNewPassword(
    'newPassword',
    await deps.passwordKeys.decrypt(input.encryptedNewPassword, 'newPassword'),
  );
  const passwordHash = await hashPassword(password);
  const nowIso = deps.clock.now().toISOString();
  await writeTransaction(deps.db, async (tx) => {
    if (!(await repo.consumeAuthToken(tx, row.id, nowIso))) throw new AppError('TOKEN_NOT_FOUND');
    const user = await findLiveUserById(tx, row.userId);
    if (!user) throw new AppError('TOKEN_NOT_FOUND');
    // A reset proves control of the mailbox, so a pending user becomes active too.
    await updateUserById(tx, user.id, {
      passwordHash,
      hasConfirmedEmail: true,
      status: user.status === 'DEACTIVATED' ? 'DEACTIVATED' : 'ACTIVATED',
      updatedAt: nowIso,
    });
    await revokeUserSessions(tx, user.id, nowIso);
  });
}

/** changePassword: the old password must match (OLD_PASSWORDS_DONT_MATCH); other sessions end. */
export async function changePassword(
  deps: Pick<Deps, 'clock' | 'db' | 'passwordKeys'>,
  viewer: Viewer,
  input: { encryptedOld: string; encryptedNew: string },
): Promise<void> {
  const oldPassword = await deps.passwordKeys.decrypt(input.encryptedOld, 'oldPassword');
  const newPassword = requireNewPassword(
    'newPassword',
    await deps.passwordKeys.decrypt(input.encryptedNew, 'newPassword'),
  );
  const user = await findLiveUserById(deps.db, viewer.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (!user.passwordHash || !(await verifyPassword(oldPassword, user.passwordHash)))
    throw new AppError('OLD_PASSWORDS_DONT_MATCH', { field: 'oldPassword' });
  const passwordHash = await hashPassword(newPassword);
  const nowIso = deps.clock.now().toISOString();
  await writeTransaction(deps.db, async (tx) => {
    await updateUserById(tx, user.id, { passwordHash, updatedAt: nowIso });
    await revokeUserSessions(tx, user.id, nowIso, viewer.sessionId ?? undefined);
  });
}

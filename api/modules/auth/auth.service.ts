import type { AccessLevel } from '../../../db/schema';
import { writeTransaction } from '../../../db/write-transaction';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password-hash';
import { requireNewPassword, requireToken } from '../../lib/validation';
import { ATTEMPT_RULES, releaseAttempts, reserveAttempt } from '../attempts';
import { findCompanyById } from '../companies';
import { findLiveUserByEmail, findLiveUserById, revokeUserSessions, updateUserById } from '../users';
import * as repo from './auth.repo';

export type LoginResult = { accessToken: string; accessLevel: AccessLevel; expiresIn: number };

/**
 * The attempts a login is counted under, reserved before the password is checked: from a browser
 * this account logged in from before (its device cookie), per device; otherwise per client address,
 * then per account. So a burst of guesses is cut at the limit, and it does not lock the account's
 * owner out of their own browser.
 */
async function reserveLogin(
  deps: Pick<Deps, 'db'>,
  input: { email: string; clientAddress: string; deviceToken?: string | undefined },
  userId: string | undefined,
  now: Date,
) {
  const device =
    input.deviceToken && userId ? await repo.findKnownDevice(deps.db, sha256Hex(input.deviceToken), userId) : undefined;
  if (device) return [await reserveAttempt(deps.db, ATTEMPT_RULES.loginDevice, device.id, now)];
  const address = await reserveAttempt(deps.db, ATTEMPT_RULES.loginAddress, input.clientAddress, now);
  return [address, await reserveAttempt(deps.db, ATTEMPT_RULES.loginAccount, input.email, now)];
}

/**
 * login(email, password, companyId): a wrong email and a wrong password answer alike
 * (AUTHENTICATION_FAILED, similar timing); account state is revealed only after the right password.
 * The attempt is counted before the password is checked (reserveLogin) and given back when it was
 * right. Returns the device token to set as the device cookie.
 */
export async function login(
  deps: Deps,
  input: {
    email: string;
    encryptedPassword: string;
    companyId?: string | null;
    clientAddress: string;
    deviceToken?: string | undefined;
  },
): Promise<LoginResult & { deviceToken: string }> {
  const now = deps.clock.now();
  const email = (input.email ?? '').trim().toLowerCase().slice(0, 254);
  if (email === '') throw new AppError('INCOMPLETE_INPUT', { field: 'email' });
  // Not a guess when it cannot be decrypted: refused before it counts.
  const password = await deps.passwordKeys.decrypt(input.encryptedPassword, 'password');
  const user = await findLiveUserByEmail(deps.db, email);
  const reservations = await reserveLogin(deps, { ...input, email }, user?.id, now);

  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !user.passwordHash || !ok) throw new AppError('AUTHENTICATION_FAILED');
  await releaseAttempts(deps.db, reservations);

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
  const deviceToken = input.deviceToken ?? randomToken(32);
  await repo.rememberDevice(deps.db, sha256Hex(deviceToken), user.id, now.toISOString());
  return { accessToken, accessLevel: user.accessLevel, expiresIn: ttl, deviceToken };
}

export async function logout(deps: Pick<Deps, 'clock' | 'db'>, viewer: Viewer): Promise<void> {
  if (viewer.sessionId) await repo.revokeSession(deps.db, viewer.sessionId, deps.clock.now().toISOString());
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

/** changePassword: the old password must match (OLD_PASSWORDS_DONT_MATCH, counted like a login); other sessions end. */
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
  // A stolen session must not make the old password guessable: counted per user before the check.
  const reservation = await reserveAttempt(deps.db, ATTEMPT_RULES.changePassword, user.id, deps.clock.now());
  if (!user.passwordHash || !(await verifyPassword(oldPassword, user.passwordHash)))
    throw new AppError('OLD_PASSWORDS_DONT_MATCH', { field: 'oldPassword' });
  await releaseAttempts(deps.db, [reservation]);
  const passwordHash = await hashPassword(newPassword);
  const nowIso = deps.clock.now().toISOString();
  await writeTransaction(deps.db, async (tx) => {
    await updateUserById(tx, user.id, { passwordHash, updatedAt: nowIso });
    await revokeUserSessions(tx, user.id, nowIso, viewer.sessionId ?? undefined);
  });
}

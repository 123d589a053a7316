import { and, eq, isNull } from 'drizzle-orm';
import { authTokens, datafiles, userPreferences, users } from '../../../db/schema';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { randomToken, seal, sha256Hex } from '../../lib/crypto';
import { requireEmail, requireName } from '../../lib/validation';
import { findCompanyById } from '../companies';
import { writeTransaction, type Tx } from '../../../db/write-transaction';
import { isAvatarPath } from '../files';
import { ATTEMPT_RULES, reserveAttempt } from '../attempts';
import { deliverMail, enqueueSealedMail } from '../mail';
import {
  findLiveUserByEmail,
  findLiveUserById,
  insertUser,
  revokeAuthTokens,
  revokeUserSessions,
  updateUserById,
  type UserRow,
} from './users.repo';
import { INVITATION_TOKEN_TTL_HOURS, newUserRow } from './users.service';

async function ownerIdOf(db: Tx | Deps['db'], companyId: string | null) {
  if (!companyId) return null;
  return (await findCompanyById(db, companyId))?.ownerId ?? null;
}

/**
 * updateUser: first and last name required; the picture must come from an
 * avatar upload; access level toggles ADMIN and EMPLOYEE, never on one's own card, and the owner
 * keeps admin access.
 */
export async function updateUser(
  deps: Pick<Deps, 'clock' | 'db'>,
  viewer: Viewer,
  target: UserRow,
  input: {
    name: { first: string; last: string };
    image?: string | null;
    accessLevel?: 'SUPER_ADMIN' | 'ADMIN' | 'EMPLOYEE' | null;
  },
) {
  const set: Partial<typeof users.$inferInsert> = {
    firstName: requireName('firstName', input.name?.first),
    lastName: requireName('lastName', input.name?.last),
    updatedAt: deps.clock.now().toISOString(),
  };
  if (input.image !== undefined) {
    if (input.image !== null && !isAvatarPath(input.image))
      throw new AppError('INVALID_PARAMETERS', { field: 'image', reason: 'NOT_AN_UPLOADED_AVATAR' });
    set.image = input.image;
  }
  if (input.accessLevel && input.accessLevel !== target.accessLevel) {
    if (target.id === viewer.userId) throw new AppError('UNAUTHORIZED', { field: 'accessLevel', reason: 'OWN_CARD' });
    if (viewer.accessLevel === 'EMPLOYEE') throw new AppError('UNAUTHORIZED');
    if (input.accessLevel === 'SUPER_ADMIN' || target.accessLevel === 'SUPER_ADMIN')
      throw new AppError('UNAUTHORIZED', { field: 'accessLevel' });
    if (input.accessLevel === 'EMPLOYEE' && (await ownerIdOf(deps.db, target.companyId)) === target.id)
      throw new AppError('UNAUTHORIZED', { field: 'accessLevel', reason: 'OWNER_KEEPS_ADMIN' });
    set.accessLevel = input.accessLevel;
  }
  await updateUserById(deps.db, target.id, set);
}

/**
 * Sends (or re-sends) the invitation mail; EMAIL_SENDING_FAILED when SMTP refuses (the mail stays in
 * the outbox for the retry job). The invitee's address is not confirmed yet, so the mail does not
 * greet them with the name an admin typed; it names who invites them and to which organisation (an
 * operator approved it before its admins could log in), without which nobody could trust the link.
 */
async function mailInvitation(deps: Deps, tx: Tx, invitee: UserRow, inviter: string, companyName: string) {
  const token = randomToken(32);
  const now = deps.clock.now();
  await revokeAuthTokens(tx, invitee.id, 'INVITATION', now.toISOString());
  await tx.insert(authTokens).values({
    tokenHash: sha256Hex(token),
    userId: invitee.id,
    purpose: 'INVITATION',
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITATION_TOKEN_TTL_HOURS * 3600_000).toISOString(),
  });
  return enqueueSealedMail(tx, deps, {
    to: invitee.email,
    locale: invitee.locale,
    template: 'invitation',
    params: {
      inviter,
      company: companyName,
      hours: INVITATION_TOKEN_TTL_HOURS,
      link: `${deps.env.publicUrl}/create-account?token=${token}&type=invitation`,
    },
  });
}

async function deliverOrFail(deps: Deps, mailId: string | undefined) {
  if (mailId && !(await deliverMail(deps, mailId))) throw new AppError('EMAIL_SENDING_FAILED');
}

export async function inviteUser(
  deps: Deps,
  viewer: Viewer,
  companyId: string,
  input: { firstName: string; lastName: string; email: string; enableAdminAccess?: boolean | null },
) {
  const firstName = requireName('firstName', input.firstName);
  const lastName = requireName('lastName', input.lastName);
  const email = requireEmail('email', input.email);
  const inviter = await findLiveUserById(deps.db, viewer.userId);
  // Invitations are mails to strangers' addresses too: counted per recipient like resets and registrations.
  await reserveAttempt(deps.db, ATTEMPT_RULES.mailRecipient, email, deps.clock.now());
  const mailId = await writeTransaction(deps.db, async (tx) => {
    if (await findLiveUserByEmail(tx, email)) throw new AppError('USER_ALREADY_EXISTING', { field: 'email' });
    const company = await findCompanyById(tx, companyId);
    if (!company || company.deletedAt) throw new AppError('COMPANY_NOT_FOUND');
    const row = {
      ...newUserRow(deps.clock.now(), {
        companyId,
        email,
        firstName,
        lastName,
        accessLevel: input.enableAdminAccess ? 'ADMIN' : 'EMPLOYEE',
        status: 'PENDING',
        passwordHash: null,
        locale: inviter?.locale ?? 'de',
      }),
      id: crypto.randomUUID(),
    };
    await insertUser(tx, row);
    return mailInvitation(
      deps,
      tx,
      (await findLiveUserById(tx, row.id))!,
      inviter ? `${inviter.firstName} ${inviter.lastName}` : company.name,
      company.name,
    );
  });
  await deliverOrFail(deps, mailId);
}

export async function resendInvitation(deps: Deps, viewer: Viewer, target: UserRow) {
  if (target.status === 'ACTIVATED') throw new AppError('USER_ALREADY_ACTIVATED');
  const inviter = await findLiveUserById(deps.db, viewer.userId);
  const company = target.companyId ? await findCompanyById(deps.db, target.companyId) : undefined;
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  await reserveAttempt(deps.db, ATTEMPT_RULES.mailRecipient, target.email, deps.clock.now());
  const mailId = await writeTransaction(deps.db, (tx) =>
    mailInvitation(deps, tx, target, inviter ? `${inviter.firstName} ${inviter.lastName}` : company.name, company.name),
  );
  await deliverOrFail(deps, mailId);
}

/**
 * deleteUser: never oneself, never the owner; the user's datafiles pass to the owner in the same
 * transaction; sessions and open links end; the row stays (soft) for the ledger's actor ids.
 */
export async function deleteUser(deps: Pick<Deps, 'clock' | 'db'>, viewer: Viewer, target: UserRow) {
  if (target.id === viewer.userId) throw new AppError('UNAUTHORIZED', { reason: 'OWN_CARD' });
  if (target.accessLevel === 'SUPER_ADMIN') throw new AppError('UNAUTHORIZED');
  await writeTransaction(deps.db, async (tx) => {
    const ownerId = await ownerIdOf(tx, target.companyId);
    if (ownerId === target.id) throw new AppError('UNAUTHORIZED', { reason: 'OWNER_CANNOT_BE_DELETED' });
    const nowIso = deps.clock.now().toISOString();
    if (ownerId) await tx.update(datafiles).set({ ownerId, updatedAt: nowIso }).where(eq(datafiles.ownerId, target.id));
    await tx
      .update(users)
      .set({ deletedAt: nowIso, updatedAt: nowIso })
      .where(and(eq(users.id, target.id), isNull(users.deletedAt)));
    await revokeUserSessions(tx, target.id, nowIso);
    await tx
      .update(authTokens)
      .set({ revokedAt: nowIso })
      .where(and(eq(authTokens.userId, target.id), isNull(authTokens.usedAt), isNull(authTokens.revokedAt)));
  });
}

export async function saveNipoIntegration(
  deps: Pick<Deps, 'appSecret' | 'db'>,
  viewer: Viewer,
  input: { username: string; password: string; region: string; domain: string },
) {
  const req = (field: string, v: string, max = 200) => {
    const t = (v ?? '').trim();
    if (!t) throw new AppError('INCOMPLETE_INPUT', { field });
    if (t.length > max) throw new AppError('INVALID_PARAMETERS', { field, reason: 'TOO_LONG', max });
    if (/[<>]/.test(t)) throw new AppError('INVALID_PARAMETERS', { field, reason: 'INVALID_CHARACTERS' });
    return t;
  };
  const row = {
    userId: viewer.userId,
    nipoUsername: req('username', input.username),
    nipoPasswordSealed: seal(deps.appSecret, req('password', input.password, 500)),
    nipoRegion: req('region', input.region, 50),
    nipoDomain: req('domain', input.domain),
  };
  await deps.db.insert(userPreferences).values(row).onConflictDoUpdate({ target: userPreferences.userId, set: row });
}

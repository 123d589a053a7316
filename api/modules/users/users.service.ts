import type { AccessLevel, Locale, UserStatus } from '../../../db/schema';
import type { users } from '../../../db/schema';
import type { Deps } from '../../kernel/deps';
import type { ProfileColumns, Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { pageInfo, pageOf, type PageArgs } from '../../graphql/paging';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { hashPassword } from '../../lib/password-hash';
import { requireEmail, requireInstant, requireName, requireNewPassword } from '../../lib/validation';
import { writeTransaction } from '../../../db/write-transaction';
import { findCompanyById } from '../companies';
import * as repo from './users.repo';

/** How long an invitation or an email-confirmation link stays valid. */
export const INVITATION_TOKEN_TTL_HOURS = 72;

/**
 * A new API key: shown once, to its user; stored only as its SHA-256 (the X-API-Key lookup) and its
 * last four characters (so the user can tell keys apart). A database leak reveals no key.
 */
export function newMagicKey(now: Date) {
  const key = `sk_${randomToken(32)}`;
  return { key, magicKeyHash: sha256Hex(key), magicKeyHint: key.slice(-4), magicKeyCreatedAt: now.toISOString() };
}

/** The insert row for a new user. No API key: the user generates one when they want one (shown once, to them). */
export function newUserRow(
  now: Date,
  fields: {
    id?: string;
    companyId: string | null;
    email: string;
    firstName: string;
    lastName: string;
    accessLevel: AccessLevel;
    status: UserStatus;
    passwordHash: string | null;
    locale?: Locale;
    hasAcceptedTerms?: boolean;
  },
): typeof users.$inferInsert {
  const createdAt = now.toISOString();
  return {
    ...fields,
    locale: fields.locale ?? 'de',
    // The feedback survey first shows 30 days after joining.
    nextNpsDate: new Date(now.getTime() + 30 * 24 * 3600 * 1000).toISOString(),
    createdAt,
    updatedAt: createdAt,
  };
}

async function changeLiveUser(
  deps: Pick<Deps, 'clock' | 'db'>,
  userId: string,
  set: Parameters<typeof repo.updateUserById>[2],
) {
  if (!(await repo.findLiveUserById(deps.db, userId))) throw new AppError('USER_NOT_FOUND');
  await repo.updateUserById(deps.db, userId, { ...set, updatedAt: deps.clock.now().toISOString() });
}

/** The user has seen the get-started guide. */
export const markGetStartedWatched = (deps: Deps, userId: string) =>
  changeLiveUser(deps, userId, { watchGetStarted: true });

/** updateNPS: with a date the survey asks again then (ISO-8601 instant); without one it is done for good. */
export async function updateNps(
  deps: Pick<Deps, 'clock' | 'db'>,
  userId: string,
  nextNpsDate: string | null | undefined,
) {
  await changeLiveUser(
    deps,
    userId,
    nextNpsDate ? { nextNpsDate: requireInstant('nextNPSDate', nextNpsDate).toISOString() } : { npsDone: true },
  );
}

export const setLocale = (deps: Deps, userId: string, locale: Locale) => changeLiveUser(deps, userId, { locale });

export const skipIngressIntegrationsPrerequisite = (deps: Deps, userId: string) =>
  changeLiveUser(deps, userId, { skipIngressIntegrationsPrerequisite: true });

/** A new API key for the user; the old one stops working at once. Returns the key: the only time anyone sees it. */
export async function regenerateMagicKey(deps: Pick<Deps, 'clock' | 'db'>, userId: string): Promise<string> {
  const { key, ...stored } = newMagicKey(deps.clock.now());
  await changeLiveUser(deps, userId, stored);
  return key;
}

/** The user's API key stops working at once; they (only they) can generate a new one. */
export async function revokeMagicKey(deps: Pick<Deps, 'clock' | 'db'>, userId: string): Promise<void> {
  await changeLiveUser(deps, userId, { magicKeyHash: null, magicKeyHint: null, magicKeyCreatedAt: null });
}

/**
 * An operator (SUPER_ADMIN, no organisation), active at once: how a production install gets its
 * first one (`npm run admin:create-operator`). USER_ALREADY_EXISTING when the address is taken.
 */
export async function createOperator(
  deps: Pick<Deps, 'clock' | 'db'>,
  input: { email: string; firstName: string; lastName: string; password: string },
): Promise<string> {
  const email = requireEmail('email', input.email);
  const firstName = requireName('firstName', input.firstName);
  const lastName = requireName('lastName', input.lastName);
  const passwordHash = await hashPassword(requireNewPassword('password', input.password));
  const id = crypto.randomUUID();
  await writeTransaction(deps.db, async (tx) => {
    if (await repo.findLiveUserByEmail(tx, email)) throw new AppError('USER_ALREADY_EXISTING', { field: 'email' });
    await repo.insertUser(tx, {
      ...newUserRow(deps.clock.now(), {
        companyId: null,
        email,
        firstName,
        lastName,
        accessLevel: 'SUPER_ADMIN',
        status: 'ACTIVATED',
        passwordHash,
        hasAcceptedTerms: true,
      }),
      id,
      hasConfirmedEmail: true,
    });
  });
  return id;
}

/** Every user (operators), searched by name or email, one page (default 100). */
export async function usersPage(deps: Pick<Deps, 'db'>, args: { search?: string | null; page?: PageArgs }) {
  const page = pageOf(args.page, 100);
  const { rows, total } = await repo.listAllUsers(deps.db, {
    search: args.search?.trim().slice(0, 100) || undefined,
    limit: page.limit,
    offset: page.offset,
  });
  return { rows, pageInfo: pageInfo(page, total) };
}

export const companyUsers = (deps: Deps, companyId: string, onlyActiveAdmins = false) =>
  repo.companyUsers(deps.db, companyId, onlyActiveAdmins);

export const liveUser = (deps: Deps, userId: string) => repo.findLiveUserById(deps.db, userId);

/**
 * The queries behind a presented user's nested fields (presenters only shape data): each runs when
 * its field is asked for, the datafile counts once for both fields that show them.
 */
export function userFieldQueries(
  deps: Pick<Deps, 'db'>,
  user: repo.UserRow,
  /** The organisation row when the caller read it already (the viewer's own, with the session). */
  known?: Awaited<ReturnType<typeof findCompanyById>> | null,
) {
  let counts: ReturnType<typeof repo.countUserDatafiles> | undefined;
  return {
    counts: () => (counts ??= repo.countUserDatafiles(deps.db, user.id)),
    /** The row at once when it is the one read already, else a promise of it. */
    company: (companyId: string) => (known && known.id === companyId ? known : findCompanyById(deps.db, companyId)),
    preferences: () => repo.findPreferences(deps.db, user.id),
  };
}

const covers = (have: readonly string[] | null, want: readonly string[] | null) =>
  have === null || (want !== null && want.every((c) => have.includes(c)));

/**
 * The viewer's user and organisation rows with the `columns` asked: as read with the credential when
 * that read had them (`me` asked first), else read whole now (another field asked for the viewer first).
 */
export async function viewerProfile(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  columns: ProfileColumns,
): Promise<{ user: repo.UserRow; company: Awaited<ReturnType<typeof findCompanyById>> | null | undefined }> {
  const read = viewer.profile;
  // Only the columns `columns` names are read: presentUser reads no other for the fields asked.
  if (!read.columns || (covers(read.columns.user, columns.user) && covers(read.columns.company, columns.company)))
    return {
      user: read.user as repo.UserRow,
      company: read.company as Awaited<ReturnType<typeof findCompanyById>> | null,
    };
  const user = await repo.findLiveUserById(deps.db, viewer.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return { user, company: undefined };
}

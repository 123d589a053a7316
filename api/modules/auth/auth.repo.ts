import { and, desc, eq, gt, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { dataVersionOf, type DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { authTokens, companies, knownDevices, sessions, users, type AuthTokenPurpose } from '../../../db/schema';

type UserRow = typeof users.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

/**
 * Columns of the user and organisation rows a caller wants read with the session (`me` asks for the
 * ones its document shows); null for the whole row.
 */
export type ProfileColumns = { user: readonly (keyof UserRow)[] | null; company: readonly (keyof CompanyRow)[] | null };

/** What every authenticated request needs to decide who is asking. */
const AUTH_USER_COLUMNS = ['id', 'companyId', 'accessLevel', 'status', 'locale', 'sessionsValidAfter'] as const;
/** The organisation's id tells a missing organisation from one whose asked columns are all null. */
const AUTH_COMPANY_COLUMNS = ['id', 'status'] as const;

/** The table's columns `keys` and `always` name, for a select (the whole table for null). */
const pick = <T extends object>(table: T, keys: readonly string[] | null, always: readonly string[]): T =>
  keys === null
    ? table
    : (Object.fromEntries(
        [...new Set([...always, ...keys])].map((k) => [k, (table as Record<string, unknown>)[k]]),
      ) as unknown as T);

const sessionQueryOf = (columns: ProfileColumns | undefined) =>
  prepared((db) =>
    db
      .select({
        session: {
          id: sessions.id,
          companyId: sessions.companyId,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
        },
        user: pick(users, columns ? columns.user : [], AUTH_USER_COLUMNS),
        company: pick(companies, columns ? columns.company : [], AUTH_COMPANY_COLUMNS),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
          isNull(users.deletedAt),
        ),
      )
      .prepare(),
  );

// Every authenticated request runs one of these: prepared once per column set (db/prepared.ts),
// since building the join's SQL cost ~20x more than running it. Without profile columns only what
// the viewer needs is read: the whole user and organisation rows (52 columns) cost the statement
// about twice a narrow one, before the row is mapped. The sets come from the schema's fields, so
// they are few; past the cap a request reads the whole rows rather than building more.
const sessionQueries = new Map<string, ReturnType<typeof sessionQueryOf>>();
const SESSION_QUERY_SETS = 64;
const keyOf = (columns: ProfileColumns) => `${columns.user?.join(',') ?? '*'}|${columns.company?.join(',') ?? '*'}`;
const WHOLE_ROWS: ProfileColumns = { user: null, company: null };

/** The query of each column set object callers hold on to (`me` keeps one per document): no key to build per request. */
const queryOfColumns = new WeakMap<ProfileColumns, ReturnType<typeof sessionQueryOf>>();
let viewerOnly: ReturnType<typeof sessionQueryOf> | undefined;

function sessionQuery(columns: ProfileColumns | undefined) {
  if (!columns) return (viewerOnly ??= sessionQueryOf(undefined));
  const known = queryOfColumns.get(columns);
  if (known) return known;
  const set = sessionQueries.has(keyOf(columns)) || sessionQueries.size < SESSION_QUERY_SETS ? columns : WHOLE_ROWS;
  let query = sessionQueries.get(keyOf(set));
  if (!query) sessionQueries.set(keyOf(set), (query = sessionQueryOf(set)));
  queryOfColumns.set(columns, query);
  return query;
}

/**
 * Live sessions read before, per database handle and column set, by token hash, each with the file's
 * data version at its read (db/client.ts dataVersionOf). While that number holds, nothing was committed
 * to the file (a revocation, a logout, a user or organisation changed or deleted, by this process or
 * another), so the row is the one the statement would read again; only the session's expiry depends on
 * the time, and it is compared as the statement compares it. Checking the number costs a read
 * transaction without the join: the statement is the largest single cost of an authenticated request.
 * Only rows found are kept (an unknown token cannot fill it), at most CACHED_SESSIONS per column set.
 */
const liveSessions = new WeakMap<object, WeakMap<object, Map<string, { version: number; row: LiveSession }>>>();
const CACHED_SESSIONS = 1_000;

/** Cached rows are shared by the requests that find them: nothing may change them. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * The active user behind a session token hash, with the session and the user's organisation. The
 * user and organisation rows hold the viewer's columns and those `profile` asks for (whole rows
 * for null), nothing else.
 */
export async function findLiveSessionByTokenHash(
  db: DbOrTx,
  tokenHash: string,
  nowIso: string,
  profile?: ProfileColumns,
): Promise<LiveSession | undefined> {
  const query = sessionQuery(profile);
  const dataVersion = dataVersionOf(db);
  const version = dataVersion?.();
  let cache: Map<string, { version: number; row: LiveSession }> | undefined;
  if (version !== undefined) {
    let byQuery = liveSessions.get(db);
    if (!byQuery) liveSessions.set(db, (byQuery = new WeakMap()));
    cache = byQuery.get(query);
    if (!cache) byQuery.set(query, (cache = new Map()));
    const hit = cache.get(tokenHash);
    // `s.expires_at > ?` in the statement: the same comparison of ISO texts.
    if (hit?.version === version) return hit.row.session.expiresAt > nowIso ? hit.row : undefined;
  }
  const row = (await query(db).get({ tokenHash, now: nowIso })) as Omit<LiveSession, 'companyStatus'>;
  if (!row) {
    cache?.delete(tokenHash);
    return undefined;
  }
  const live = { ...row, companyStatus: row.company?.status ?? null };
  if (cache && version !== undefined) {
    if (cache.size >= CACHED_SESSIONS && !cache.has(tokenHash)) cache.delete(cache.keys().next().value!);
    cache.set(tokenHash, { version, row: frozen(live) });
  }
  return live;
}

/** A user row with the viewer's columns and maybe more. */
export type ProfileUser = Pick<UserRow, (typeof AUTH_USER_COLUMNS)[number]> & Partial<UserRow>;
/** An organisation row with its id and status and maybe more. */
export type ProfileCompany = Pick<CompanyRow, (typeof AUTH_COMPANY_COLUMNS)[number]> & Partial<CompanyRow>;
type LiveSession = {
  session: { id: string; companyId: string | null; createdAt: string; expiresAt: string };
  user: ProfileUser;
  company: ProfileCompany | null;
  companyStatus: string | null;
};

const userByMagicKeyQuery = prepared((db) =>
  db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.magicKeyHash, sql.placeholder('hash')), isNull(users.deletedAt)))
    .prepare(),
);

export async function findUserByMagicKeyHash(db: DbOrTx, hash: string) {
  const row = await userByMagicKeyQuery(db).get({ hash });
  return row && { ...row, companyStatus: row.company?.status ?? null };
}

export async function insertSession(db: DbOrTx, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

export async function revokeSession(db: DbOrTx, sessionId: string, nowIso: string) {
  await db
    .update(sessions)
    .set({ revokedAt: nowIso })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function insertAuthToken(db: DbOrTx, row: typeof authTokens.$inferInsert) {
  await db.insert(authTokens).values(row);
}

export async function findAuthToken(db: DbOrTx, tokenHash: string, purposes: AuthTokenPurpose[]) {
  const row = await db.select().from(authTokens).where(eq(authTokens.tokenHash, tokenHash)).get();
  return row && purposes.includes(row.purpose) ? row : undefined;
}

/** Marks the token used; false when another request used it first (single use under concurrency). */
export async function consumeAuthToken(db: DbOrTx, id: string, nowIso: string): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: nowIso })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

/** How many browsers a user is remembered on; older ones are forgotten first. */
const DEVICES_PER_USER = 20;

export async function findKnownDevice(db: DbOrTx, tokenHash: string, userId: string) {
  return db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, tokenHash), eq(knownDevices.userId, userId)))
    .get();
}

/** Remembers (or refreshes) a browser the user logged in from, keeping the newest DEVICES_PER_USER. */
export async function rememberDevice(db: DbOrTx, tokenHash: string, userId: string, nowIso: string) {
  await db
    .insert(knownDevices)
    .values({ tokenHash, userId, createdAt: nowIso, lastSeenAt: nowIso })
    .onConflictDoUpdate({ target: [knownDevices.tokenHash, knownDevices.userId], set: { lastSeenAt: nowIso } });
  const keep = db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastSeenAt))
    .limit(DEVICES_PER_USER);
  await db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.id, keep)));
}

/** Browsers not seen since `before` are forgotten (the auth prune job). */
export async function deleteDevicesUnseenSince(db: DbOrTx, before: string): Promise<number> {
  const rows = await db
    .delete(knownDevices)
    .where(lt(knownDevices.lastSeenAt, before))
    .returning({ id: knownDevices.id });
  return rows.length;
}

import { and, desc, eq, gt, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { authTokens, companies, knownDevices, sessions, users, type AuthTokenPurpose } from '../../../db/schema';

// Every authenticated request runs one of these two: prepared once (db/prepared.ts), since
// building the join's SQL cost ~20x more than running it. The session's own columns are the few
// the viewer needs; the user row is whole (the viewer hands it to `me`).
const liveSessionQuery = prepared((db) =>
  db
    .select({
      session: {
        id: sessions.id,
        companyId: sessions.companyId,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
      },
      user: users,
      // The whole organisation row: `me` shows it, and one statement is one round trip to a libSQL server.
      company: companies,
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

/** The active user behind a session token hash, with the session and the user's organisation. */
export async function findLiveSessionByTokenHash(db: DbOrTx, tokenHash: string, nowIso: string) {
  const row = await liveSessionQuery(db).get({ tokenHash, now: nowIso });
  return row && { ...row, companyStatus: row.company?.status ?? null };
}

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

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { authTokens, companies, loginThrottle, sessions, users, type AuthTokenPurpose } from '../../../db/schema';

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

export async function readThrottle(db: DbOrTx, key: string) {
  return db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).get();
}

export async function writeThrottle(db: DbOrTx, row: typeof loginThrottle.$inferInsert) {
  await db
    .insert(loginThrottle)
    .values(row)
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: { failures: row.failures, windowStartedAt: row.windowStartedAt, lockedUntil: row.lockedUntil ?? null },
    });
}

export async function clearThrottle(db: DbOrTx, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

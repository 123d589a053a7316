import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { authTokens, datafiles, sessions, userPreferences, users, type AuthTokenPurpose } from '../../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findLiveUserByEmail(db: DbOrTx, email: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .get();
}

const liveUserByIdQuery = prepared((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .prepare(),
);

export async function findLiveUserById(db: DbOrTx, id: string) {
  return liveUserByIdQuery(db).get({ id });
}

/** Whether any operator (SUPER_ADMIN) exists: a production install starts without one. */
export async function hasOperator(db: DbOrTx): Promise<boolean> {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accessLevel, 'SUPER_ADMIN'), isNull(users.deletedAt)))
    .limit(1)
    .get();
  return row !== undefined;
}

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert) {
  await db.insert(users).values(row);
}

export async function updateUserById(db: DbOrTx, id: string, set: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(set).where(eq(users.id, id));
}

export async function findPreferences(db: DbOrTx, userId: string) {
  return db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).get();
}

/** Datafiles the user owns (numberOfDatafiles) and imports they made (numberOfImports: non-draft ones). */
export async function countUserDatafiles(db: DbOrTx, userId: string) {
  const row = await db
    .select({
      all: count(),
      imports: sql<number>`coalesce(sum(case when ${datafiles.status} <> 'DRAFT' then 1 else 0 end), 0)`,
    })
    .from(datafiles)
    .where(and(eq(datafiles.ownerId, userId), eq(datafiles.isDeleted, false)))
    .get();
  return { numberOfDatafiles: row?.all ?? 0, numberOfImports: Number(row?.imports ?? 0) };
}

/** Every live user (operators' list), searched by name or email, paged. */
export async function listAllUsers(db: DbOrTx, q: { search?: string; limit: number; offset: number }) {
  const conditions = [isNull(users.deletedAt)];
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${like} escape '\\' or ${users.email} like ${like} escape '\\')`,
    );
  }
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(users.lastName, users.firstName, users.id)
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(users).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Ends every live session of a user, optionally keeping one (the caller's own after a password change). */
export async function revokeUserSessions(db: DbOrTx, userId: string, nowIso: string, exceptSessionId?: string) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(sql`${sessions.id} <> ${exceptSessionId}`);
  await db
    .update(sessions)
    .set({ revokedAt: nowIso })
    .where(and(...conditions));
}

/** Invalidates earlier tokens of the same purpose (a new reset mail or invitation replaces the old link). */
export async function revokeAuthTokens(db: DbOrTx, userId: string, purpose: AuthTokenPurpose, nowIso: string) {
  await db
    .update(authTokens)
    .set({ revokedAt: nowIso })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        isNull(authTokens.revokedAt),
      ),
    );
}

/** The company's users (not deleted), by name; only its activated ADMIN users when asked. */
export async function companyUsers(db: DbOrTx, companyId: string, onlyActiveAdmins = false) {
  const conditions = [eq(users.companyId, companyId), isNull(users.deletedAt)];
  if (onlyActiveAdmins) conditions.push(eq(users.accessLevel, 'ADMIN'), eq(users.status, 'ACTIVATED'));
  return db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

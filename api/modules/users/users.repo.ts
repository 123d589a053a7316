import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { companies, datafiles, userPreferences, users } from '../../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findLiveUserByEmail(db: DbOrTx, email: string) {
  return db.select().from(users).where(and(eq(users.email, email), isNull(users.deletedAt))).get();
}

const liveUserByIdQuery = prepared((db) => db.select().from(users).where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt))).prepare());

export async function findLiveUserById(db: DbOrTx, id: string) {
  return liveUserByIdQuery(db).get({ id });
}

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert) {
  await db.insert(users).values(row);
}

export async function updateUserById(db: DbOrTx, id: string, set: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(set).where(eq(users.id, id));
}

// Read by `me` on every page load: prepared once (db/prepared.ts).
const companyByIdQuery = prepared((db) => db.select().from(companies).where(eq(companies.id, sql.placeholder('companyId'))).prepare());

export async function findCompanyOfUser(db: DbOrTx, companyId: string) {
  return companyByIdQuery(db).get({ companyId });
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
    conditions.push(sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${like} escape '\\' or ${users.email} like ${like} escape '\\')`);
  }
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db.select().from(users).where(where).orderBy(users.lastName, users.firstName, users.id).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(users).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { companies, datafiles, sessions, users } from '../../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;

export async function insertCompany(db: DbOrTx, row: typeof companies.$inferInsert) {
  await db.insert(companies).values(row);
}

// Behind every company-scoped request (companies.policy) and most writes: prepared once (db/prepared.ts).
const companyByIdQuery = prepared((db) =>
  db
    .select()
    .from(companies)
    .where(eq(companies.id, sql.placeholder('id')))
    .prepare(),
);

export async function findCompanyById(db: DbOrTx, id: string) {
  return companyByIdQuery(db).get({ id });
}

export async function updateCompanyById(db: DbOrTx, id: string, set: Partial<typeof companies.$inferInsert>) {
  await db.update(companies).set(set).where(eq(companies.id, id));
}

// The admin panel's paged, sorted list has its own file (it reads pages in index order).
export { listCompanies, type CompanySort } from './companies-listing.repo';

export async function countCompaniesByStatus(db: DbOrTx) {
  const rows = await db
    .select({ status: companies.status, n: sql<number>`count(*)` })
    .from(companies)
    .where(isNull(companies.deletedAt))
    .groupBy(companies.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return { numberOfActiveCompanies: by.ACTIVATED ?? 0, numberOfNewCompanies: by.PENDING ?? 0 };
}

export async function companyStats(db: DbOrTx, companyId: string) {
  const [files, people] = await Promise.all([
    db
      .select({ imports: sql<number>`count(*)`, records: sql<number>`coalesce(sum(${datafiles.numberOfRecords}), 0)` })
      .from(datafiles)
      .where(
        and(eq(datafiles.companyId, companyId), eq(datafiles.isDeleted, false), sql`${datafiles.status} <> 'DRAFT'`),
      )
      .get(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)))
      .get(),
  ]);
  return {
    numberOfDataImports: Number(files?.imports ?? 0),
    numberOfDataRecords: Number(files?.records ?? 0),
    numberOfUsers: Number(people?.n ?? 0),
  };
}

// Read for every organisation the admin panel lists: prepared once (db/prepared.ts).
const latestImportQuery = prepared((db) =>
  db
    .select({ datafileId: datafiles.id, createdAt: datafiles.createdAt })
    .from(datafiles)
    .where(
      and(
        eq(datafiles.companyId, sql.placeholder('companyId')),
        eq(datafiles.isDeleted, false),
        sql`${datafiles.status} <> 'DRAFT'`,
      ),
    )
    .orderBy(desc(datafiles.createdAt))
    .limit(1)
    .prepare(),
);

export async function latestImport(db: DbOrTx, companyId: string) {
  return latestImportQuery(db).get({ companyId });
}

/** The user, when it is an activated, not deleted ADMIN of the company (who may own it). */
export async function findActiveAdminOfCompany(db: DbOrTx, companyId: string, userId: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.companyId, companyId),
        eq(users.accessLevel, 'ADMIN'),
        eq(users.status, 'ACTIVATED'),
        isNull(users.deletedAt),
      ),
    )
    .get();
}

/** Ends every live session of the company's users (deactivation, deletion). */
export async function revokeSessionsOfCompany(db: DbOrTx, companyId: string, nowIso: string) {
  await db
    .update(sessions)
    .set({ revokedAt: nowIso })
    .where(
      and(
        isNull(sessions.revokedAt),
        sql`${sessions.userId} in (select ${users.id} from ${users} where ${users.companyId} = ${companyId})`,
      ),
    );
}

/** Marks the company's users deleted (their addresses become free to register again). */
export async function deleteUsersOfCompany(db: DbOrTx, companyId: string, nowIso: string) {
  await db
    .update(users)
    .set({ deletedAt: nowIso, updatedAt: nowIso })
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)));
}

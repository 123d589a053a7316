import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { companies, datafiles, sessions, users, type CompanyStatus } from '../../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;

export async function insertCompany(db: DbOrTx, row: typeof companies.$inferInsert) {
  await db.insert(companies).values(row);
}

export async function findCompanyById(db: DbOrTx, id: string) {
  return db.select().from(companies).where(eq(companies.id, id)).get();
}

export async function updateCompanyById(db: DbOrTx, id: string, set: Partial<typeof companies.$inferInsert>) {
  await db.update(companies).set(set).where(eq(companies.id, id));
}

export type CompanySort = 'NAME' | 'STATUS' | 'CONTRACT_TYPE' | 'REMAINING_DAYS' | 'SUPPORT_LEVEL' | 'LATEST_IMPORT' | 'CREATED_AT';

// Correlated subqueries over indexed columns (contracts by company and start, datafiles by company):
// only the sort column's subquery runs per row, and paging happens in SQL.
const activeContract = (today: string, column: string) =>
  sql.raw(`(select ${column} from contracts c where c.company_id = "companies"."id" and c.deleted_at is null and c.deactivated_at is null and c.start_date <= '${today}' and c.end_date >= '${today}' order by c.start_date desc limit 1)`);

function sortExpression(sort: CompanySort, today: string): SQL {
  switch (sort) {
    case 'NAME':
      return sql`lower(${companies.name})`;
    case 'STATUS':
      return sql`${companies.status}`;
    case 'SUPPORT_LEVEL':
      return sql`${companies.supportLevel}`;
    case 'CREATED_AT':
      return sql`${companies.createdAt}`;
    case 'CONTRACT_TYPE':
      return activeContract(today, 'c.type');
    case 'REMAINING_DAYS':
      return activeContract(today, `julianday(c.end_date) - julianday('${today}')`);
    case 'LATEST_IMPORT':
      return sql.raw(`(select max(d.created_at) from datafiles d where d.company_id = "companies"."id" and d.is_deleted = 0 and d.status <> 'DRAFT')`);
  }
}

/** One page of companies: search on the name (case-insensitive), a status filter, sorting and paging all in SQL. */
export async function listCompanies(
  db: DbOrTx,
  q: { status?: CompanyStatus; search?: string; sort: CompanySort; direction: 'ASC' | 'DESC'; limit: number; offset: number; today: string },
) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(q.today)) throw new Error('today must be YYYY-MM-DD');
  const conditions: SQL[] = [isNull(companies.deletedAt)];
  if (q.status) conditions.push(eq(companies.status, q.status));
  if (q.search) conditions.push(sql`lower(${companies.name}) like ${`%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
  const where = and(...conditions);
  const order = sortExpression(q.sort, q.today);
  // NULLs (no contract, no import) sort last in both directions.
  const orderBy = [sql`${order} is null`, q.direction === 'ASC' ? asc(order) : desc(order), asc(companies.id)];
  const [rows, total] = await Promise.all([
    db.select().from(companies).where(where).orderBy(...orderBy).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)` }).from(companies).where(where).get(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function countCompaniesByStatus(db: DbOrTx) {
  const rows = await db.select({ status: companies.status, n: sql<number>`count(*)` }).from(companies).where(isNull(companies.deletedAt)).groupBy(companies.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return { numberOfActiveCompanies: by.ACTIVATED ?? 0, numberOfNewCompanies: by.PENDING ?? 0 };
}

export async function companyStats(db: DbOrTx, companyId: string) {
  const [files, people] = await Promise.all([
    db
      .select({ imports: sql<number>`count(*)`, records: sql<number>`coalesce(sum(${datafiles.numberOfRecords}), 0)` })
      .from(datafiles)
      .where(and(eq(datafiles.companyId, companyId), eq(datafiles.isDeleted, false), sql`${datafiles.status} <> 'DRAFT'`))
      .get(),
    db.select({ n: sql<number>`count(*)` }).from(users).where(and(eq(users.companyId, companyId), isNull(users.deletedAt))).get(),
  ]);
  return { numberOfDataImports: Number(files?.imports ?? 0), numberOfDataRecords: Number(files?.records ?? 0), numberOfUsers: Number(people?.n ?? 0) };
}

export async function latestImport(db: DbOrTx, companyId: string) {
  return db
    .select({ datafileId: datafiles.id, createdAt: datafiles.createdAt })
    .from(datafiles)
    .where(and(eq(datafiles.companyId, companyId), eq(datafiles.isDeleted, false), sql`${datafiles.status} <> 'DRAFT'`))
    .orderBy(desc(datafiles.createdAt))
    .limit(1)
    .get();
}

/** The user, when it is an activated, not deleted ADMIN of the company (who may own it). */
export async function findActiveAdminOfCompany(db: DbOrTx, companyId: string, userId: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.accessLevel, 'ADMIN'), eq(users.status, 'ACTIVATED'), isNull(users.deletedAt)))
    .get();
}

/** Ends every live session of the company's users (deactivation, deletion). */
export async function revokeSessionsOfCompany(db: DbOrTx, companyId: string, nowIso: string) {
  await db
    .update(sessions)
    .set({ revokedAt: nowIso })
    .where(and(isNull(sessions.revokedAt), sql`${sessions.userId} in (select ${users.id} from ${users} where ${users.companyId} = ${companyId})`));
}

/** Marks the company's users deleted (their addresses become free to register again). */
export async function deleteUsersOfCompany(db: DbOrTx, companyId: string, nowIso: string) {
  await db.update(users).set({ deletedAt: nowIso, updatedAt: nowIso }).where(and(eq(users.companyId, companyId), isNull(users.deletedAt)));
}

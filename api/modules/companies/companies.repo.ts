import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { companies, datafiles, users, type CompanyStatus } from '../../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;

export async function insertCompany(db: DbOrTx, row: typeof companies.$inferInsert) {
  await db.insert(companies).values(row);
}

// Behind every company-scoped request (companies.policy) and most writes: prepared once (db/prepared.ts).
const companyByIdQuery = prepared((db) => db.select().from(companies).where(eq(companies.id, sql.placeholder('id'))).prepare());

export async function findCompanyById(db: DbOrTx, id: string) {
  return companyByIdQuery(db).get({ id });
}

export async function updateCompanyById(db: DbOrTx, id: string, set: Partial<typeof companies.$inferInsert>) {
  await db.update(companies).set(set).where(eq(companies.id, id));
}

export type CompanySort = 'NAME' | 'STATUS' | 'CONTRACT_TYPE' | 'REMAINING_DAYS' | 'SUPPORT_LEVEL' | 'LATEST_IMPORT' | 'CREATED_AT';

// Correlated subqueries over covering indexes (contracts_active_lookup_idx, datafiles_live_company_idx):
// only the sort column's subquery runs, once per row, and paging happens in SQL. NOT NULL columns
// sort straight off an index (companies_live_status_name_idx for the default name order).
const activeContract = (today: string, column: string) =>
  sql.raw(`(select ${column} from contracts c where c.company_id = "companies"."id" and c.deleted_at is null and c.deactivated_at is null and c.start_date <= '${today}' and c.end_date >= '${today}' order by c.start_date desc limit 1)`);

/** The sort key, and whether it can be NULL (no contract, no import, no support level): those rows sort last either way. */
function sortExpression(sort: CompanySort, today: string): { key: SQL; nullable: boolean } {
  switch (sort) {
    case 'NAME':
      return { key: sql`lower(${companies.name})`, nullable: false };
    case 'STATUS':
      return { key: sql`${companies.status}`, nullable: false };
    case 'SUPPORT_LEVEL':
      return { key: sql`${companies.supportLevel}`, nullable: true };
    case 'CREATED_AT':
      return { key: sql`${companies.createdAt}`, nullable: false };
    case 'CONTRACT_TYPE':
      return { key: activeContract(today, 'c.type'), nullable: true };
    case 'REMAINING_DAYS':
      return { key: activeContract(today, `julianday(c.end_date) - julianday('${today}')`), nullable: true };
    case 'LATEST_IMPORT':
      return { key: sql.raw(`(select max(d.created_at) from datafiles d where d.company_id = "companies"."id" and d.is_deleted = 0 and d.status <> 'DRAFT')`), nullable: true };
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
  const { key, nullable } = sortExpression(q.sort, q.today);
  // NULLs (no contract, no import) sort last in both directions; NULLS LAST evaluates the key once
  // per row (a separate "key is null" term ran a subquery key twice).
  const direction = q.direction === 'ASC' ? sql`asc` : sql`desc`;
  const orderBy = [nullable ? sql`${key} ${direction} nulls last` : q.direction === 'ASC' ? asc(key) : desc(key), asc(companies.id)];
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

// Read for every organisation the admin panel lists: prepared once (db/prepared.ts).
const latestImportQuery = prepared((db) =>
  db
    .select({ datafileId: datafiles.id, createdAt: datafiles.createdAt })
    .from(datafiles)
    .where(and(eq(datafiles.companyId, sql.placeholder('companyId')), eq(datafiles.isDeleted, false), sql`${datafiles.status} <> 'DRAFT'`))
    .orderBy(desc(datafiles.createdAt))
    .limit(1)
    .prepare(),
);

export async function latestImport(db: DbOrTx, companyId: string) {
  return latestImportQuery(db).get({ companyId });
}

export async function companyUsers(db: DbOrTx, companyId: string, onlyActiveAdmins = false) {
  const conditions = [eq(users.companyId, companyId), isNull(users.deletedAt)];
  if (onlyActiveAdmins) conditions.push(eq(users.accessLevel, 'ADMIN'), eq(users.status, 'ACTIVATED'));
  return db.select().from(users).where(and(...conditions)).orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

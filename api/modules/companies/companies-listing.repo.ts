import { and, asc, desc, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { companies, contracts, datafiles, type CompanyStatus } from '../../../db/schema';

export type CompanySort =
  | 'NAME'
  | 'STATUS'
  | 'CONTRACT_TYPE'
  | 'REMAINING_DAYS'
  | 'SUPPORT_LEVEL'
  | 'LATEST_IMPORT'
  | 'CREATED_AT';

type Query = {
  status?: CompanyStatus;
  search?: string;
  sort: CompanySort;
  direction: 'ASC' | 'DESC';
  limit: number;
  offset: number;
  today: string;
};
type Direction = Query['direction'];
const order = (direction: Direction, column: Parameters<typeof asc>[0]) =>
  direction === 'ASC' ? asc(column) : desc(column);

// The admin panel lists 10,000 organisations 5 at a time. A sort key computed for every row (a
// subquery per organisation) cost ~5 ms of SQL per page; instead each page is read in index order
// and stops after `offset + limit` rows (migration 0003):
// - name, status, creation date: a column of the organisation (name straight off
//   companies_live_status_name_idx when a status is given);
// - a key that can be missing (support level, the active contract's type or end date, the latest
//   import): first the organisations that have one, walked in (key, id) order (for contracts and
//   imports: the live contracts or files in key order, each kept only when it is its company's
//   active contract or latest import); then, once those are used up, the ones without, by id.
// Order, ties and NULLs are as `ORDER BY key <direction> NULLS LAST, id` over all organisations,
// which tests/api/companies/listing-order.test.ts checks against that query on random data.

/** A contract is active today: started, not ended (end date inclusive), neither deleted nor deactivated. */
const activeOn = (alias: string, today: string) =>
  sql.raw(
    `${alias}.deleted_at is null and ${alias}.deactivated_at is null and ${alias}.start_date <= '${today}' and ${alias}.end_date >= '${today}'`,
  );

/**
 * The contract row is its company's active contract: no active one started later, or on the same
 * day with a smaller id (the one the organisation's row shows: listCompanyContracts' order).
 */
const isCompanysActiveContract = (today: string) =>
  sql`not exists (select 1 from contracts x where x.company_id = ${contracts.companyId} and ${activeOn('x', today)} and (x.start_date > ${contracts.startDate} or (x.start_date = ${contracts.startDate} and x.id < ${contracts.id})))`;

/** A live import: a datafile that is neither deleted nor a draft. */
const liveImport = (alias: string) => sql.raw(`${alias}.is_deleted = 0 and ${alias}.status <> 'DRAFT'`);

/** The datafile row is its company's latest import (on equal instants, the one written first). */
const isCompanysLatestImport = sql`not exists (select 1 from datafiles x where x.company_id = ${datafiles.companyId} and ${liveImport('x')} and (x.created_at > ${datafiles.createdAt} or (x.created_at = ${datafiles.createdAt} and x.rowid < ${datafiles}.rowid)))`;

type KeyedSort = {
  /** Organisations that have the key, matching `where`, in (key, id) order. */
  page: (
    db: DbOrTx,
    where: SQL,
    direction: Direction,
    today: string,
    limit: number,
    offset: number,
  ) => Promise<(typeof companies.$inferSelect)[]>;
  /** True for an organisation without the key. */
  missing: (today: string) => SQL;
};

const byActiveContract = (key: typeof contracts.endDate | typeof contracts.type): KeyedSort => ({
  // CROSS JOIN keeps contracts as the outer loop, so SQLite walks contracts_live_end_idx or
  // contracts_live_type(_desc)_idx in order and stops early.
  page: (db, where, direction, today, limit, offset) =>
    db
      .select(getTableColumns(companies))
      .from(contracts)
      .crossJoin(companies)
      .where(
        and(
          eq(companies.id, contracts.companyId),
          activeOn('"contracts"', today),
          isCompanysActiveContract(today),
          where,
        ),
      )
      .orderBy(order(direction, key), asc(contracts.companyId))
      .limit(limit)
      .offset(offset),
  missing: (today) =>
    sql`not exists (select 1 from contracts x where x.company_id = ${companies.id} and ${activeOn('x', today)})`,
});

const KEYED: Partial<Record<CompanySort, KeyedSort>> = {
  REMAINING_DAYS: byActiveContract(contracts.endDate),
  CONTRACT_TYPE: byActiveContract(contracts.type),
  LATEST_IMPORT: {
    page: (db, where, direction, _today, limit, offset) =>
      db
        .select(getTableColumns(companies))
        .from(datafiles)
        .crossJoin(companies)
        .where(and(eq(companies.id, datafiles.companyId), liveImport('"datafiles"'), isCompanysLatestImport, where))
        .orderBy(order(direction, datafiles.createdAt), asc(datafiles.companyId))
        .limit(limit)
        .offset(offset),
    missing: () =>
      sql`not exists (select 1 from datafiles x where x.company_id = ${companies.id} and ${liveImport('x')})`,
  },
  SUPPORT_LEVEL: {
    page: (db, where, direction, _today, limit, offset) =>
      db
        .select()
        .from(companies)
        .where(and(where, isNotNull(companies.supportLevel)))
        .orderBy(order(direction, companies.supportLevel), asc(companies.id))
        .limit(limit)
        .offset(offset),
    missing: () => isNull(companies.supportLevel),
  },
};

const PLAIN: Record<'NAME' | 'STATUS' | 'CREATED_AT', SQL | typeof companies.status | typeof companies.createdAt> = {
  NAME: sql`lower(${companies.name})`,
  STATUS: companies.status,
  CREATED_AT: companies.createdAt,
};

// Counted off the name index, which holds lower(name) for the search: the planner would as soon
// pick a support-level index and read every row.
const countWhere = async (db: DbOrTx, where: SQL | undefined) =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(sql`${companies} indexed by companies_live_status_name_idx`)
        .where(where)
        .get()
    )?.n ?? 0,
  );

/** One page of companies: search on the name (case-insensitive), a status filter, sorting and paging all in SQL. */
export async function listCompanies(db: DbOrTx, q: Query) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(q.today)) throw new Error('today must be YYYY-MM-DD');
  const conditions: SQL[] = [isNull(companies.deletedAt)];
  if (q.status) conditions.push(eq(companies.status, q.status));
  if (q.search)
    conditions.push(
      sql`lower(${companies.name}) like ${`%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`,
    );
  const where = and(...conditions)!;
  const keyed = KEYED[q.sort];
  if (!keyed) {
    const key = PLAIN[q.sort as keyof typeof PLAIN];
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(companies)
        .where(where)
        .orderBy(order(q.direction, key), asc(companies.id))
        .limit(q.limit)
        .offset(q.offset),
      countWhere(db, where),
    ]);
    return { rows, total };
  }
  const [rows, total] = await Promise.all([
    keyed.page(db, where, q.direction, q.today, q.limit, q.offset),
    countWhere(db, where),
  ]);
  if (rows.length === q.limit) return { rows, total };
  // The page runs past the organisations with a key: those without follow, by id.
  const missing = and(where, keyed.missing(q.today));
  const withKey = total - (await countWhere(db, missing));
  const rest = await db
    .select()
    .from(companies)
    .where(missing)
    .orderBy(asc(companies.id))
    .limit(q.limit - rows.length)
    .offset(Math.max(0, q.offset - withKey));
  return { rows: [...rows, ...rest], total };
}

import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

// The operator stats in SQL: data files, data records and credits per organisation and Vienna
// month. One statement computes the per-organisation-month rows once (a materialised CTE) and
// returns the month totals, the overall totals and one page of rows from it.

/** A Vienna month and the UTC instants it spans: [startAt, endAt). */
export type MonthWindow = { month: string; startAt: string; endAt: string };

export type StatsSortColumn =
  | 'ORGANIZATION'
  | 'MONTH'
  | 'DATAFILES'
  | 'LIVE_DATAFILES'
  | 'MANUAL_DATAFILES'
  | 'DATA_RECORDS'
  | 'LIVE_DATA_RECORDS'
  | 'MANUAL_DATA_RECORDS'
  | 'CREDITS_USED'
  | 'CREDITS_REFUNDED';

export type StatsQuery = {
  /** The period, in order, at least one month. */
  months: MonthWindow[];
  companyId?: string | null;
  sortBy: StatsSortColumn;
  descending: boolean;
  limit: number;
  offset: number;
};

/** Figures of one organisation-month, one month or the whole period. */
export type StatsFigures = {
  numberOfDatafiles: number;
  numberOfLiveDatafiles: number;
  numberOfDataRecords: number;
  numberOfLiveDataRecords: number;
  creditsUsed: number;
  creditsRefunded: number;
};

export type StatsRowRecord = StatsFigures & { month: string; companyId: string; companyName: string };
export type StatsMonthRecord = StatsFigures & { month: string; numberOfOrganizations: number };
export type StatsResult = {
  rows: StatsRowRecord[];
  months: StatsMonthRecord[];
  totals: StatsFigures & { numberOfOrganizations: number };
  totalRows: number;
};

// Whitelisted ORDER BY terms (never user text): the column, then month (newest first) and name as tie breakers.
const SORT_TERMS: Record<StatsSortColumn, string> = {
  ORGANIZATION: 'lower(c.name)',
  MONTH: 'r.month',
  DATAFILES: 'r.files',
  LIVE_DATAFILES: 'r.live_files',
  MANUAL_DATAFILES: '(r.files - r.live_files)',
  DATA_RECORDS: 'r.records',
  LIVE_DATA_RECORDS: 'r.live_records',
  MANUAL_DATA_RECORDS: '(r.records - r.live_records)',
  CREDITS_USED: 'r.used',
  CREDITS_REFUNDED: 'r.refunded',
};

function orderBy(sortBy: StatsSortColumn, descending: boolean): SQL {
  const dir = descending ? 'desc' : 'asc';
  const ties =
    sortBy === 'MONTH'
      ? 'lower(c.name) asc, r.company_id asc'
      : sortBy === 'ORGANIZATION'
        ? 'r.month desc, r.company_id asc'
        : 'r.month desc, lower(c.name) asc, r.company_id asc';
  return sql.raw(`${SORT_TERMS[sortBy]} ${dir}, ${ties}`);
}

/**
 * The per-organisation-month rows of the period as a CTE named `r_all`:
 * - data files: not deleted, not drafts (as the organisation header counts them), in the Vienna
 *   month they were created; their records with them (numberOfRecords);
 * - credits: the ledger's USED and REFUND rows in the Vienna month of their calendar date.
 * The month windows join the files by their creation instant, so the created_at index is used
 * and daylight-saving changes fall where Vienna's calendar puts them.
 */
function rowsCte(q: Pick<StatsQuery, 'months' | 'companyId'>): SQL {
  const first = q.months[0]!;
  const last = q.months[q.months.length - 1]!;
  const fromDate = `${first.month}-01`;
  // The ledger's dates are Vienna dates already: the day after the period is the next month's first.
  const toDate = nextMonthFirstDay(last.month);
  const months = sql.join(
    q.months.map((m) => sql`(${m.month}, ${m.startAt}, ${m.endAt})`),
    sql`, `,
  );
  const fileCompany = q.companyId ? sql` and d.company_id = ${q.companyId}` : sql``;
  const ledgerCompany = q.companyId ? sql` and t.company_id = ${q.companyId}` : sql``;
  return sql`m(month, start_at, end_at) as (values ${months}),
    files as (
      select d.company_id as company_id, m.month as month, count(*) as files, sum(d.import_type = 'LIVE') as live_files,
        sum(d.number_of_records) as records, sum(case when d.import_type = 'LIVE' then d.number_of_records else 0 end) as live_records,
        0 as used, 0 as refunded
      from m join datafiles d on d.created_at >= m.start_at and d.created_at < m.end_at
      where d.is_deleted = 0 and d.status <> 'DRAFT'${fileCompany}
      group by d.company_id, m.month
    ),
    credits as (
      select t.company_id as company_id, substr(t.occurred_date, 1, 7) as month, 0, 0, 0, 0,
        sum(case when t.type = 'USED' then t.amount else 0 end), sum(case when t.type = 'REFUND' then t.amount else 0 end)
      from credit_transactions t
      where t.occurred_date >= ${fromDate} and t.occurred_date < ${toDate} and t.type in ('USED', 'REFUND')${ledgerCompany}
      group by t.company_id, substr(t.occurred_date, 1, 7)
    ),
    r_all as materialized (
      select company_id, month, sum(files) as files, sum(live_files) as live_files, sum(records) as records, sum(live_records) as live_records,
        sum(used) as used, sum(refunded) as refunded
      from (select * from files union all select * from credits)
      group by company_id, month
    )`;
}

function nextMonthFirstDay(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

type RawRow = {
  kind: 'M' | 'T' | 'R';
  month: string | null;
  company_id: string | null;
  name: string | null;
  orgs: number;
  files: number;
  live_files: number;
  records: number;
  live_records: number;
  used: number;
  refunded: number;
  total_rows: number | null;
};

const figures = (r: RawRow): StatsFigures => ({
  numberOfDatafiles: Number(r.files ?? 0),
  numberOfLiveDatafiles: Number(r.live_files ?? 0),
  numberOfDataRecords: Number(r.records ?? 0),
  numberOfLiveDataRecords: Number(r.live_records ?? 0),
  creditsUsed: Number(r.used ?? 0),
  creditsRefunded: Number(r.refunded ?? 0),
});

/**
 * Month totals, the period's totals and one page of organisation-month rows, in one statement
 * (a compound select takes its column names from its first part; `kind` tells the parts apart).
 */
export async function usageStats(db: DbOrTx, q: StatsQuery): Promise<StatsResult> {
  const sums =
    'sum(files) as files, sum(live_files) as live_files, sum(records) as records, sum(live_records) as live_records, sum(used) as used, sum(refunded) as refunded';
  const rows = await db.all<RawRow>(sql`with ${rowsCte(q)}
    select 'M' as kind, month, null as company_id, null as name, count(*) as orgs, ${sql.raw(sums)}, null as total_rows, 0 as pos from r_all group by month
    union all
    select 'T', null, null, null, count(distinct company_id), ${sql.raw(sums)}, null, 0 from r_all
    union all
    select * from (
      select 'R', r.month, r.company_id, c.name, 1, r.files, r.live_files, r.records, r.live_records, r.used, r.refunded,
        count(*) over () as total_rows, row_number() over (order by ${orderBy(q.sortBy, q.descending)}) as pos
      from r_all r join companies c on c.id = r.company_id
      order by pos limit ${q.limit} offset ${q.offset}
    )
    order by 1, pos, 2`);
  return shape(rows);
}

function shape(raw: RawRow[]): StatsResult {
  const result: StatsResult = {
    rows: [],
    months: [],
    totals: { ...figures({} as RawRow), numberOfOrganizations: 0 },
    totalRows: 0,
  };
  for (const r of raw) {
    if (r.kind === 'M') result.months.push({ month: r.month!, numberOfOrganizations: Number(r.orgs), ...figures(r) });
    else if (r.kind === 'T') result.totals = { numberOfOrganizations: Number(r.orgs), ...figures(r) };
    else {
      result.rows.push({ month: r.month!, companyId: r.company_id!, companyName: r.name!, ...figures(r) });
      result.totalRows = Number(r.total_rows);
    }
  }
  return result;
}

/** Every organisation-month row of the period in the given order (for the CSV), at most `limit`. */
export async function usageStatsRows(db: DbOrTx, q: Omit<StatsQuery, 'offset'>): Promise<StatsRowRecord[]> {
  const raw = await db.all<RawRow>(sql`with ${rowsCte(q)}
    select 'R' as kind, r.month as month, r.company_id as company_id, c.name as name, 1 as orgs, r.files as files, r.live_files as live_files,
      r.records as records, r.live_records as live_records, r.used as used, r.refunded as refunded, null as total_rows
    from r_all r join companies c on c.id = r.company_id
    order by ${orderBy(q.sortBy, q.descending)} limit ${q.limit}`);
  return raw.map((r) => ({ month: r.month!, companyId: r.company_id!, companyName: r.name!, ...figures(r) }));
}

/** Whether the organisation exists (deleted ones too: their history stays in the stats). */
export async function companyExists(db: DbOrTx, companyId: string): Promise<boolean> {
  const rows = await db.all<{ one: number }>(sql`select 1 as one from companies where id = ${companyId}`);
  return rows.length > 0;
}

import { addMonths, isIsoMonth, monthRange, monthsBetween, viennaMonthStartUtc } from '../../../db/domain/months';
import type { Deps } from '../../kernel/deps';
import { AppError } from '../../kernel/errors/errors';
import { pageInfo, pageOf, type PageArgs } from '../../graphql/paging';
import type { Locale } from '../../lib/i18n';
import { statsCsv, type StatsView } from './stats.csv';
import * as repo from './stats.repo';
import type { MonthWindow, StatsMonthRecord, StatsSortColumn } from './stats.repo';

/** The longest period one request may cover (ten years of months). */
export const STATS_MAX_MONTHS = 120;
/** The stats tables' page size. */
export const STATS_PAGE_SIZE = 10;
/** The most rows one CSV download carries (10,000 organisations over 20 months). */
export const STATS_CSV_MAX_ROWS = 200_000;

export type UsageStatsFilters = { fromMonth: string; toMonth: string; companyId?: string | null };
export type UsageStatsOrder = { sortBy?: StatsSortColumn | null; sortDirection?: 'ASC' | 'DESC' | null };

/** The period's Vienna months with the UTC instants each spans; refuses a malformed, reversed or too long period. */
export function periodOf(filters: UsageStatsFilters): MonthWindow[] {
  for (const field of ['fromMonth', 'toMonth'] as const) {
    if (!isIsoMonth(filters[field])) throw new AppError('INVALID_PARAMETERS', { field, reason: 'MONTH_FORMAT' });
  }
  if (filters.toMonth < filters.fromMonth)
    throw new AppError('INVALID_PARAMETERS', { field: 'toMonth', reason: 'END_BEFORE_START' });
  if (monthsBetween(filters.fromMonth, filters.toMonth) > STATS_MAX_MONTHS)
    throw new AppError('INVALID_PARAMETERS', { field: 'toMonth', reason: 'PERIOD_TOO_LONG', max: STATS_MAX_MONTHS });
  return monthRange(filters.fromMonth, filters.toMonth).map((month) => ({
    month,
    startAt: viennaMonthStartUtc(month),
    endAt: viennaMonthStartUtc(addMonths(month, 1)),
  }));
}

/** Organisation names sort A to Z first; figures and months show the largest or newest first. */
function orderOf(order: UsageStatsOrder): { sortBy: StatsSortColumn; descending: boolean } {
  const sortBy = order.sortBy ?? 'MONTH';
  return { sortBy, descending: order.sortDirection ? order.sortDirection === 'DESC' : sortBy !== 'ORGANIZATION' };
}

async function assertCompany(deps: Pick<Deps, 'db'>, companyId: string | null | undefined): Promise<void> {
  if (companyId && !(await repo.companyExists(deps.db, companyId))) throw new AppError('COMPANY_NOT_FOUND');
}

const EMPTY_MONTH = {
  numberOfOrganizations: 0,
  numberOfDatafiles: 0,
  numberOfLiveDatafiles: 0,
  numberOfDataRecords: 0,
  numberOfLiveDataRecords: 0,
  creditsUsed: 0,
  creditsRefunded: 0,
};

/** One page of organisation-month rows, every month's totals (months without activity as zeros) and the period's totals. */
export async function usageStatsPage(
  deps: Pick<Deps, 'db'>,
  filters: UsageStatsFilters,
  order: UsageStatsOrder,
  page: PageArgs,
) {
  const months = periodOf(filters);
  const p = pageOf(page, STATS_PAGE_SIZE);
  await assertCompany(deps, filters.companyId);
  const result = await repo.usageStats(deps.db, {
    months,
    companyId: filters.companyId,
    ...orderOf(order),
    limit: p.limit,
    offset: p.offset,
  });
  const byMonth = new Map(result.months.map((m) => [m.month, m]));
  const everyMonth: StatsMonthRecord[] = months.map(({ month }) => byMonth.get(month) ?? { month, ...EMPTY_MONTH });
  return { months: everyMonth, totals: result.totals, rows: result.rows, pageInfo: pageInfo(p, result.totalRows) };
}

/** Every row for the same filters and order as CSV with the columns of the page `view`, in the caller's language. */
export async function usageStatsCsv(
  deps: Pick<Deps, 'db'>,
  locale: Locale,
  view: StatsView,
  filters: UsageStatsFilters,
  order: UsageStatsOrder,
) {
  const months = periodOf(filters);
  await assertCompany(deps, filters.companyId);
  const rows = await repo.usageStatsRows(deps.db, {
    months,
    companyId: filters.companyId,
    ...orderOf(order),
    limit: STATS_CSV_MAX_ROWS + 1,
  });
  if (rows.length > STATS_CSV_MAX_ROWS)
    throw new AppError('INVALID_PARAMETERS', {
      field: 'toMonth',
      reason: 'SELECTION_TOO_MANY_ROWS',
      max: STATS_CSV_MAX_ROWS,
    });
  const name = view === 'DATA_FILES' ? 'data-files-stats' : 'data-records-stats';
  const organisation = filters.companyId
    ? `_${
        rows[0]?.companyName
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 40) || 'organisation'
      }`
    : '';
  return {
    fileName: `${name}_${filters.fromMonth}_${filters.toMonth}${organisation}.csv`,
    content: statsCsv(view, rows, locale),
  };
}

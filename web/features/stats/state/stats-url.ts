import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { addMonths, isIsoMonth, monthsBetween, viennaMonth, type IsoMonth } from '../../../../db/domain/months';
import type { SortDirection, UsageStatsSortField } from '../../../lib/gql/graphql';

/** The most months the server answers for at once (api stats.service STATS_MAX_MONTHS). */
export const MAX_MONTHS = 120;

const SORT_FIELDS: readonly UsageStatsSortField[] = [
  'ORGANIZATION',
  'MONTH',
  'DATAFILES',
  'LIVE_DATAFILES',
  'MANUAL_DATAFILES',
  'DATA_RECORDS',
  'LIVE_DATA_RECORDS',
  'MANUAL_DATA_RECORDS',
  'CREDITS_USED',
  'CREDITS_REFUNDED',
];

/**
 * What the stats pages show, kept in the URL (shareable view state lives there):
 * the period, the organisation (its name too, so a shared link shows it at once), sort and page.
 */
export type StatsView = {
  from: IsoMonth;
  to: IsoMonth;
  organization: { id: string; name: string } | null;
  sortBy: UsageStatsSortField | null;
  sortDirection: SortDirection | null;
  page: number;
};

/** The default period: the last 12 months up to this (Vienna) month. */
export function defaultPeriod(now = new Date()): { from: IsoMonth; to: IsoMonth } {
  const to = viennaMonth(now);
  return { from: addMonths(to, -11), to };
}

/** Reads the view from a query string; anything malformed falls back to the defaults rather than to an error. */
export function readStatsView(search: string, now = new Date()): StatsView {
  const params = new URLSearchParams(search);
  const period = defaultPeriod(now);
  let from = params.get('from');
  let to = params.get('to');
  if (!isIsoMonth(from) || !isIsoMonth(to) || to < from || monthsBetween(from, to) > MAX_MONTHS)
    ({ from, to } = period);
  const id = params.get('organization');
  const sortBy = params.get('sort') as UsageStatsSortField | null;
  const dir = params.get('dir');
  const page = Number(params.get('page'));
  return {
    from,
    to,
    organization: id ? { id, name: params.get('organizationName') ?? '' } : null,
    sortBy: sortBy && SORT_FIELDS.includes(sortBy) ? sortBy : null,
    sortDirection: dir === 'ASC' || dir === 'DESC' ? dir : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function statsSearch(view: StatsView): string {
  const params = new URLSearchParams({ from: view.from, to: view.to });
  if (view.organization) {
    params.set('organization', view.organization.id);
    if (view.organization.name) params.set('organizationName', view.organization.name);
  }
  if (view.sortBy) params.set('sort', view.sortBy);
  if (view.sortDirection) params.set('dir', view.sortDirection);
  if (view.page > 1) params.set('page', String(view.page));
  return params.toString();
}

/** The view and a setter that writes a change into the URL (replacing the entry: filters are not history steps). */
export function useStatsView(): [StatsView, (change: Partial<StatsView>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = readStatsView(search);
  const update = useCallback(
    (change: Partial<StatsView>) =>
      navigate(`${location}?${statsSearch({ ...readStatsView(search), ...change })}`, { replace: true }),
    [location, navigate, search],
  );
  return [view, update];
}

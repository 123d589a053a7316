import { AppError } from '../kernel/errors/errors';

/** The PageInput argument of paged lists (base.graphql). */
export type PageArgs = { page?: number | null; limit?: number | null } | null | undefined;

/** The most rows one page may ask for. */
export const PAGE_LIMIT_MAX = 100;

/** Page arguments: page from 1, limit 1..100 (default 5, the admin tables' page size). */
export function pageOf(page: PageArgs, defaultLimit = 5) {
  const p = page?.page ?? 1;
  const limit = page?.limit ?? defaultLimit;
  if (!Number.isInteger(p) || p < 1 || p > 1_000_000)
    throw new AppError('INVALID_PARAMETERS', { field: 'page', reason: 'OUT_OF_RANGE', min: 1, max: 1_000_000 });
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_LIMIT_MAX)
    throw new AppError('INVALID_PARAMETERS', { field: 'limit', reason: 'OUT_OF_RANGE', min: 1, max: PAGE_LIMIT_MAX });
  return { page: p, limit, offset: (p - 1) * limit };
}

/** The PageInfo of base.graphql for a page of a list of `total` rows. */
export function pageInfo(page: { page: number; limit: number }, total: number) {
  const last = Math.max(1, Math.ceil(total / page.limit));
  return {
    page: page.page,
    limit: page.limit,
    total,
    previousPage: page.page > 1 ? page.page - 1 : null,
    nextPage: page.page < last ? page.page + 1 : null,
  };
}

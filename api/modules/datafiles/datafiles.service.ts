import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { pageOf, type PageArgs } from '../../graphql/paging';
import { canUploadTo } from './datafiles.policy';
import {
  contributorsOf,
  listDatafiles,
  peopleByIds,
  type DatafileListType,
  type DatafileSortField,
} from './datafiles-list.repo';

export type DatafileListFilters =
  | {
      importType?: DatafileListType | null;
      companyId?: string | null;
      search?: string | null;
      sort?: DatafileSortField | null;
      sortDirection?: 'ASC' | 'DESC' | null;
    }
  | null
  | undefined;

/** The datafiles list's page size when the caller names none. */
export const DATAFILE_PAGE_SIZE = 10;

/**
 * One page of the datafiles list. The organisation filter is the operators'; anyone else may name
 * only their own organisation (another one answers COMPANY_NOT_FOUND, like a missing one).
 */
export async function datafilesForViewer(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  filters: DatafileListFilters,
  paging: PageArgs,
) {
  const page = pageOf(paging, DATAFILE_PAGE_SIZE);
  const companyId = filters?.companyId ?? null;
  if (companyId !== null && viewer.accessLevel !== 'SUPER_ADMIN' && companyId !== viewer.ownCompanyId)
    throw new AppError('COMPANY_NOT_FOUND');
  const search = filters?.search?.trim() ?? '';
  if (search.length > 100) throw new AppError('INVALID_PARAMETERS', { field: 'search', reason: 'TOO_LONG', max: 100 });
  const { rows, total } = await listDatafiles(deps.db, viewer, {
    type: filters?.importType ?? 'ALL',
    companyId,
    search: search || null,
    sort: filters?.sort ?? 'CREATED_AT',
    direction: filters?.sortDirection ?? 'DESC',
    limit: page.limit,
    offset: page.offset,
  });
  const ids = rows.map((r) => r.id);
  const [people, contributors] = await Promise.all([
    peopleByIds(
      deps.db,
      rows.map((r) => r.ownerId),
    ),
    contributorsOf(deps.db, ids),
  ]);
  const last = Math.max(1, Math.ceil(total / page.limit));
  return {
    datafiles: rows.map((r) => {
      const owner = people.get(r.ownerId);
      return {
        ...r,
        owner: owner ?? {
          id: r.ownerId,
          firstName: '',
          lastName: '',
          image: null,
          email: '',
          accessLevel: 'EMPLOYEE' as const,
          locale: 'de' as const,
        },
        contributors: contributors.get(r.id) ?? [],
        canManage: canUploadTo(viewer, { companyId: r.companyId, ownerId: r.ownerId, isDeleted: false }),
      };
    }),
    currentPage: page.page,
    previousPage: page.page > 1 ? page.page - 1 : null,
    nextPage: page.page < last ? page.page + 1 : null,
    totalNumberOfDatafiles: total,
  };
}

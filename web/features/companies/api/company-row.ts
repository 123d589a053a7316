import type {
  CompanySortField,
  GetAllActiveCompaniesQuery,
  GetAllActiveCompaniesQueryVariables,
  GetAllNewCompaniesQuery,
} from '../../../lib/gql/graphql';

export type { CompanySortField } from '../../../lib/gql/graphql';

/** Rows per page of the admin tables. */
export const ADMIN_PAGE_SIZE = 5;

/** A row of the Organizations tab, as getAllActiveCompanies selects it. */
export type ActiveCompanyRow = GetAllActiveCompaniesQuery['getAllActiveCompanies']['companies'][number];
/** A row of the New Registrations tab, as getAllNewCompanies selects it. */
export type NewCompanyRow = GetAllNewCompaniesQuery['getAllNewCompanies']['companies'][number];

/** Both tabs page, search and sort alike (the variables of both queries are the same). */
export type CompanyListVariables = GetAllActiveCompaniesQueryVariables & {
  search: string | null;
  sortBy: CompanySortField | null;
  sortDirection: 'ASC' | 'DESC' | null;
  page: { page: number; limit: number };
};

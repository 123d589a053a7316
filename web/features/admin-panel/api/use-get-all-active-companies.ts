import { useGqlQuery } from '../../../lib/swr-helpers';
import type { CompanyListVariables, CompanyPage } from './company-row';

const DOCUMENT = /* GraphQL */ `
  query getAllActiveCompanies($search: String, $sortBy: CompanySortField, $sortDirection: SortDirection, $page: PageInput) {
    getAllActiveCompanies(search: $search, sortBy: $sortBy, sortDirection: $sortDirection, page: $page) {
      companies {
        id
        name
        image
        isActivated
        createdDate
        supportLevel
        contract { id type startDate endDate remainingDays status }
        activeCreditOverview { totalActiveBalance totalActiveReceived totalReceivedFromPayAsUsage }
        latestDataImport { daysAgo }
      }
      pageInfo { page limit total previousPage nextPage }
    }
  }
`;

/** ACTIVATED organisations; paging, search and sort run on the server (10,000 companies). */
export function useGetAllActiveCompanies(variables: CompanyListVariables) {
  return useGqlQuery<{ getAllActiveCompanies: CompanyPage }, CompanyListVariables>(DOCUMENT, 'getAllActiveCompanies', variables, { keepPreviousData: true });
}

import { graphql } from '../../../lib/gql';
import { primeQuery, useGqlQuery } from '../../../lib/swr-helpers';
import { readSessionPage } from '../state/session-page';
import { ADMIN_PAGE_SIZE, type CompanyListVariables } from './company-row';

const DOCUMENT = graphql(`
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
`);

/** ACTIVATED organisations; paging, search and sort run on the server (10,000 companies). */
export function useGetAllActiveCompanies(variables: CompanyListVariables) {
  return useGqlQuery(DOCUMENT, variables, { keepPreviousData: true });
}

/** sessionStorage key of the Organizations tab's page (remembered for the session). */
export const ORGANIZATIONS_PAGE_KEY = 'adminPanel.organizations.page';

/** What the Organizations tab asks for when it opens: no search, no sort, the remembered page. */
export function firstOrganizationsPageVariables(): CompanyListVariables {
  return {
    search: null,
    sortBy: null,
    sortDirection: null,
    page: { page: readSessionPage(ORGANIZATIONS_PAGE_KEY), limit: ADMIN_PAGE_SIZE },
  };
}

/**
 * Starts the Organizations tab's first request at boot, in parallel with `me`. The answer is handed
 * to the tab only once `isAllowed` (the `me` check) resolves true, so no other role ever sees it.
 */
export function prefetchFirstOrganizationsPage(isAllowed: Promise<boolean>): void {
  void primeQuery(DOCUMENT, firstOrganizationsPageVariables(), isAllowed).catch(() => undefined);
}

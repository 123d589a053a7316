import { graphql } from '../../../lib/gql';
import { useGqlQuery } from '../../../lib/swr-helpers';
import type { CompanyListVariables } from './company-row';

const DOCUMENT = graphql(`
  query getAllNewCompanies($search: String, $sortBy: CompanySortField, $sortDirection: SortDirection, $page: PageInput) {
    getAllNewCompanies(search: $search, sortBy: $sortBy, sortDirection: $sortDirection, page: $page) {
      companies {
        id
        name
        image
        isActivated
        createdDate
        companyOwner { id name { first last } email image }
      }
      pageInfo { page limit total previousPage nextPage }
    }
  }
`);

/** PENDING registrations, paged and searched on the server. */
export function useGetAllNewCompanies(variables: CompanyListVariables) {
  return useGqlQuery(DOCUMENT, variables, { keepPreviousData: true });
}

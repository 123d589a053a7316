import { graphql } from '../../../lib/gql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getActiveCompanyAdminUsers($companyId: ID!) {
    getActiveCompanyAdminUsers(companyId: $companyId) { id name { first last } email image accessLevel status isOwner numberOfImports }
  }
`);

export function useGetActiveCompanyAdminUsers(companyId: string | null) {
  return useGqlQuery(DOCUMENT, { companyId: companyId ?? '' }, { enabled: Boolean(companyId) });
}

import { graphql } from '../../../lib/gql';
import type { GetCompanyUsersQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getCompanyUsers($companyId: ID!) {
    getCompanyUsers(companyId: $companyId) {
      id
      name { first last }
      email
      image
      accessLevel
      status
      apiKey { hint createdAt }
      isOwner
      numberOfImports
    }
  }
`);

/**
 * A user of the organisation as getCompanyUsers selects it; status ACTIVATED is an active user, any
 * other a pending one.
 */
export type CompanyUser = GetCompanyUsersQuery['getCompanyUsers'][number];

/** Every user of the company, active and pending. */
export function useGetCompanyUsers(companyId: string) {
  return useGqlQuery(DOCUMENT, { companyId });
}

import { graphql } from '../../../lib/gql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query isCompnayHavingUpcomingContract($companyId: ID!) {
    isCompnayHavingUpcomingContract(companyId: $companyId)
  }
`);

export function useIsCompanyHavingUpcomingContract(companyId: string, enabled = true) {
  return useGqlQuery(DOCUMENT, { companyId }, { enabled });
}

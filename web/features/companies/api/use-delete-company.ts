import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation deleteCompany($companyId: ID!) {
    deleteCompany(companyId: $companyId) {
      status
      message
    }
  }
`);

export function useDeleteCompany() {
  return useGqlMutation(DOCUMENT);
}

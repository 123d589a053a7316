import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation deleteContract($contractId: ID!) {
    deleteContract(contractId: $contractId) {
      status
      message
    }
  }
`);

export function useDeleteContract() {
  return useGqlMutation(DOCUMENT);
}

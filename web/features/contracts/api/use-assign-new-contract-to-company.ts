import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation assignNewContractToCompany($input: AssignContractInput!) {
    assignNewContractToCompany(input: $input) {
      status
      message
    }
  }
`);

export function useAssignNewContractToCompany() {
  return useGqlMutation(DOCUMENT);
}

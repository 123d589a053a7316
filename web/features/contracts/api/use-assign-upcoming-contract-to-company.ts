import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation assignUpcomingContractToCompany($input: AssignContractInput!) {
    assignUpcomingContractToCompany(input: $input) {
      status
      message
    }
  }
`);

export function useAssignUpcomingContractToCompany() {
  return useGqlMutation(DOCUMENT);
}

import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation activateOrganization($input: ActivateOrganizationInput!) {
    activateOrganization(input: $input) {
      status
      message
    }
  }
`);

export function useActivateOrganization() {
  return useGqlMutation(DOCUMENT);
}

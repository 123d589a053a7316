import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation updateUserOnActivation($input: UserActivationInput!) {
    updateUserOnActivation(input: $input) {
      status
      message
    }
  }
`);

export function useUpdateUserOnActivation() {
  return useGqlMutation(DOCUMENT);
}

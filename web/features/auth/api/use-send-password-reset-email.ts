import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation sendPasswordResetEmail($email: String!) {
    sendPasswordResetEmail(email: $email) {
      status
      message
    }
  }
`);

export function useSendPasswordResetEmail() {
  return useGqlMutation(DOCUMENT);
}

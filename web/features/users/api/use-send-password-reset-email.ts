import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

// The same call as the forgot-password page; features do not import each other (the linter holds that).
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

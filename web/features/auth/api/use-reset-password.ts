import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation resetPassword($newPassword: String!, $passwordResetToken: String!) {
    resetPassword(newPassword: $newPassword, passwordResetToken: $passwordResetToken) {
      status
      message
    }
  }
`);

export function useResetPassword() {
  return useGqlMutation(DOCUMENT);
}

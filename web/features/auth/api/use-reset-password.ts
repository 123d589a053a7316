import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation resetPassword($newPassword: String!, $passwordResetToken: String!) {
    resetPassword(newPassword: $newPassword, passwordResetToken: $passwordResetToken) {
      status
      message
    }
  }
`;

export type ResetPasswordVariables = { newPassword: string; passwordResetToken: string };

export function useResetPassword() {
  return useGqlMutation<{ resetPassword: StatusResponse }, ResetPasswordVariables>(DOCUMENT, 'resetPassword');
}

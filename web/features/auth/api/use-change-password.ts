import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation changePassword($oldPassword: String!, $newPassword: String!) {
    changePassword(oldPassword: $oldPassword, newPassword: $newPassword) {
      status
      message
    }
  }
`;

export type ChangePasswordVariables = { oldPassword: string; newPassword: string };

export function useChangePassword() {
  return useGqlMutation<{ changePassword: StatusResponse }, ChangePasswordVariables>(DOCUMENT, 'changePassword');
}

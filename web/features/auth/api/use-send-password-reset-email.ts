import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation sendPasswordResetEmail($email: String!) {
    sendPasswordResetEmail(email: $email) {
      status
      message
    }
  }
`;

export type SendPasswordResetEmailVariables = { email: string };

export function useSendPasswordResetEmail() {
  return useGqlMutation<{ sendPasswordResetEmail: StatusResponse }, SendPasswordResetEmailVariables>(DOCUMENT, 'sendPasswordResetEmail');
}

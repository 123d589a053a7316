import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

// The same call as the forgot-password page; features do not import each other (architecture.md).
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

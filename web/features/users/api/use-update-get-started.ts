import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation updateGetStarted($userId: ID!) {
    updateGetStarted(userId: $userId) {
      status
      message
    }
  }
`;

export type UpdateGetStartedVariables = { userId: string };

export function useUpdateGetStarted() {
  return useGqlMutation<{ updateGetStarted: StatusResponse }, UpdateGetStartedVariables>(DOCUMENT, 'updateGetStarted');
}

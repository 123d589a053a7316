import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation updateNPS($userId: ID!, $nextNPSDate: String) {
    updateNPS(userId: $userId, nextNPSDate: $nextNPSDate) {
      status
      message
    }
  }
`;

export type UpdateNpsVariables = { userId: string; nextNPSDate: string | null };

export function useUpdateNps() {
  return useGqlMutation<{ updateNPS: StatusResponse }, UpdateNpsVariables>(DOCUMENT, 'updateNPS');
}

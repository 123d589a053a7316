import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation deleteContract($contractId: ID!) {
    deleteContract(contractId: $contractId) {
      status
      message
    }
  }
`;

export function useDeleteContract() {
  return useGqlMutation<{ deleteContract: StatusResponse }, { contractId: string }>(DOCUMENT, 'deleteContract');
}

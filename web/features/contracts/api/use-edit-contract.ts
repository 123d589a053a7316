import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation editContract($contractToEdit: EditContractInput!) {
    editContract(contractToEdit: $contractToEdit) {
      status
      message
    }
  }
`;

export function useEditContract() {
  return useGqlMutation<{ editContract: StatusResponse }, { contractToEdit: { contractId: string; startDate: string; endDate: string; autoRenew: boolean } }>(DOCUMENT, 'editContract');
}

import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';
import type { AssignContractVariables } from './contract-inputs';

const DOCUMENT = /* GraphQL */ `
  mutation assignNewContractToCompany($input: AssignContractInput!) {
    assignNewContractToCompany(input: $input) {
      status
      message
    }
  }
`;

export function useAssignNewContractToCompany() {
  return useGqlMutation<{ assignNewContractToCompany: StatusResponse }, AssignContractVariables>(DOCUMENT, 'assignNewContractToCompany');
}

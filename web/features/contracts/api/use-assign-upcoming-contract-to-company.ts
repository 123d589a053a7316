import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';
import type { AssignContractVariables } from './contract-inputs';

const DOCUMENT = /* GraphQL */ `
  mutation assignUpcomingContractToCompany($input: AssignContractInput!) {
    assignUpcomingContractToCompany(input: $input) {
      status
      message
    }
  }
`;

export function useAssignUpcomingContractToCompany() {
  return useGqlMutation<{ assignUpcomingContractToCompany: StatusResponse }, AssignContractVariables>(DOCUMENT, 'assignUpcomingContractToCompany');
}

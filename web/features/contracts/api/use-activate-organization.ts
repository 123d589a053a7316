import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';
import type { ActivateOrganizationVariables } from './contract-inputs';

const DOCUMENT = /* GraphQL */ `
  mutation activateOrganization($input: ActivateOrganizationInput!) {
    activateOrganization(input: $input) {
      status
      message
    }
  }
`;

export function useActivateOrganization() {
  return useGqlMutation<{ activateOrganization: StatusResponse }, ActivateOrganizationVariables>(DOCUMENT, 'activateOrganization');
}

import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation updateUserOnActivation($input: UserActivationInput!) {
    updateUserOnActivation(input: $input) {
      status
      message
    }
  }
`;

export type UpdateUserOnActivationVariables = { input: { token: string; password?: string } };

export function useUpdateUserOnActivation() {
  return useGqlMutation<{ updateUserOnActivation: StatusResponse }, UpdateUserOnActivationVariables>(DOCUMENT, 'updateUserOnActivation');
}

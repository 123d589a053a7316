import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation logout {
    logout {
      status
      message
    }
  }
`;

export type LogoutVariables = Record<string, never>;

export function useLogout() {
  return useGqlMutation<{ logout: StatusResponse }, LogoutVariables>(DOCUMENT, 'logout');
}

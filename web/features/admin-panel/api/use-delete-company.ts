import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation deleteCompany($companyId: ID!) {
    deleteCompany(companyId: $companyId) {
      status
      message
    }
  }
`;

export function useDeleteCompany() {
  return useGqlMutation<{ deleteCompany: StatusResponse }, { companyId: string }>(DOCUMENT, 'deleteCompany');
}

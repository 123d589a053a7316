import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation registerCompany($input: RegisterCompanyInput!) {
    registerCompany(input: $input) {
      status
      message
    }
  }
`;

export type RegisterCompanyVariables = { input: { companyName: string; firstName: string; lastName: string; email: string; password: string; termsAccepted: boolean; locale: string } };

export function useRegisterCompany() {
  return useGqlMutation<{ registerCompany: StatusResponse }, RegisterCompanyVariables>(DOCUMENT, 'registerCompany');
}

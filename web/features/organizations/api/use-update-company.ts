import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation updateCompany($companyToUpdate: UpdateCompanyInput!) {
    updateCompany(companyToUpdate: $companyToUpdate) {
      status
      message
    }
  }
`;

export type UpdateCompanyInput = {
  id: string;
  name: string;
  legalName: string | null;
  VATNumber: string | null;
  image: string | null;
  address: { street: string | null; postalCode: string | null; city: string | null; country: string | null };
  /** Operators only: an ADMIN must not send these four (the server refuses them). */
  accountManager?: string;
  companyOwner?: string;
  supportLevel?: string;
  comment?: string | null;
};

export function useUpdateCompany() {
  return useGqlMutation<{ updateCompany: StatusResponse }, { companyToUpdate: UpdateCompanyInput }>(DOCUMENT, 'updateCompany');
}

import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = /* GraphQL */ `
  query getCompany($companyId: ID!) {
    getCompany(companyId: $companyId) {
      id
      name
      legalName
      VATNumber
      image
      accountManager
      supportLevel
      comment
      isActivated
      address { street city postalCode country }
      companyOwner { id name { first last } }
      contract { id status endDate remainingDays }
    }
  }
`;

export type CompanyDetails = {
  id: string;
  name: string;
  legalName: string | null;
  VATNumber: string | null;
  image: string | null;
  accountManager: string | null;
  supportLevel: 'A' | 'B' | 'C' | null;
  comment: string | null;
  isActivated: 'PENDING' | 'ACTIVATED' | 'DEACTIVATED';
  address: { street: string | null; city: string | null; postalCode: string | null; country: string | null };
  companyOwner: { id: string; name: { first: string; last: string } } | null;
  /** The ACTIVE contract, if any; remainingDays counts today (Vienna). */
  contract: { id: string; status: string; endDate: string; remainingDays: number | null } | null;
};

export function useGetCompany(companyId: string | null) {
  return useGqlQuery<{ getCompany: CompanyDetails }, { companyId: string }>(DOCUMENT, 'getCompany', { companyId: companyId ?? '' }, { enabled: Boolean(companyId) });
}

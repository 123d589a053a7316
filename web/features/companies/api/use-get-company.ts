import { graphql } from '../../../lib/gql';
import type { GetCompanyQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
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
`);

/** The organisation as getCompany selects it; `contract` is the ACTIVE one, remainingDays counting today (Vienna). */
export type CompanyDetails = GetCompanyQuery['getCompany'];

export function useGetCompany(companyId: string | null) {
  return useGqlQuery(DOCUMENT, { companyId: companyId ?? '' }, { enabled: Boolean(companyId) });
}

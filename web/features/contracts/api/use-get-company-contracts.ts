import { useGqlQuery } from '../../../lib/swr-helpers';
import type { Contract } from './contract-types';


const DOCUMENT = /* GraphQL */ `
  query getCompanyContracts($companyId: ID!) {
    getCompanyContracts(companyId: $companyId) {
      id
      name
      type
      status
      startDate
      endDate
      autoRenew
      durationInDays
      remainingDays
      numberOfDatafiles
      numberOfDataRecords
      createdAt
      createdBy { id name }
      primaryCreditPlan { id name type category status isPayPerUsage isNextAvailable pricePerCredit credits { balance received } }
      backupCreditPlan { id name type category status isPayPerUsage isNextAvailable pricePerCredit credits { balance received } }
    }
  }
`;

export const COMPANY_CONTRACTS_OPERATION = 'getCompanyContracts';

/** The company's contracts, newest first (ADMIN: without UPCOMING ones and operator fields). */
export function useGetCompanyContracts(companyId: string | null) {
  return useGqlQuery<{ getCompanyContracts: Contract[] }, { companyId: string }>(DOCUMENT, COMPANY_CONTRACTS_OPERATION, { companyId: companyId ?? '' }, { enabled: Boolean(companyId) });
}

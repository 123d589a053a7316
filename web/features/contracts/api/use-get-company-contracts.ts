import { graphql } from '../../../lib/gql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
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
`);

/** The company's contracts, newest first (ADMIN: without UPCOMING ones and operator fields). */
export function useGetCompanyContracts(companyId: string | null) {
  return useGqlQuery(DOCUMENT, { companyId: companyId ?? '' }, { enabled: Boolean(companyId) });
}

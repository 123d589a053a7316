import { graphql } from '../../../lib/gql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getCompanyCreditSummary($companyId: ID!) {
    getCompanyCreditSummary(companyId: $companyId) {
      activeCreditPlanBalance
      activeCreditPlanReceived
      activePayAsUsageCreditPlanReceived
      pricePerCreditForPayAsUsage
      totalReceived
      totalBalance
      totalUsed
      totalRefunded
      totalExpired
    }
  }
`);

export function useGetCompanyCreditSummary(companyId: string | null) {
  return useGqlQuery(DOCUMENT, { companyId: companyId ?? '' }, { enabled: Boolean(companyId) });
}

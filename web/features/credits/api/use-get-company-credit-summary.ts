import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = /* GraphQL */ `
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
`;

export type CompanyCreditSummary = {
  activeCreditPlanBalance: number;
  activeCreditPlanReceived: number;
  activePayAsUsageCreditPlanReceived: number;
  /** Euro cents per credit. */
  pricePerCreditForPayAsUsage: number;
  /** History of the prepaid plans: totalReceived - totalBalance = totalUsed - totalRefunded + totalExpired. */
  totalReceived: number;
  totalBalance: number;
  totalUsed: number;
  totalRefunded: number;
  totalExpired: number;
};

export function useGetCompanyCreditSummary(companyId: string | null) {
  return useGqlQuery<{ getCompanyCreditSummary: CompanyCreditSummary }, { companyId: string }>(DOCUMENT, 'getCompanyCreditSummary', { companyId: companyId ?? '' }, { enabled: Boolean(companyId) });
}

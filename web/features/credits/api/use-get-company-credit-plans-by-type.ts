import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = /* GraphQL */ `
  query getCompanyCreditPlansByType($companyId: ID!, $type: CreditPlanRole!) {
    getCompanyCreditPlansByType(companyId: $companyId, type: $type) {
      id
      name
      createdAt
      type
      planType
      category
      status
      credits { balance received }
      isPayPerUsage
      pricePerCredit
      startDate
      expirationDate
      invoice { number url }
      isNextAvailable
    }
  }
`;

export type CreditPlanRow = {
  id: string;
  name: string;
  createdAt: string;
  type: 'PRIMARY' | 'SECONDARY' | 'BACKUP';
  planType: string;
  category: string;
  status: 'ACTIVE' | 'DEACTIVE' | 'UPCOMING' | 'EXPIRED';
  credits: { balance: number; received: number };
  isPayPerUsage: boolean;
  pricePerCredit: number;
  startDate: string;
  expirationDate: string | null;
  invoice: { number: string | null; url: string | null } | null;
  isNextAvailable: boolean;
};

/** The organisation's plans of one role; the 'Other Credit Plans' tab asks for SECONDARY. */
export function useGetCompanyCreditPlansByType(companyId: string, type: 'PRIMARY' | 'SECONDARY' | 'BACKUP') {
  return useGqlQuery<{ getCompanyCreditPlansByType: CreditPlanRow[] }, { companyId: string; type: string }>(DOCUMENT, 'getCompanyCreditPlansByType', { companyId, type });
}

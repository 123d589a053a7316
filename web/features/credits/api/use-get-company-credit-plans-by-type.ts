import { graphql } from '../../../lib/gql';
import type { CreditPlanRole } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
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
`);

/** The organisation's plans of one role; the 'Other Credit Plans' tab asks for SECONDARY. */
export function useGetCompanyCreditPlansByType(companyId: string, type: CreditPlanRole) {
  return useGqlQuery(DOCUMENT, { companyId, type });
}

import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = /* GraphQL */ `
  query isCompnayHavingUpcomingContract($companyId: ID!) {
    isCompnayHavingUpcomingContract(companyId: $companyId)
  }
`;

export const UPCOMING_CONTRACT_OPERATION = 'isCompnayHavingUpcomingContract';

export function useIsCompanyHavingUpcomingContract(companyId: string, enabled = true) {
  return useGqlQuery<{ isCompnayHavingUpcomingContract: boolean }, { companyId: string }>(DOCUMENT, UPCOMING_CONTRACT_OPERATION, { companyId }, { enabled });
}

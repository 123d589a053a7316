import { gqlRequest } from '../../../lib/graphql-client';
import { primeQuery, useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = /* GraphQL */ `
  query getCompaniesSummary {
    getCompaniesSummary { numberOfActiveCompanies numberOfNewCompanies }
  }
`;

type CompaniesSummary = { getCompaniesSummary: { numberOfActiveCompanies: number; numberOfNewCompanies: number } };

export function useGetCompaniesSummary() {
  return useGqlQuery<CompaniesSummary>(DOCUMENT, 'getCompaniesSummary', {});
}

/** Starts the tab badges' request at boot with the first Organizations page; handed out only once `isAllowed` resolves true. */
export function prefetchCompaniesSummary(isAllowed: Promise<boolean>): void {
  primeQuery('getCompaniesSummary', {}, gqlRequest<CompaniesSummary>(DOCUMENT, 'getCompaniesSummary', {}), isAllowed);
}

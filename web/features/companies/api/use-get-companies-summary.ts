import { graphql } from '../../../lib/gql';
import { primeQuery, useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getCompaniesSummary {
    getCompaniesSummary { numberOfActiveCompanies numberOfNewCompanies }
  }
`);

export function useGetCompaniesSummary() {
  return useGqlQuery(DOCUMENT, {});
}

/** Starts the tab badges' request at boot with the first Organizations page; handed out only once `isAllowed` resolves true. */
export function prefetchCompaniesSummary(isAllowed: Promise<boolean>): void {
  void primeQuery(DOCUMENT, {}, isAllowed).catch(() => undefined);
}

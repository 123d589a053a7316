import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = /* GraphQL */ `
  query getCompaniesSummary {
    getCompaniesSummary { numberOfActiveCompanies numberOfNewCompanies }
  }
`;

export function useGetCompaniesSummary() {
  return useGqlQuery<{ getCompaniesSummary: { numberOfActiveCompanies: number; numberOfNewCompanies: number } }>(DOCUMENT, 'getCompaniesSummary', {});
}

import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = /* GraphQL */ `
  query getCompanyStats($companyId: ID!) {
    getCompanyStats(companyId: $companyId) { numberOfDataImports numberOfDataRecords numberOfUsers }
  }
`;

export type CompanyStats = { numberOfDataImports: number; numberOfDataRecords: number; numberOfUsers: number };

export function useGetCompanyStats(companyId: string | null) {
  return useGqlQuery<{ getCompanyStats: CompanyStats }, { companyId: string }>(DOCUMENT, 'getCompanyStats', { companyId: companyId ?? '' }, { enabled: Boolean(companyId) });
}

import { graphql } from '../../../lib/gql';
import type { GetCompanyStatsQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getCompanyStats($companyId: ID!) {
    getCompanyStats(companyId: $companyId) { numberOfDataImports numberOfDataRecords numberOfUsers }
  }
`);

export type CompanyStats = GetCompanyStatsQuery['getCompanyStats'];

export function useGetCompanyStats(companyId: string | null) {
  return useGqlQuery(DOCUMENT, { companyId: companyId ?? '' }, { enabled: Boolean(companyId) });
}

import { graphql } from '../../../lib/gql';
import type { GetUsageStatsByMonthQuery, GetUsageStatsByMonthQueryVariables } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getUsageStatsByMonth($filters: UsageStatsFilters!, $sortBy: UsageStatsSortField, $sortDirection: SortDirection, $paginationInfo: PageInput) {
    getUsageStatsByMonth(filters: $filters, sortBy: $sortBy, sortDirection: $sortDirection, paginationInfo: $paginationInfo) {
      months {
        month
        numberOfOrganizations
        numberOfDatafiles
        numberOfLiveDatafiles
        numberOfManualDatafiles
        numberOfDataRecords
        numberOfLiveDataRecords
        numberOfManualDataRecords
        creditsUsed
        creditsRefunded
      }
      totals {
        numberOfOrganizations
        numberOfDatafiles
        numberOfLiveDatafiles
        numberOfManualDatafiles
        numberOfDataRecords
        numberOfLiveDataRecords
        numberOfManualDataRecords
        creditsUsed
        creditsRefunded
      }
      rows {
        month
        organization { id name }
        numberOfDatafiles
        numberOfLiveDatafiles
        numberOfManualDatafiles
        numberOfDataRecords
        numberOfLiveDataRecords
        numberOfManualDataRecords
        creditsUsed
        creditsRefunded
      }
      pageInfo { page limit total previousPage nextPage }
    }
  }
`);

export type UsageStats = GetUsageStatsByMonthQuery['getUsageStatsByMonth'];
export type UsageStatsRow = UsageStats['rows'][number];
export type UsageStatsMonth = UsageStats['months'][number];
export type UsageStatsVariables = GetUsageStatsByMonthQueryVariables;

/** One page of the operator stats; the previous answer stays while the next page, sort or period loads. */
export function useGetUsageStatsByMonth(variables: UsageStatsVariables) {
  return useGqlQuery(DOCUMENT, variables, { keepPreviousData: true });
}

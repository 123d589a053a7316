import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

// A query sent on demand (the download button), not kept in the cache: the hook of a mutation fits.
const DOCUMENT = graphql(`
  query getUsageStatsCsv($view: UsageStatsView!, $filters: UsageStatsFilters!, $sortBy: UsageStatsSortField, $sortDirection: SortDirection) {
    getUsageStatsCsv(view: $view, filters: $filters, sortBy: $sortBy, sortDirection: $sortDirection) {
      fileName
      content
    }
  }
`);

/** The CSV of the selection as the server writes it (formula-looking text neutralised there). */
export function useGetUsageStatsCsv() {
  return useGqlMutation(DOCUMENT);
}

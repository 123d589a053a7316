import { graphql } from '../../../lib/gql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getStatsOrganizations($search: String, $page: PageInput) {
    getCompanies(search: $search, sortBy: NAME, page: $page) {
      companies { id name isActivated }
      pageInfo { total }
    }
  }
`);

/** Organisations by name for the stats' organisation filter (every status: past customers have history). */
export function useGetStatsOrganizations(search: string, enabled: boolean) {
  return useGqlQuery(
    DOCUMENT,
    { search: search || null, page: { page: 1, limit: 8 } },
    { enabled, keepPreviousData: true },
  );
}

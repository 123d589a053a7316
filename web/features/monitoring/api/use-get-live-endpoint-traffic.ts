import { graphql } from '../../../lib/gql';
import type { GetLiveEndpointTrafficQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';
import { monitoringRefresh } from './refresh';

const DOCUMENT = graphql(`
  query getLiveEndpointTraffic($minutes: Int) {
    getLiveEndpointTraffic(minutes: $minutes) {
      from
      to
      minutes { minute requests refusals }
      endpoints { endpoint requests refusals lastCallAt }
      refusalReasons { reason refusals lastRefusalAt }
      recentRefusals { at endpoint reason datafileId keyKind source origin }
    }
  }
`);

export type LiveEndpointTraffic = GetLiveEndpointTrafficQuery['getLiveEndpointTraffic'];

export function useGetLiveEndpointTraffic(minutes = 60) {
  return useGqlQuery(DOCUMENT, { minutes }, monitoringRefresh());
}

import { graphql } from '../../../lib/gql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const GET_MY_DATAFILES_SUMMARY_FOR_DASHBOARD = graphql(`
  query getMyDatafilesSummaryForDashboard {
    getMyDatafilesSummaryForDashboard {
      numberOfDatafiles
      numberOfQualityScores
      numberOfDataRecords
      combinedScore {
        numberOfScoredRecords
        average
        trafficLight
        bands {
          from
          to
          count
        }
      }
      scoreKinds {
        kind
        numberOfScoredRecords
        average
        trafficLight
      }
      latestDatafiles {
        id
        title
        createdAt
        numberOfRecords
        averageCombinedScore
        trafficLight
      }
    }
  }
`);

export function useGetMyDatafilesSummaryForDashboard() {
  return useGqlQuery(GET_MY_DATAFILES_SUMMARY_FOR_DASHBOARD, {});
}

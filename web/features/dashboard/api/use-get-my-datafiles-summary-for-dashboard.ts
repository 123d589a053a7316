import { useGqlQuery } from '../../../lib/swr-helpers';

const GET_MY_DATAFILES_SUMMARY_FOR_DASHBOARD = /* GraphQL */ `
  query getMyDatafilesSummaryForDashboard {
    getMyDatafilesSummaryForDashboard {
      numberOfDatafiles
      numberOfQualityScores
      numberOfDataRecords
    }
  }
`;

export type DashboardSummary = { numberOfDatafiles: number; numberOfQualityScores: number; numberOfDataRecords: number };

export function useGetMyDatafilesSummaryForDashboard() {
  return useGqlQuery<{ getMyDatafilesSummaryForDashboard: DashboardSummary }>(
    GET_MY_DATAFILES_SUMMARY_FOR_DASHBOARD,
    'getMyDatafilesSummaryForDashboard',
    {},
  );
}

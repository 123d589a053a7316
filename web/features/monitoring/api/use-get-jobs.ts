import { graphql } from '../../../lib/gql';
import type { GetJobsQuery, GetJobsQueryVariables } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';
import { monitoringRefresh } from './refresh';

const DOCUMENT = graphql(`
  query getJobs($filters: JobFilters, $paginationInfo: PageInput) {
    getJobs(filters: $filters, paginationInfo: $paginationInfo) {
      jobs { id kind state attempts maxAttempts progress errorCode errorDetail payload createdAt startedAt finishedAt runAfter cancelRequestedAt isStalled }
      pageInfo { page limit total }
    }
  }
`);

export type JobRow = GetJobsQuery['getJobs']['jobs'][number];

export function useGetJobs(variables: GetJobsQueryVariables) {
  return useGqlQuery(DOCUMENT, variables, monitoringRefresh());
}

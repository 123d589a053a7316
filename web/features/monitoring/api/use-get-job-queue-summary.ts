import { graphql } from '../../../lib/gql';
import type { GetJobQueueSummaryQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';
import { monitoringRefresh } from './refresh';

const DOCUMENT = graphql(`
  query getJobQueueSummary {
    getJobQueueSummary {
      measuredAt
      kinds { kind waiting running failed succeededLastDay failedLastDay cancelledLastDay processingP50Ms processingP95Ms waitingP50Ms waitingP95Ms }
    }
  }
`);

export type JobKindSummary = GetJobQueueSummaryQuery['getJobQueueSummary']['kinds'][number];

export function useGetJobQueueSummary() {
  return useGqlQuery(DOCUMENT, {}, monitoringRefresh());
}

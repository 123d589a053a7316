import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation retryJob($jobId: ID!) {
    retryJob(jobId: $jobId) { status message }
  }
`);

export function useRetryJob() {
  return useGqlMutation(DOCUMENT);
}

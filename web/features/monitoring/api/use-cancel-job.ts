import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation cancelJob($jobId: ID!) {
    cancelJob(jobId: $jobId) { status message }
  }
`);

export function useCancelJob() {
  return useGqlMutation(DOCUMENT);
}

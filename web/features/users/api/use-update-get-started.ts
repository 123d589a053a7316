import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation updateGetStarted($userId: ID!) {
    updateGetStarted(userId: $userId) {
      status
      message
    }
  }
`);

export function useUpdateGetStarted() {
  return useGqlMutation(DOCUMENT);
}

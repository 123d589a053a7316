import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation updateNPS($userId: ID!, $nextNPSDate: String) {
    updateNPS(userId: $userId, nextNPSDate: $nextNPSDate) {
      status
      message
    }
  }
`);

export function useUpdateNps() {
  return useGqlMutation(DOCUMENT);
}

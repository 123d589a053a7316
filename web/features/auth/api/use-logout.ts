import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation logout {
    logout {
      status
      message
    }
  }
`);

export function useLogout() {
  return useGqlMutation(DOCUMENT);
}

import { graphql } from '../../../lib/gql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const GET_CLEAR_LOCAL_STORAGE = graphql(`
  query getClearLocalStorage {
    getClearLocalStorage {
      value
      updatedAt
    }
  }
`);

export function useGetClearLocalStorage(enabled: boolean) {
  return useGqlQuery(
    GET_CLEAR_LOCAL_STORAGE,
    {},
    {
      enabled,
      onError: (error) => console.error('getClearLocalStorage failed', error),
    },
  );
}

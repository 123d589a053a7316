import { useGqlQuery } from '../../../lib/swr-helpers';

const GET_CLEAR_LOCAL_STORAGE = /* GraphQL */ `
  query getClearLocalStorage {
    getClearLocalStorage {
      value
      updatedAt
    }
  }
`;

export type ClearLocalStorageSetting = { value: boolean; updatedAt: string | null };

export function useGetClearLocalStorage(enabled: boolean) {
  return useGqlQuery<{ getClearLocalStorage: ClearLocalStorageSetting }>(GET_CLEAR_LOCAL_STORAGE, 'getClearLocalStorage', {}, {
    enabled,
    onError: (error) => console.error('getClearLocalStorage failed', error),
  });
}

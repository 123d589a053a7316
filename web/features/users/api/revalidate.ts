import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { type QueryName, revalidateOperations } from '../../../lib/swr-helpers';

/**
 * The queries a user mutation can change: the user lists of the organisation pages (the user tab,
 * the header's admins, the user count badge) and the logged-in user of the top bar.
 */
export const USER_QUERIES: readonly QueryName[] = [
  'getCompanyUsers',
  'getActiveCompanyAdminUsers',
  'getCompanyStats',
  'me',
];

/** Wraps a mutation trigger so that a successful call revalidates the keys it touches. */
export function useRevalidatingTrigger<TVariables, TResult>(
  trigger: (variables: TVariables) => Promise<TResult>,
  operations: readonly QueryName[] = USER_QUERIES,
) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (variables: TVariables) => {
      const result = await trigger(variables);
      void revalidateOperations(mutate, ...operations);
      return result;
    },
    [trigger, mutate, operations],
  );
}

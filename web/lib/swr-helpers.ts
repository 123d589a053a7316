import type { Arguments, ScopedMutator } from 'swr';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import useSWRMutation, { type SWRMutationResponse } from 'swr/mutation';
import { gqlRequest } from './graphql-client';

export type OperationKey<TVariables> = readonly [operationName: string, variables: TVariables];

/**
 * A query hook body: the SWR key is [operationName, variables] (architecture.md); pass
 * `enabled: false` to skip the call, e.g. before login.
 */
export function useGqlQuery<TData, TVariables extends Record<string, unknown> = Record<string, never>>(
  document: string,
  operationName: string,
  variables: TVariables,
  options: SWRConfiguration<TData> & { enabled?: boolean } = {},
): SWRResponse<TData> {
  const { enabled = true, ...config } = options;
  const key: OperationKey<TVariables> | null = enabled ? [operationName, variables] : null;
  return useSWR<TData>(key, () => gqlRequest<TData, TVariables>(document, operationName, variables), config);
}

/** A mutation hook body; the key is [operationName] so concurrent uses share isMutating. */
export function useGqlMutation<TData, TVariables extends Record<string, unknown>>(
  document: string,
  operationName: string,
): SWRMutationResponse<TData, Error, readonly [string], TVariables> {
  return useSWRMutation<TData, Error, readonly [string], TVariables>([operationName] as const, (_key: readonly [string], { arg }: { arg: TVariables }) =>
    gqlRequest<TData, TVariables>(document, operationName, arg),
  );
}

/** Revalidates every cached query of the given operations (whatever their variables). */
export function revalidateOperations(mutate: ScopedMutator, ...operationNames: string[]): Promise<unknown[]> {
  return mutate((key: Arguments) => Array.isArray(key) && operationNames.includes(String(key[0])));
}

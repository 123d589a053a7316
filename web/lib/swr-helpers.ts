import type { Arguments, ScopedMutator } from 'swr';
import useSWR, { type SWRConfiguration, type SWRResponse, unstable_serialize } from 'swr';
import useSWRMutation, { type SWRMutationResponse } from 'swr/mutation';
import { gqlRequest } from './graphql-client';

export type OperationKey<TVariables> = readonly [operationName: string, variables: TVariables];

/** A primed answer older than this is not used: it was meant for the first render only. */
const PRIMED_MAX_AGE_MS = 30_000;
const primed = new Map<string, { request: Promise<unknown>; at: number }>();

/**
 * Hands a request that is already running (started at boot, before React rendered) to the first
 * useGqlQuery with the same operation and variables, so the page does not ask again. Used once.
 */
export function primeQuery<TData, TVariables extends Record<string, unknown>>(operationName: string, variables: TVariables, request: Promise<TData>): void {
  request.catch(() => undefined);
  primed.set(unstable_serialize([operationName, variables]), { request, at: Date.now() });
}

function takePrimed<TData>(key: readonly unknown[]): Promise<TData> | undefined {
  const id = unstable_serialize(key);
  const entry = primed.get(id);
  if (!entry) return undefined;
  primed.delete(id);
  return Date.now() - entry.at <= PRIMED_MAX_AGE_MS ? (entry.request as Promise<TData>) : undefined;
}

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
  return useSWR<TData>(key, () => takePrimed<TData>([operationName, variables]) ?? gqlRequest<TData, TVariables>(document, operationName, variables), config);
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

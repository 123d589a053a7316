import type { Arguments, ScopedMutator } from 'swr';
import { useState } from 'react';
import useSWR, { type SWRConfiguration, type SWRResponse, unstable_serialize, useSWRConfig } from 'swr';
import useSWRMutation, { type SWRMutationResponse } from 'swr/mutation';
import { gqlRequest } from './graphql-client';

export type OperationKey<TVariables> = readonly [operationName: string, variables: TVariables];

/** A primed answer older than this is not used: it was meant for the first render only. */
const PRIMED_MAX_AGE_MS = 30_000;

type PrimedEntry = {
  request: Promise<unknown>;
  /** Whether this session may see the answer (e.g. the `me` check says SUPER_ADMIN). */
  allowed: Promise<boolean>;
  at: number;
  /** Set as soon as the request and the permission have settled, so a render can read them synchronously. */
  answer?: { data: unknown };
  allowedNow?: boolean;
};
const primed = new Map<string, PrimedEntry>();

/**
 * Hands a request that is already running (started at boot, before React rendered) to the first
 * useGqlQuery with the same operation and variables, so the page does not ask again. Used once.
 * With `allowed`, the answer is handed out only once that resolves true; otherwise the hook asks itself.
 */
export function primeQuery<TData, TVariables extends Record<string, unknown>>(operationName: string, variables: TVariables, request: Promise<TData>, allowed?: Promise<boolean>): void {
  const entry: PrimedEntry = { request, allowed: allowed ?? Promise.resolve(true), at: Date.now(), allowedNow: allowed ? undefined : true };
  request.then((data) => { entry.answer = { data }; }, () => undefined);
  allowed?.then((ok) => { entry.allowedNow = ok; }, () => { entry.allowedNow = false; });
  primed.set(unstable_serialize([operationName, variables]), entry);
}

function takeEntry(id: string): PrimedEntry | undefined {
  const entry = primed.get(id);
  if (!entry) return undefined;
  primed.delete(id);
  return Date.now() - entry.at <= PRIMED_MAX_AGE_MS ? entry : undefined;
}

/** For the fetcher: the primed request once it is allowed, or undefined (then the hook asks itself). */
async function takePrimed<TData>(id: string): Promise<TData | undefined> {
  const entry = takeEntry(id);
  if (!entry || !(await entry.allowed.catch(() => false))) return undefined;
  return entry.request as Promise<TData>;
}

/** For the first render: a primed answer that has already arrived (and is allowed), taken out of the waiting list. */
function takeArrived(id: string): { data: unknown } | undefined {
  const entry = primed.get(id);
  if (!entry?.answer || entry.allowedNow !== true) return undefined;
  return takeEntry(id)?.answer;
}

/**
 * A query hook body: the SWR key is [operationName, variables] (architecture.md); pass
 * `enabled: false` to skip the call, e.g. before login.
 *
 * A primed answer that has already arrived goes into the SWR cache before the first render reads it,
 * so the page renders with its data in one pass instead of a loading state and a second commit
 * (issue 4: first row within 300 ms). That answer is the mount request, so the mount does not ask again.
 */
export function useGqlQuery<TData, TVariables extends Record<string, unknown> = Record<string, never>>(
  document: string,
  operationName: string,
  variables: TVariables,
  options: SWRConfiguration<TData> & { enabled?: boolean } = {},
): SWRResponse<TData> {
  const { enabled = true, ...config } = options;
  const key: OperationKey<TVariables> | null = enabled ? [operationName, variables] : null;
  const id = key ? unstable_serialize(key) : null;
  const { cache } = useSWRConfig();
  const [seededId] = useState(() => {
    const arrived = id === null ? undefined : takeArrived(id);
    if (id === null || !arrived || cache.get(id)?.data !== undefined) return null;
    cache.set(id, { data: arrived.data });
    return id;
  });
  return useSWR<TData>(
    key,
    async () => (id === null ? undefined : await takePrimed<TData>(id)) ?? gqlRequest<TData, TVariables>(document, operationName, variables),
    seededId !== null && seededId === id ? { ...config, revalidateOnMount: false } : config,
  );
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

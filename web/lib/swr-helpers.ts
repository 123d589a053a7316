import type { Arguments, ScopedMutator } from 'swr';
import { useState } from 'react';
import useSWR, { type SWRConfiguration, type SWRResponse, unstable_serialize, useSWRConfig } from 'swr';
import useSWRMutation, { type SWRMutationResponse } from 'swr/mutation';
import type { QueryName } from './gql/operation-names';
import { type Document, gqlRequest, operationNameOf } from './graphql-client';

export type { QueryName } from './gql/operation-names';

/** The SWR key of every query: its operation name, taken from the document, and its variables. */
export type OperationKey<TVariables> = readonly [operationName: QueryName, variables: TVariables];

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

function keyOf<TVariables>(document: { toString(): string }, variables: TVariables): OperationKey<TVariables> {
  return [operationNameOf(document) as QueryName, variables];
}

/**
 * Sends a query now (at boot, before React rendered) and hands its answer to the first useGqlQuery
 * with the same document and variables, so the page does not ask again. Used once. With `allowed`,
 * the answer is handed out only once that resolves true; otherwise the hook asks itself.
 */
export function primeQuery<TData, TVariables>(
  document: Document<TData, TVariables>,
  variables: TVariables,
  allowed?: Promise<boolean>,
): Promise<TData> {
  const request = gqlRequest(document, variables);
  const entry: PrimedEntry = {
    request,
    allowed: allowed ?? Promise.resolve(true),
    at: Date.now(),
    allowedNow: allowed ? undefined : true,
  };
  request.then(
    (data) => {
      entry.answer = { data };
    },
    () => undefined,
  );
  allowed?.then(
    (ok) => {
      entry.allowedNow = ok;
    },
    () => {
      entry.allowedNow = false;
    },
  );
  primed.set(unstable_serialize([operationNameOf(document), variables]), entry);
  return request;
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
 * A query hook body: the SWR key is [operationName, variables] (OperationKey), both read from the
 * typed document, so data and variables carry the schema's types; pass `enabled: false` to skip the
 * call, e.g. before login.
 *
 * A primed answer that has already arrived goes into the SWR cache before the first render reads it,
 * so the page renders with its data in one pass instead of a loading state and a second commit
 * (the target: first row within 300 ms). That answer is the mount request, so the mount does not ask again.
 */
export function useGqlQuery<TData, TVariables>(
  document: Document<TData, TVariables>,
  variables: TVariables,
  options: SWRConfiguration<TData> & { enabled?: boolean } = {},
): SWRResponse<TData> {
  const { enabled = true, ...config } = options;
  const key: OperationKey<TVariables> | null = enabled ? keyOf(document, variables) : null;
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
    async () => (id === null ? undefined : await takePrimed<TData>(id)) ?? gqlRequest(document, variables),
    seededId !== null && seededId === id ? { ...config, revalidateOnMount: false } : config,
  );
}

/** A mutation hook body; the key is [operationName] so concurrent uses share isMutating. */
export function useGqlMutation<TData, TVariables>(
  document: Document<TData, TVariables>,
): SWRMutationResponse<TData, Error, readonly [string], TVariables> {
  return useSWRMutation<TData, Error, readonly [string], TVariables>(
    [operationNameOf(document)] as const,
    (_key: readonly [string], { arg }: { arg: TVariables }) => gqlRequest(document, arg),
  );
}

/**
 * Revalidates every cached query of the given operations (whatever their variables). The names are
 * checked against the queries the web sends (QueryName, generated), so a typo or a renamed query
 * fails the type check instead of silently no longer refreshing.
 */
export function revalidateOperations(mutate: ScopedMutator, ...operationNames: QueryName[]): Promise<unknown[]> {
  const names: readonly string[] = operationNames;
  return mutate((key: Arguments) => Array.isArray(key) && names.includes(String(key[0])));
}

import { navigate } from 'wouter/use-browser-location';
import { clearSession, currentToken } from './session';

export const GRAPHQL_ENDPOINT = '/graphql';

type GraphQLErrorPayload = { message?: string; extensions?: { code?: string } };
type GraphQLResponse<T> = { data?: T | null; errors?: GraphQLErrorPayload[] };

/** A failed call: `code` is the catalogue code (spec section 8), always set. */
export class GraphQLRequestError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'GraphQLRequestError';
    this.code = code;
    this.status = status;
  }
}

export function errorCodeOf(error: unknown): string {
  return error instanceof GraphQLRequestError ? error.code : 'GENERAL_ERROR';
}

/** Routes a visitor may be on without a session; ending a session there must not navigate. */
const PUBLIC_PREFIXES = [
  '/login', '/register', '/create-account', '/welcome', '/new-password', '/forgot-password', '/logout',
  '/404', '/datafile-report', '/report-verification', '/credit-roi-calculator',
];

function isOnPublicRoute(): boolean {
  const path = window.location.pathname;
  return PUBLIC_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Spec section 8: any HTTP 401 or 500 ends the session (the API answers refusals with 200 and a code). */
function shouldEndSession(status: number, code: string | null): boolean {
  return status === 401 || status === 500 || code === 'UNAUTHENTICATED';
}

/** Spec section 8: clear the expiry, the waiting-for-logout flag and the token, then go to /login. */
function endSession(): void {
  clearSession();
  if (!isOnPublicRoute()) {
    const here = `${window.location.pathname}${window.location.search}`;
    navigate(`/login?redirectFrom=${encodeURIComponent(here)}`, { replace: true });
  }
}

/**
 * The only place the web app talks to the API. Sends the bearer token, reads
 * `errors[0].extensions.code` whatever the HTTP status, and ends the session on 401 and server failures.
 */
export async function gqlRequest<TData, TVariables extends Record<string, unknown> = Record<string, unknown>>(
  query: string,
  operationName: string,
  variables?: TVariables,
): Promise<TData> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    // The API renders error messages in this language; the UI translates codes itself.
    'Accept-Language': document.documentElement.lang || 'de',
  };
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(GRAPHQL_ENDPOINT, {
      method: 'POST',
      headers,
      credentials: 'include',
      body: JSON.stringify({ query, variables: variables ?? {}, operationName }),
    });
  } catch {
    throw new GraphQLRequestError('GENERAL_ERROR', 'Network request failed', 0);
  }

  let body: GraphQLResponse<TData> | null = null;
  try {
    body = (await response.json()) as GraphQLResponse<TData>;
  } catch {
    body = null;
  }

  const firstError = body?.errors?.[0];
  const code = firstError?.extensions?.code ?? null;
  if (shouldEndSession(response.status, code)) {
    endSession();
  }
  if (firstError || !response.ok || !body?.data) {
    throw new GraphQLRequestError(code ?? 'GENERAL_ERROR', firstError?.message ?? `HTTP ${response.status}`, response.status);
  }
  return body.data;
}

import { navigate } from 'wouter/use-browser-location';
import type { TypedDocumentString } from './gql/graphql';
import { clearSession, currentToken } from './session';

export const GRAPHQL_ENDPOINT = '/graphql';

/** A document typed by `npm run codegen:web`: its text plus its result and variables types. */
export type Document<TData, TVariables> = TypedDocumentString<TData, TVariables>;

type GraphQLErrorPayload = {
  message?: string;
  extensions?: Record<string, unknown> & { code?: string; reason?: string };
};
type GraphQLResponse<T> = { data?: T | null; errors?: GraphQLErrorPayload[] };

/** Values a refusal may carry beside its code and reason (field, after, min, ...), for the message's placeholders. */
export type RefusalParams = Record<string, string | number>;

/**
 * Why the API said no: `code` is the catalogue code, always set; `reason` is the
 * refusal reason (`extensions.reason`, e.g. END_BEFORE_START) when the server names one.
 */
export type Refusal = { code: string; reason: string | null; params: RefusalParams };

/** A failed call. */
export class GraphQLRequestError extends Error {
  readonly code: string;
  readonly reason: string | null;
  readonly params: RefusalParams;
  readonly status: number;

  constructor(code: string, message: string, status: number, reason: string | null = null, params: RefusalParams = {}) {
    super(message);
    this.name = 'GraphQLRequestError';
    this.code = code;
    this.status = status;
    this.reason = reason;
    this.params = params;
  }
}

/** The refusal behind any error a call can throw; anything that is not an API answer is GENERAL_ERROR. */
export function refusalOf(error: unknown): Refusal {
  return error instanceof GraphQLRequestError
    ? { code: error.code, reason: error.reason, params: error.params }
    : { code: 'GENERAL_ERROR', reason: null, params: {} };
}

/** A refusal with a code only, for answers that fail without an error (e.g. a status other than SUCCESS). */
export function refusalWithCode(code: string): Refusal {
  return { code, reason: null, params: {} };
}

/** Reads code, reason and the primitive extension values of an error entry. */
export function refusalFromPayload(
  payload: { extensions?: Record<string, unknown> } | undefined,
  fallbackCode: string,
): Refusal {
  const extensions = payload?.extensions ?? {};
  const params: RefusalParams = {};
  for (const [key, value] of Object.entries(extensions)) {
    if (key !== 'code' && key !== 'reason' && (typeof value === 'string' || typeof value === 'number'))
      params[key] = value;
  }
  const code = typeof extensions.code === 'string' ? extensions.code : fallbackCode;
  const reason = typeof extensions.reason === 'string' && extensions.reason !== '' ? extensions.reason : null;
  return { code, reason, params };
}

const operationNames = new Map<string, string>();

/** The operation name written in a document (`query me { ... }` -> `me`); the SWR key and the request's operationName. */
export function operationNameOf(document: { toString(): string }): string {
  const text = document.toString();
  let name = operationNames.get(text);
  if (name === undefined) {
    const match = /\b(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(text);
    if (!match?.[1]) throw new Error('A web GraphQL document needs a named operation');
    name = match[1];
    operationNames.set(text, name);
  }
  return name;
}

/** Routes a visitor may be on without a session; ending a session there must not navigate. */
const PUBLIC_PREFIXES = [
  '/login',
  '/register',
  '/create-account',
  '/welcome',
  '/new-password',
  '/forgot-password',
  '/logout',
  '/404',
  '/datafile-report',
  '/report-verification',
  '/credit-roi-calculator',
];

function isOnPublicRoute(): boolean {
  const path = window.location.pathname;
  return PUBLIC_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Any HTTP 401 or 500 ends the session (the API answers refusals with 200 and a code). */
function shouldEndSession(status: number, code: string | null): boolean {
  return status === 401 || status === 500 || code === 'UNAUTHENTICATED';
}

/** Clear the expiry, the waiting-for-logout flag and the token, then go to /login. */
function endSession(): void {
  clearSession();
  if (!isOnPublicRoute()) {
    const here = `${window.location.pathname}${window.location.search}`;
    navigate(`/login?redirectFrom=${encodeURIComponent(here)}`, { replace: true });
  }
}

/**
 * The only place the web app talks to the API. Sends the bearer token, reads
 * `errors[0].extensions` (code and reason) whatever the HTTP status, and ends the session on 401
 * and server failures.
 */
export async function gqlRequest<TData, TVariables>(
  operation: Document<TData, TVariables>,
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
      body: JSON.stringify({
        query: operation.toString(),
        variables: variables ?? {},
        operationName: operationNameOf(operation),
      }),
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
  const code = typeof firstError?.extensions?.code === 'string' ? firstError.extensions.code : null;
  if (shouldEndSession(response.status, code)) {
    endSession();
  }
  if (firstError || !response.ok || !body?.data) {
    const refusal = refusalFromPayload(firstError, 'GENERAL_ERROR');
    throw new GraphQLRequestError(
      refusal.code,
      firstError?.message ?? `HTTP ${response.status}`,
      response.status,
      refusal.reason,
      refusal.params,
    );
  }
  return body.data;
}

import type { Context, MiddlewareHandler, Next } from 'hono';
import type { Deps } from './kernel/deps';
import { withLogContext } from './lib/logger';
import { recordRequest, requestIdFor, setRequestId } from './observability';
import { securityHeadersWith, setSecurityHeaders } from './security-headers';

function hasValidPercentEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The answer to a URL whose percent-encoding is broken (also app.onError's, for a route that decodes one). */
export const badUrl = (c: Context) =>
  c.json(
    {
      errors: [
        { message: 'The URL is not valid: a % must start a valid UTF-8 escape.', extensions: { code: 'BAD_REQUEST' } },
      ],
    },
    400,
  );

type RecordDeps = Pick<Deps, 'log' | 'metrics'>;

/**
 * Every request, in this order: a request id (the caller's X-Request-Id or a new one) in the log
 * context of everything the request runs; a path whose percent-encoding is broken refused, before a
 * route decodes it; the route; the security headers on the answer (unless it carries them from its
 * creation); the latency histogram and one access log line; the request id echoed in the answer.
 * One layer of Hono's chain rather than one per step: each layer costs a promise and a closure per
 * request, and every page asks GraphQL several times.
 * `storage` names an S3 bucket's origin for the policy (the browser PUTs uploads there and loads
 * avatars from it).
 */
export function requestLayer(deps: RecordDeps, storage: readonly string[] = []): MiddlewareHandler {
  const headers = securityHeadersWith(storage);
  return async (c, next) => {
    const requestId = requestIdFor(c);
    await withLogContext({ requestId }, () => answer(deps, headers, c, next));
    setRequestId(c, requestId);
  };
}

async function answer(
  deps: RecordDeps,
  headers: readonly (readonly [string, string])[],
  c: Context,
  next: Next,
): Promise<void> {
  const started = performance.now();
  try {
    if (c.req.url.includes('%') && !hasValidPercentEncoding(new URL(c.req.url).pathname)) c.res = badUrl(c);
    else await next();
    setSecurityHeaders(c.res, headers);
  } finally {
    recordRequest(deps, c, started);
  }
}

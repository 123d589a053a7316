// The SPA uses inline styles (emotion); scripts only from this origin; WASM needs wasm-unsafe-eval.
// `storage` names an S3 bucket's origin: the browser PUTs uploads there and loads avatars from it.
const contentSecurityPolicy = (storage: readonly string[]) =>
  [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...storage].join(' '),
    ["connect-src 'self'", ...storage].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The security headers of every response: hono/secure-headers' defaults with the policy above and
 * without Cross-Origin-Embedder-Policy (the same headers that middleware sent), written down once
 * instead of assembled per request.
 */
export const securityHeadersWith = (storage: readonly string[]): readonly (readonly [string, string])[] => [
  ['content-security-policy', contentSecurityPolicy(storage)],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=15552000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

export const SECURITY_HEADERS = securityHeadersWith([]);

/** Responses made by jsonResponse: they carry the headers from their creation. */
const complete = new WeakSet<Response>();

/**
 * Sets the security headers on a response that does not carry them already (see jsonResponse: JSON
 * answers are no documents, so the bucket's origin in their policy would change nothing).
 */
export function setSecurityHeaders(response: Response, list: readonly (readonly [string, string])[]): void {
  if (complete.has(response)) return;
  const headers = response.headers;
  for (const [name, value] of list) headers.set(name, value);
}

const JSON_HEADERS = new Headers([...SECURITY_HEADERS, ['content-type', 'application/json']] as [string, string][]);

/**
 * A JSON response with the security headers from the start: the runtime copies one prepared header
 * list instead of a dozen header writes after the handler (GraphQL answers every page's requests).
 */
export function jsonResponse(json: string, status = 200, extra?: Record<string, string>): Response {
  const response = new Response(json, { status, headers: JSON_HEADERS });
  if (extra) for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
  complete.add(response);
  return response;
}

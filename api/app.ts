import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { Deps } from './kernel/deps';
import { createGraphqlHandler } from './graphql/handler';
import { buildSchema } from './graphql/schema';
import { registerCertificateRoutes } from './modules/certificates/certificates.routes';
import { registerFileRoutes } from './modules/files/files.routes';
import { registerResultRoutes } from './modules/results/results.routes';
import { registerLiveRoutes } from './modules/live-import/live.routes';
import { createStaticHandler } from './static';

/** Largest GraphQL request body (bytes); the spec's inputs are small JSON. */
export const GRAPHQL_MAX_BODY_BYTES = 4 * 1024 * 1024;

export const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

/**
 * The whole HTTP surface, runtime-neutral: api/server.ts hands it to Bun.serve, tests call
 * app.request(). Order: security headers, GraphQL, health, then the SPA.
 */
export function createApp(deps: Deps, options: { webDist?: string } = {}) {
  const app = new Hono();
  const schema = buildSchema();
  const graphql = createGraphqlHandler(deps, schema);

  // With S3 the browser PUTs uploads to the bucket and loads avatars from it (the /files/avatars
  // route redirects there): its origin must be allowed, or the browser blocks both.
  const storage = deps.blobs.signedUrlOrigin ? [deps.blobs.signedUrlOrigin] : [];
  app.use(
    '*',
    secureHeaders({
      // The SPA uses inline styles (emotion); scripts only from this origin; WASM needs wasm-unsafe-eval.
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storage],
        connectSrc: ["'self'", ...storage],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // server.ts lets bodies up to UPLOAD_MAX_BYTES through for signed uploads; GraphQL keeps a small cap.
  app.use(
    '/graphql',
    bodyLimit({
      maxSize: GRAPHQL_MAX_BODY_BYTES,
      onError: (c) =>
        c.json({ errors: [{ message: 'The request body is too large.', extensions: { code: 'BAD_REQUEST' } }] }, 413),
    }),
  );
  app.on(['GET', 'POST'], '/graphql', graphql);
  app.all('/graphql', (c) =>
    c.json(
      { errors: [{ message: 'GraphQL only supports GET and POST requests.', extensions: { code: 'BAD_REQUEST' } }] },
      405,
    ),
  );
  app.get('/healthz', (c) => c.json({ ok: true }));
  registerFileRoutes(app, deps);
  registerCertificateRoutes(app, deps);
  registerResultRoutes(app, deps);
  registerLiveRoutes(app, deps);
  app.get('*', createStaticHandler(options.webDist ?? WEB_DIST));
  app.onError((error, c) => {
    deps.log.error('unhandled request error', error);
    return c.json({ errors: [{ message: 'Internal error', extensions: { code: 'GENERAL_ERROR' } }] }, 500);
  });
  return { app, schema };
}

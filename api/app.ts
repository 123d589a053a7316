import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Deps } from './deps';
import { createGraphqlHandler } from './graphql/handler';
import { buildSchema } from './graphql/schema';
import { registerFileRoutes } from './modules/files/files.routes';
import { createStaticHandler } from './static';

export const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

/**
 * The whole HTTP surface, runtime-neutral: api/server.ts hands it to Bun.serve, tests call
 * app.request(). Order: security headers, GraphQL, health, then the SPA.
 */
export function createApp(deps: Deps, options: { webDist?: string } = {}) {
  const app = new Hono();
  const schema = buildSchema();
  const graphql = createGraphqlHandler(deps, schema);

  app.use(
    '*',
    secureHeaders({
      // The SPA uses inline styles (emotion); scripts only from this origin; WASM needs wasm-unsafe-eval.
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.on(['GET', 'POST'], '/graphql', graphql);
  app.all('/graphql', (c) => c.json({ errors: [{ message: 'GraphQL only supports GET and POST requests.', extensions: { code: 'BAD_REQUEST' } }] }, 405));
  app.get('/healthz', (c) => c.json({ ok: true }));
  registerFileRoutes(app, deps);
  app.get('*', createStaticHandler(options.webDist ?? WEB_DIST));
  app.onError((error, c) => {
    deps.log.error('unhandled request error', error);
    return c.json({ errors: [{ message: 'Internal error', extensions: { code: 'GENERAL_ERROR' } }] }, 500);
  });
  return { app, schema };
}

import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import type { Deps } from './kernel/deps';
import { AppError, messageOf } from './kernel/errors/errors';
import { DEFAULT_LOCALE, localeFromHeader } from './lib/i18n';
import { withRequestBudget } from './lib/request-budget';
import { createGraphqlHandler } from './graphql/handler';
import { buildSchema } from './graphql/schema';
import { registerCertificateRoutes } from './modules/certificates/certificates.routes';
import { registerFileRoutes } from './modules/files/files.routes';
import { registerResultRoutes } from './modules/results/results.routes';
import { registerScoresRoutes } from './modules/results/scores.routes';
import { registerReconciliationRoutes } from './modules/results/reconciliation.routes';
import { registerUploadRoutes } from './modules/uploads/uploads.routes';
import { OPENAPI_PATH, openApiOf } from './openapi';
import { registerLiveRoutes } from './modules/live-import/live.routes';
import { registerEventRoutes } from './modules/events';
import { badUrl, requestLayer } from './request-layer';
import { createStaticHandler } from './static';
import { type Lifecycle, registerHealthRoutes, registerMetricsRoute } from './observability';
import { BadContentLength, bodyBudgetOf, BodyBudgetExhausted, BodyTooLarge, readBodyWithCap } from './lib/request-body';

/** Largest GraphQL request body (bytes); the spec's inputs are small JSON. */
export const GRAPHQL_MAX_BODY_BYTES = 4 * 1024 * 1024;

const localeOf = (c: Context) =>
  localeFromHeader(c.req.header('x-locale') ?? c.req.header('accept-language')) ?? DEFAULT_LOCALE;

const utf8 = new TextDecoder();

export const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

/**
 * The whole HTTP surface, runtime-neutral: api/server.ts hands it to Bun.serve, tests call
 * app.request(). Order: the request layer (request id, log line and latency, security headers:
 * api/request-layer.ts), GraphQL, health and metrics, then the SPA.
 */
export function createApp(deps: Deps, options: { webDist?: string; lifecycle?: Lifecycle } = {}) {
  const app = new Hono();
  const schema = buildSchema();
  const graphql = createGraphqlHandler(deps, schema);
  const lifecycle = options.lifecycle ?? { stopping: false };

  // With S3 the browser PUTs uploads to the bucket and loads avatars from it (the /files/avatars
  // route redirects there): its origin must be allowed, or the browser blocks both.
  const storage = deps.blobs.signedUrlOrigin ? [deps.blobs.signedUrlOrigin] : [];
  app.use('*', requestLayer(deps, storage));
  // server.ts lets bodies up to UPLOAD_MAX_BYTES through for signed uploads; GraphQL reads its body
  // with a small cap before anything else looks at it (chunked bodies are counted as they arrive),
  // and holds it against the process's body budget until it has answered.
  const budget = bodyBudgetOf(deps, deps.env.bodyBudgetBytes);
  // The execution-time budget starts once the body is in: a slow sender spends the body's time, not the budget.
  const run = (c: Context) => withRequestBudget(deps.env.requestBudgetMs, () => graphql(c));
  // One route function rather than two middlewares in front of the handler: every page asks
  // GraphQL, and each layer of Hono's chain costs a promise and a closure per request.
  app.post('/graphql', async (c) => {
    const refuse = (message: string, status: 400 | 413 | 503, code = 'BAD_REQUEST', headers = {}) =>
      c.json({ errors: [{ message, extensions: { code } }] }, status, headers);
    const lease = budget.lease();
    try {
      let bytes: Uint8Array;
      try {
        bytes = await readBodyWithCap(c.req.raw, GRAPHQL_MAX_BODY_BYTES, lease);
      } catch (error) {
        if (error instanceof BodyTooLarge) return refuse('The request body is too large.', 413);
        if (error instanceof BadContentLength) return refuse('The Content-Length header is not a number.', 400);
        if (error instanceof BodyBudgetExhausted)
          return refuse(messageOf(new AppError('SERVER_BUSY'), localeOf(c)), 503, 'SERVER_BUSY', {
            'retry-after': String(error.retryAfterSeconds),
          });
        throw error;
      }
      // The handler's c.req.json() reads Hono's body cache. The request stays the one Bun.serve
      // handed over: a copy would cost a Request per call and lose the caller's address
      // (server.requestIP knows only the original), which the attempt limits count by.
      // (Hono types the cache by the bodies it holds; it stores their promises.)
      (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(utf8.decode(bytes));
      return await run(c);
    } finally {
      lease.release();
    }
  });
  app.get('/graphql', run);
  app.all('/graphql', (c) =>
    c.json(
      { errors: [{ message: 'GraphQL only supports GET and POST requests.', extensions: { code: 'BAD_REQUEST' } }] },
      405,
    ),
  );
  registerHealthRoutes(app, deps, lifecycle);
  // With METRICS_PORT set the metrics live on that listener only (api/server.ts).
  if (deps.env.metrics.port === undefined) registerMetricsRoute(app, deps, { open: false });
  registerFileRoutes(app, deps);
  registerCertificateRoutes(app, deps);
  registerResultRoutes(app, deps);
  registerLiveRoutes(app, deps);
  registerUploadRoutes(app, deps);
  registerScoresRoutes(app, deps);
  registerReconciliationRoutes(app, deps);
  const openapi = openApiOf(deps.env.publicUrl, { metrics: deps.env.metrics.port === undefined });
  app.get(OPENAPI_PATH, (c) => c.json(openapi));
  registerEventRoutes(app, deps);
  app.get('*', createStaticHandler(options.webDist ?? WEB_DIST));
  app.onError((error, c) => {
    if (error instanceof URIError) return badUrl(c);
    deps.log.error('unhandled request error', error);
    return c.json({ errors: [{ message: 'Internal error', extensions: { code: 'GENERAL_ERROR' } }] }, 500);
  });
  return { app, schema, lifecycle };
}

/** The METRICS_PORT listener: metrics and health only, for the operator's network. */
export function createOpsApp(deps: Deps, lifecycle: Lifecycle) {
  const app = new Hono();
  registerHealthRoutes(app, deps, lifecycle);
  registerMetricsRoute(app, deps, { open: true });
  return app;
}

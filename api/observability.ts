import type { Context, Hono } from 'hono';
import { routePath } from 'hono/route';
import { sql } from 'drizzle-orm';
import { migrationsApplied } from '../db/migrate';
import type { Deps } from './kernel/deps';
import { createContext } from './graphql/context';
import { safeEqual } from './lib/crypto';
import { operationOf } from './lib/metrics';

/** Whether this process still takes work: /readyz answers 503 once a SIGTERM arrived, so a proxy stops sending. */
export type Lifecycle = { stopping: boolean };

/** A caller's X-Request-Id is kept when it is a plain token; anything else gets an id of ours. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Random bytes for request ids, drawn from the system's generator a page at a time instead of once per request. */
const idBytes = Buffer.alloc(4096);
let idAt = idBytes.length;
/** A new request id: 12 random bytes, URL-safe (16 characters). */
function requestIdOf(): string {
  if (idAt + 12 > idBytes.length) {
    crypto.getRandomValues(idBytes);
    idAt = 0;
  }
  return idBytes.toString('base64url', idAt, (idAt += 12));
}

/** A readiness check that does not answer within this is a failure (a proxy polls every few seconds). */
const CHECK_TIMEOUT_MS = 2_000;

/** The request id of a request: the caller's X-Request-Id when it is a plain token, else a new one. */
export function requestIdFor(c: Context): string {
  const given = c.req.header('x-request-id');
  return given && REQUEST_ID.test(given) ? given : requestIdOf();
}

/**
 * The latency histogram by route pattern and, for GraphQL, the operation's root field, and one access
 * log line (inside the request's log context, so it carries the request id).
 */
export function recordRequest(deps: Pick<Deps, 'log' | 'metrics'>, c: Context, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  const status = c.res.status;
  // After next() the route index names the handler that answered. Never the raw path: a label
  // per path would let any client grow the histogram without bound (the log line keeps the path).
  const route = routePath(c) || '(unmatched)';
  const operation = operationOf(c.req.raw);
  deps.metrics.observeRequest(route, operation, c.req.method, status, seconds);
  deps.log.info('request', {
    method: c.req.method,
    path: c.req.path,
    route,
    ...(operation ? { operation } : {}),
    status,
    ms: Math.round(seconds * 10_000) / 10,
  });
}

/** Echoes the request id in the answer. */
export function setRequestId(c: Context, requestId: string): void {
  try {
    c.res.headers.set('x-request-id', requestId);
  } catch {
    // A response with immutable headers (a proxied fetch) goes out without it.
  }
}

async function timed(check: () => Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Database, migrations and storage, each 'ok' or 'failed' (the cause goes to the log, not to the caller). */
export async function readiness(deps: Pick<Deps, 'db' | 'blobs' | 'log'>, lifecycle: Lifecycle) {
  const run = async (name: string, check: () => Promise<unknown>) => {
    try {
      await timed(check);
      return 'ok' as const;
    } catch (error) {
      deps.log.error(`readiness check ${name} failed`, error);
      return 'failed' as const;
    }
  };
  const [database, migrations, storage] = await Promise.all([
    run('database', () => deps.db.get(sql`select 1`)),
    run('migrations', async () => {
      if (!(await migrationsApplied(deps.db))) throw new Error('the database lacks migrations of this build');
    }),
    run('storage', () => deps.blobs.probe()),
  ]);
  const checks = { database, migrations, storage, accepting: lifecycle.stopping ? 'stopping' : 'ok' };
  return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
}

/** /healthz (the process answers), /readyz (it can serve: database, migrations, storage, not stopping). */
export function registerHealthRoutes(app: Hono, deps: Deps, lifecycle: Lifecycle): void {
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    const result = await readiness(deps, lifecycle);
    return c.json(result, result.ready ? 200 : 503);
  });
}

/**
 * /metrics in Prometheus's text format. `open`: on the separate METRICS_PORT listener, which only
 * the operator's network reaches. Otherwise a SUPER_ADMIN credential (session token or API key) or
 * `Authorization: Bearer <METRICS_TOKEN>` is required.
 */
export function registerMetricsRoute(app: Hono, deps: Deps, options: { open: boolean }): void {
  app.get('/metrics', async (c) => {
    if (!options.open) {
      const refused = await metricsRefusal(deps, c);
      if (refused) return refused;
    }
    return c.body(await deps.metrics.text(), 200, { 'content-type': deps.metrics.registry.contentType });
  });
}

async function metricsRefusal(deps: Deps, c: Context): Promise<Response | undefined> {
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (deps.env.metrics.token && bearer && safeEqual(bearer, deps.env.metrics.token)) return undefined;
  const viewer = await createContext(deps, c).viewer();
  if (viewer?.accessLevel === 'SUPER_ADMIN') return undefined;
  const message =
    'Metrics are for operators: send Authorization: Bearer with METRICS_TOKEN or a SUPER_ADMIN session token, an X-API-Key of a SUPER_ADMIN, or scrape the METRICS_PORT listener.';
  return viewer
    ? c.json({ error: { code: 'NO_PERMISSION', message } }, 403)
    : c.json({ error: { code: 'UNAUTHENTICATED', message } }, 401);
}

// The stages of one `me` request, each run alone, for tests/bench/graphql-profile.ts (BENCH_STAGES=1):
// what Hono, each middleware, the session read, the viewer and the execution cost on their own, so
// the app's total can be split (docs/benchmarks.md, bench:db).
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { GRAPHQL_MAX_BODY_BYTES } from '../../../api/app';
import { bodyBudgetOf, readBodyWithCap } from '../../../api/lib/request-body';
import { createGraphqlHandler } from '../../../api/graphql/handler';
import { createContext } from '../../../api/graphql/context';
import { createExecutor } from '../../../api/graphql/executor';
import { buildSchema } from '../../../api/graphql/schema';
import type { Deps } from '../../../api/kernel/deps';
import { sha256Hex } from '../../../api/lib/crypto';
import { withRequestBudget } from '../../../api/lib/request-budget';
import { findLiveSessionByTokenHash } from '../../../api/modules/auth/auth.repo';
import { requestLayer } from '../../../api/request-layer';
import { jsonResponse } from '../../../api/security-headers';
import { ME_QUERY } from '../db-bare';

type Run = [string, () => Promise<unknown>];

/** An app of one empty JSON route (and a few others, so routing is as the app's) behind `middleware`. */
function emptyApp(middleware?: MiddlewareHandler) {
  const app = new Hono();
  if (middleware) app.use('*', middleware);
  app.post('/graphql', () => jsonResponse('{"data":null}'));
  app.get('/healthz', (c) => c.text('ok'));
  app.get('*', (c) => c.text('', 404));
  return app;
}

export function stagesOf(deps: Deps, request: () => Request): Run[] {
  const token = request().headers.get('authorization')!.slice('Bearer '.length);
  const hash = sha256Hex(token);
  const schema = buildSchema();
  const graphql = createGraphqlHandler(deps, schema);
  const handlerOnly = new Hono();
  handlerOnly.post('/graphql', graphql);
  // The app's /graphql route built up part by part: its capped body read, its time budget, the
  // app-wide layer in front (api/app.ts, without the other routes).
  const bodies = bodyBudgetOf(deps, deps.env.bodyBudgetBytes);
  const utf8 = new TextDecoder();
  const routeOf = (parts: { budget: boolean; layer: boolean }) => {
    const app = new Hono();
    if (parts.layer) app.use('*', requestLayer(deps));
    const run = (c: Context) =>
      parts.budget ? withRequestBudget(deps.env.requestBudgetMs, () => graphql(c)) : graphql(c);
    app.post('/graphql', async (c) => {
      const lease = bodies.lease();
      try {
        const bytes = await readBodyWithCap(c.req.raw, GRAPHQL_MAX_BODY_BYTES, lease);
        (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(utf8.decode(bytes));
        return await run(c);
      } finally {
        lease.release();
      }
    });
    return app;
  };
  const executor = createExecutor(schema);
  const prepared = executor.prepare(ME_QUERY);
  const plan = executor.plan(prepared, null);
  // The Hono context the GraphQL context reads: the credential header, nothing else.
  const honoContext = () =>
    ({
      req: { header: (name: string) => (name === 'authorization' ? `Bearer ${token}` : undefined), raw: {} },
      env: undefined,
    }) as unknown as Parameters<typeof createContext>[1];
  const fetchOf = (app: { fetch: (r: Request) => Response | Promise<Response> }) => async () =>
    (await app.fetch(request())).text();
  const empty = emptyApp();
  return [
    ['stage: new Request (the harness)', async () => request()],
    ['stage: Hono with an empty route', fetchOf(empty)],
    ['stage: + an empty middleware', fetchOf(emptyApp((_, next) => next()))],
    ['stage: + the request layer', fetchOf(emptyApp(requestLayer(deps)))],
    [
      'stage: + request budget',
      fetchOf(emptyApp((_, next) => withRequestBudget(deps.env.requestBudgetMs, () => next()))),
    ],
    ['stage: session read (drizzle)', () => findLiveSessionByTokenHash(deps.db, hash, new Date().toISOString())],
    ['stage: context and viewer', () => createContext(deps, honoContext()).viewer()],
    [
      'stage: execution with the viewer, JSON',
      async () =>
        JSON.stringify(await executor.run(prepared, plan, createContext(deps, honoContext()), undefined, undefined)),
    ],
    ['stage: the GraphQL handler without middleware', fetchOf(handlerOnly)],
    ['stage: + the capped body read of the route', fetchOf(routeOf({ budget: false, layer: false }))],
    ['stage: + the time budget', fetchOf(routeOf({ budget: true, layer: false }))],
    ['stage: + the request layer in front', fetchOf(routeOf({ budget: true, layer: true }))],
  ];
}

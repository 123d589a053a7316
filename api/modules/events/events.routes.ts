// The event stream of a tab (server-sent events over the same origin):
//
//   GET /api/events
//   Authorization: Bearer <session token>   or   X-API-Key: <API key>
//
// Authenticated like the GraphQL calls, scoped to the caller's organisation (an EMPLOYEE hears of
// their own datafiles only). It tells a page the moment a job of an upload check, an upload or an
// export moves (`event: job`, data: JobEvent as JSON), so the page shows the answer without waiting
// for its next poll; the page then asks GraphQL as before, so nothing here decides what a user may
// read. A comment line every HEARTBEAT_MS keeps proxies from closing a quiet stream.
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Deps } from '../../kernel/deps';
import { ErrorBody, type RouteDoc } from '../../lib/openapi';
import { createContext } from '../../graphql/context';
import { DEFAULT_LOCALE, localeFromHeader } from '../../lib/i18n';
import { keepRequestOpen } from '../../lib/request-body';
import { AppError, messageOf } from '../../kernel/errors/errors';
import { EXPORT_JOB } from '../exports';
import { UPLOAD_CHECK_JOB, UPLOAD_JOB } from '../uploads';
import { createJobEventHub, type JobEventHub } from './job-events';

export const EVENTS_ROUTE = '/api/events';
export const HEARTBEAT_MS = 15_000;
/** Open streams per user (a user with many tabs), and per process. */
export const MAX_STREAMS = { perUser: 8, perProcess: 2_000 };

/** Registers the route; the hub (one per app, so one per process) is returned for tests. */
export function registerEventRoutes(app: Hono, deps: Deps): JobEventHub {
  const hub = createJobEventHub(deps, [UPLOAD_CHECK_JOB, UPLOAD_JOB, EXPORT_JOB]);
  const perUser = new Map<string, number>();
  app.get(EVENTS_ROUTE, async (c) => {
    const refuse = (error: AppError, status: 401 | 429) => {
      const locale = localeFromHeader(c.req.header('accept-language')) ?? DEFAULT_LOCALE;
      const body = {
        errors: [{ message: messageOf(error, locale), extensions: { code: error.code, ...error.details } }],
      };
      return c.json(body, status, status === 429 ? { 'Retry-After': '30' } : {});
    };
    const viewer = await createContext(deps, c).viewer();
    if (!viewer) return refuse(new AppError('UNAUTHENTICATED'), 401);
    const open = perUser.get(viewer.userId) ?? 0;
    if (open >= MAX_STREAMS.perUser || hub.size() >= MAX_STREAMS.perProcess)
      return refuse(new AppError('TOO_MANY_REQUESTS', { reason: 'TOO_MANY_EVENT_STREAMS' }), 429);
    perUser.set(viewer.userId, open + 1);
    // Bun ends a connection that sent nothing for 10 s; this one is quiet between heartbeats.
    keepRequestOpen(c.env, c.req.raw);
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let unsubscribe = () => {};
      const done = new Promise<void>((resolve) => stream.onAbort(resolve));
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
        if (viewer.companyId)
          unsubscribe = hub.subscribe({
            companyId: viewer.companyId,
            ownerId: viewer.accessLevel === 'EMPLOYEE' ? viewer.userId : null,
            send: (event) => void stream.writeSSE({ event: 'job', data: JSON.stringify(event) }).catch(() => undefined),
          });
        // Each heartbeat asks again who this is: a session ended or revoked meanwhile ends the stream.
        const heartbeat = setInterval(() => {
          void createContext(deps, c)
            .viewer()
            .then(async (still) => {
              if (still?.userId === viewer.userId) await stream.write(': ping\n\n');
              else stream.abort();
            })
            .catch(() => stream.abort());
        }, HEARTBEAT_MS);
        await done;
        clearInterval(heartbeat);
      } finally {
        unsubscribe();
        const left = (perUser.get(viewer.userId) ?? 1) - 1;
        if (left > 0) perUser.set(viewer.userId, left);
        else perUser.delete(viewer.userId);
      }
    });
  });
  return hub;
}

export const EVENTS_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'get',
    path: EVENTS_ROUTE,
    tag: 'events',
    summary:
      "Server-sent events of the caller's organisation's upload checks, uploads and exports as they move (event: job); at most 8 open streams per user.",
    security: ['apiKey', 'bearer'],
    responses: {
      200: {
        description: 'An event stream (text/event-stream) with a heartbeat comment every 15 s.',
        contentType: 'text/event-stream',
      },
      401: { description: 'No valid session or API key.', contentType: 'application/json', schema: ErrorBody },
      429: {
        description: 'Too many open streams of this user (TOO_MANY_EVENT_STREAMS), with Retry-After.',
        contentType: 'application/json',
        schema: ErrorBody,
      },
    },
  },
];

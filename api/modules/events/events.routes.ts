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
import { dropStreamLease, renewStreamLease, takeStreamLease } from './event-streams.repo';

export const EVENTS_ROUTE = '/api/events';
export const HEARTBEAT_MS = 15_000;
/** Open streams per user (a user with many tabs, over every process), and per process. */
export const MAX_STREAMS = { perUser: 8, perProcess: 2_000 };
/**
 * How long a stream's lease holds without a heartbeat renewing it: three heartbeats, so a slow one
 * does not drop it, and the streams of a process that died stop counting within this time.
 */
export const STREAM_LEASE_MS = 3 * HEARTBEAT_MS;

/** Registers the route; the hub (one per app, so one per process) is returned for tests. */
export function registerEventRoutes(app: Hono, deps: Deps): JobEventHub {
  const hub = createJobEventHub(deps, [UPLOAD_CHECK_JOB, UPLOAD_JOB, EXPORT_JOB]);
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
    const tooMany = () => refuse(new AppError('TOO_MANY_REQUESTS', { reason: 'TOO_MANY_EVENT_STREAMS' }), 429);
    if (hub.size() >= MAX_STREAMS.perProcess) return tooMany();
    // The cap per user holds over every process on the database: each open stream holds a lease.
    const leaseUntil = () => new Date(deps.clock.now().getTime() + STREAM_LEASE_MS).toISOString();
    const lease = await takeStreamLease(deps.db, {
      id: crypto.randomUUID(),
      userId: viewer.userId,
      now: deps.clock.now().toISOString(),
      expiresAt: leaseUntil(),
      max: MAX_STREAMS.perUser,
    });
    if (!lease) return tooMany();
    // Bun ends a connection that sent nothing for 10 s; this one is quiet between heartbeats.
    keepRequestOpen(c.env, c.req.raw);
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let unsubscribe = () => {};
      const done = new Promise<void>((resolve) => stream.onAbort(resolve));
      try {
        if (viewer.companyId) {
          unsubscribe = hub.subscribe({
            companyId: viewer.companyId,
            ownerId: viewer.accessLevel === 'EMPLOYEE' ? viewer.userId : null,
            send: (event) => void stream.writeSSE({ event: 'job', data: JSON.stringify(event) }).catch(() => undefined),
          });
          // `ready` once the poller has read the jobs as they are now: the page asks GraphQL on `ready`,
          // so a job that moved before this read is in that answer, and every move after it is sent.
          await hub.pollNow();
        }
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
        // Each heartbeat asks again who this is: a session ended or revoked meanwhile ends the stream,
        // and so does a new role or organisation, as the stream's scope was set by the old one (an
        // ADMIN demoted to EMPLOYEE would go on hearing of every colleague's jobs). The page opens
        // a new stream, scoped as the user is now.
        const heartbeat = setInterval(() => {
          void createContext(deps, c)
            .viewer()
            .then(async (still) => {
              if (
                still?.userId !== viewer.userId ||
                still.accessLevel !== viewer.accessLevel ||
                still.companyId !== viewer.companyId
              )
                return stream.abort();
              await renewStreamLease(deps.db, lease, leaseUntil());
              await stream.write(': ping\n\n');
            })
            .catch(() => stream.abort());
        }, HEARTBEAT_MS);
        await done;
        clearInterval(heartbeat);
      } finally {
        unsubscribe();
        await dropStreamLease(deps.db, lease).catch((error: unknown) =>
          deps.log.error('event stream lease not dropped (it expires by itself)', error),
        );
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

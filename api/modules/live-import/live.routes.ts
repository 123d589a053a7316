// The live endpoint: POST /api/live/<datafileId>/respondents with one of the datafile's keys in the
// X-Live-Key header and one respondent as JSON. Answers 200 with the scores and the decision, or
// 202 when the caller asks for it (Prefer: respond-async, or ?async=1); GET
// /api/live/<datafileId>/respondents/<recordId> answers a queued respondent once it is done.
// Order of the checks: the key (a wrong one is refused before anything is read and never spends
// the rate limit), the rate limit, the body read with its cap, then status, origin, limits and the
// body's content; every refusal is counted by reason for the operators' monitoring page.
import type { Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import * as z from 'zod';
import type { Deps } from '../../kernel/deps';
import { AppError, messageOf } from '../../kernel/errors/errors';
import {
  BadContentLength,
  bodyBudgetOf,
  BodyBudgetExhausted,
  BodyTooLarge,
  readBodyWithCap,
  type BodyLease,
} from '../../lib/request-body';
import { recordEndpointHit, type RefusalSample } from '../monitoring';
import { LiveRespondentBody, MAX_BODY_BYTES, MAX_RECORD_ID, parseBody } from './live-respondent';
import type { RouteDoc } from '../../lib/openapi';
import { RateLimiter } from './live-rate-limit';
import {
  acceptRespondent,
  admitRespondent,
  LIVE_RESPONDENT_JOB,
  scoreTestRespondent,
  storedRespondent,
} from './live.service';
import { schedulePublish } from './live-publish';
import { liveRespondentKey } from './jobs/contract';
import { authenticate, type Authenticated } from './live-keys';
import { LIVE_DEVICE_HEADER, sourceOf } from './live-sources';
import { ceilingFull } from './live-guard';

export const LIVE_PATH = '/api/live';
export const LIVE_KEY_HEADER = 'x-live-key';
export const LIVE_TEST_HEADER = 'x-live-test';
const ENDPOINT = 'live.records';

// The request's parts as the OpenAPI document describes them. A datafile id or key of the wrong
// shape is refused as a wrong key (401), before the rate limit, as authenticate() refuses it too.
const LiveParams = z.object({ datafileId: z.string().min(1).max(64).describe('The live datafile.') });
const LiveHeaders = z.object({
  [LIVE_KEY_HEADER]: z.string().min(1).max(200).describe('One of the datafile’s live keys (browser or server).'),
  [LIVE_TEST_HEADER]: z
    .string()
    .optional()
    .describe('1: a test respondent from the setup screen, scored but neither stored nor charged.'),
  [LIVE_DEVICE_HEADER]: z
    .string()
    .optional()
    .describe('The snippet’s device id (8-100 printable characters) for the per-device limit; others are ignored.'),
  prefer: z.string().optional().describe('respond-async: answer 202 and score in the background.'),
});
const LiveQuery = z.object({ async: z.string().optional().describe('1: the same as Prefer: respond-async.') });
const RespondentParams = LiveParams.extend({
  recordId: z.string().min(1).max(MAX_RECORD_ID).describe('The id the respondent was sent with.'),
});

/** The key and the request's options, or the wrong-key refusal. */
function liveRequest(c: Context) {
  const params = LiveParams.safeParse(c.req.param());
  const headers = LiveHeaders.safeParse(c.req.header());
  if (!params.success || !headers.success) throw new AppError('UNAUTHENTICATED');
  const async = /respond-async/i.test(headers.data.prefer ?? '') || LiveQuery.parse(c.req.query()).async === '1';
  return {
    datafileId: params.data.datafileId,
    key: headers.data[LIVE_KEY_HEADER],
    test: headers.data[LIVE_TEST_HEADER] === '1',
    async,
  };
}

const STATUS: Record<string, 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429> = {
  UNAUTHENTICATED: 401,
  BALANCE_NOT_ENOUGH: 402,
  COMPANY_CONTRACT_NOT_ACTIVE: 403,
  UNAUTHORIZED: 403,
  DATARECORD_NOT_FOUND: 404,
  LIVE_DATAFILE_STOPPED: 409,
  LIVE_CEILING_REACHED: 409,
  TOO_MANY_REQUESTS: 429,
};
const SERVER_BUSY = 503;

function statusOf(error: AppError) {
  if (error.details.reason === 'LIVE_BODY_TOO_LARGE') return 413;
  // A device at its limit stays there: 409, so the snippet does not retry; an address waits for the next hour: 429.
  if (error.code === 'LIVE_SOURCE_LIMIT') return error.details.reason === 'LIVE_DEVICE_LIMIT' ? 409 : 429;
  if (error.code === 'SERVER_BUSY') return SERVER_BUSY;
  return STATUS[error.code] ?? 400;
}

function refusal(deps: Pick<Deps, 'metrics'>, c: Context, error: AppError) {
  const locale = (c.req.header('accept-language') ?? '').toLowerCase().startsWith('de') ? 'de' : 'en';
  const { field, reason, shortfall, max, retryAfterSeconds } = error.details as Record<string, unknown>;
  deps.metrics.refusals.inc({ source: 'live', code: error.code, reason: typeof reason === 'string' ? reason : '' });
  const headers: Record<string, string> =
    typeof retryAfterSeconds === 'number' ? { 'retry-after': String(retryAfterSeconds) } : {};
  return c.json(
    {
      error: {
        code: error.code,
        message: messageOf(error, locale),
        ...(reason ? { reason } : {}),
        ...(field ? { field } : {}),
        ...(shortfall !== undefined ? { shortfall } : {}),
        ...(max !== undefined ? { max } : {}),
      },
    },
    statusOf(error),
    headers,
  );
}

export function registerLiveRoutes(app: Hono, deps: Deps): void {
  // Per process and datafile, counting only requests with a valid key: a flood of wrong keys
  // cannot spend it and cost a survey's respondents a 429.
  const limiter = new RateLimiter(deps.env.live.ratePerSecond, deps.env.live.burst);
  const budget = bodyBudgetOf(deps, deps.env.bodyBudgetBytes);
  // Open CORS only here: the snippet runs on the survey tool's pages; the key travels in a header,
  // never a cookie, so any origin may call without gaining anything a stolen key would not give
  // (the allowed origins, when set, are checked against Origin on the request itself).
  app.use(
    `${LIVE_PATH}/*`,
    cors({
      origin: '*',
      allowMethods: ['POST', 'GET', 'OPTIONS'],
      allowHeaders: ['content-type', LIVE_KEY_HEADER, LIVE_TEST_HEADER, LIVE_DEVICE_HEADER, 'prefer'],
      exposeHeaders: ['retry-after'],
      maxAge: 600,
      credentials: false,
    }),
  );

  app.post(`${LIVE_PATH}/:datafileId/respondents`, async (c) => {
    const datafileId = c.req.param('datafileId');
    const key = c.req.header(LIVE_KEY_HEADER);
    const source = sourceOf(c, deps.appSecret, deps.env.trustProxyHops);
    let who: Authenticated | undefined;
    const lease = budget.lease();
    try {
      const request = liveRequest(c);
      who = await authenticate(deps, request.datafileId, request.key);
      const wait = limiter.take(datafileId, deps.clock.now().getTime());
      if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: wait });
      const body = parseBody(await readCapped(c.req.raw, lease));
      const { test, async } = request;
      const sender = { keyKind: who.keyKind, source: who.keyKind === 'BROWSER' ? source : null };
      const { target, input, warnings } = await admitRespondent(deps, who.target, sender, body, test);
      // Accepted with something the sender should fix (a grid sent with fewer items than defined).
      const warned = warnings.length ? { warnings } : {};
      if (test) {
        recordEndpointHit(deps, ENDPOINT);
        deps.metrics.liveRespondents.inc({ outcome: 'test' });
        return c.json({ ...(await scoreTestRespondent(deps, target, input)), ...warned }, 200);
      }
      // At a ceiling nothing is queued: a stored respondent is answered, a new one refused, at once
      // (a job per forged respondent would be a write per request past the ceiling).
      if (async && !ceilingFull(target)) {
        // Queued durably (a job row) before 202: a crash after the answer loses nothing; the job
        // runs the same exactly-once path, so a resend while it waits is no second charge.
        await deps.jobs.enqueue(
          LIVE_RESPONDENT_JOB,
          { datafileId, input, sender },
          { dedupeKey: liveRespondentKey(datafileId, input.recordId) },
        );
        recordEndpointHit(deps, ENDPOINT);
        return c.json(
          {
            recordId: input.recordId,
            status: 'QUEUED',
            location: `${LIVE_PATH}/${datafileId}/respondents/${encodeURIComponent(input.recordId)}`,
            ...warned,
          },
          202,
        );
      }
      const answer = await acceptRespondent(deps, target, input, sender);
      if (answer.status === 'SCORED') schedulePublish(deps, datafileId);
      recordEndpointHit(deps, ENDPOINT);
      deps.metrics.liveRespondents.inc({ outcome: answer.status === 'SCORED' ? 'scored' : 'already_received' });
      return c.json({ ...answer, ...warned }, 200);
    } catch (error) {
      if (!(error instanceof AppError)) {
        recordEndpointHit(deps, ENDPOINT, { refused: true });
        throw error;
      }
      const sample: RefusalSample = {
        datafileId,
        keyKind: who?.keyKind ?? (key ? 'WRONG' : 'NONE'),
        source: source.masked,
        origin: source.origin,
      };
      recordEndpointHit(deps, ENDPOINT, { refused: true, reason: error.details.reason ?? error.code, sample });
      return refusal(deps, c, error);
    } finally {
      lease.release();
    }
  });

  app.get(`${LIVE_PATH}/:datafileId/respondents/:recordId`, async (c) => {
    try {
      const { datafileId, key } = liveRequest(c);
      const { target } = await authenticate(deps, datafileId, key);
      const recordId = RespondentParams.safeParse(c.req.param());
      if (!recordId.success) throw new AppError('DATARECORD_NOT_FOUND');
      const answer = await storedRespondent(deps, target, recordId.data.recordId);
      if (!answer) throw new AppError('DATARECORD_NOT_FOUND');
      return c.json(answer, 200);
    } catch (error) {
      if (error instanceof AppError) return refusal(deps, c, error);
      throw error;
    }
  });
}

/** The body as text, read with the cap after the key was checked: nothing past MAX_BODY_BYTES is held. */
async function readCapped(request: Request, lease: BodyLease): Promise<string> {
  try {
    return new TextDecoder().decode(await readBodyWithCap(request, MAX_BODY_BYTES, lease));
  } catch (error) {
    if (error instanceof BodyBudgetExhausted)
      throw new AppError('SERVER_BUSY', { retryAfterSeconds: error.retryAfterSeconds });
    if (error instanceof BodyTooLarge)
      throw new AppError('BAD_REQUEST', { reason: 'LIVE_BODY_TOO_LARGE', field: 'body' });
    if (error instanceof BadContentLength)
      throw new AppError('BAD_REQUEST', { reason: 'LIVE_BODY_NOT_JSON', field: 'body' });
    throw error;
  }
}

const liveAnswer = (description: string) => ({ description, contentType: 'application/json' });
const refusedDoc = (description: string) =>
  liveAnswer(`${description} Body: { error: { code, message, reason, field } }.`);

export const LIVE_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'post',
    path: `${LIVE_PATH}/:datafileId/respondents`,
    tag: 'live-import',
    summary: 'One live respondent: scored, charged and stored, answered with its scores and decision.',
    description:
      'docs/live-import.md. Checked against the live import’s pages: which fields a page takes depends on it.',
    security: ['liveKey'],
    params: LiveParams,
    query: LiveQuery,
    headers: LiveHeaders.omit({ [LIVE_KEY_HEADER]: true }),
    body: {
      contentTypes: ['application/json'],
      description: 'One respondent, at most 256 KiB.',
      schema: LiveRespondentBody,
    },
    responses: {
      200: liveAnswer('Scores and the decision (warnings when a grid came with fewer items than defined).'),
      202: liveAnswer('Queued: GET the location later.'),
      400: refusedDoc('A field of the wrong type or an unknown page (field names it).'),
      401: refusedDoc('Wrong or missing X-Live-Key.'),
      402: refusedDoc('Not enough credits.'),
      409: refusedDoc('The live import is stopped, at its ceiling, or the device at its limit.'),
      413: refusedDoc('The body is over 256 KiB.'),
      429: refusedDoc('Over the rate limit, with Retry-After.'),
    },
  },
  {
    method: 'get',
    path: `${LIVE_PATH}/:datafileId/respondents/:recordId`,
    tag: 'live-import',
    summary: 'A respondent sent with async, once scored.',
    security: ['liveKey'],
    params: RespondentParams,
    responses: {
      200: liveAnswer('Scores and the decision.'),
      401: refusedDoc('Wrong or missing X-Live-Key.'),
      404: refusedDoc('Not (yet) stored.'),
    },
  },
];

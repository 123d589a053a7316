// The live endpoint: POST /api/live/<datafileId>/respondents with the datafile's secret
// key in the X-Live-Key header and one respondent as JSON. Answers 200 with the scores and the
// decision, or 202 when the caller asks for it (Prefer: respond-async, or ?async=1); GET
// /api/live/<datafileId>/respondents/<recordId> answers a queued respondent once it is done.
import type { Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Deps } from '../../kernel/deps';
import { AppError, messageOf } from '../../kernel/errors/errors';
import { recordEndpointHit } from '../monitoring';
import { MAX_BODY_BYTES, parseBody } from './live-respondent';
import { RateLimiter } from './live-rate-limit';
import {
  acceptRespondent,
  admitRespondent,
  authenticate,
  LIVE_RESPONDENT_JOB,
  scoreTestRespondent,
  storedRespondent,
} from './live.service';
import { schedulePublish } from './live-publish';
import { liveRespondentKey } from './jobs/contract';

export const LIVE_PATH = '/api/live';
export const LIVE_KEY_HEADER = 'x-live-key';
export const LIVE_TEST_HEADER = 'x-live-test';
const ENDPOINT = 'live.records';

const STATUS: Record<string, 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429> = {
  UNAUTHENTICATED: 401,
  BALANCE_NOT_ENOUGH: 402,
  COMPANY_CONTRACT_NOT_ACTIVE: 403,
  DATARECORD_NOT_FOUND: 404,
  LIVE_DATAFILE_STOPPED: 409,
  TOO_MANY_REQUESTS: 429,
};

function refusal(c: Context, error: AppError, headers: Record<string, string> = {}) {
  const locale = (c.req.header('accept-language') ?? '').toLowerCase().startsWith('de') ? 'de' : 'en';
  const status = error.details.reason === 'LIVE_BODY_TOO_LARGE' ? 413 : (STATUS[error.code] ?? 400);
  const { field, reason, shortfall } = error.details as Record<string, unknown>;
  return c.json(
    {
      error: {
        code: error.code,
        message: messageOf(error, locale),
        ...(reason ? { reason } : {}),
        ...(field ? { field } : {}),
        ...(shortfall !== undefined ? { shortfall } : {}),
      },
    },
    status,
    headers,
  );
}

export function registerLiveRoutes(app: Hono, deps: Deps): void {
  const limiter = new RateLimiter(deps.env.live.ratePerSecond, deps.env.live.burst);
  // Open CORS only here: the snippet runs on the survey tool's pages; the key travels in a header,
  // never a cookie, so any origin may call without gaining anything a stolen key would not give.
  app.use(
    `${LIVE_PATH}/*`,
    cors({
      origin: '*',
      allowMethods: ['POST', 'GET', 'OPTIONS'],
      allowHeaders: ['content-type', LIVE_KEY_HEADER, LIVE_TEST_HEADER, 'prefer'],
      maxAge: 600,
      credentials: false,
    }),
  );

  app.post(`${LIVE_PATH}/:datafileId/respondents`, async (c) => {
    const datafileId = c.req.param('datafileId');
    try {
      const wait = limiter.take(datafileId, deps.clock.now().getTime());
      if (wait > 0) {
        recordEndpointHit(deps, ENDPOINT, { refused: true });
        return refusal(c, new AppError('TOO_MANY_REQUESTS'), { 'retry-after': String(wait) });
      }
      const length = Number(c.req.header('content-length') ?? 0);
      if (length > MAX_BODY_BYTES) throw new AppError('BAD_REQUEST', { reason: 'LIVE_BODY_TOO_LARGE', field: 'body' });
      const bytes = await c.req.arrayBuffer();
      if (bytes.byteLength > MAX_BODY_BYTES)
        throw new AppError('BAD_REQUEST', { reason: 'LIVE_BODY_TOO_LARGE', field: 'body' });
      const body = parseBody(new TextDecoder().decode(bytes));
      const test = c.req.header(LIVE_TEST_HEADER) === '1';
      const { target, input, warnings } = await admitRespondent(
        deps,
        datafileId,
        c.req.header(LIVE_KEY_HEADER),
        body,
        test,
      );
      // Accepted with something the sender should fix (a grid sent with fewer items than defined).
      const warned = warnings.length ? { warnings } : {};
      if (test) {
        recordEndpointHit(deps, ENDPOINT);
        return c.json({ ...(await scoreTestRespondent(deps, target, input)), ...warned }, 200);
      }
      const async = /respond-async/i.test(c.req.header('prefer') ?? '') || c.req.query('async') === '1';
      if (async) {
        // Queued durably (a job row) before 202: a crash after the answer loses nothing; the job
        // runs the same exactly-once path, so a resend while it waits is no second charge.
        await deps.jobs.enqueue(
          LIVE_RESPONDENT_JOB,
          { datafileId, input },
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
      const answer = await acceptRespondent(deps, target, input);
      if (answer.status === 'SCORED') schedulePublish(deps, datafileId);
      recordEndpointHit(deps, ENDPOINT);
      return c.json({ ...answer, ...warned }, 200);
    } catch (error) {
      recordEndpointHit(deps, ENDPOINT, { refused: true });
      if (error instanceof AppError) return refusal(c, error);
      throw error;
    }
  });

  app.get(`${LIVE_PATH}/:datafileId/respondents/:recordId`, async (c) => {
    try {
      const target = await authenticate(deps, c.req.param('datafileId'), c.req.header(LIVE_KEY_HEADER));
      const answer = await storedRespondent(deps, target, c.req.param('recordId'));
      if (!answer) throw new AppError('DATARECORD_NOT_FOUND');
      return c.json(answer, 200);
    } catch (error) {
      if (error instanceof AppError) return refusal(c, error);
      throw error;
    }
  });
}

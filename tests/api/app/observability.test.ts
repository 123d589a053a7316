import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createOpsApp } from '../../../api/app';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { createLogger, withLogContext } from '../../../api/lib/logger';
import { createMetrics } from '../../../api/lib/metrics';
import { createTestApp, type TestApp } from '../../support/test-app';
import { liveWorld, respondent } from '../../support/live-world';
import { METRICS_TOKEN, metricSum } from '../../support/ops-world';

// Logs, metrics and health: JSON log lines carry the request id from the request into the job it
// enqueued; /metrics is for operators only (or on its own listener) and counts requests by
// operation, refusals, charges and live respondents; /readyz fails on each thing it checks.

const lines: Record<string, unknown>[] = [];
let t: TestApp;
let w: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  const destination = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  t = await createTestApp({
    now: new Date().toISOString(),
    env: { METRICS_TOKEN, LIVE_RATE_PER_SECOND: '1000' },
    log: createLogger({ destination }),
  });
  w = await liveWorld(t);
});
afterAll(() => t?.close());

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

describe('request ids and JSON logs', () => {
  it('follow a request into the job it enqueued', async () => {
    const res = await t.app.request(`/api/live/${w.datafileId}/respondents`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-live-key': w.secret,
        prefer: 'respond-async',
        'x-request-id': 'req-from-the-survey-tool',
      },
      body: JSON.stringify(respondent('traced-1')),
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('x-request-id')).toBe('req-from-the-survey-tool');
    const access = lines.find((l) => l.msg === 'request' && l.requestId === 'req-from-the-survey-tool');
    expect(access).toMatchObject({
      level: 'info',
      method: 'POST',
      route: '/api/live/:datafileId/respondents',
      status: 202,
    });
    expect(typeof access!.time).toBe('string');

    const job = await t.db.get<{ id: string; request_id: string }>(
      sql`select id, request_id from jobs where kind = 'live.respondent' order by created_at desc limit 1`,
    );
    expect(job!.request_id).toBe('req-from-the-survey-tool');
    await runJobsUntilIdle(t.deps, { kinds: ['live.respondent'] });
    expect(lines.find((l) => l.msg === 'job finished' && l.jobId === job!.id)).toMatchObject({
      requestId: 'req-from-the-survey-tool',
      jobKind: 'live.respondent',
      state: 'SUCCEEDED',
    });
  });

  it('make their own id when the caller sends none or a strange one, and redact secrets', async () => {
    const plain = await get('/healthz');
    const odd = await get('/healthz', { 'x-request-id': 'bad id with spaces' });
    expect(plain.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(odd.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{16}$/);
    t.deps.log.info('login attempt', { email: 'a@b.example', password: 'hunter2', nested: { token: 't0k3n' } });
    const line = lines.find((l) => l.msg === 'login attempt')!;
    expect(line).toMatchObject({ password: '[redacted]', nested: { token: '[redacted]' }, email: 'a@b.example' });
    // Lines of plain values skip pino's redaction (the access line is one); a secret's name among them must not.
    t.deps.log.info('plain values', { status: 200, cookie: 'session=abc', apiKey: 'k3y' });
    expect(lines.find((l) => l.msg === 'plain values')).toMatchObject({
      status: 200,
      cookie: '[redacted]',
      apiKey: '[redacted]',
    });
  });

  it("keep one line's fields out of the next line of the same request or job, and out of other requests", async () => {
    await withLogContext({ requestId: 'fields-stay' }, async () => {
      t.deps.log.info('first line', { onlyHere: 1 });
      t.deps.log.info('second line');
    });
    t.deps.log.info('outside', { strayField: 1 });
    t.deps.log.info('outside again');
    await get('/healthz', { 'x-request-id': 'after-the-stray-field' });
    const line = (msg: string) => lines.findLast((l) => l.msg === msg)!;
    expect(line('second line')).toMatchObject({ requestId: 'fields-stay' });
    expect(line('second line')).not.toHaveProperty('onlyHere');
    expect(line('outside again')).not.toHaveProperty('strayField');
    expect(line('outside again')).not.toHaveProperty('requestId');
    const access = lines.findLast((l) => l.msg === 'request' && l.requestId === 'after-the-stray-field')!;
    expect(access).not.toHaveProperty('strayField');
  });
});

describe('/metrics', () => {
  it('answers operators only, and counts by operation, refusals, charges and live respondents', async () => {
    const admin = w.tokens.admin;
    const op = w.tokens.op;
    expect((await t.gql('{ me { user { id } } }', {}, { token: admin })).status).toBe(200);
    expect((await t.gql('{ me { user { id } } }', {}, { token: 'not-a-session' })).status).toBe(401);
    const live = await t.app.request(`/api/live/${w.datafileId}/respondents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-live-key': w.secret },
      body: JSON.stringify(respondent('metered-1')),
    });
    expect(live.status).toBe(200);

    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer wrong-token-wrong-token-wrong-token' })).status).toBe(401);
    const refused = await get('/metrics', { authorization: `Bearer ${admin}` });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('METRICS_TOKEN');
    expect((await get('/metrics', { authorization: `Bearer ${op}` })).status).toBe(200);
    const res = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(
      metricSum(text, 'sqp_http_request_duration_seconds_count', { route: '/graphql', operation: 'query me' }),
    ).toBeGreaterThanOrEqual(2);
    expect(metricSum(text, 'sqp_refusals_total', { source: 'graphql', code: 'UNAUTHENTICATED' })).toBe(1);
    expect(metricSum(text, 'sqp_live_respondents_total', { outcome: 'scored' })).toBe(1);
    expect(metricSum(text, 'sqp_credit_charges_total', { kind: 'LIVE' })).toBeGreaterThanOrEqual(1);
    expect(metricSum(text, 'sqp_credits_charged_total', { kind: 'LIVE' })).toBeGreaterThan(0);
    expect(metricSum(text, 'sqp_jobs_finished_total', { kind: 'live.respondent', state: 'SUCCEEDED' })).toBe(1);
    // The queue gauges read the shared table: a job waiting now shows with its age.
    await t.db.run(
      sql`insert into jobs (id, kind, payload, state, run_after, created_at, updated_at) values ('waiting-1', 'export', '{}', 'QUEUED', ${new Date(t.clock.now().getTime() - 90_000).toISOString()}, ${t.clock.now().toISOString()}, ${t.clock.now().toISOString()})`,
    );
    const after = await (await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).text();
    expect(metricSum(after, 'sqp_jobs', { kind: 'export', state: 'QUEUED' })).toBe(1);
    expect(metricSum(after, 'sqp_jobs_oldest_due_seconds', { kind: 'export' })).toBeGreaterThanOrEqual(89);
    await t.db.run(sql`delete from jobs where id = 'waiting-1'`);
  });

  it('moves to its own listener with METRICS_PORT', async () => {
    const deps = { ...t.deps, env: { ...t.deps.env, metrics: { ...t.deps.env.metrics, port: 9999 } } };
    const { app, lifecycle } = createApp(deps, { webDist: join(t.deps.env.storageDir, 'no-web') });
    const onMain = await app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(await onMain.text()).not.toContain('sqp_http_request_duration_seconds');
    const ops = createOpsApp(deps, lifecycle);
    const open = await ops.request('/metrics');
    expect(open.status).toBe(200);
    expect(await open.text()).toContain('sqp_http_request_duration_seconds');
    expect((await ops.request('/readyz')).status).toBe(200);
  });
});

describe('the request histogram', () => {
  it('counts each label set in its own series, also past the label sets it keeps a child for', async () => {
    const metrics = createMetrics();
    for (let i = 0; i < 600; i++) metrics.observeRequest(`/no-such-page-${i}`, '', 'GET', 404, 0.001);
    metrics.observeRequest('/graphql', 'query me', 'POST', 200, 0.002);
    metrics.observeRequest('/graphql', 'query me', 'POST', 200, 0.003);
    metrics.observeRequest('/no-such-page-599', '', 'GET', 404, 0.001);
    const text = await metrics.text();
    const count = (labels: Record<string, string>) =>
      metricSum(text, 'sqp_http_request_duration_seconds_count', labels);
    expect(count({ route: '/graphql', operation: 'query me', method: 'POST', status: '200' })).toBe(2);
    expect(count({ route: '/no-such-page-0', status: '404' })).toBe(1);
    expect(count({ route: '/no-such-page-599', status: '404' })).toBe(2);
    expect(count({ status: '404' })).toBe(601);
    expect(metricSum(text, 'sqp_http_request_duration_seconds_sum', { operation: 'query me' })).toBeCloseTo(0.005);
  });

  it('holds every request in a read at any time, with the sums and buckets prom-client gives for them', async () => {
    // Requests note their duration and hand it to prom-client in batches (api/lib/metrics.ts): a read
    // between two batches must still count every request, bit for bit as prom-client alone counts them.
    const metrics = createMetrics();
    const reference = createMetrics();
    const sets = [
      ['/graphql', 'query me', 'POST', 200],
      ['/graphql', 'mutation login', 'POST', 200],
      ['/files/avatars/:id', '', 'GET', 404],
    ] as const;
    const lines = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('sqp_http_request_duration_seconds'))
        .join('\n');
    for (let i = 0; i < 1000; i++) {
      const [route, operation, method, status] = sets[i % 3]!;
      // On a bucket's bound (0.0005, 0.001, ...), between them, and past the last one.
      const seconds = i % 97 === 0 ? 12 + i : i % 4 === 0 ? (i % 8) * 0.000125 : ((i * 7919) % 1000) / 3e5;
      metrics.observeRequest(route, operation, method, status, seconds);
      reference.requestSeconds.observe({ route, operation, method, status: String(status) }, seconds);
      if (i === 10 || i === 600 || i === 999) expect(lines(await metrics.text())).toBe(lines(await reference.text()));
    }
    const text = await metrics.text();
    expect(metricSum(text, 'sqp_http_request_duration_seconds_count', { operation: 'query me' })).toBe(334);
    expect(text).toContain('sqp_http_request_duration_seconds_bucket{le="0.0005",');
  });
});

describe('/healthz and /readyz', () => {
  it('are alive and ready, and not ready once stopping, without storage or without the migrations', async () => {
    const webDist = join(t.deps.env.storageDir, 'no-web');
    const { app, lifecycle } = createApp(t.deps, { webDist });
    expect(await (await app.request('/healthz')).json()).toEqual({ ok: true });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', accepting: 'ok' },
    });

    lifecycle.stopping = true;
    const stopping = await app.request('/readyz');
    expect(stopping.status).toBe(503);
    expect(((await stopping.json()) as { checks: { accepting: string } }).checks.accepting).toBe('stopping');
    expect((await app.request('/healthz')).status).toBe(200);

    const noStorage = createApp(
      { ...t.deps, blobs: { ...t.deps.blobs, probe: () => Promise.reject(new Error('bucket unreachable')) } },
      { webDist },
    ).app;
    const failed = await noStorage.request('/readyz');
    expect(failed.status).toBe(503);
    expect(((await failed.json()) as { checks: { storage: string } }).checks.storage).toBe('failed');

    const last = await t.db.get<{ hash: string; created_at: number }>(
      sql`select hash, created_at from __drizzle_migrations order by created_at desc limit 1`,
    );
    await t.db.run(sql`delete from __drizzle_migrations where created_at = ${last!.created_at}`);
    try {
      const behind = await app.request('/readyz');
      expect(behind.status).toBe(503);
      expect(((await behind.json()) as { checks: { migrations: string } }).checks.migrations).toBe('failed');
    } finally {
      await t.db.run(
        sql`insert into __drizzle_migrations (hash, created_at) values (${last!.hash}, ${last!.created_at})`,
      );
    }
  });
});

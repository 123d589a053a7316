import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../../api/compose/create-deps';
import { readEnv } from '../../../api/env';
import { silentLogger } from '../../../api/lib/logger';
import {
  FLUSH_INTERVAL_MS,
  flushEndpointHits,
  MAX_ENDPOINTS,
  normaliseEndpoint,
  OVERFLOW_ENDPOINT,
  pendingEndpointHits,
  recordEndpointHit,
} from '../../../api/modules/monitoring/endpoint-hits';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeUser } from '../../support/factories';

// The facility live import calls per request: counts in memory, written per endpoint and minute
// every few seconds, summed over every process that shares the database.

const TRAFFIC =
  'query($m:Int){getLiveEndpointTraffic(minutes:$m){ from to minutes{ minute requests refusals } endpoints{ endpoint requests refusals lastCallAt } }}';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:30.000Z' });
  const operator = await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
  op = await t.tokenFor(operator.email, operator.password);
});
afterAll(() => t.close());

const stored = () =>
  t.db.all<{ endpoint: string; minute: string; requests: number; refusals: number }>(
    sql`select endpoint, minute, requests, refusals from endpoint_hits order by endpoint, minute`,
  );

describe('recordEndpointHit', () => {
  it('counts in memory and writes one row per endpoint and minute on flush, refusals among the requests', async () => {
    for (let i = 0; i < 250; i++) recordEndpointHit(t.deps, 'live.records', { refused: i % 10 === 0 });
    recordEndpointHit(t.deps, 'live.pages');
    t.clock.set('2026-11-21T09:01:05.000Z');
    for (let i = 0; i < 3; i++) recordEndpointHit(t.deps, 'live.records', { refused: true });
    expect(await stored()).toEqual([]);
    expect(pendingEndpointHits(t.deps)).toBe(254);
    await flushEndpointHits(t.deps);
    expect(pendingEndpointHits(t.deps)).toBe(0);
    expect(await stored()).toEqual([
      { endpoint: 'live.pages', minute: '2026-11-21T09:00', requests: 1, refusals: 0 },
      { endpoint: 'live.records', minute: '2026-11-21T09:00', requests: 250, refusals: 25 },
      { endpoint: 'live.records', minute: '2026-11-21T09:01', requests: 3, refusals: 3 },
    ]);
  });

  it('adds the counts of every process sharing the database (another process: its own deps and connection)', async () => {
    const other = await createDeps(
      readEnv({
        NODE_ENV: 'test',
        DATABASE_URL: t.deps.env.databaseUrl,
        JOB_INTERVAL_MINUTES: '0',
        STORAGE_DIR: t.deps.env.storageDir,
      }),
      { clock: t.clock, log: silentLogger, scoring: t.deps.scoring },
    );
    try {
      recordEndpointHit(t.deps, 'live.records');
      recordEndpointHit(other, 'live.records', { refused: true });
      recordEndpointHit(other, 'live.records');
      await Promise.all([flushEndpointHits(t.deps), flushEndpointHits(other)]);
      expect((await stored()).find((r) => r.minute === '2026-11-21T09:01' && r.endpoint === 'live.records')).toEqual({
        endpoint: 'live.records',
        minute: '2026-11-21T09:01',
        requests: 6,
        refusals: 4,
      });
    } finally {
      other.close();
    }
  });

  it('flushes by itself within the flush interval', async () => {
    recordEndpointHit(t.deps, 'live.timer');
    await new Promise((r) => setTimeout(r, FLUSH_INTERVAL_MS + 500));
    expect((await stored()).filter((r) => r.endpoint === 'live.timer')).toEqual([
      { endpoint: 'live.timer', minute: '2026-11-21T09:01', requests: 1, refusals: 0 },
    ]);
  });

  it('keeps the counts for the next flush when the write fails', async () => {
    const broken = {
      ...t.deps,
      db: {
        transaction: async () => {
          throw new Error('disk full');
        },
      } as never,
      log: silentLogger,
    };
    recordEndpointHit(broken, 'live.records');
    recordEndpointHit(broken, 'live.records', { refused: true });
    await flushEndpointHits(broken);
    expect(pendingEndpointHits(broken)).toBe(2);
  });

  it('names endpoints as labels (printable, at most 100 characters) and counts more than the cap of names under one', async () => {
    expect(normaliseEndpoint('  live.records  ')).toBe('live.records');
    expect(normaliseEndpoint('<script>')).toBe('_script_');
    expect(normaliseEndpoint('x'.repeat(300))).toHaveLength(100);
    expect(normaliseEndpoint('')).toBe('unnamed');
    t.clock.set('2026-11-21T09:02:10.000Z');
    for (let i = 0; i < MAX_ENDPOINTS + 5; i++) recordEndpointHit(t.deps, `burst-${i}`);
    await flushEndpointHits(t.deps);
    const rows = (await stored()).filter((r) => r.minute === '2026-11-21T09:02');
    expect(rows).toHaveLength(MAX_ENDPOINTS + 1);
    expect(rows.find((r) => r.endpoint === OVERFLOW_ENDPOINT)?.requests).toBe(5);
  });
});

describe('getLiveEndpointTraffic', () => {
  it('lists every minute of the window oldest first (zeros included) and the endpoints by calls', async () => {
    t.clock.set('2026-11-21T09:03:20.000Z');
    const res = (await t.gql(TRAFFIC, { m: 5 }, { token: op })).body.data.getLiveEndpointTraffic;
    expect(res.from).toBe('2026-11-21T08:59:00.000Z');
    expect(res.to).toBe('2026-11-21T09:04:00.000Z');
    expect(res.minutes.map((m: any) => m.minute)).toEqual(
      ['08:59', '09:00', '09:01', '09:02', '09:03'].map((hm) => `2026-11-21T${hm}:00.000Z`),
    );
    expect(res.minutes.map((m: any) => [m.requests, m.refusals])).toEqual([
      [0, 0],
      [251, 25],
      [7, 4],
      [MAX_ENDPOINTS + 5, 0],
      [0, 0],
    ]);
    expect(res.endpoints[0]).toEqual({
      endpoint: 'live.records',
      requests: 256,
      refusals: 29,
      lastCallAt: '2026-11-21T09:01:00.000Z',
    });
    const short = (await t.gql(TRAFFIC, { m: 1 }, { token: op })).body.data.getLiveEndpointTraffic;
    expect(short.minutes).toEqual([{ minute: '2026-11-21T09:03:00.000Z', requests: 0, refusals: 0 }]);
    expect(short.endpoints).toEqual([]);
  });

  it('refuses a window outside 1..1440 minutes', async () => {
    for (const m of [0, 1441])
      expect((await t.gql(TRAFFIC, { m }, { token: op })).body.errors?.[0]?.extensions.reason).toBe('OUT_OF_RANGE');
  });
});

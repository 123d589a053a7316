import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import {
  counts,
  CREATE,
  INTEGRATION,
  liveWorld,
  PAGES,
  respondent,
  send,
  UPDATE_LIMITS,
} from '../../support/live-world';

// The limits of the public browser key (ceilings, per-source limits, allowed origins), the server
// key beside it, and what the organisation's ADMINs hear. The concurrent and cross-process sides
// are in attack.test.ts against a real server process.

let t: TestApp;
afterEach(() => t?.close());

const notices = (t: TestApp, datafileId: string) =>
  t.db.all<{ key: string; title: string; description: string }>(
    sql`select dedupe_key as key, title, description from notifications where dedupe_key like ${`live-ceiling:%:${datafileId}:%`} order by created_at, dedupe_key`,
  );
const mails = (t: TestApp) =>
  t.db.all<{ template: string; locale: string; subject: string }>(
    sql`select template, locale, subject from outbox_mails where template like 'liveCeiling%' order by created_at, subject`,
  );

describe('live import ceilings', () => {
  it('defaults to 1,000 respondents (or 1.5 x the expected sample) at what one respondent of the pages costs', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const limits = (await t.gql(INTEGRATION, { id: w.datafileId }, { token: w.tokens.admin })).body.data
      .getLiveDatafileIntegration.limits;
    // Three pages (open answer, grid, time): 4 times + 1 grid + 1 answer = 6 credits a respondent.
    expect(limits).toEqual({
      expectedRespondents: null,
      maxRespondents: 1000,
      maxCredits: 6000,
      respondents: 0,
      credits: 0,
      perAddressPerHour: 100,
      perDevice: 3,
      allowedOrigins: [],
    });
    const created = await t.gql(
      CREATE,
      { i: { name: 'Expected', surveySoftware: 'OTHER', pages: PAGES, expectedRespondents: 201 } },
      { token: w.tokens.admin },
    );
    const id = created.body.data.createLiveDatafile.datafileId;
    const second = (await t.gql(INTEGRATION, { id }, { token: w.tokens.admin })).body.data.getLiveDatafileIntegration;
    expect(second.limits).toMatchObject({ expectedRespondents: 201, maxRespondents: 302, maxCredits: 1812 });
    const bad = await t.gql(
      CREATE,
      { i: { name: 'Bad', surveySoftware: 'OTHER', pages: PAGES, expectedRespondents: 0 } },
      { token: w.tokens.admin },
    );
    expect(codeOf(bad)).toBe('INVALID_PARAMETERS:LIVE_LIMIT_VALUE');
    expect(bad.body.errors![0]!.extensions).toMatchObject({ field: 'expectedRespondents', min: 1 });
  });

  it('stops at the respondents ceiling: refused with LIVE_CEILING_REACHED, nothing charged; ADMINs told at 80 % and 100 % once each, in their language', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    await t.db.run(sql`update users set locale = 'de' where id = ${w.admin.id}`);
    await w.setLimits({ maxRespondents: 5 });
    const answers = [];
    for (let i = 1; i <= 7; i++) answers.push(await send(t, w.datafileId, w.secret, respondent(`c-${i}`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 409, 409]);
    expect(answers[5]!.body.error).toMatchObject({
      code: 'LIVE_CEILING_REACHED',
      reason: 'LIVE_CEILING_RESPONDENTS',
      max: 5,
    });
    expect(answers[5]!.body.error.message).toContain('5 respondents');
    const c = await counts(t, w.datafileId);
    expect(c).toMatchObject({ respondents: 5, charges: 5 });
    expect(c.used).toBe(c.credits);
    // A resend of a stored respondent is still answered from the store.
    const again = await send(t, w.datafileId, w.secret, respondent('c-2'));
    expect(again.body).toMatchObject({ status: 'ALREADY_RECEIVED' });
    const n = await notices(t, w.datafileId);
    expect(n.map((x) => x.key.split(':').slice(0, 2).join(':'))).toEqual([
      'live-ceiling:nearing',
      'live-ceiling:reached',
    ]);
    expect(n[0]!.title).toBe('Live-Import „Live study“ hat 80 % seiner Obergrenze erreicht');
    expect(n[1]!.description).toContain('5 von höchstens 5 Befragten');
    expect(await mails(t)).toEqual([
      {
        template: 'liveCeilingNearing',
        locale: 'de',
        subject: 'Live-Import „Live study“ hat 80 % seiner Obergrenze erreicht',
      },
      {
        template: 'liveCeilingReached',
        locale: 'de',
        subject: 'Live-Import „Live study“ hat seine Obergrenze erreicht',
      },
    ]);

    // Raised: accepted again, and the notices are armed for the new ceiling.
    await w.setLimits({ maxRespondents: 6 });
    expect((await send(t, w.datafileId, w.secret, respondent('c-8'))).status).toBe(200);
    expect((await send(t, w.datafileId, w.secret, respondent('c-9'))).status).toBe(409);
    expect((await notices(t, w.datafileId)).map((x) => x.key.split(':').slice(0, 2).join(':'))).toEqual([
      'live-ceiling:nearing',
      'live-ceiling:reached',
      'live-ceiling:reached',
    ]);
  });

  it('stops at the credits ceiling before a respondent would pass it', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    // Below 30 respondents (no Time-Score yet) one costs 4 credits here: 13 credits take three.
    const limits = await w.setLimits({ maxCredits: 13 });
    expect(limits).toMatchObject({ maxCredits: 13, credits: 0 });
    const sent = [];
    for (const id of ['k-1', 'k-2', 'k-3', 'k-4']) sent.push(await send(t, w.datafileId, w.secret, respondent(id)));
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 409]);
    expect(sent[3]!.body.error).toMatchObject({
      code: 'LIVE_CEILING_REACHED',
      reason: 'LIVE_CEILING_CREDITS',
      max: 13,
    });
    expect(await counts(t, w.datafileId)).toMatchObject({ respondents: 3, credits: 12, used: 12 });
    const integ = (await t.gql(INTEGRATION, { id: w.datafileId }, { token: w.tokens.admin })).body.data
      .getLiveDatafileIntegration;
    expect(integ.limits).toMatchObject({ respondents: 3, credits: 12 });
    // 12 of 13 credits: no respondent fits any more, so the one notice that applies is "reached".
    expect((await notices(t, w.datafileId)).map((x) => x.key.split(':')[1])).toEqual(['reached']);
  });

  it('queues nothing at the ceiling: the asynchronous mode refuses a new respondent at once and answers a stored one', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    await w.setLimits({ maxRespondents: 1 });
    expect((await send(t, w.datafileId, w.secret, respondent('q-1'))).status).toBe(200);
    const jobs = async () =>
      Number((await t.db.get<{ n: number }>(sql`select count(*) as n from jobs where kind = 'live.respondent'`))!.n);
    const before = await jobs();
    const queued = await send(t, w.datafileId, w.secret, respondent('q-2'), { prefer: 'respond-async' });
    expect(queued.status).toBe(409);
    expect(queued.body.error.code).toBe('LIVE_CEILING_REACHED');
    const stored = await send(t, w.datafileId, w.secret, respondent('q-1'), { prefer: 'respond-async' });
    expect(stored.body).toMatchObject({ status: 'ALREADY_RECEIVED' });
    expect(await jobs()).toBe(before);
  });

  it('refuses limits that break the rules, with the field and its bounds', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const base = { maxRespondents: 10, maxCredits: 100, perAddressPerHour: 0, perDevice: 0, allowedOrigins: [] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ maxRespondents: 0 }, 'maxRespondents', 'LIVE_LIMIT_VALUE'],
      [{ maxCredits: 3 }, 'maxCredits', 'LIVE_LIMIT_VALUE'],
      [{ perAddressPerHour: -1 }, 'perAddressPerHour', 'LIVE_LIMIT_VALUE'],
      [{ perDevice: 10_001 }, 'perDevice', 'LIVE_LIMIT_VALUE'],
      [{ allowedOrigins: ['https://survey.example.com/path'] }, 'allowedOrigins.0', 'LIVE_ORIGIN'],
      [{ allowedOrigins: ['https://ok.example.com', 'javascript:alert(1)'] }, 'allowedOrigins.1', 'LIVE_ORIGIN'],
      [{ allowedOrigins: ['https://*.com'] }, 'allowedOrigins.0', 'LIVE_ORIGIN'],
    ];
    for (const [patch, field, reason] of cases) {
      const res = await t.gql(UPDATE_LIMITS, { id: w.datafileId, l: { ...base, ...patch } }, { token: w.tokens.admin });
      expect(codeOf(res), JSON.stringify(patch)).toBe(`INVALID_PARAMETERS:${reason}`);
      expect(res.body.errors![0]!.extensions.field).toBe(field);
    }
    const ok = await t.gql(
      UPDATE_LIMITS,
      { id: w.datafileId, l: { ...base, allowedOrigins: ['HTTPS://Survey.Example.com/', 'https://*.example.org'] } },
      { token: w.tokens.admin },
    );
    expect(ok.body.data.updateLiveDatafileLimits.allowedOrigins).toEqual([
      'https://survey.example.com',
      'https://*.example.org',
    ]);
    // An employee who does not own the datafile may not change it.
    const employee = await t.gql(UPDATE_LIMITS, { id: w.datafileId, l: base }, { token: w.tokens.employee });
    expect(codeOf(employee)).toBe('NO_DATAFILE_FOUND');
  });
});

describe('the two keys', () => {
  it('the server key works beside the browser key; rotating one leaves the other working', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    expect(w.secret).toMatch(/^lk_/);
    expect(w.serverKey).toMatch(/^lks_/);
    expect((await send(t, w.datafileId, w.serverKey, respondent('s-1'))).body.status).toBe('SCORED');
    const browser = await t.gql(
      'mutation($id:ID!){regenerateLiveDatafileSecret(datafileId:$id)}',
      { id: w.datafileId },
      { token: w.tokens.admin },
    );
    const newBrowser = browser.body.data.regenerateLiveDatafileSecret as string;
    expect((await send(t, w.datafileId, w.secret, respondent('s-2'))).status).toBe(401);
    expect((await send(t, w.datafileId, w.serverKey, respondent('s-3'))).status).toBe(200);
    expect((await send(t, w.datafileId, newBrowser, respondent('s-4'))).status).toBe(200);
    const server = await t.gql(
      'mutation($id:ID!){regenerateLiveDatafileServerKey(datafileId:$id)}',
      { id: w.datafileId },
      { token: w.tokens.admin },
    );
    const newServer = server.body.data.regenerateLiveDatafileServerKey as string;
    expect(newServer).toMatch(/^lks_/);
    expect((await send(t, w.datafileId, w.serverKey, respondent('s-5'))).status).toBe(401);
    expect((await send(t, w.datafileId, newServer, respondent('s-6'))).status).toBe(200);
    expect((await send(t, w.datafileId, newBrowser, respondent('s-7'))).status).toBe(200);
    // The screen shows the new server key again; the stored one is a hash and a sealed copy.
    const integ = (await t.gql(INTEGRATION, { id: w.datafileId }, { token: w.tokens.admin })).body.data
      .getLiveDatafileIntegration;
    expect(integ.serverKey).toBe(newServer);
    const row = await t.db.get<{ h: string; s: string }>(
      sql`select server_key_hash as h, server_key_sealed as s from live_settings where datafile_id = ${w.datafileId}`,
    );
    expect(row!.h).not.toContain(newServer);
    expect(row!.s).not.toContain(newServer.slice(4));
  });

  it('allowed origins hold back browser calls from other sites; the server key is not a browser call', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    await w.setLimits({ allowedOrigins: ['https://survey.example.com', 'https://*.nfieldmr.com'] });
    const from = (origin: string | null, key = w.secret, id = `o-${Math.random()}`) =>
      send(t, w.datafileId, key, respondent(id), origin ? { origin } : {});
    const evil = await from('https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.body.error).toMatchObject({ code: 'UNAUTHORIZED', reason: 'LIVE_ORIGIN_NOT_ALLOWED' });
    expect((await from(null)).status).toBe(403);
    expect((await from('https://evilnfieldmr.com')).status).toBe(403);
    expect((await from('https://survey.example.com')).status).toBe(200);
    expect((await from('https://eu.nfieldmr.com')).status).toBe(200);
    expect((await from(null, w.serverKey)).status).toBe(200);
    expect((await counts(t, w.datafileId)).respondents).toBe(3);
  });
});

describe('per-source limits of the browser key', () => {
  it('per address and hour (429 with Retry-After to the hour end) and per device (409); the server key passes', async () => {
    t = await createTestApp({ now: '2026-11-21T09:59:30.000Z' });
    const w = await liveWorld(t);
    await w.setLimits({ perAddressPerHour: 2, perDevice: 1 });
    const a = await send(t, w.datafileId, w.secret, respondent('a-1'));
    const b = await send(t, w.datafileId, w.secret, respondent('a-2'));
    const c = await send(t, w.datafileId, w.secret, respondent('a-3'));
    expect([a.status, b.status, c.status]).toEqual([200, 200, 429]);
    expect(c.body.error).toMatchObject({ code: 'LIVE_SOURCE_LIMIT', reason: 'LIVE_ADDRESS_LIMIT', max: 2 });
    expect(c.headers.get('retry-after')).toBe('30');
    expect((await send(t, w.datafileId, w.serverKey, respondent('a-4'))).status).toBe(200);
    // The next hour counts afresh.
    t.clock.set(new Date('2026-11-21T10:00:01.000Z'));
    const device = { 'x-live-device': 'device-0123456789' };
    expect((await send(t, w.datafileId, w.secret, respondent('d-1'), device)).status).toBe(200);
    const d2 = await send(t, w.datafileId, w.secret, respondent('d-2'), device);
    expect(d2.status).toBe(409);
    expect(d2.body.error).toMatchObject({ code: 'LIVE_SOURCE_LIMIT', reason: 'LIVE_DEVICE_LIMIT', max: 1 });
    expect(
      (await send(t, w.datafileId, w.secret, respondent('d-3'), { 'x-live-device': 'device-other-1' })).status,
    ).toBe(200);
    const c2 = await counts(t, w.datafileId);
    expect(c2).toMatchObject({ respondents: 5, charges: 5 });
    // Stored as keyed hashes, never as sent.
    const sources = await t.db.all<{ source: string }>(sql`select source from live_sources`);
    expect(sources.some((s) => s.source.includes('device-0123456789') || s.source.includes('local'))).toBe(false);
  });

  it('behind TRUST_PROXY_HOPS proxies counts each client, not the proxy: the address sign-in counts by', async () => {
    t = await createTestApp({ now: '2026-11-21T09:00:00.000Z', env: { TRUST_PROXY_HOPS: '1' } });
    const w = await liveWorld(t);
    await w.setLimits({ perAddressPerHour: 2 });
    // The proxy appends the client it saw; what the client put in front is its own say.
    const via = (client: string) => ({ 'x-forwarded-for': `10.9.9.9, ${client}` });
    const statuses = [];
    for (const [i, client] of ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2'].entries())
      statuses.push((await send(t, w.datafileId, w.secret, respondent(`p-${i}`), via(client))).status);
    expect(statuses).toEqual([200, 200, 429, 200]);
  });

  it('counts an IPv6 client by its /64, so fresh addresses of one line share its per-address count', async () => {
    t = await createTestApp({ now: '2026-11-21T09:00:00.000Z', env: { TRUST_PROXY_HOPS: '1' } });
    const w = await liveWorld(t);
    await w.setLimits({ perAddressPerHour: 2 });
    const via = (client: string) => ({ 'x-forwarded-for': client });
    const statuses = [];
    for (const [i, client] of [
      '2001:db8:5:6::1',
      '2001:db8:5:6:a::2',
      '2001:db8:5:6:b:c:d:e',
      '2001:db8:5:7::1',
    ].entries())
      statuses.push((await send(t, w.datafileId, w.secret, respondent(`v6-${i}`), via(client))).status);
    expect(statuses).toEqual([200, 200, 429, 200]);
  });

  it('counts a client without the port a proxy wrote beside its address: a new connection is no new client', async () => {
    t = await createTestApp({ now: '2026-11-21T09:00:00.000Z', env: { TRUST_PROXY_HOPS: '1' } });
    const w = await liveWorld(t);
    await w.setLimits({ perAddressPerHour: 2 });
    const statuses = [];
    for (const [i, client] of [
      '203.0.113.9:40001',
      '[::ffff:203.0.113.9]:40002',
      '203.0.113.9:40003',
      '203.0.113.10:1',
    ].entries())
      statuses.push(
        (await send(t, w.datafileId, w.secret, respondent(`port-${i}`), { 'x-forwarded-for': client })).status,
      );
    expect(statuses).toEqual([200, 200, 429, 200]);
  });
});

describe('refused traffic on the monitoring page', () => {
  it('counts refusals by reason and keeps samples without the client address', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    await w.setLimits({ maxRespondents: 1 });
    await send(t, w.datafileId, 'lk_wrong', respondent('m-1'));
    await send(t, w.datafileId, undefined, respondent('m-2'));
    await send(t, w.datafileId, w.secret, respondent('m-3'));
    await send(t, w.datafileId, w.secret, respondent('m-4'));
    await send(t, w.datafileId, w.secret, '{"recordId":');
    const { flushEndpointHits } = await import('../../../api/modules/monitoring/endpoint-hits');
    await flushEndpointHits(t.deps);
    const res = await t.gql(
      '{getLiveEndpointTraffic{refusalReasons{reason refusals} recentRefusals{reason datafileId keyKind source origin}}}',
      {},
      { token: w.tokens.op },
    );
    const traffic = res.body.data.getLiveEndpointTraffic;
    expect(traffic.refusalReasons).toEqual([
      { reason: 'UNAUTHENTICATED', refusals: 2 },
      { reason: 'LIVE_BODY_NOT_JSON', refusals: 1 },
      { reason: 'LIVE_CEILING_RESPONDENTS', refusals: 1 },
    ]);
    expect(traffic.recentRefusals.map((r: { keyKind: string }) => r.keyKind)).toEqual([
      'BROWSER',
      'BROWSER',
      'NONE',
      'WRONG',
    ]);
    for (const r of traffic.recentRefusals) {
      expect(r.datafileId).toBe(w.datafileId);
      // app.request has no socket: the address is "local", shown only as its kind and a hash.
      expect(r.source).toMatch(/^other #[0-9a-f]{8}$/);
    }
  });
});

describe('the test respondent', () => {
  it('a test respondent is answered at the ceiling (it is never charged)', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    await w.setLimits({ maxRespondents: 1 });
    await send(t, w.datafileId, w.secret, respondent('x-1'));
    const test = await send(t, w.datafileId, w.secret, respondent('x-2'), { 'x-live-test': '1' });
    expect(test.body.status).toBe('TEST');
    expect((await counts(t, w.datafileId)).respondents).toBe(1);
  });
});

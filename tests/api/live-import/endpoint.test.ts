import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../support/test-app';
import { counts, CREATE, liveWorld, OPEN, PAGES, respondent, send, setStatus } from '../../support/live-world';

let t: TestApp;
afterEach(() => t?.close());

describe('live endpoint: scored and charged exactly once', () => {
  it('scores a respondent, charges it once under live:<datafileId>:<recordId>, answers a resend from the store', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const r = respondent('resp-1');
    const first = await send(t, w.datafileId, w.secret, r);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ recordId: 'resp-1', status: 'SCORED' });
    expect(first.body.credits).toBeGreaterThanOrEqual(4);
    expect(first.body.credits).toBeLessThanOrEqual(10);
    expect(first.body.scores.categories.Q1).toBe(1);
    expect(first.body.scores.ts).toBeNull(); // one record: no median yet
    expect(['KEEP', 'REMOVE']).toContain(first.body.decision);
    const key = await t.db.get<{ k: string }>(
      sql`select idempotency_key as k from datafile_charges where datafile_id = ${w.datafileId}`,
    );
    expect(key?.k).toBe(`live:${w.datafileId}:resp-1`);

    const again = await send(t, w.datafileId, w.secret, r);
    expect(again.body).toMatchObject({ recordId: 'resp-1', status: 'ALREADY_RECEIVED', credits: first.body.credits });
    expect(again.body.reason).toBeUndefined();
    const changed = await send(t, w.datafileId, w.secret, { ...r, answers: { Q3: { seconds: 5 } } });
    expect(changed.body).toMatchObject({ status: 'ALREADY_RECEIVED', reason: 'LIVE_RECORD_CHANGED' });
    expect(await counts(t, w.datafileId)).toEqual({
      respondents: 1,
      charges: 1,
      credits: first.body.credits,
      used: first.body.credits,
    });
    const file = await t.db.get<{ cost: number; n: number }>(
      sql`select cost, number_of_records as n from datafiles where id = ${w.datafileId}`,
    );
    expect(file).toEqual({ cost: first.body.credits, n: 1 });
  });

  it('warns, and still scores, when a grid comes with fewer items than its page defines', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const full = await send(t, w.datafileId, w.secret, respondent('full'));
    expect(full.body.warnings).toBeUndefined();
    const r = respondent('short');
    const short = await send(t, w.datafileId, w.secret, {
      ...r,
      answers: { ...r.answers, Grid1: { items: [1, 3, 2, 4, 5], seconds: 30 } },
    });
    expect(short.status).toBe(200);
    expect(short.body.status).toBe('SCORED');
    expect(short.body.warnings).toEqual([
      { code: 'GRID_ITEMS_MISSING', field: 'answers.Grid1.items', sent: 5, expected: 7 },
    ]);
  });

  it('the same record sent 24 times at the same moment is stored and charged once (same and different answers)', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const same = await Promise.all(
      Array.from({ length: 12 }, () => send(t, w.datafileId, w.secret, respondent('dup-1'))),
    );
    expect(same.filter((r) => r.body.status === 'SCORED')).toHaveLength(1);
    expect(same.every((r) => r.status === 200)).toBe(true);
    const different = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(t, w.datafileId, w.secret, respondent('dup-2', 30 + i))),
    );
    expect(different.filter((r) => r.body.status === 'SCORED')).toHaveLength(1);
    expect(different.every((r) => r.status === 200)).toBe(true);
    const c = await counts(t, w.datafileId);
    expect(c.respondents).toBe(2);
    expect(c.charges).toBe(2);
    expect(c.used).toBe(c.credits);
  });

  it('gives no Time-Score below 30 valid records, then scores against the running median; the published revision re-scores the earlier ones without charging', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const answers = [];
    for (let i = 1; i <= 35; i++)
      answers.push((await send(t, w.datafileId, w.secret, respondent(`ts-${i}`, 40 + i))).body);
    expect(answers.slice(0, 29).every((a) => a.scores.ts === null)).toBe(true);
    expect(
      answers.slice(29).every((a) => typeof a.scores.ts === 'number' && a.scores.ts >= 0 && a.scores.ts <= 100),
    ).toBe(true);
    const before = await counts(t, w.datafileId);

    const { publishNow } = await import('../../../api/modules/live-import/live-publish');
    const { runJobsUntilIdle } = await import('../../../api/jobs/job-loop');
    await publishNow(t.deps, w.datafileId);
    await runJobsUntilIdle(t.deps);
    const file = await t.db.get<{ revision: number; valid: number; invalid: number }>(
      sql`select revision, number_of_valid_records as valid, number_of_invalid_records as invalid from datafiles where id = ${w.datafileId}`,
    );
    expect(file?.revision).toBe(1);
    expect((file?.valid ?? 0) + (file?.invalid ?? 0)).toBe(35);
    const { readRevisionColumns } = await import('../../../api/ingest/index');
    const scores = await readRevisionColumns(t.deps.blobs, w.datafileId, 1, 'scores', ['record_id', 'ts']);
    expect(scores.numRows).toBe(35);
    expect(String(scores.getChild('record_id')!.get(0))).toBe('ts-1');
    expect(scores.getChild('ts')!.get(0)).not.toBeNull(); // the first respondent has a TS now
    const raw = await readRevisionColumns(t.deps.blobs, w.datafileId, 1, 'raw', ['record_id', 'Q1']);
    expect(raw.getChild('Q1')!.get(34)).toContain('Obst');
    expect(await counts(t, w.datafileId)).toEqual(before); // re-scoring charged nothing
    // The dashboard counts the published respondents (its per-revision score stats).
    const stats = await t.db.get<{ revision: number; count: number }>(
      sql`select revision, count from datafile_score_stats where datafile_id = ${w.datafileId} and kind = 'TS'`,
    );
    expect(stats).toEqual({
      revision: 1,
      count: scores
        .getChild('ts')!
        .toArray()
        .filter((v: number | null) => v !== null && !Number.isNaN(v)).length,
    });
  });

  it('a stopped datafile refuses with LIVE_DATAFILE_STOPPED and writes nothing; reopened it accepts again', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    await setStatus(t, w.datafileId, 'STOPPED');
    const refused = await send(t, w.datafileId, w.secret, respondent('stop-1'));
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('LIVE_DATAFILE_STOPPED');
    expect(await counts(t, w.datafileId)).toMatchObject({ respondents: 0, charges: 0 });
    await setStatus(t, w.datafileId, 'READY');
    expect((await send(t, w.datafileId, w.secret, respondent('stop-1'))).body.status).toBe('SCORED');
  });

  it('no credits and no backup plan: BALANCE_NOT_ENOUGH, nothing stored; with the backup plan the pay-as-usage plan pays', async () => {
    t = await createTestApp();
    // Below 30 respondents one costs 4 credits (its 2 scored data points, at least 4): 6 pay for one.
    const w = await liveWorld(t, { credits: 6, backup: false });
    expect((await send(t, w.datafileId, w.secret, respondent('b-1'))).status).toBe(200);
    const refused = await send(t, w.datafileId, w.secret, respondent('b-2'));
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('BALANCE_NOT_ENOUGH');
    expect(await counts(t, w.datafileId)).toMatchObject({ respondents: 1, charges: 1 });
    t.close();

    t = await createTestApp();
    const b = await liveWorld(t, { credits: 6 });
    for (const id of ['p-1', 'p-2', 'p-3'])
      expect((await send(t, b.datafileId, b.secret, respondent(id))).body.status).toBe('SCORED');
    const paid = await t.db.get<{ n: number }>(
      sql`select coalesce(sum(t.amount), 0) as n from credit_transactions t join credit_plans p on p.id = t.credit_plan_id where p.category = 'PAY_AS_USAGE' and t.type = 'USED' and p.company_id = ${b.A}`,
    );
    expect(paid!.n).toBeGreaterThan(0);
  });

  it('an organisation without an active contract: COMPANY_CONTRACT_NOT_ACTIVE, nothing written', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const created = await t.gql(
      CREATE,
      { i: { name: 'B live', surveySoftware: 'OTHER', pages: PAGES } },
      { token: w.tokens.adminB },
    );
    const id = created.body.data.createLiveDatafile.datafileId;
    await t.gql(OPEN, { id }, { token: w.tokens.adminB });
    const secret = (await t.db.get<{ s: string }>(sql`select secret_key as s from datafiles where id = ${id}`))!.s;
    const res = await send(t, id, secret, respondent('c-1'));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('COMPANY_CONTRACT_NOT_ACTIVE');
    expect(await counts(t, id)).toMatchObject({ respondents: 0, charges: 0 });
  });
});

describe('live endpoint: hostile and wrong input, limits', () => {
  it('each refusal has its code and reason, and writes nothing', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const cases: [unknown, number, string, string | undefined, Record<string, string>?][] = [
      ['{not json', 400, 'BAD_REQUEST', 'LIVE_BODY_NOT_JSON'],
      ['[1,2]', 400, 'BAD_REQUEST', 'LIVE_BODY_NOT_JSON'],
      [{ answers: {} }, 400, 'INVALID_PARAMETERS', 'LIVE_RECORD_ID'],
      [{ recordId: 'x'.repeat(201) }, 400, 'INVALID_PARAMETERS', 'LIVE_RECORD_ID'],
      [{ recordId: 'a', answers: { Nope: { answer: 'x' } } }, 400, 'INVALID_PARAMETERS', 'LIVE_UNKNOWN_PAGE_LABEL'],
      [{ recordId: 'a', answers: { Q1: { answer: 42 } } }, 400, 'INVALID_PARAMETERS', 'LIVE_WRONG_TYPE'],
      [{ recordId: 'a', answers: { Grid1: { items: [1, 'two'] } } }, 400, 'INVALID_PARAMETERS', 'LIVE_WRONG_TYPE'],
      [
        { recordId: 'a', answers: { Grid1: { items: [1, 2, 3, 4, 5, 1, 2, 3] } } },
        400,
        'INVALID_PARAMETERS',
        'LIVE_WRONG_TYPE',
      ],
      [{ recordId: 'a', answers: { Q3: { seconds: -5 } } }, 400, 'INVALID_PARAMETERS', 'LIVE_WRONG_TYPE'],
      [
        { recordId: 'a', answers: { Q3: { answer: 'text on a time page' } } },
        400,
        'INVALID_PARAMETERS',
        'LIVE_WRONG_TYPE',
      ],
      [{ recordId: 'a', answers: { Q1: { pastes: 1.5 } } }, 400, 'INVALID_PARAMETERS', 'LIVE_WRONG_TYPE'],
      [{ recordId: 'a', totalSeconds: 'long' }, 400, 'INVALID_PARAMETERS', 'LIVE_WRONG_TYPE'],
      [{ recordId: 'a', answers: 'Q1=hello' }, 400, 'INVALID_PARAMETERS', 'LIVE_WRONG_TYPE'],
      [
        JSON.stringify({ recordId: 'a', answers: { Q1: { answer: 'x'.repeat(300_000) } } }),
        413,
        'BAD_REQUEST',
        'LIVE_BODY_TOO_LARGE',
      ],
    ];
    for (const [body, status, code, reason] of cases) {
      const res = await send(t, w.datafileId, w.secret, body);
      expect([res.status, res.body.error?.code, res.body.error?.reason], JSON.stringify(body).slice(0, 80)).toEqual([
        status,
        code,
        reason,
      ]);
      expect(res.body.error.message.length).toBeGreaterThan(10);
    }
    // The field named is the one to fix, however deep (the body's schema is also the OpenAPI document's).
    const fields: [unknown, string][] = [
      [{ recordId: 'a\u0007b' }, 'recordId'],
      [{ recordId: 1.5 }, 'recordId'],
      [{ recordId: 'a', totalSeconds: -1 }, 'totalSeconds'],
      [{ recordId: 'a', answers: [] }, 'answers'],
      [{ recordId: 'a', answers: { Q3: 5 } }, 'answers.Q3'],
      [{ recordId: 'a', answers: { Grid1: { items: [1, 'two'] } } }, 'answers.Grid1.items'],
      [{ recordId: 'a', answers: { Q3: { seconds: 1e12 } } }, 'answers.Q3.seconds'],
      [{ recordId: 'a', answers: { Q1: { keystrokes: -2 } } }, 'answers.Q1.keystrokes'],
    ];
    for (const [body, field] of fields)
      expect((await send(t, w.datafileId, w.secret, body)).body.error.field, JSON.stringify(body)).toBe(field);
    const wrongKey = await send(t, w.datafileId, 'lk_wrong', respondent('k-1'));
    expect([wrongKey.status, wrongKey.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    const noKey = await send(t, w.datafileId, undefined, respondent('k-1'));
    expect([noKey.status, noKey.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    const unknown = await send(t, 'no-such-datafile', w.secret, respondent('k-1'));
    expect([unknown.status, unknown.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    const german = await send(t, w.datafileId, w.secret, '{', { 'accept-language': 'de-AT' });
    expect(german.body.error.message).toContain('JSON-Objekt');
    expect(await counts(t, w.datafileId)).toMatchObject({ respondents: 0, charges: 0 });
  });

  it('rate limit per datafile key: 429 with Retry-After', async () => {
    t = await createTestApp({ env: { LIVE_RATE_PER_SECOND: '1', LIVE_RATE_BURST: '2' } });
    const w = await liveWorld(t);
    const a = await send(t, w.datafileId, w.secret, respondent('rl-1'));
    const b = await send(t, w.datafileId, w.secret, respondent('rl-2'));
    const c = await send(t, w.datafileId, w.secret, respondent('rl-3'));
    expect([a.status, b.status, c.status]).toEqual([200, 200, 429]);
    expect(c.body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(c.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await counts(t, w.datafileId)).toMatchObject({ respondents: 2 });
  });

  it('CORS is open on the live endpoint only', async () => {
    t = await createTestApp();
    const pre = await t.app.request('/api/live/x/respondents', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://survey.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-live-key',
      },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-live-key');
    const gql = await t.app.request('/graphql', {
      method: 'OPTIONS',
      headers: { origin: 'https://survey.example', 'access-control-request-method': 'POST' },
    });
    expect(gql.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('asynchronous mode answers 202, the job scores and charges once, GET returns the result; a test respondent charges nothing', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const queued = await send(t, w.datafileId, w.secret, respondent('as-1'), { prefer: 'respond-async' });
    expect(queued.status).toBe(202);
    expect(queued.body.status).toBe('QUEUED');
    const again = await send(t, w.datafileId, w.secret, respondent('as-1'), { prefer: 'respond-async' });
    expect(again.status).toBe(202);
    const { runJobsUntilIdle } = await import('../../../api/jobs/job-loop');
    await runJobsUntilIdle(t.deps, { kinds: ['live.respondent'] });
    const got = await t.app.request(`/api/live/${w.datafileId}/respondents/as-1`, {
      headers: { 'x-live-key': w.secret },
    });
    expect(got.status).toBe(200);
    expect(((await got.json()) as any).recordId).toBe('as-1');
    const test = await send(t, w.datafileId, w.secret, respondent('test-1'), { 'x-live-test': '1' });
    expect(test.body.status).toBe('TEST');
    expect(await counts(t, w.datafileId)).toMatchObject({ respondents: 1, charges: 1 });
  });
});

describe('defining a live import (steps 1 and 2)', () => {
  it('refuses a definition that breaks a rule of step 2, with reasons', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const page = PAGES[0]!;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'INCOMPLETE_INPUT', 'LIVE_NAME'],
      [{ name: 'x'.repeat(101) }, 'INVALID_PARAMETERS', 'LIVE_NAME'],
      [{ pages: [] }, 'INCOMPLETE_INPUT', 'LIVE_NO_PAGES'],
      [{ pages: [{ ...page, label: 'Q 1' }] }, 'INVALID_PARAMETERS', 'LIVE_PAGE_LABEL'],
      [{ pages: [page, { ...page, label: 'q1', start: false }] }, 'INVALID_PARAMETERS', 'LIVE_PAGE_LABEL_DUPLICATE'],
      [{ pages: [{ ...page, questionTitle: ' ' }] }, 'INCOMPLETE_INPUT', 'QUESTION_TITLE_REQUIRED'],
      [
        { pages: [{ ...page, keywords: Array.from({ length: 16 }, (_, i) => `k${i}`) }] },
        'INVALID_PARAMETERS',
        'TOO_MANY_KEYWORDS',
      ],
      [{ pages: [{ ...page, start: false }] }, 'INVALID_PARAMETERS', 'LIVE_ONE_START_PAGE'],
      [{ pages: [{ ...PAGES[1], start: true, items: 5 }] }, 'INVALID_PARAMETERS', 'DATA_POINT_SHAPE'],
      [{ pages: [{ ...PAGES[1], start: true, min: 5, max: 1 }] }, 'INVALID_PARAMETERS', 'LIVE_GRID_SCALE'],
    ];
    for (const [patch, code, reason] of cases) {
      const res = await t.gql(
        CREATE,
        { i: { name: 'Study', surveySoftware: 'QUALTRICS', pages: PAGES, ...patch } },
        { token: w.tokens.admin },
      );
      expect(
        [res.body.errors?.[0]?.extensions.code, res.body.errors?.[0]?.extensions.reason],
        JSON.stringify(patch).slice(0, 60),
      ).toEqual([code, reason]);
    }
    const rows = await t.db.get<{ n: number }>(sql`select count(*) as n from datafiles where import_type = 'LIVE'`);
    expect(rows!.n).toBe(1);
  });

  it('saves a draft: test respondents are answered, real ones refused with LIVE_DATAFILE_DRAFT until openLiveDatafile; a stopped one is not reopened by it', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const created = await t.gql(
      CREATE,
      { i: { name: 'Draft study', surveySoftware: 'OTHER', pages: PAGES } },
      { token: w.tokens.admin },
    );
    const id = created.body.data.createLiveDatafile.datafileId as string;
    const integ = await t.gql(
      'query($id:ID!){getLiveDatafileIntegration(datafileId:$id){status secretKey}}',
      { id },
      { token: w.tokens.admin },
    );
    expect(integ.body.data.getLiveDatafileIntegration.status).toBe('DRAFT');
    const secret = integ.body.data.getLiveDatafileIntegration.secretKey as string;
    const test = await send(t, id, secret, respondent('d-1'), { 'x-live-test': '1' });
    expect(test).toMatchObject({ status: 200, body: { status: 'TEST' } });
    const refused = await send(t, id, secret, respondent('d-1'));
    expect([refused.status, refused.body.error.code, refused.body.error.reason]).toEqual([
      400,
      'INVALID_PARAMETERS',
      'LIVE_DATAFILE_DRAFT',
    ]);
    expect(await counts(t, id)).toMatchObject({ respondents: 0, charges: 0 });
    // Opening twice is the same as once; then respondents are scored and charged.
    for (let i = 0; i < 2; i++)
      expect((await t.gql(OPEN, { id }, { token: w.tokens.admin })).body.data.openLiveDatafile).toBe('READY');
    expect((await send(t, id, secret, respondent('d-1'))).body.status).toBe('SCORED');
    await setStatus(t, id, 'STOPPED');
    const again = await t.gql(OPEN, { id }, { token: w.tokens.admin });
    expect([again.body.errors?.[0]?.extensions.code, again.body.errors?.[0]?.extensions.reason]).toEqual([
      'INVALID_PARAMETERS',
      'LIVE_NOT_A_DRAFT',
    ]);
    expect((await send(t, id, secret, respondent('d-2'))).status).toBe(409);
  });

  it('stores the pages as data points (page number, title, start flag) and regenerating the secret locks the old one out', async () => {
    t = await createTestApp();
    const w = await liveWorld(t);
    const dps = await t.db.all<{ type: string; page: number | null; title: string | null; start: number }>(
      sql`select d.data_point_type as type, d.page_number as page, d.page_title as title, d.starting_question as start from datafile_datapoints d join datafiles f on f.published_upload_id = d.upload_id where f.id = ${w.datafileId} order by d.position`,
    );
    expect(dps.map((d) => d.type)).toEqual([
      'RECORD_ID',
      'DURATION',
      'DURATION',
      'OPEN_ENDED',
      'DURATION',
      'ITEM_BATTERY',
      'DURATION',
    ]);
    expect(dps.filter((d) => d.start).map((d) => d.title)).toEqual(['Q1']);
    const res = await t.gql(
      'mutation($id:ID!){regenerateLiveDatafileSecret(datafileId:$id)}',
      { id: w.datafileId },
      { token: w.tokens.admin },
    );
    const fresh = res.body.data.regenerateLiveDatafileSecret;
    expect((await send(t, w.datafileId, w.secret, respondent('s-1'))).status).toBe(401);
    expect((await send(t, w.datafileId, fresh, respondent('s-1'))).status).toBe(200);
    const other = await t.gql(
      'query($id:ID!){getLiveDatafileIntegration(datafileId:$id){secretKey}}',
      { id: w.datafileId },
      { token: w.tokens.adminB },
    );
    expect(other.body.errors?.[0]?.extensions.code).toBe('NO_DATAFILE_FOUND');
  });
});

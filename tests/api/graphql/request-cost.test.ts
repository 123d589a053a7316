// One request cannot do the work of thirty: over real HTTP, a request may run at most one expensive
// field (thirty aliased exports queue no job, thirty aliased cleaning saves issue no certificate),
// and a cleaning save carries at most MAX_MANUAL_DECISIONS manual decisions (70,000 are refused at
// once instead of holding the API for seconds, while `me` keeps answering).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, jobs } from '../../../db/schema';
import { MAX_MANUAL_DECISIONS } from '../../../api/modules/worksheet/worksheet-validation';
import { createTestApp, type TestApp } from '../../support/test-app';
import { reportWorld, saveCleaning } from '../../support/report-world';

let t: TestApp;
let server: ReturnType<typeof Bun.serve>;
let w: Awaited<ReturnType<typeof reportWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await reportWorld(t, { rows: 200 });
  await saveCleaning(t, w.datafileId, w.admin.id);
  server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (req) => t.app.fetch(req) });
});
afterAll(async () => {
  await server.stop(true);
  t.close();
});

async function post(query: string, variables: Record<string, unknown> = {}, token = w.tokens.admin) {
  const res = await fetch(`${server.url.origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const aliased = (n: number, field: (i: number) => string) =>
  `mutation($id:ID!){${Array.from({ length: n }, (_, i) => `a${i}: ${field(i)}`).join(' ')}}`;
const EXPORT = () => 'requestDatafileExport(input:{datafileId:$id,format:CSV}){jobId}';
const settings = (manualDecisions: { recordId: string; decision: string }[] = []) => ({
  revision: 1,
  scoreThresholds: [{ key: 'combined', name: 'Combined', isEnable: true, threshold: 40, minDataPoints: 0 }],
  badAnswers: { isEnable: false, min: 2 },
  cleaningMethod: 'THRESHOLDS',
  manualDecisions,
});
const SAVE = `mutation($id:ID!,$s:CleaningSettingsInput!){updateCleaningSettings(datafileId:$id,cleaningSettings:$s){status certificateCode}}`;

describe('one expensive field per request', () => {
  it('thirty aliased export requests are refused as a whole: no job is queued; one alone queues one', async () => {
    const res = await post(aliased(30, EXPORT), { id: w.datafileId });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(res.body.errors[0].message).toMatch(/at most 1 of .*requestDatafileExport/);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'export')).all()).toHaveLength(0);
    // Two through a fragment count the same.
    const viaFragment = await post(
      `mutation($id:ID!){...F a: requestDatafileExport(input:{datafileId:$id,format:XLSX}){jobId}} fragment F on Mutation{requestDatafileExport(input:{datafileId:$id,format:CSV}){jobId}}`,
      { id: w.datafileId },
    );
    expect(viaFragment.status).toBe(400);
    const one = await post(aliased(1, EXPORT), { id: w.datafileId });
    expect(one.body.errors).toBeUndefined();
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'export')).all()).toHaveLength(1);
  });

  it('thirty aliased cleaning saves issue no certificate', async () => {
    const before = (await t.db.select().from(certificates).all()).length;
    const query = `mutation($id:ID!,$s:CleaningSettingsInput!){${Array.from(
      { length: 30 },
      (_, i) => `a${i}: updateCleaningSettings(datafileId:$id,cleaningSettings:$s){status}`,
    ).join(' ')}}`;
    const res = await post(query, { id: w.datafileId, s: settings() });
    expect(res.status).toBe(400);
    expect((await t.db.select().from(certificates).all()).length).toBe(before);
  });
});

describe('manual decisions per save', () => {
  it('a save over the cap is refused with the cap and says so', async () => {
    const decisions = Array.from({ length: MAX_MANUAL_DECISIONS + 1 }, (_, i) => ({
      recordId: `R${i}`,
      decision: 'KEEP',
    }));
    const res = await post(SAVE, { id: w.datafileId, s: settings(decisions) });
    expect(res.body.errors[0].extensions).toMatchObject({
      code: 'INVALID_PARAMETERS',
      reason: 'TOO_MANY_MANUAL_DECISIONS',
      limit: MAX_MANUAL_DECISIONS,
      value: MAX_MANUAL_DECISIONS + 1,
    });
    expect(res.body.errors[0].message).toContain(String(MAX_MANUAL_DECISIONS));
  });

  it('a save with 70,000 manual decisions is refused before it is read, while `me` keeps answering', async () => {
    const decisions = Array.from({ length: 70_000 }, (_, i) => ({ recordId: `R${i}`, decision: 'EXCLUDE' }));
    const before = (await t.db.select().from(certificates).all()).length;
    let stop = false;
    const meTimes: number[] = [];
    const pinger = (async () => {
      while (!stop) {
        const started = performance.now();
        const me = await post('{me{user{id}}}');
        if (!me.body.data?.me?.user) throw new Error(JSON.stringify(me.body));
        expect(me.body.data.me.user.id).toBe(w.admin.id);
        meTimes.push(performance.now() - started);
        await Bun.sleep(10);
      }
    })();
    const started = performance.now();
    const res = await post(SAVE, { id: w.datafileId, s: settings(decisions) });
    const took = performance.now() - started;
    stop = true;
    await pinger;
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: 'A list in the variables has more than 10000 items.',
      extensions: { code: 'BAD_REQUEST' },
    });
    expect((await t.db.select().from(certificates).all()).length).toBe(before);
    const slowestMe = Math.max(...meTimes);
    console.info(
      `manual decisions: 70,000 refused in ${Math.round(took)} ms; slowest of ${meTimes.length} me calls meanwhile ${Math.round(slowestMe)} ms`,
    );
  });
});

// A request's execution-time budget, over real HTTP: a crafted query that asks for thirty pages of
// the datafiles list at once is stopped at its budget with REQUEST_TIME_LIMIT (in the caller's
// language, saying what to change), no database read of it runs after the refusal, and `me` keeps
// answering meanwhile (the long query gives other requests a turn every slice).
//
// The server runs in this process, so a loaded machine starves client and server alike: nothing here
// compares one wall-clock time with another except the budget itself, and starving the query only
// brings its refusal sooner. What the query did is counted in database reads instead.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SyncConnection } from '../../../db/sync-connection';
import { datafiles } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser, sessionFor } from '../../support/factories';

let t: TestApp;
let server: ReturnType<typeof Bun.serve>;
let token: string;
let defaultBudgetMs: number;
beforeAll(async () => {
  t = await createTestApp();
  defaultBudgetMs = t.deps.env.requestBudgetMs;
  const companyId = await makeCompany(t.db, { name: 'Marktforschung Wien GmbH' });
  const admin = await makeUser(t.db, t.deps.appSecret, { companyId, accessLevel: 'ADMIN', owner: true });
  token = await sessionFor(t, admin.id, companyId);
  // Many datafiles, so that a page of the list (search, sort, count, nested owner and company) is real work.
  const rows = Array.from({ length: 5000 }, (_, i) => ({
    id: crypto.randomUUID(),
    companyId,
    ownerId: admin.id,
    title: `Welle ${i}`,
    importType: 'MANUAL' as const,
    status: 'READY' as const,
    revision: 1,
  }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(datafiles).values(rows.slice(i, i + 500));
  server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (req) => t.app.fetch(req) });
});
afterAll(async () => {
  t.deps.env.requestBudgetMs = defaultBudgetMs;
  await server.stop(true);
  t.close();
});

async function post(query: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(`${server.url.origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as any, ms: performance.now() - started };
}

const page = (n: number) =>
  `getDatafilesForLoggedInUser(filters:{search:"elle",sort:TITLE},paginationInfo:{page:${n},limit:100}){totalNumberOfDatafiles datafiles{id title owner{id email} company{id} canManage}}`;
const pages = (n: number) => `{${Array.from({ length: n }, (_, i) => `p${i}: ${page(i + 1)}`).join(' ')}}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Counts the database reads from now on: all of them, or those of the datafiles list (`me` reads no datafile). */
function countReads(only: 'all' | 'list') {
  const reads = vi.spyOn(SyncConnection.prototype, 'values');
  return {
    count: () => reads.mock.calls.filter(([sql]) => only === 'all' || sql.includes('"datafiles"')).length,
    restore: () => reads.mockRestore(),
  };
}

describe('execution-time budget per request', () => {
  it('gives `me` turns while a long query runs', async () => {
    // Under the default budget the thirty pages run to their end. `me` is answered between two of
    // their reads: without the long query's turns to others, its reads run back to back and `me`
    // waits for all of them (or answers before the first). Reads, not milliseconds, so a starved
    // machine cannot turn the order around.
    t.deps.env.requestBudgetMs = defaultBudgetMs;
    const reads = countReads('list');
    const listReadsAtMe: number[] = [];
    let done = false;
    const big = post(pages(30)).finally(() => (done = true));
    while (!done) {
      const r = await post('{me{user{id}}}');
      expect(r.status).toBe(200);
      if (!done) listReadsAtMe.push(reads.count());
      await Bun.sleep(10);
    }
    const res = await big;
    const listReads = reads.count();
    reads.restore();

    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(Object.keys(res.body.data)).toHaveLength(30);
    expect(listReadsAtMe.some((n) => n > 0 && n < listReads)).toBe(true);
  });

  it('stops a crafted expensive query at its budget and frees its work', async () => {
    // The budget is five pages' worth on this machine (at least 150 ms), so thirty pages cannot fit
    // however fast or slow the machine is. A fixed floor much above five pages would let a fast
    // machine finish all thirty in time.
    const reads = countReads('all');
    const one: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await post(`{${page(i + 1)}}`);
      expect(r.status).toBe(200);
      one.push(r.ms);
    }
    const readsPerPage = reads.count() / 5;
    const budgetMs = Math.max(150, Math.round(5 * median(one)));
    t.deps.env.requestBudgetMs = budgetMs;

    const before = reads.count();
    const res = await post(pages(30));
    const readsAtAnswer = reads.count();

    expect(res.status).toBe(503);
    expect(res.body.data).toBeNull();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'REQUEST_TIME_LIMIT', reason: 'REQUEST_TIME_BUDGET' });
    expect(res.body.errors[0].message).toMatch(/^Diese Anfrage lief länger als .* s und wurde abgebrochen/);
    expect(res.ms).toBeGreaterThanOrEqual(budgetMs);
    // Stopped on the way: it answered before it had read the thirty pages.
    expect(readsAtAnswer - before).toBeLessThan(30 * readsPerPage);
    // Its remaining fields do not run on after the answer.
    await Bun.sleep(Math.max(200, 2 * median(one)));
    expect(reads.count() - readsAtAnswer).toBeLessThanOrEqual(2);
    reads.restore();

    // In English when asked. The same query runs compiled and on warm caches the second time, so it
    // could fit the budget measured cold: a budget of 1 ms leaves no room for thirty pages however fast.
    t.deps.env.requestBudgetMs = 1;
    const en = await post(pages(30), { 'accept-language': 'en' });
    expect(en.status).toBe(503);
    expect(en.body.errors[0].message).toMatch(/^This request ran longer than .* s and was stopped\. Ask for less/);
    // The budget holds per request: with room again, the next one is answered.
    t.deps.env.requestBudgetMs = defaultBudgetMs;
    expect((await post(`{${page(1)}}`)).status).toBe(200);
  });
});

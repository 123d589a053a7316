import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY_ID, DEMO_PASSWORD, seedDemoData } from '../../../db/seed';
import { seedSecrets } from '../../../api/demo/seed-secrets';
import { createTestApp, type TestApp } from '../../support/test-app';

// The transaction search matches the description as the reader reads it: the ledger stores fixed
// English templates ('Credits received: <plan>'), the credit screen shows them in the reader's
// language, so a German reader searching "erhalten" must find what reads "Credits erhalten: …".

const Q = `query($c:ID!,$s:String){getCompanyTransactionsGroupedByDatafile(companyId:$c,search:$s,page:{limit:50}){
  transactions{ type description datafileDeleted } pageInfo{ total } } }`;

describe('the transaction search, in the reader language', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, seedSecrets(), { now: t.clock.now() });
    admin = await t.tokenFor('admin@example.com', DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  async function search(locale: 'de' | 'en', s: string | null) {
    const res = await t.gql(Q, { c: DEMO_COMPANY_ID, s }, { token: admin, headers: { 'accept-language': locale } });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.getCompanyTransactionsGroupedByDatafile.transactions as {
      type: string;
      description: string;
      datafileDeleted: boolean;
    }[];
  }
  const types = (lines: { type: string }[]) => [...new Set(lines.map((l) => l.type))].sort();

  it('finds received credits by the words of the reader language only', async () => {
    const received = (await search('de', null)).filter((l) => l.type === 'RECEIVED').length;
    expect(received).toBeGreaterThan(0);
    expect(await search('de', 'ERHALTEN')).toHaveLength(received);
    expect(types(await search('de', 'erhalten'))).toEqual(['RECEIVED']);
    expect(await search('de', 'received')).toEqual([]);
    expect(types(await search('en', 'Received'))).toEqual(['RECEIVED']);
    expect(await search('en', 'erhalten')).toEqual([]);
  });

  it('finds refunds and expiries, including the words inside a refund', async () => {
    expect(types(await search('de', 'Erstattung'))).toEqual(['REFUND']);
    expect(types(await search('en', 'refund'))).toEqual(['REFUND']);
    // The refund reads "Erstattung: Aktualisierung einer Datendatei".
    expect(types(await search('de', 'aktualisierung'))).toEqual(['REFUND']);
    expect(types(await search('de', 'verfallen'))).toEqual(['EXPIRED']);
    expect(types(await search('en', 'expired'))).toEqual(['EXPIRED']);
  });

  it("finds a datafile's charges by its title in either language, and says when the file was deleted", async () => {
    for (const locale of ['de', 'en'] as const) {
      const lines = await search(locale, 'brand tracker');
      expect(lines).toEqual([{ type: 'USED', description: 'Brand Tracker Q3 2026', datafileDeleted: true }]);
    }
  });
});

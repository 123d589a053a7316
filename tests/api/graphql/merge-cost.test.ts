// graphql-js's rule that fields can be merged compares every two fields of one response name, and for
// each pair their sub-selections, so its work grows with the square of repeated selections: 500 repeats
// of `me { companyId }` or 20 `me` each with 20 `user { id }` (8 and 5 kB) cost it 100-200 ms of CPU,
// without a login. A walk that counts those comparisons up to a budget refuses such documents before
// validation; every document the app sends stays far below it.
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERGE_COMPARISON_BUDGET, mergeComparisons } from '../../../api/graphql/merge-cost';
import * as appDocuments from '../../../web/lib/gql/graphql';
import { createTestApp, type TestApp } from '../../support/test-app';

const repeated = (n: number) => `{ ${Array.from({ length: n }, () => 'me { companyId }').join(' ')} }`;
const nested = (n: number) =>
  `{ ${Array.from({ length: n }, () => `me { ${Array.from({ length: n }, () => 'user { id }').join(' ')} }`).join(' ')} }`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the bound on field comparisons', () => {
  it('counts far under the budget for every document the app sends', () => {
    const counts = Object.entries(appDocuments)
      .filter(([name]) => name.endsWith('Document'))
      .map(([name, doc]) => ({ name, count: mergeComparisons(parse(String(doc))) }));
    expect(counts.length).toBeGreaterThan(50);
    for (const { name, count } of counts) expect([name, count < MERGE_COMPARISON_BUDGET / 20]).toEqual([name, true]);
  });

  it('refuses repeated and nested repeated selections before graphql-js compares them', async () => {
    for (const doc of [repeated(500), nested(20)]) {
      expect(mergeComparisons(parse(doc))).toBeGreaterThan(MERGE_COMPARISON_BUDGET);
      const res = await t.gql(doc, {});
      expect(res.body.errors?.[0]?.message).toMatch(/repeats selections too often/);
      expect(res.body.data ?? null).toBeNull();
    }
  });

  it('takes a few repeats, and fragments spread many times are merged once as graphql-js does', async () => {
    expect(mergeComparisons(parse(repeated(20)))).toBeLessThan(MERGE_COMPARISON_BUDGET);
    const res = await t.gql(repeated(20), {});
    expect(res.body.errors?.[0]?.message ?? '').not.toMatch(/repeats selections/);
    let doubling = 'query { ...F0 }\n';
    for (let k = 0; k < 40; k++) doubling += `fragment F${k} on Query { ...F${k + 1} ...F${k + 1} }\n`;
    doubling += 'fragment F40 on Query { __typename }\n';
    expect(mergeComparisons(parse(doubling))).toBeLessThan(MERGE_COMPARISON_BUDGET / 5);
  });
});

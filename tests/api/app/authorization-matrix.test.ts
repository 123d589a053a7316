import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { MATRIX } from './matrix/table';
import { buildWorld, fingerprint, PRINCIPALS } from '../../support/matrix-world';

/** Codes a refused caller gets: none of them says whether the object exists. */
const DENIAL_CODES = [
  'UNAUTHENTICATED',
  'UNAUTHORIZED',
  'COMPANY_NOT_FOUND',
  'INVALID_ID',
  'USER_NOT_FOUND',
  'NO_DATAFILE_FOUND',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
});
afterAll(() => t.close());

describe('the authorization matrix covers the schema', () => {
  it('has a row for every root operation of the schema, and no row for an operation that does not exist', () => {
    const fields = [
      ...Object.keys(t.schema.getQueryType()!.getFields()),
      ...Object.keys(t.schema.getMutationType()!.getFields()),
    ].filter((f) => f !== '_noop');
    expect(
      fields.filter((f) => !(f in MATRIX)),
      'operations missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((f) => !fields.includes(f)),
      'rows without an operation',
    ).toEqual([]);
  });
});

describe.each(Object.entries(MATRIX))('%s', (operation, cell) => {
  it.each(PRINCIPALS.map((p) => [p]))(`%s`, async (principal) => {
    const world = await buildWorld(t, cell.world);
    const vars = await cell.vars(world, principal, t.encrypt);
    const before = await fingerprint(t, world);
    const res = await t.gql(cell.query, vars, world.tokens[principal]);
    // A denial is judged by its code; what it says to change (a reason) does not matter here.
    const code = codeOf(res)?.split(':')[0];
    if (cell.allow.includes(principal)) {
      if (code)
        expect(
          cell.acceptCodes ?? [],
          `${operation} as ${principal} answered ${code}: ${res.body.errors?.[0]?.message}`,
        ).toContain(code);
      else expect(res.body.data?.[operation], `${operation} as ${principal}`).not.toBeUndefined();
    } else {
      expect(DENIAL_CODES, `${operation} as ${principal} must be refused, got ${code ?? 'data'}`).toContain(code);
      if (principal === 'ANON') expect(code).toBe('UNAUTHENTICATED');
      expect(res.body.data?.[operation] ?? null).toBeNull();
      expect(await fingerprint(t, world), `${operation} as ${principal} wrote something`).toBe(before);
    }
  });
});

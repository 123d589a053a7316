// getContractById answers a contract of another organisation exactly like an id that does not
// exist, for every caller who may not see it: before, an EMPLOYEE got UNAUTHORIZED for a real id and
// INVALID_ID for a made-up one, so ids could be probed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { buildWorld, type World } from '../../support/matrix-world';

const CONTRACT = 'query($id:ID!){getContractById(contractId:$id){id}}';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

describe('getContractById', () => {
  it.each(['ANON', 'EMPLOYEE_OWN', 'EMPLOYEE_OTHER', 'ADMIN_OTHER'] as const)(
    'answers %s the same for a real contract it may not see and a made-up id',
    async (principal) => {
      const real = await t.gql(CONTRACT, { id: w.activeContractId }, w.tokens[principal]);
      const madeUp = await t.gql(CONTRACT, { id: crypto.randomUUID() }, w.tokens[principal]);
      expect(real.status).toBe(madeUp.status);
      expect(real.body).toEqual(madeUp.body);
      expect(real.body.data ?? null).toBeNull();
    },
  );
});

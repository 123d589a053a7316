// The authorization matrix for HTTP routes outside GraphQL (tests/api/app/matrix/table.ts ROUTE_MATRIX):
// every principal against every route, with the same denial codes as the GraphQL matrix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { ROUTE_MATRIX } from './matrix/table';
import { buildWorld, PRINCIPALS } from '../../support/matrix-world';

const DENIAL_CODES = ['UNAUTHENTICATED', 'UNAUTHORIZED', 'NO_DATAFILE_FOUND'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
});
afterAll(() => t.close());

describe.each(Object.entries(ROUTE_MATRIX))('%s', (_route, cell) => {
  it.each(PRINCIPALS.map((p) => [p]))('%s', async (principal) => {
    const world = await buildWorld(t);
    const auth = world.tokens[principal];
    const headers: Record<string, string> = {};
    if (auth.token) headers.authorization = `Bearer ${auth.token}`;
    if (auth.apiKey) headers['x-api-key'] = auth.apiKey;
    const res = await t.app.request(cell.path(world), { headers });
    const code = res.headers.get('content-type')?.includes('json')
      ? ((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code
      : undefined;
    if (cell.allow.includes(principal)) {
      expect(res.status).toBe(cell.allowedStatus);
      if (cell.allowedCode) expect(code).toBe(cell.allowedCode);
    } else {
      expect(DENIAL_CODES).toContain(code);
      expect(res.status).toBe(principal === 'ANON' ? 401 : 404);
    }
  });
});

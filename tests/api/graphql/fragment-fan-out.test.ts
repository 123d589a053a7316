// A kilobyte of fragments, each spreading the next one twice, names 2^40 paths. The limit rules of
// api/graphql/limits.ts measure each fragment once, so such a document is validated in linear time;
// walking every path held the process (before any login or time budget) for good. Against a real
// server process, so a regression shows as a server that stops answering, which this test kills.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-fan-out-'));
  server = await startServerProcess({ DATABASE_URL: `file:${join(dir, 'app.db')}`, STORAGE_DIR: join(dir, 'storage') });
}, 120_000);

afterAll(async () => {
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** `levels` fragments on `type`, each spreading the next twice; the last one selects `leaf`. */
function fanOut(operation: string, type: string, levels: number, leaf: string): string {
  let doc = `${operation} { ...F0 }\n`;
  for (let k = 0; k < levels; k++) doc += `fragment F${k} on ${type} { ...F${k + 1} ...F${k + 1} }\n`;
  return `${doc}fragment F${levels} on ${type} { ${leaf} }\n`;
}

// Generous: the linear walk answers in milliseconds, the walk of every path would take years.
const ANSWER_WITHIN_MS = 30_000;

async function post(query: string) {
  const res = await fetch(`${server.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string }[] } };
}

describe('fragments spread many times', () => {
  it('a document of 40 doubling fragments is answered, and the server keeps answering', async () => {
    const doc = fanOut('query', 'Query', 40, '__typename');
    expect(doc.length).toBeLessThan(2_000);
    const res = await post(doc);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ __typename: 'Query' });
    expect((await post('{ health }')).body.data).toEqual({ health: expect.anything() });
  }, 90_000);

  it('an expensive field behind doubling fragments is still counted per spread and refused', async () => {
    const res = await post(
      fanOut('mutation', 'Mutation', 40, 'login(email: "a@example.com", password: "x") { accessToken }'),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/at most 1 of .*login/);
  }, 90_000);

  it('nesting reached only through fragments is still refused past the depth limit', async () => {
    // `__type` and `name` around `levels` of `ofType`, each in a fragment of its own.
    const chain = (levels: number) => {
      let doc = '{ __type(name: "Query") { ...T0 } }\n';
      for (let k = 0; k < levels; k++) doc += `fragment T${k} on __Type { ofType { ...T${k + 1} } }\n`;
      return `${doc}fragment T${levels} on __Type { name }\n`;
    };
    expect((await post(chain(10))).status).toBe(200);
    const deep = await post(chain(11));
    expect(deep.status).toBe(400);
    expect(deep.body.errors?.[0]?.message).toMatch(/nested deeper than 12/);
  }, 90_000);
});

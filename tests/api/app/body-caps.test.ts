import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv, setupLiveWorld } from '../../bench/live-support';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

// Unauthenticated memory exhaustion: a body without Content-Length (chunked) used to be read whole
// (up to the server's 513 MB request limit) before any size or key check. Against a real server
// process, four 500 MB chunked bodies at once to each route that takes a body: each is refused
// after its key check or its cap, the sender is cut off early, and the server's resident memory
// barely moves.

const MB = 1024 * 1024;
const BODY_MB = 500;
/** The most the server's RSS may grow while four 500 MB bodies arrive at one route. */
const RSS_GROWTH_LIMIT_MB = 96;

let dir: string;
let server: ServerProcess;
let world: Awaited<ReturnType<typeof setupLiveWorld>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-body-caps-'));
  world = await setupLiveWorld(dir, 100_000);
  server = await startServerProcess(serverEnv(dir));
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** A 500 MB body made as it is pulled (one 1 MB chunk reused), sent chunked: no Content-Length. */
async function sendHuge(url: string, method: string, headers: Record<string, string>) {
  const chunk = new Uint8Array(MB).fill(0x41);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= BODY_MB) return controller.close();
      sent++;
      controller.enqueue(chunk);
    },
  });
  try {
    const res = await fetch(url, { method, headers, body, duplex: 'half' } as RequestInit);
    await res.arrayBuffer();
    return { status: res.status, sentMb: sent };
  } catch {
    // The server answered and closed while the body was still going out.
    return { status: -1, sentMb: sent };
  }
}

describe('request bodies are read with a cap, after the key check', () => {
  it.each([
    [
      'the live endpoint, valid key (256 KB cap)',
      'POST',
      () => `/api/live/${world.datafileId}/respondents`,
      () => ({ 'x-live-key': world.secret, 'content-type': 'application/json' }),
      413,
    ],
    [
      'the live endpoint, wrong key (refused before reading)',
      'POST',
      () => `/api/live/${world.datafileId}/respondents`,
      () => ({ 'x-live-key': 'lk_wrong', 'content-type': 'application/json' }),
      401,
    ],
    [
      'the live endpoint, server key',
      'POST',
      () => `/api/live/${world.datafileId}/respondents`,
      () => ({ 'x-live-key': world.serverKey, 'content-type': 'application/json' }),
      413,
    ],
    ['GraphQL (4 MB cap)', 'POST', () => '/graphql', () => ({ 'content-type': 'application/json' }), 413],
    [
      'a signed upload with a bad signature',
      'PUT',
      () => '/files/uploads/x/y.csv?kind=upload&expires=9999999999&sig=bad',
      () => ({ 'content-type': 'text/csv' }),
      403,
    ],
    ['the columns route (reads no body)', 'POST', () => `/api/datafiles/${world.datafileId}/columns`, () => ({}), 404],
    ['an unknown path', 'POST', () => '/nowhere', () => ({}), 404],
  ])(
    '%s: four 500 MB chunked bodies at once are refused early, RSS bounded',
    async (_name, method, path, headers, status) => {
      const before = rssMb(server.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => sendHuge(`${server.baseUrl}${path()}`, method, headers())),
      );
      clearInterval(sampler);
      peak = Math.max(peak, rssMb(server.pid));
      for (const a of answers) {
        // The answer, or a connection closed after it (the sender still writing): never the whole body.
        expect([status, -1]).toContain(a.status);
        expect(a.sentMb).toBeLessThan(64);
      }
      expect(answers.some((a) => a.status === status)).toBe(true);
      expect(peak - before, `RSS ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB`).toBeLessThan(
        RSS_GROWTH_LIMIT_MB,
      );
      // Still serving.
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    },
    120_000,
  );
});

describe('many bodies at once are held against one budget per process', () => {
  it('200 GraphQL bodies just under the 4 MB cap at once: each answered (200, or 503 SERVER_BUSY with Retry-After), RSS bounded', async () => {
    const body = JSON.stringify({ query: '{health}', variables: { x: 'a'.repeat(3.9 * MB) } });
    const before = rssMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${server.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          body,
        }).then(async (res) => ({
          status: res.status,
          retry: res.headers.get('retry-after'),
          body: (await res.json()) as any,
        })),
      ),
    );
    clearInterval(sampler);
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 503);
    expect(ok.length + busy.length).toBe(200);
    expect(ok.length).toBeGreaterThan(0);
    expect(busy.every((a) => a.retry === '1' && a.body.errors[0].extensions.code === 'SERVER_BUSY')).toBe(true);
    expect(busy[0]?.body.errors[0].message).toMatch(/Send again in a few seconds/);
    // Without the budget the same 200 bodies took the server from about 100 MB to 1.1 GB.
    expect(peak - before, `RSS ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB`).toBeLessThan(256);
  }, 120_000);
});

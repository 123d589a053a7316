// A user's cap of open event streams holds over several API processes on one database: 200 streams
// asked for at once, half from each of two real server processes, open at most MAX_STREAMS.perUser
// in all (each stream holds a lease in the database), and a closed one frees its place for the other
// process. Before, each process counted its own, so two let twice as many through.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDeps, type Deps } from '../../../api/compose/create-deps';
import { readEnv } from '../../../api/env';
import { systemClock } from '../../../api/lib/clock';
import { MAX_STREAMS } from '../../../api/modules/events/events.routes';
import { makeCompany, makeUser, sessionFor } from '../../support/factories';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const dir = mkdtempSync(join(tmpdir(), 'sqp-streams-'));
const env = {
  DATABASE_URL: `file:${join(dir, 'app.db')}`,
  STORAGE_DIR: join(dir, 'storage'),
  APP_SECRET: 'x'.repeat(40),
};
let deps: Deps;
let servers: ServerProcess[] = [];
let token: string;

beforeAll(async () => {
  deps = await createDeps(
    readEnv({ NODE_ENV: 'test', JOB_INTERVAL_MINUTES: '0', PUBLIC_URL: 'http://127.0.0.1', ...env }),
    {
      log: { info: () => {}, error: () => {} },
    },
  );
  const companyId = await makeCompany(deps.db, { name: 'Zwei Prozesse GmbH' });
  const user = await makeUser(deps.db, deps.appSecret, { companyId });
  token = await sessionFor({ db: deps.db, clock: systemClock }, user.id, companyId);
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  deps?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a stream on `server`; resolves with its status once the headers are in. */
async function open(server: ServerProcess) {
  const abort = new AbortController();
  const res = await fetch(`${server.baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    signal: abort.signal,
  });
  const body = res.status === 200 ? null : ((await res.json()) as any);
  return { status: res.status, body, close: () => abort.abort() };
}

it(`holds a user to ${MAX_STREAMS.perUser} streams over two processes under 200 concurrent requests`, async () => {
  const all = await Promise.all(Array.from({ length: 200 }, (_, i) => open(servers[i % 2]!)));
  try {
    const opened = all.filter((s) => s.status === 200);
    // Every open stream holds a lease, so the leases are the streams open now: never past the cap
    // (counted per process, two processes let up to twice as many through). A stream whose connection
    // ends at once gives its lease back, which another request of the burst may take, so the count of
    // answers 200 may pass the cap, and the leases may be fewer once the burst is over.
    const leases = await deps.db.all<{ n: number }>(
      `select count(*) as n from event_stream_leases where expires_at > '${new Date().toISOString()}'` as never,
    );
    expect(leases[0]!.n).toBeGreaterThan(0);
    expect(leases[0]!.n).toBeLessThanOrEqual(MAX_STREAMS.perUser);
    expect(opened.length).toBeGreaterThanOrEqual(MAX_STREAMS.perUser);
    const refused = all.filter((s) => s.status !== 200);
    expect(new Set(refused.map((s) => s.status))).toEqual(new Set([429]));
    expect(refused[0]!.body.errors[0].extensions).toMatchObject({ reason: 'TOO_MANY_EVENT_STREAMS' });

    // A stream closed on one process frees a place on the other.
    const which = all.indexOf(opened[0]!) % 2;
    opened[0]!.close();
    const other = servers[1 - which]!;
    let again = await open(other);
    const deadline = Date.now() + 10_000;
    while (again.status !== 200 && Date.now() < deadline) {
      await Bun.sleep(50);
      again = await open(other);
    }
    expect(again.status).toBe(200);
    again.close();
  } finally {
    for (const s of all) s.close();
  }
}, 60_000);

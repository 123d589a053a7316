import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { encryptPassword } from '../../api/modules/auth/password-encryption';

/**
 * `npm run bench:api`: requests per second and p95 latency of `me` and `login` against the real
 * server (Bun.serve, file database, demo seed) over loopback HTTP, with a fixed number of
 * concurrent clients, and the server process's CPU time per request (user + system, from /proc),
 * which moves much less than wall-clock figures on a shared machine.
 */
const dir = mkdtempSync(join(tmpdir(), 'sqp-bench-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const server = spawn(process.execPath, ['api/server.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    NODE_ENV: 'test',
    JOB_INTERVAL_MINUTES: '0',
    // The demo seed queues its datafiles' upload jobs; running them would add their CPU to the figures.
    JOB_CONCURRENCY: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}/graphql`;
const post = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });

async function waitForServer() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await post('{health}')).ok) return;
    } catch {}
    await Bun.sleep(100);
  }
  throw new Error('server did not start');
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** The server process's CPU time so far (ms). */
function serverCpuMs(): number {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
}

async function measure(name: string, total: number, concurrency: number, call: () => Promise<Response>) {
  const latencies: number[] = [];
  const cpu0 = serverCpuMs();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        const res = await call();
        const body = (await res.json()) as { errors?: unknown };
        if (body.errors) throw new Error(`${name} failed: ${JSON.stringify(body.errors)}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuUs = ((serverCpuMs() - cpu0) / total) * 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);
  console.log(
    `${name.padEnd(6)} ${String(total).padStart(6)} requests, ${concurrency} concurrent: ${(total / seconds).toFixed(0).padStart(6)} req/s, p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, server CPU ${cpuUs.toFixed(0)} µs/request`,
  );
}

try {
  await waitForServer();
  const pem = ((await (await post('{getPasswordEncryptionKey}')).json()) as any).data
    .getPasswordEncryptionKey as string;
  const password = await encryptPassword(pem, 'Demo-1234');
  const LOGIN = 'mutation($e:String!,$p:String!){login(email:$e,password:$p){accessToken}}';
  const token = ((await (await post(LOGIN, { e: 'admin@example.com', p: password })).json()) as any).data.login
    .accessToken as string;
  const ME =
    '{ me { user { id email accessLevel watchGetStarted watchNPS company { id name image } } sessionExpiresAt companyId } }';
  console.log(`bench:api on ${navigator.hardwareConcurrency} cores, Bun ${Bun.version}`);
  await measure('me', 500, 8, () => post(ME, {}, { authorization: `Bearer ${token}` }));
  await measure('me', 5000, 16, () => post(ME, {}, { authorization: `Bearer ${token}` }));
  // Each login verifies an Argon2id hash (19 MiB, 2 passes): the cost is deliberate.
  await measure('login', 200, 4, () => post(LOGIN, { e: 'admin@example.com', p: password }));
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

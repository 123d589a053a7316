// Section 1 of `npm run bench:db`: `me` over HTTP. The app's GraphQL `me`, a bare Hono route asking
// the same with the fastest raw driver (tests/bench/db-bare.ts: the same answer, byte for byte) and
// the app through @libsql/client, each a Bun.serve process on 127.0.0.1 loaded by wrk (or a Bun
// client) in another process, in alternating rounds; with BENCH_BASELINE=<another checkout>, that
// checkout's app too (its tests/bench/db-server.ts on a database its own code seeded), so a change is
// compared with the code before it in one run on a shared machine.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Database as BunDatabase } from 'bun:sqlite';
import Libsql from 'libsql';
import { eq } from 'drizzle-orm';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { sha256Hex } from '../../api/lib/crypto';
import { silentLogger } from '../../api/lib/logger';
import { seedSecrets } from '../../api/demo/seed-secrets';
import { insertSession } from '../../api/modules/auth/auth.repo';
import { users } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { freePort } from '../support/server-process';
import { ME_QUERY } from './db-bare';
import { baselineApp } from './support/baseline-checkout';

const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_DB_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_DB_ROUNDS ?? 3);
const BASELINE = process.env.BENCH_BASELINE;
const TOKEN = 'bench-db-me-token';
/** GraphQL `me` against the bare route doing the same SQL, by requests per second. */
export const ME_RATIO_GOAL = 0.6;

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
const load = () => loadavg()[0]!.toFixed(1);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

/** wrk if it is there or can be installed (Debian, as root); else the Bun client in its own process (or when BENCH_DB_LOAD=bun). */
function loadGenerator(): 'wrk' | 'bun' {
  if (process.env.BENCH_DB_LOAD === 'bun') return 'bun';
  const has = () => spawnSync('wrk', ['--version']).error === undefined;
  if (has()) return 'wrk';
  if (process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0) {
    console.log('  (installing wrk: apt-get install -y wrk)');
    spawnSync('apt-get', ['install', '-y', '-q', 'wrk'], { stdio: 'ignore', timeout: 180_000 });
    if (has()) return 'wrk';
  }
  return 'bun';
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** The server process's CPU time so far (user + system, ms), from /proc. */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
}

/** Servers this run started, stopped by their own pid however the run ends. */
export const meServers = new Set<ChildProcess>();

async function startServer(script: string, mode: 'app' | 'bare', driver: string, file: string, log?: string) {
  const port = await freePort();
  // A server that logs writes into a pipe another process drains (this one blocks in spawnSync while
  // wrk runs), and says "ready" on stderr.
  const sink = log ? spawn('sh', ['-c', 'cat > /dev/null'], { stdio: ['pipe', 'ignore', 'inherit'] }) : undefined;
  const child: ChildProcess = spawn(
    process.execPath,
    [script, mode, driver, file, String(port), ...(log ? [log] : [])],
    {
      stdio: ['ignore', sink ? sink.stdin! : 'pipe', log ? 'pipe' : 'inherit'],
    },
  );
  sink?.stdin?.destroy();
  meServers.add(child);
  const stop = () => {
    meServers.delete(child);
    child.kill('SIGTERM');
  };
  try {
    await new Promise<void>((resolve, reject) => {
      // Generous: at a load average of 20 loading the app alone has taken a minute.
      const timer = setTimeout(() => reject(new Error(`${mode} server did not start within 3 minutes`)), 180_000);
      (log ? child.stderr! : child.stdout!).on(
        'data',
        (d: Buffer) => d.toString().includes('ready') && (clearTimeout(timer), resolve()),
      );
      child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`${mode} server exited with ${code}`))));
    });
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}/graphql`, pid: child.pid!, stop };
}

type LoadResult = { requests: number; seconds: number; errors: number; p50: number; p99: number };

function runLoad(generator: 'wrk' | 'bun', dir: string, url: string, seconds: number): LoadResult {
  const body = JSON.stringify({ query: ME_QUERY });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` };
  if (generator === 'wrk') {
    const script = join(dir, 'me.lua');
    writeFileSync(
      script,
      `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\n${Object.entries(headers)
        .map(([k, v]) => `wrk.headers["${k}"] = "${v}"`)
        .join('\n')}\n`,
    );
    const out = spawnSync('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-s', script, url], {
      encoding: 'utf8',
    }).stdout;
    const ms = (label: string) => {
      const m = out.match(new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm'));
      return m ? Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'] : NaN;
    };
    const duration = out.match(/requests in ([\d.]+)(ms|s)/);
    return {
      requests: Number(out.match(/(\d+) requests in ([\d.]+)(ms|s)/)?.[1] ?? 0),
      seconds: duration ? Number(duration[1]) / (duration[2] === 'ms' ? 1000 : 1) : seconds,
      errors:
        Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) +
        Number(out.match(/Socket errors: .*?(\d+) timeout/)?.[1] ?? 0),
      p50: ms('50%'),
      p99: ms('99%'),
    };
  }
  const bodyFile = join(dir, 'me.json');
  writeFileSync(bodyFile, body);
  const out = spawnSync(
    process.execPath,
    [here('./load-client.ts'), url, String(CONNECTIONS), String(seconds), bodyFile, JSON.stringify(headers)],
    { encoding: 'utf8' },
  ).stdout;
  return JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult;
}

/** `file`: a database of the target's own (the baseline's, seeded by its code); else the section's. */
type Target = { label: string; script: string; mode: 'app' | 'bare'; driver: string; file?: string; log?: string };

async function measureMe(generator: 'wrk' | 'bun', dir: string, target: Target, file: string) {
  const server = await startServer(target.script, target.mode, target.driver, target.file ?? file, target.log);
  try {
    const answer = (await (
      await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ query: ME_QUERY }),
      })
    ).json()) as any;
    if (answer?.data?.me?.user?.email !== 'admin@example.com')
      throw new Error(`${target.label} answered ${JSON.stringify(answer)}`);
    runLoad(generator, dir, server.url, 1); // warm-up: JIT, statement caches, compiled documents
    const cpu0 = processCpuMs(server.pid);
    const r = runLoad(generator, dir, server.url, SECONDS);
    const serverCpuUs = ((processCpuMs(server.pid) - cpu0) / r.requests) * 1000;
    if (r.errors > 0) throw new Error(`${target.label}: ${r.errors} failed requests`);
    return { ...r, rps: r.requests / r.seconds, serverCpuUs };
  } finally {
    server.stop();
  }
}

/** The session join through each raw driver, in this process: the faster one serves the bare route. */
function fastestRawDriver(file: string): { driver: 'libsql' | 'bun:sqlite'; us: Record<string, number> } {
  const hash = sha256Hex(TOKEN);
  const now = new Date().toISOString();
  const q =
    'select s.*, u.*, c.status from sessions s join users u on u.id = s.user_id left join companies c on c.id = u.company_id where s.token_hash = ? and s.revoked_at is null and s.expires_at > ? and u.deleted_at is null';
  const time = (get: () => unknown) => {
    for (let i = 0; i < 2_000; i++) get();
    const c0 = process.cpuUsage();
    for (let i = 0; i < 20_000; i++) get();
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 20_000;
  };
  const l = new Libsql(file);
  const ls = l.prepare(q).raw(true);
  const b = new BunDatabase(file, { readonly: true });
  const bs = b.prepare(q);
  const us = { libsql: time(() => ls.get([hash, now])), 'bun:sqlite': time(() => bs.values(hash, now)) };
  l.close();
  b.close();
  return { driver: us.libsql <= us['bun:sqlite'] ? 'libsql' : 'bun:sqlite', us };
}

/** Seeds a database file with the demo data and a session, then measures each server in alternating rounds. */
export async function meSection(dir: string, limit: number) {
  const file = join(dir, 'me.db');
  const url = `file:${file}`;
  const deps = await createDeps(readEnv({ NODE_ENV: 'test', DATABASE_URL: url, JOB_INTERVAL_MINUTES: '0' }), {
    log: silentLogger,
  });
  await seedDemoData(deps.db, seedSecrets(), { onlyIfEmpty: true });
  const admin = (await deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com')).get())!;
  const now = new Date();
  await insertSession(deps.db, {
    id: 'bench-session',
    tokenHash: sha256Hex(TOKEN),
    userId: admin.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
  });
  deps.close();
  let baselineFile: string | undefined;
  if (BASELINE) {
    baselineFile = join(dir, 'me-baseline.db');
    const env = { NODE_ENV: 'test', DATABASE_URL: `file:${baselineFile}`, JOB_INTERVAL_MINUTES: '0' };
    (await baselineApp(BASELINE, env, { token: TOKEN, userId: admin.id })).deps.close();
  }

  const generator = loadGenerator();
  const raw = fastestRawDriver(file);
  console.log(
    `\n1. me: ${CONNECTIONS} concurrent keep-alive callers for ${SECONDS} s (${generator === 'wrk' ? 'wrk -t2' : 'Bun client'} in another process) against Bun.serve on 127.0.0.1, ${ROUNDS} rounds alternating`,
  );
  console.log(
    `   session join through the raw drivers: libsql ${raw.us.libsql!.toFixed(1)} µs, bun:sqlite ${raw.us['bun:sqlite']!.toFixed(1)} µs of CPU: the bare route uses ${raw.driver}`,
  );
  const server = here('./db-server.ts');
  const targets: Target[] = [
    { label: 'GraphQL me, the app (libsql driver)', script: server, mode: 'app', driver: 'libsql' },
    { label: `bare Hono route, raw ${raw.driver}`, script: server, mode: 'bare', driver: raw.driver },
    ...(BASELINE
      ? [
          {
            label: 'GraphQL me, BENCH_BASELINE (libsql)',
            script: join(BASELINE, 'tests/bench/db-server.ts'),
            mode: 'app' as const,
            driver: 'libsql',
            file: baselineFile,
          },
        ]
      : []),
    { label: 'GraphQL me, the app via @libsql/client', script: server, mode: 'app', driver: 'client' },
    // BENCH_DB_LOG=1: the app with its access lines on stdout (a pipe this process drains), one write per line and buffered.
    ...(process.env.BENCH_DB_LOG
      ? (['sync', 'buffered'] as const).map((log) => ({
          label: `GraphQL me, log to a pipe, ${log}`,
          script: server,
          mode: 'app' as const,
          driver: 'libsql',
          log,
        }))
      : []),
  ];
  if (BASELINE) console.log(`   BENCH_BASELINE: ${BASELINE}`);
  const rounds = new Map<string, Awaited<ReturnType<typeof measureMe>>[]>();
  for (let round = 0; round < ROUNDS; round++)
    for (const target of targets) {
      // The remote path's driver once: it is a comparison, not a goal.
      if (target.driver === 'client' && round > 0) continue;
      const r = await measureMe(generator, dir, target, file);
      rounds.set(target.label, [...(rounds.get(target.label) ?? []), r]);
      console.log(
        `   ${target.label.padEnd(40)} ${fmt(r.rps).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms; server CPU ${r.serverCpuUs.toFixed(0)} µs/request; load ${load()}`,
      );
    }
  const summary = (label: string) => {
    const rs = rounds.get(label)!;
    return { rps: median(rs.map((r) => r.rps)), cpu: median(rs.map((r) => r.serverCpuUs)) };
  };
  const app = summary(targets[0]!.label);
  const bare = summary(targets[1]!.label);
  const byRps = app.rps / bare.rps;
  const byCpu = bare.cpu / app.cpu;
  console.log(
    `   median of ${ROUNDS}: app ${fmt(app.rps)} req/s (${app.cpu.toFixed(0)} µs CPU), bare ${fmt(bare.rps)} req/s (${bare.cpu.toFixed(0)} µs CPU); limit >= ${fmt(limit)} req/s: ${app.rps >= limit ? 'met' : 'NOT MET'}`,
  );
  console.log(
    `   GraphQL / bare route: ${(100 * byRps).toFixed(0)} % by req/s (goal >= ${100 * ME_RATIO_GOAL} %: ${byRps >= ME_RATIO_GOAL ? 'met' : 'NOT MET'}), ${(100 * byCpu).toFixed(0)} % by server CPU per request; load ${load()}`,
  );
  if (BASELINE) {
    const base = summary('GraphQL me, BENCH_BASELINE (libsql)');
    console.log(
      `   BENCH_BASELINE: ${fmt(base.rps)} req/s (${base.cpu.toFixed(0)} µs CPU) = ${((100 * base.rps) / bare.rps).toFixed(0)} % of the bare route by req/s, ${((100 * bare.cpu) / base.cpu).toFixed(0)} % by CPU; this checkout ${(app.rps / base.rps).toFixed(2)}x its req/s, ${(base.cpu / app.cpu).toFixed(2)}x less CPU per request`,
    );
  }
  if (process.env.BENCH_DB_LOG) {
    const [sync, buffered] = (['sync', 'buffered'] as const).map((log) => summary(`GraphQL me, log to a pipe, ${log}`));
    console.log(
      `   access log to a pipe: one write per line ${fmt(sync!.rps)} req/s (${sync!.cpu.toFixed(0)} µs CPU), buffered ${fmt(buffered!.rps)} req/s (${buffered!.cpu.toFixed(0)} µs CPU), silent ${app.cpu.toFixed(0)} µs CPU: the line costs ${(sync!.cpu - app.cpu).toFixed(0)} µs one write per line, ${(buffered!.cpu - app.cpu).toFixed(0)} µs buffered`,
    );
  }
  return { rps: app.rps, ratio: byRps };
}

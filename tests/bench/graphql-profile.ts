// Where a GraphQL request's time goes beside a bare route doing the same SQL, in one process and
// without HTTP (app.fetch on a Request, as Bun.serve would hand it over): the app's `me`, the bare
// route of tests/bench/db-bare.ts and, with BENCH_BASELINE=<another checkout>, that checkout's app
// on a database its own code seeded, in many short alternating rounds (CPU time per request, median), so the
// ratios hold on a shared machine. Run it under `bun --cpu-prof` to see the functions.
//   [BENCH_STAGES=1] bun tests/bench/graphql-profile.ts [requests per round] [rounds]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createApp } from '../../api/app';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { sha256Hex } from '../../api/lib/crypto';
import { silentLogger } from '../../api/lib/logger';
import { seedSecrets } from '../../api/demo/seed-secrets';
import { insertSession } from '../../api/modules/auth/auth.repo';
import { users } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { bareMeApp, ME_QUERY } from './db-bare';
import { baselineApp } from './support/baseline-checkout';
import { stagesOf } from './support/me-stages';

const N = Number(process.argv[2] ?? 500);
const ROUNDS = Number(process.argv[3] ?? 30);
const BASELINE = process.env.BENCH_BASELINE;
/** BENCH_STAGES=1: also the stages of one `me` request, each alone (docs/benchmarks.md, bench:db). */
const STAGES = process.env.BENCH_STAGES === '1';
const WARM_UP = 5_000;
const TOKEN = 'bench-profile-token';
type Fetch = (r: Request) => Response | Promise<Response>;

const dir = mkdtempSync(join(tmpdir(), 'sqp-gql-profile-'));
const file = join(dir, 'app.db');
const env = { NODE_ENV: 'test', DATABASE_URL: `file:${file}`, JOB_INTERVAL_MINUTES: '0', STORAGE_DIR: join(dir, 's') };
const deps = await createDeps(readEnv(env), { log: silentLogger });
const closers = [() => deps.close()];
try {
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
  const targets: [string, Fetch][] = [
    ['app', createApp(deps, { webDist: join(dir, 'none') }).app.fetch],
    ['bare', bareMeApp('libsql', file).fetch],
  ];
  if (BASELINE) {
    const baseEnv = { ...env, DATABASE_URL: `file:${join(dir, 'baseline.db')}` };
    const base = await baselineApp(BASELINE, baseEnv, { token: TOKEN, userId: admin.id });
    closers.push(() => base.deps.close());
    targets.push(['baseline', base.createApp(base.deps, { webDist: join(dir, 'none') }).app.fetch]);
  }
  const body = JSON.stringify({ query: ME_QUERY });
  const request = () =>
    new Request('http://127.0.0.1/graphql', {
      method: 'POST',
      // Over HTTP the length is always sent; without it the body-limit middleware buffers the body itself.
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        authorization: `Bearer ${TOKEN}`,
      },
      body,
    });
  const answers = await Promise.all(targets.map(async ([, fetch]) => (await fetch(request())).text()));
  // The baseline's session was made when its own seeding ended: its expiry may differ by that time.
  const same = (a: string) => a.replace(/"sessionExpiresAt":"[^"]*"/, '"sessionExpiresAt":"…"');
  if (new Set(answers.map(same)).size !== 1) throw new Error(`the answers differ:\n${answers.join('\n')}`);
  const runs: [string, () => Promise<unknown>][] = targets.map(([label, fetch]) => [
    label,
    async () => (await fetch(request())).text(),
  ]);
  if (STAGES) runs.push(...stagesOf(deps, request));
  // Warm: the engine compiles the hot paths in tiers over the first few thousand requests.
  for (const [, run] of runs) for (let i = 0; i < WARM_UP; i++) await run();
  const cpu: Record<string, number[]> = {};
  for (let r = 0; r < ROUNDS; r++)
    for (const [label, run] of runs) {
      const c0 = process.cpuUsage();
      for (let i = 0; i < N; i++) await run();
      const c = process.cpuUsage(c0);
      (cpu[label] ??= []).push((c.user + c.system) / N);
    }
  const med = (label: string) => {
    const v = [...cpu[label]!].sort((x, y) => x - y);
    return v[Math.floor(v.length / 2)]!;
  };
  // The minimum of many short rounds moves least with the machine's load (docs/benchmarks.md, bench:db).
  const min = (label: string) => Math.min(...cpu[label]!);
  const [app, bare] = [med('app'), med('bare')];
  console.log(
    `in process, ${ROUNDS} rounds of ${N} requests alternating, CPU per request (median): app ${app.toFixed(1)} µs, bare route ${bare.toFixed(1)} µs, bare/app ${((100 * bare) / app).toFixed(0)} %; minimum app ${min('app').toFixed(1)} µs, bare route ${min('bare').toFixed(1)} µs${BASELINE ? `, baseline ${min('baseline').toFixed(1)} µs` : ''}${BASELINE ? `; baseline ${med('baseline').toFixed(1)} µs, bare/baseline ${((100 * bare) / med('baseline')).toFixed(0)} %` : ''}; load ${loadavg()[0]!.toFixed(1)}`,
  );
  if (STAGES)
    for (const [label] of runs.slice(targets.length))
      console.log(`  ${label.padEnd(48)} ${med(label).toFixed(1)} µs (minimum ${min(label).toFixed(1)})`);
} finally {
  for (const close of closers) close();
  rmSync(dir, { recursive: true, force: true });
}

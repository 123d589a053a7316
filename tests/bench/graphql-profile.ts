// Where a GraphQL request's time goes beside a bare route doing the same SQL, in one process and
// without HTTP (app.fetch on a Request, as Bun.serve would hand it over): the app's `me`, the bare
// route of tests/bench/db-bare.ts and, with BENCH_BASELINE=<another checkout>, that checkout's app
// on the same database file, in many short alternating rounds (CPU time per request, median), so the
// ratios hold on a shared machine. Run it under `bun --cpu-prof` to see the functions.
//   bun tests/bench/graphql-profile.ts [requests per round] [rounds]
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

const N = Number(process.argv[2] ?? 500);
const ROUNDS = Number(process.argv[3] ?? 30);
const BASELINE = process.env.BENCH_BASELINE;
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
    // The other checkout's own modules (its node_modules too), on a database file its own migrations
    // and seed made: an older app may not read this checkout's newer schema.
    const load = <T>(path: string) => import(join(BASELINE, path)) as Promise<T>;
    const base = {
      app: await load<typeof import('../../api/app')>('api/app.ts'),
      deps: await load<typeof import('../../api/compose/create-deps')>('api/compose/create-deps.ts'),
      env: await load<typeof import('../../api/env')>('api/env.ts'),
      seed: await load<typeof import('../../db/seed')>('db/seed/index.ts'),
      // An older checkout's seedSecrets took the app secret (for magic keys); a newer one ignores it.
      secrets: await load<{ seedSecrets: (appSecret: string) => ReturnType<typeof seedSecrets> }>(
        'api/demo/seed-secrets.ts',
      ),
      auth: await load<typeof import('../../api/modules/auth/auth.repo')>('api/modules/auth/auth.repo.ts'),
    };
    const baseEnv = { ...env, DATABASE_URL: `file:${join(dir, 'baseline.db')}` };
    const baseDeps = await base.deps.createDeps(base.env.readEnv(baseEnv), { log: silentLogger });
    closers.push(() => baseDeps.close());
    await base.seed.seedDemoData(
      baseDeps.db,
      base.secrets.seedSecrets((baseDeps as { appSecret?: string }).appSecret ?? ''),
      { onlyIfEmpty: true },
    );
    await base.auth.insertSession(baseDeps.db, {
      id: 'bench-session',
      tokenHash: sha256Hex(TOKEN),
      userId: admin.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
    });
    targets.push(['baseline', base.app.createApp(baseDeps, { webDist: join(dir, 'none') }).app.fetch]);
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
  if (new Set(answers).size !== 1) throw new Error(`the answers differ:\n${answers.join('\n')}`);
  // Warm: the engine compiles the hot paths in tiers over the first few thousand requests.
  for (const [, fetch] of targets) for (let i = 0; i < WARM_UP; i++) await (await fetch(request())).text();
  const cpu: Record<string, number[]> = {};
  for (let r = 0; r < ROUNDS; r++)
    for (const [label, fetch] of targets) {
      const c0 = process.cpuUsage();
      for (let i = 0; i < N; i++) await (await fetch(request())).text();
      const c = process.cpuUsage(c0);
      (cpu[label] ??= []).push((c.user + c.system) / N);
    }
  const med = (label: string) => {
    const v = [...cpu[label]!].sort((x, y) => x - y);
    return v[Math.floor(v.length / 2)]!;
  };
  const [app, bare] = [med('app'), med('bare')];
  console.log(
    `in process, ${ROUNDS} rounds of ${N} requests alternating, CPU per request (median): app ${app.toFixed(1)} µs, bare route ${bare.toFixed(1)} µs, bare/app ${((100 * bare) / app).toFixed(0)} %${BASELINE ? `; baseline ${med('baseline').toFixed(1)} µs, bare/baseline ${((100 * bare) / med('baseline')).toFixed(0)} %` : ''}; load ${loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  for (const close of closers) close();
  rmSync(dir, { recursive: true, force: true });
}

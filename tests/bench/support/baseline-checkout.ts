// Another checkout of the app (BENCH_BASELINE=<path>), run beside this one in the same sitting: its
// own modules (and node_modules) on a database file its own migrations and demo seed made, since an
// older app may not read this checkout's newer schema. The demo rows have fixed ids, so a session
// for this checkout's demo admin works there too.
import { join } from 'node:path';
import { sha256Hex } from '../../../api/lib/crypto';
import { silentLogger } from '../../../api/lib/logger';
import type { seedSecrets } from '../../../api/demo/seed-secrets';

type Env = Record<string, string>;

const load = <T>(checkout: string, path: string) => import(join(checkout, path)) as Promise<T>;

/** The checkout's createApp and deps over `env` (its DATABASE_URL seeded first), with a session for `token`. */
export async function baselineApp(checkout: string, env: Env, session: { token: string; userId: string }) {
  const app = await load<typeof import('../../../api/app')>(checkout, 'api/app.ts');
  const { createDeps } = await load<typeof import('../../../api/compose/create-deps')>(
    checkout,
    'api/compose/create-deps.ts',
  );
  const { readEnv } = await load<typeof import('../../../api/env')>(checkout, 'api/env.ts');
  const { seedDemoData } = await load<typeof import('../../../db/seed')>(checkout, 'db/seed/index.ts');
  // An older checkout's seedSecrets took the app secret (for magic keys); a newer one ignores it.
  const secrets = await load<{ seedSecrets: (appSecret: string) => ReturnType<typeof seedSecrets> }>(
    checkout,
    'api/demo/seed-secrets.ts',
  );
  const { insertSession } = await load<typeof import('../../../api/modules/auth/auth.repo')>(
    checkout,
    'api/modules/auth/auth.repo.ts',
  );
  const deps = await createDeps(readEnv(env), { log: silentLogger });
  await seedDemoData(deps.db, secrets.seedSecrets(deps.appSecret), { onlyIfEmpty: true });
  const now = new Date();
  await insertSession(deps.db, {
    id: 'bench-session',
    tokenHash: sha256Hex(session.token),
    userId: session.userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
  });
  return { deps, createApp: app.createApp };
}

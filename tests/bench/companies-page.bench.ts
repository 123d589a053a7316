import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../api/app';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { silentLogger } from '../../api/lib/logger';
import { ORGANISATIONS_CASES, ORGANISATIONS_PAGE, seedOrganisations } from './support/seed-organisations';

/**
 * p95 latency of getAllActiveCompanies for one page (5 rows, with contract, credit overview and
 * latest import) over 10,000 organisations, for each sortable column, through the real app and a
 * libSQL file. (`npm run bench:db` prints these beside their limits, with CPU time.)
 */
const N = Number(process.env.BENCH_COMPANIES ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'sqp-bench-companies-'));
const env = readEnv({ NODE_ENV: 'test', DATABASE_URL: `file:${join(dir, 'app.db')}`, JOB_INTERVAL_MINUTES: '0' });
const deps = await createDeps(env, { log: silentLogger });
const { app } = createApp(deps, { webDist: join(dir, 'none') });

const t0 = performance.now();
await seedOrganisations(deps.db, N, 'bench-token');
console.log(
  `bench:companies: seeded ${N} organisations with contracts, plans and datafiles in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

async function call(variables: Record<string, unknown>) {
  const res = await app.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench-token' },
    body: JSON.stringify({ query: ORGANISATIONS_PAGE, variables }),
  });
  const body = (await res.json()) as {
    data?: { getAllActiveCompanies: { pageInfo: { total: number } } };
    errors?: unknown;
  };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!.getAllActiveCompanies.pageInfo.total;
}

for (const [label, variables] of ORGANISATIONS_CASES) {
  await call(variables);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 40; i++) {
    const s = performance.now();
    total = await call(variables);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  console.log(
    `getAllActiveCompanies ${label.padEnd(24)} total ${String(total).padStart(5)}: p50 ${times[20]!.toFixed(1)} ms, p95 ${times[37]!.toFixed(1)} ms`,
  );
}
deps.close();
rmSync(dir, { recursive: true, force: true });

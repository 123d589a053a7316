import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, oneYearEnd, viennaDate } from '../../db/domain/calendar';
import { createApp } from '../../api/app';
import { createDeps } from '../../api/deps';
import { readEnv } from '../../api/env';
import { silentLogger } from '../../api/lib/logger';
import { sha256Hex } from '../../api/lib/crypto';

/**
 * p95 latency of getAllActiveCompanies for one page (5 rows, with contract, credit overview and
 * latest import) over 10,000 organisations, for each sortable column, through the real app and a
 * libSQL file.
 */
const N = Number(process.env.BENCH_COMPANIES ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'sqp-bench-companies-'));
const env = readEnv({ NODE_ENV: 'test', DATABASE_URL: `file:${join(dir, 'app.db')}`, JOB_INTERVAL_MINUTES: '0' });
const deps = await createDeps(env, { log: silentLogger });
const { app } = createApp(deps, { webDist: join(dir, 'none') });

const now = new Date();
const today = viennaDate(now);
const iso = now.toISOString();
const t0 = performance.now();
await deps.db.transaction(async (tx) => {
  await tx.run(`insert into users (id, email, first_name, last_name, access_level, status, password_hash, magic_key_hash, magic_key_sealed, created_at) values ('op', 'op@bench.example', 'Op', 'Erator', 'SUPER_ADMIN', 'ACTIVATED', 'x', 'k', 'k', '${iso}')` as never);
  const types = ['STARTER', 'PROFESSIONAL', 'ENTERPRISE'] as const;
  for (let i = 0; i < N; i += 500) {
    const companies: string[] = [];
    const contracts: string[] = [];
    const plans: string[] = [];
    const files: string[] = [];
    for (let j = i; j < Math.min(N, i + 500); j++) {
      const id = `co-${j}`;
      companies.push(`('${id}', 'Company ${String(j).padStart(5, '0')} ${j % 7 === 0 ? 'Research' : 'Insights'}', 'ACTIVATED', '${'ABC'[j % 3]}', '${iso}')`);
      const start = addDays(today, -(j % 300));
      const type = types[j % 3]!;
      contracts.push(`('ct-${j}', '${id}', '${type}', 'REF-${j}', '${start}', '${oneYearEnd(start)}', 1, 'pl-${j}', '${iso}')`);
      plans.push(`('pl-${j}', '${id}', 'ct-${j}', 'PRIMARY', 'EXPIRING', '${type}', 'Plan ${j}', '${start}', '${oneYearEnd(start)}', 10000, ${10000 - (j % 9000)}, 10, '${iso}')`);
      if (j % 4 !== 0) files.push(`('df-${j}', '${id}', 'op', 'File ${j}', 'MANUAL', 'READY', ${j % 900}, '${new Date(now.getTime() - (j % 60) * 86_400_000).toISOString()}')`);
    }
    await tx.run(`insert into companies (id, name, status, support_level, created_at) values ${companies.join(',')}` as never);
    await tx.run(`insert into contracts (id, company_id, type, name, start_date, end_date, auto_renew, primary_credit_plan_id, created_at) values ${contracts.join(',')}` as never);
    await tx.run(`insert into credit_plans (id, company_id, contract_id, role, category, plan_type, name, valid_from, valid_until, received, balance, price_per_credit, created_at) values ${plans.join(',')}` as never);
    if (files.length) await tx.run(`insert into datafiles (id, company_id, owner_id, title, import_type, status, number_of_records, created_at) values ${files.join(',')}` as never);
  }
  await tx.run(`insert into sessions (id, token_hash, user_id, created_at, expires_at) values ('s', '${sha256Hex('bench-token')}', 'op', '${iso}', '${new Date(now.getTime() + 3600_000).toISOString()}')` as never);
});
console.log(`bench:companies: seeded ${N} organisations with contracts, plans and datafiles in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const QUERY = `query($s:String,$by:CompanySortField,$dir:SortDirection,$p:PageInput){getAllActiveCompanies(search:$s,sortBy:$by,sortDirection:$dir,page:$p){
  companies{ id name supportLevel contract{ type startDate endDate remainingDays } activeCreditOverview{ totalActiveBalance totalActiveReceived totalReceivedFromPayAsUsage } latestDataImport{ daysAgo } }
  pageInfo{ total nextPage } } }`;
async function call(variables: Record<string, unknown>) {
  const res = await app.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer bench-token' }, body: JSON.stringify({ query: QUERY, variables }) });
  const body = (await res.json()) as { data?: { getAllActiveCompanies: { pageInfo: { total: number } } }; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!.getAllActiveCompanies.pageInfo.total;
}

const cases: [string, Record<string, unknown>][] = [
  ['first page, by name', {}],
  ['page 1000, by name', { p: { page: 1000, limit: 5 } }],
  ['search "research"', { s: 'research' }],
  ['by remaining days', { by: 'REMAINING_DAYS' }],
  ['by contract type desc', { by: 'CONTRACT_TYPE', dir: 'DESC' }],
  ['by latest import desc', { by: 'LATEST_IMPORT', dir: 'DESC' }],
  ['by support level', { by: 'SUPPORT_LEVEL' }],
];
for (const [label, variables] of cases) {
  await call(variables);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 40; i++) {
    const s = performance.now();
    total = await call(variables);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  console.log(`getAllActiveCompanies ${label.padEnd(24)} total ${String(total).padStart(5)}: p50 ${times[20]!.toFixed(1)} ms, p95 ${times[37]!.toFixed(1)} ms`);
}
deps.close();
rmSync(dir, { recursive: true, force: true });

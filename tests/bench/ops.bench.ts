import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../api/app';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { silentLogger } from '../../api/lib/logger';
import { flushEndpointHits, recordEndpointHit } from '../../api/modules/monitoring/endpoint-hits';
import { viennaDate } from '../../db/domain/calendar';
import { addMonths, viennaMonth } from '../../db/domain/months';
import { seedOrganisations } from './support/seed-organisations';

/**
 * `npm run bench:ops`: the operator pages at the operator's scale (10,000 organisations, 100,000
 * data files over two years, a ledger row per file plus refunds and top-ups, 30,000 jobs), through
 * the real app on a libSQL file: each figure with its target, wall and CPU time, and the load
 * average (the machine's 2 cores are shared). Also the cost of recordEndpointHit per call.
 */
const ORGS = Number(process.env.BENCH_ORGS ?? 10_000);
const FILES = Number(process.env.BENCH_FILES ?? 100_000);
const JOBS = 30_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const dir = mkdtempSync(join(tmpdir(), 'sqp-bench-ops-'));
const env = readEnv({
  NODE_ENV: 'test',
  DATABASE_URL: `file:${join(dir, 'app.db')}`,
  JOB_INTERVAL_MINUTES: '0',
  STORAGE_DIR: join(dir, 'storage'),
});
const deps = await createDeps(env, { log: silentLogger });
const { app } = createApp(deps, { webDist: join(dir, 'none') });
const now = new Date();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function seed() {
  await seedOrganisations(deps.db, ORGS, 'bench-token', now);
  const span = 730 * 86_400_000;
  let rand = 12345;
  const next = (n: number) => (rand = (rand * 48271) % 2147483647) % n;
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < FILES; i += 1000) {
      const files: string[] = [];
      const ledger: string[] = [];
      for (let j = i; j < Math.min(FILES, i + 1000); j++) {
        // Busy organisations import more: a skewed pick, as real usage is.
        const org = Math.floor((next(ORGS) * next(ORGS)) / ORGS);
        const at = new Date(now.getTime() - next(span)).toISOString();
        const records = 50 + next(3000);
        const status = next(20) === 0 ? 'DRAFT' : next(30) === 0 ? 'ERROR' : 'READY';
        files.push(
          `('bf-${j}', 'co-${org}', 'op', 'File ${j}', '${next(4) === 0 ? 'LIVE' : 'MANUAL'}', '${status}', ${records}, '${at}', ${next(50) === 0 ? 1 : 0})`,
        );
        if (status === 'READY') {
          const date = viennaDate(new Date(at));
          ledger.push(
            `('bl-${j}', 'co-${org}', 'pl-${org}', 'USED', ${records * 6}, ${-records * 6}, 'bf-${j}', 'op-${j}', 'bench:${j}', 10, 'Datafile upload', '${at}', '${date}')`,
          );
          if (next(25) === 0)
            ledger.push(
              `('br-${j}', 'co-${org}', 'pl-${org}', 'REFUND', ${records}, ${records}, 'bf-${j}', 'opr-${j}', 'bench:r${j}', 10, 'Refund', '${at}', '${date}')`,
            );
        }
      }
      await tx.run(
        `insert into datafiles (id, company_id, owner_id, title, import_type, status, number_of_records, created_at, is_deleted) values ${files.join(',')}`,
      );
      if (ledger.length)
        await tx.run(
          `insert into credit_transactions (id, company_id, credit_plan_id, type, amount, delta, datafile_id, operation_id, idempotency_key, price_per_credit, description, occurred_at, occurred_date) values ${ledger.join(',')}`,
        );
    }
    for (let i = 0; i < ORGS; i += 1000) {
      const rows: string[] = [];
      for (let j = i; j < Math.min(ORGS, i + 1000); j++) {
        const at = new Date(now.getTime() - next(span)).toISOString();
        rows.push(
          `('bt-${j}', 'co-${j}', 'pl-${j}', 'RECEIVED', 10000, 10000, 'opt-${j}', 'bench:t${j}', 10, 'Credits received', '${at}', '${viennaDate(new Date(at))}')`,
        );
      }
      await tx.run(
        `insert into credit_transactions (id, company_id, credit_plan_id, type, amount, delta, operation_id, idempotency_key, price_per_credit, description, occurred_at, occurred_date) values ${rows.join(',')}`,
      );
    }
    const kinds = ['calendar', 'mail.outbox', 'jobs.prune', 'upload'];
    for (let i = 0; i < JOBS; i += 1000) {
      const rows: string[] = [];
      for (let j = i; j < Math.min(JOBS, i + 1000); j++) {
        const created = now.getTime() - next(30 * 86_400_000);
        const started = created + next(5000);
        const finished = started + next(60_000);
        const state = next(100) === 0 ? 'FAILED' : next(200) === 0 ? 'QUEUED' : 'SUCCEEDED';
        const iso = (ms: number) => new Date(ms).toISOString();
        rows.push(
          `('bj-${j}', '${kinds[next(kinds.length)]}', '{}', '${state}', 1, 3, '${iso(created)}', '${iso(created)}', ${state === 'QUEUED' ? 'null' : `'${iso(started)}'`}, ${state === 'QUEUED' ? 'null' : `'${iso(finished)}'`})`,
        );
      }
      await tx.run(
        `insert into jobs (id, kind, payload, state, attempts, max_attempts, run_after, created_at, started_at, finished_at) values ${rows.join(',')}`,
      );
    }
  });
}

const t0 = performance.now();
await seed();
console.log(
  `bench:ops: seeded ${ORGS} organisations, ${FILES} data files, their ledger rows and ${JOBS} jobs in ${((performance.now() - t0) / 1000).toFixed(1)} s (load ${load()})`,
);

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await app.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench-token', 'x-locale': 'de' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

/**
 * Runs `fn` RUNS times after two warm-ups: p50 and p95 wall time, and CPU time per run of this
 * process. The target holds for the p95 wall time, or with `on: 'cpu'` for the CPU time per run
 * (the figure that does not move with the load of the shared machine).
 */
async function measure(
  label: string,
  targetMs: number,
  fn: () => Promise<unknown>,
  runs = RUNS,
  on: 'p95' | 'cpu' = 'p95',
) {
  await fn();
  await fn();
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    times.push(performance.now() - s);
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  const p95 = times[Math.ceil(runs * 0.95) - 1]!;
  const cpuMs = (cpu.user + cpu.system) / 1000 / runs;
  const measured = on === 'cpu' ? cpuMs : p95;
  console.log(
    `${label.padEnd(58)} p50 ${times[Math.ceil(runs / 2) - 1]!.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  cpu ${cpuMs.toFixed(1).padStart(6)} ms  target ${on} <= ${targetMs} ms ${measured <= targetMs ? 'ok' : 'MISSED'}  (load ${load()})`,
  );
}

const STATS = `query($f:UsageStatsFilters!,$by:UsageStatsSortField,$dir:SortDirection,$p:PageInput){getUsageStatsByMonth(filters:$f,sortBy:$by,sortDirection:$dir,paginationInfo:$p){
  months{ month numberOfOrganizations numberOfDatafiles numberOfLiveDatafiles numberOfDataRecords creditsUsed } totals{ numberOfDatafiles numberOfOrganizations creditsUsed }
  rows{ month organization{ id name } numberOfDatafiles numberOfLiveDatafiles numberOfDataRecords creditsUsed creditsRefunded } pageInfo{ total } } }`;
const thisMonth = viennaMonth(now);
const year = { fromMonth: addMonths(thisMonth, -11), toMonth: thisMonth };
const twoYears = { fromMonth: addMonths(thisMonth, -24), toMonth: thisMonth };
const first = await gql(STATS, { f: year });
console.log(
  `12 months: ${first.getUsageStatsByMonth.pageInfo.total} organisation-month rows, ${first.getUsageStatsByMonth.totals.numberOfDatafiles} data files`,
);

// An operator page over every organisation aggregates every file and ledger row of the period
// (linear in them): held to CPU time per request, which the load of the shared machine leaves alone.
const STATS_CPU_TARGET = 300;
await measure(
  'stats page, 12 months, newest month first',
  STATS_CPU_TARGET,
  () => gql(STATS, { f: year }),
  RUNS,
  'cpu',
);
await measure(
  'stats page, 12 months, by credits used',
  STATS_CPU_TARGET,
  () => gql(STATS, { f: year, by: 'CREDITS_USED' }),
  RUNS,
  'cpu',
);
await measure(
  'stats page, 12 months, by organisation, page 2000',
  STATS_CPU_TARGET,
  () => gql(STATS, { f: year, by: 'ORGANIZATION', p: { page: 2000, limit: 10 } }),
  RUNS,
  'cpu',
);
await measure(
  'stats page, 25 months, by data records',
  STATS_CPU_TARGET * 2,
  () => gql(STATS, { f: twoYears, by: 'DATA_RECORDS' }),
  RUNS,
  'cpu',
);
await measure('stats page, 12 months, one organisation', 50, () => gql(STATS, { f: { ...year, companyId: 'co-3' } }));
let csvBytes = 0;
await measure(
  'CSV, 12 months, every row',
  1000,
  async () => {
    csvBytes = (
      await gql('query($f:UsageStatsFilters!){getUsageStatsCsv(view:DATA_FILES,filters:$f){content}}', { f: year })
    ).getUsageStatsCsv.content.length;
  },
  5,
  'cpu',
);
console.log(`CSV of 12 months: ${(csvBytes / 1e6).toFixed(1)} MB`);

await measure(`job queue summary over ${JOBS} jobs`, 100, () =>
  gql('{getJobQueueSummary{kinds{kind waiting failed processingP50Ms processingP95Ms waitingP95Ms}}}'),
);
await measure('failed jobs, first page', 50, () =>
  gql('{getJobs(filters:{states:[FAILED]}){jobs{id errorCode} pageInfo{total}}}'),
);
await measure('live endpoint traffic, last hour', 50, () =>
  gql('{getLiveEndpointTraffic{minutes{requests refusals} endpoints{endpoint requests}}}'),
);
await measure('system size (storage usage cached)', 50, () =>
  gql('{getSystemSize{database{bytes walBytes} storage{bytes}}}'),
);

// recordEndpointHit: the cost on the request path, and one flush of a busy minute.
const HITS = 1_000_000;
const cpu0 = process.cpuUsage();
const s = performance.now();
for (let i = 0; i < HITS; i++)
  recordEndpointHit(deps, i % 3 === 0 ? 'live.pages' : 'live.records', { refused: i % 50 === 0 });
const perCall = ((performance.now() - s) * 1e6) / HITS;
const cpu = process.cpuUsage(cpu0);
const f = performance.now();
await flushEndpointHits(deps);
console.log(
  `recordEndpointHit: ${perCall.toFixed(0)} ns per call (cpu ${(((cpu.user + cpu.system) * 1000) / HITS).toFixed(0)} ns; target <= 2000 ns, i.e. 500 calls/s cost < 0.1 % of a core); flush ${(performance.now() - f).toFixed(1)} ms`,
);

deps.close();
// BENCH_KEEP=1 leaves the database for a closer look (EXPLAIN QUERY PLAN).
if (process.env.BENCH_KEEP) console.log(`kept ${join(dir, 'app.db')}`);
else rmSync(dir, { recursive: true, force: true });

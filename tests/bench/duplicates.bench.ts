import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { silentLogger } from '../../api/lib/logger';
import { DEFAULT_DUPLICATE_OPTIONS, duplicatesOf, hashIdentity } from '../../api/modules/duplicates';
import { makeCompany, makeUser } from '../support/factories';

/**
 * `npm run bench:duplicates`: one organisation's history of BENCH_ROWS interviews (default
 * 1,000,000) over ten datafiles and 60 days, another organisation's 100,000, then a new datafile of
 * BENCH_ROWS interviews matched against the history (goal: <= 2 s). Planted: interviews reusing a
 * device of the last 30 days (duplicates), reusing one older than the window (not), the same device
 * twice in the new datafile (the second a duplicate), and devices only the other organisation has
 * (never a match). The run fails unless exactly the planted duplicates are found.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const GOAL_MS = 2_000;
const DAY = 86_400_000;
const dir = mkdtempSync(join(tmpdir(), 'sqp-bench-dupes-'));
const deps = await createDeps(
  readEnv({
    NODE_ENV: 'test',
    JOB_INTERVAL_MINUTES: '0',
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    STORAGE_DIR: join(dir, 's'),
  }),
  { log: silentLogger },
);
const now = Date.parse('2026-11-21T09:00:00.000Z');
const hex = () => crypto.randomUUID().replaceAll('-', '');

async function datafile(companyId: string, ownerId: string, title: string) {
  const id = crypto.randomUUID();
  await deps.db.run(
    sql`insert into datafiles (id, company_id, owner_id, title, import_type, status, created_at) values (${id}, ${companyId}, ${ownerId}, ${title}, 'MANUAL', 'READY', ${new Date(now).toISOString()})`,
  );
  return id;
}

type Row = [datafileId: string, recordId: string, device: string, at: number];
async function insert(companyId: string, rows: Row[]) {
  for (let i = 0; i < rows.length; i += 2_000) {
    const values = rows
      .slice(i, i + 2_000)
      .map(([d, r, h, at]) => `('${companyId}','${d}','${r}','${h}',null,'S${at % 3}','${new Date(at).toISOString()}')`)
      .join(',');
    await deps.db.run(
      sql.raw(
        `insert into respondent_identities (company_id, datafile_id, record_id, device_hash, panel_hash, source, seen_at) values ${values}`,
      ),
    );
  }
}

try {
  const A = await makeCompany(deps.db, { name: 'Bench A' });
  const B = await makeCompany(deps.db, { name: 'Bench B' });
  const ownerA = (await makeUser(deps.db, deps.appSecret, { companyId: A, accessLevel: 'ADMIN' })).id;
  const ownerB = (await makeUser(deps.db, deps.appSecret, { companyId: B, accessLevel: 'ADMIN' })).id;
  const t0 = performance.now();
  // History: ten waves over the 60 days before now.
  const recent: string[] = [];
  const old: string[] = [];
  for (let w = 0; w < 10; w++) {
    const id = await datafile(A, ownerA, `Wave ${w + 1}`);
    const rows: Row[] = [];
    for (let i = 0; i < ROWS / 10; i++) {
      const at = now - (60 - w * 6) * DAY + (i % 86_400) * 1000;
      const h = hex();
      rows.push([id, `w${w}-${i}`, h, at]);
      // Clear of the 30-day window's edge either way (the new datafile arrives in the last day).
      const age = (now - at) / DAY;
      if (i % 1000 === 0 && age < 28) recent.push(h);
      if (i % 1000 === 0 && age > 33) old.push(h);
    }
    await insert(A, rows);
  }
  const onlyB: string[] = [];
  const other = await datafile(B, ownerB, 'Other organisation');
  const rowsB: Row[] = [];
  for (let i = 0; i < 100_000; i++) {
    const h = i < 500 ? recent[i % recent.length]! : hex();
    if (i >= 500 && i < 700) onlyB.push(h);
    rowsB.push([other, `b-${i}`, h, now - DAY]);
  }
  await insert(B, rowsB);
  // The new datafile: planted reuses among fresh devices, the day before now.
  const target = await datafile(A, ownerA, 'New wave');
  const expected = new Set<string>();
  const rows: Row[] = [];
  let twin = '';
  for (let i = 0; i < ROWS; i++) {
    let h = hex();
    const id = `n-${i}`;
    // Each planted device is reused once (a second reuse would be a duplicate within the new datafile).
    if (i % 997 === 0 && i / 997 < recent.length) {
      h = recent[i / 997]!;
      expected.add(id);
    } else if (i % 991 === 0 && i / 991 < old.length) h = old[i / 991]!;
    else if (i % 983 === 0 && i / 983 < onlyB.length) h = onlyB[i / 983]!;
    else if (i % 977 === 0) twin = h;
    else if (i % 977 === 1 && twin) {
      h = twin;
      expected.add(id);
    }
    rows.push([target, id, h, now - DAY + (i % 86_400) * 500]);
  }
  await insert(A, rows);
  await deps.db.run(sql`analyze`);
  console.log(
    `setup: ${((performance.now() - t0) / 1000).toFixed(1)} s for ${(ROWS * 2 + 100_000).toLocaleString('en')} identities`,
  );

  const times: number[] = [];
  const cpu: number[] = [];
  let found = new Set<string>();
  for (let run = 0; run < 3; run++) {
    const s = performance.now();
    const c = process.cpuUsage();
    const report = await duplicatesOf(deps, A, target, DEFAULT_DUPLICATE_OPTIONS);
    times.push(performance.now() - s);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    found = new Set(report.duplicates.map((d) => d.recordId));
    if (report.velocity.length > 0) throw new Error(`velocity flagged ${report.velocity.length}, expected none`);
  }
  const missed = [...expected].filter((id) => !found.has(id));
  const extra = [...found].filter((id) => !expected.has(id));
  if (missed.length || extra.length) throw new Error(`missed ${missed.slice(0, 5)}, false ${extra.slice(0, 5)}`);
  const hashStart = performance.now();
  for (let i = 0; i < 100_000; i++) hashIdentity(deps, A, { fingerprint: `sqp1-${i}`, panelId: null, source: null });
  const hashMs = ((performance.now() - hashStart) * ROWS) / 100_000;
  const best = Math.min(...times);
  console.log(
    `match ${ROWS.toLocaleString('en')} against ${ROWS.toLocaleString('en')} of history: ${times.map((t) => t.toFixed(0)).join(' / ')} ms (best ${best.toFixed(0)}, goal <= ${GOAL_MS}; CPU ${cpu.map((t) => t.toFixed(0)).join(' / ')} ms); ` +
      `${expected.size} planted duplicates found, none else; hashing ${ROWS.toLocaleString('en')} fingerprints ~${hashMs.toFixed(0)} ms; load ${loadavg()[0]!.toFixed(1)}`,
  );
  if (best > GOAL_MS) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

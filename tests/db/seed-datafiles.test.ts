import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed';
import { runJobsUntilSettled } from '../../api/jobs/job-loop';
import { seedSecrets } from '../../api/lib/seed-secrets';
import { DEMO_DATAFILES, seedDemoDatafiles } from '../../api/modules/uploads/demo/seed-datafiles';
import { readRevisionColumns } from '../../api/modules/uploads/index';
import { createTestApp, type TestApp } from '../api/helpers/test-app';

describe('the demo datafiles', () => {
  let t: TestApp;
  let seconds = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, seedSecrets(t.deps.appSecret), { now: t.clock.now() });
    const started = performance.now();
    const jobs = await seedDemoDatafiles(t.deps);
    expect(jobs).toHaveLength(DEMO_DATAFILES.length);
    const rows = await runJobsUntilSettled(t.deps, jobs, { timeoutMs: 120_000 });
    seconds = (performance.now() - started) / 1000;
    expect(rows.map((r) => r.state)).toEqual(DEMO_DATAFILES.map(() => 'SUCCEEDED'));
  }, 180_000);
  afterAll(() => t.close());

  it('are made by the upload pipeline in seconds: READY with scores stored and charged once through the ledger', async () => {
    expect(seconds).toBeLessThan(60);
    for (const f of DEMO_DATAFILES) {
      const [row] = await t.db.all<{ status: string; revision: number; number_of_records: number; cost: number }>(sql`select status, revision, number_of_records, cost from datafiles where id = ${f.id}`);
      expect(row).toMatchObject({ status: 'READY', revision: 1, number_of_records: f.rows });
      const charges = await t.db.all<{ idempotency_key: string; credits: number }>(sql`select idempotency_key, credits from datafile_charges where datafile_id = ${f.id}`);
      expect(charges).toEqual([{ idempotency_key: `upload:${f.id}:1`, credits: row!.cost }]);
      const scores = await readRevisionColumns(t.deps.blobs, f.id, 1, 'scores', ['combined', 'ts', 'ibs', 'oes']);
      expect(scores.numRows).toBe(f.rows);
    }
  });

  it('have the planted careless respondents among the lowest combined scores', async () => {
    const f = DEMO_DATAFILES[0]!;
    const scores = await readRevisionColumns(t.deps.blobs, f.id, 1, 'scores', ['combined']);
    const combined = [...(scores.getChild('combined')!.toArray() as Float64Array)].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
    // About 30 % of the generated respondents are careless in some way: the bottom decile is far below the top.
    const low = combined[Math.floor(combined.length * 0.1)]!;
    const high = combined[Math.floor(combined.length * 0.9)]!;
    expect(high - low).toBeGreaterThan(25);
  });

  it('are seeded once: a second run writes nothing', async () => {
    const before = await t.db.all<{ n: number }>(sql`select (select count(*) from datafiles) + (select count(*) from datafile_uploads) + (select count(*) from jobs) as n`);
    expect(await seedDemoDatafiles(t.deps)).toEqual([]);
    expect(await t.db.all(sql`select (select count(*) from datafiles) + (select count(*) from datafile_uploads) + (select count(*) from jobs) as n`)).toEqual(before);
  });
});

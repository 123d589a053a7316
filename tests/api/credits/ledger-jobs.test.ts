import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDeps, type Deps } from '../../../api/compose/create-deps';
import { readEnv } from '../../../api/env';
import { fixedClock } from '../../../api/lib/clock';
import { runJobsOnce } from '../../../api/compose/run-jobs';
import { company, contract, user } from '../../support/ledger-fixtures';

// The calendar job rides on the server's job tick (and `npm run jobs:run`): runJobsOnce with the
// app's real Deps renews, expires and reports, and a second tick changes nothing.

let dir: string;
let deps: Deps;
const clock = fixedClock('2027-02-27T09:00:00.000Z');
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-jobs-'));
  const env = readEnv({
    NODE_ENV: 'test',
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    PUBLIC_URL: 'http://app.test',
    JOB_INTERVAL_MINUTES: '0',
    STORAGE_DIR: join(dir, 'storage'),
  });
  deps = await createDeps(env, { clock, log: { info: () => {}, error: () => {} } });
});
afterAll(() => {
  deps.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('runJobsOnce', () => {
  it('runs the calendar job: renewal on the day after the end, idempotent on the next tick', async () => {
    const companyId = await company(deps.db);
    await user(deps.db, companyId);
    await contract(
      { db: deps.db, clock },
      { companyId, type: 'STARTER', startDate: '2026-03-01', autoRenew: true, credits: 300 },
    );
    expect((await runJobsOnce(deps)).calendar.renewedContracts).toBe(0);
    clock.set('2027-02-28T23:30:00.000Z'); // 1 March in Vienna
    const first = await runJobsOnce(deps);
    expect(first.calendar).toMatchObject({ renewedContracts: 1, expiredPlans: 1, expiredCredits: 300 });
    expect((await runJobsOnce(deps)).calendar).toMatchObject({ renewedContracts: 0, expiredPlans: 0, invoices: 0 });
    const rows = await deps.db.all<{ start_date: string; end_date: string }>(
      sql`select start_date, end_date from contracts where renewed_from_id is not null`,
    );
    expect(rows).toEqual([{ start_date: '2027-03-01', end_date: '2028-02-29' }]);
  });
});

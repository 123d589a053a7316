// The ledger simulation's world and the invariants checked after every step
// (ledger-simulation.test.ts runs the commands against the real services and the model).
// The numbers in the checks' messages are those of this list:
//  1. Per plan, the balance column equals the sum of its ledger deltas.
//  2. Over all prepaid plans: received + refunds - used - expired equals the sum of their balances.
//  3. No prepaid balance is ever negative.
//  4. A charge is all or nothing: its USED rows sum to its credits, or it wrote nothing.
//  5. Every interview costs 4 to 10 credits; every amount is a positive integer.
//  6. Every allocation equals the reference model's greedy one over the ordered plans.
//  7. The backup plan is used only once every eligible prepaid plan is empty.
//  8. No plan is used outside its validity window or while its contract is not ACTIVE.
//  9. A command repeated under the same key changes nothing and answers the same; the same key with
//     another payload is refused.
// 10. At most one REFUND per USED row; a refund never makes an expired plan spendable.
// 11. After the calendar job an expired plan holds 0, and one EXPIRED row took what was left.
// 12. The ledger only grows: earlier rows never change.
// 13. Per company and day at most one ACTIVE and one UPCOMING contract; renewals leave no gap.
// 14. A ledger row belongs to the company of its plan and of its datafile.
// 15. Concurrent charges and refunds end as some serial order would; no SQLITE_BUSY reaches a caller
//     (ledger-concurrency.test.ts).
// 16. The same seed gives the same run (LEDGER_SIM_SEED replays a failure).
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays } from '../../../db/domain/calendar';
import { type LedgerDb } from '../../support/ledger-fixtures';
import type { LedgerModel, Rng } from './ledger-model';

export type World = {
  t: LedgerDb;
  m: LedgerModel;
  r: Rng;
  companies: string[];
  files: Map<string, string[]>;
  trace: string[];
  seen: string[];
  lastRowid: number;
  expiredByJob: Set<string>;
  sums: Map<string, number>;
  ids: number;
  checks: number;
  timing: Map<string, number>;
};

// ---- invariants ----------------------------------------------------------------------------

/** Plain assertion: thousands per second without the matcher machinery. */
function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(`invariant ${message}`);
}

export async function checkInvariants(w: World) {
  const { t, m } = w;
  // 12: the ledger only grows; the rows of this step are exactly the ones the model expects.
  const fresh = await t.db.all<{
    rid: number;
    id: string;
    credit_plan_id: string;
    company_id: string;
    datafile_id: string | null;
    type: string;
    amount: number;
    delta: number;
  }>(
    sql`select rowid as rid, id, credit_plan_id, company_id, datafile_id, type, amount, delta from credit_transactions where rowid > ${w.lastRowid} order by rowid`,
  );
  if (fresh.length > 0) w.lastRowid = fresh.at(-1)!.rid;
  const sortRows = (xs: string[]) => xs.sort();
  expect(
    sortRows(fresh.map((f) => `${f.credit_plan_id} ${f.type} ${f.amount}`)),
    '12: rows appended by this step',
  ).toEqual(sortRows(m.pending.map((p) => `${p.planId} ${p.type} ${p.amount}`)));
  for (const f of fresh) {
    // 5 and 14 for the new rows: positive integer amounts; same company as the plan and the datafile.
    check(Number.isInteger(f.amount) && f.amount > 0 && Math.abs(f.delta) === f.amount, `5: amount of ${f.id}`);
    check(f.company_id === m.plans.get(f.credit_plan_id)!.companyId, `14: company of ${f.id}`);
    if (f.datafile_id) check(w.files.get(f.company_id)!.includes(f.datafile_id), `14: datafile of ${f.id}`);
    w.sums.set(f.credit_plan_id, (w.sums.get(f.credit_plan_id) ?? 0) + f.delta);
  }
  w.seen.push(...fresh.map((f) => `${f.id} ${f.credit_plan_id} ${f.type} ${f.amount} ${f.delta}`));
  m.pending = [];

  const plans = await t.db.all<{ id: string; category: string; balance: number; received: number }>(
    sql`select id, category, balance, received from credit_plans`,
  );
  let prepaidBalances = 0;
  let prepaidLedger = 0;
  for (const p of plans) {
    const mp = m.plans.get(p.id)!;
    check(p.balance === (w.sums.get(p.id) ?? 0), `1: balance cache of ${p.id} = sum of its deltas`);
    check(
      p.balance === mp.balance && p.received === mp.received,
      `model balance/received of ${p.id}: db ${p.balance}/${p.received}, model ${mp.balance}/${mp.received}`,
    );
    if (p.category !== 'PAY_AS_USAGE') {
      check(p.balance >= 0, `3: prepaid balance of ${p.id} >= 0`);
      prepaidBalances += p.balance;
      prepaidLedger += w.sums.get(p.id) ?? 0;
      // 10/11: once the job ran after its end, an expired plan holds nothing, refunds included.
      if (w.expiredByJob.has(p.id)) check(p.balance === 0, `11: expired plan ${p.id} holds ${p.balance}`);
    }
  }
  check(prepaidLedger === prepaidBalances, '2: received + refunds - used - expired = prepaid balances');

  // Whole-table scans (re-summing the ledger from scratch, re-reading every earlier row) every 25 steps.
  if (w.checks++ % 25 === 24) await checkWholeLedger(w);
  // 13: per company at most one ACTIVE and one UPCOMING contract; renewals start the day after.
  const cs = await t.db.all<{ company_id: string; start_date: string; end_date: string; renewed_end: string | null }>(
    sql`select c.company_id, c.start_date, c.end_date, o.end_date as renewed_end from contracts c left join contracts o on o.id = c.renewed_from_id where c.deactivated_at is null and c.deleted_at is null`,
  );
  for (const companyId of w.companies) {
    const mine = cs.filter((c) => c.company_id === companyId);
    check(mine.filter((c) => c.start_date <= m.today && m.today <= c.end_date).length <= 1, '13: one ACTIVE');
    check(mine.filter((c) => c.start_date > m.today).length <= 1, '13: one UPCOMING');
  }
  for (const c of cs)
    if (c.renewed_end) check(c.start_date === addDays(c.renewed_end, 1), '13: renewal chains have no gaps');
}

export async function checkWholeLedger(w: World) {
  const { t } = w;
  const totals = await t.db.get<{ v: number; b: number }>(
    sql`select coalesce((select sum(delta) from credit_transactions t join credit_plans p on p.id = t.credit_plan_id where p.category != 'PAY_AS_USAGE'), 0) v, (select coalesce(sum(balance), 0) from credit_plans where category != 'PAY_AS_USAGE') b`,
  );
  expect(totals!.v, '2: from scratch').toBe(totals!.b);
  const broken = await t.db.all(sql`
    select 'cache' k, p.id from credit_plans p where p.balance != coalesce((select sum(delta) from credit_transactions t where t.credit_plan_id = p.id), 0)
    union all select 'charge', c.id from datafile_charges c where c.credits != coalesce((select sum(amount) from credit_transactions t where t.charge_id = c.id and t.type = 'USED'), 0)
      or c.credits < 4 * c.interviews or c.credits > 10 * c.interviews
    union all select 'amount', id from credit_transactions where amount <= 0 or typeof(amount) != 'integer' or abs(delta) != amount
    union all select 'refund', reversed_transaction_id from credit_transactions where type = 'REFUND' group by reversed_transaction_id having count(*) > 1 or reversed_transaction_id is null
    union all select 'refund-target', r.id from credit_transactions r join credit_transactions u on u.id = r.reversed_transaction_id where u.type != 'USED' or u.amount != r.amount or u.credit_plan_id != r.credit_plan_id
    union all select 'company', t.id from credit_transactions t join credit_plans p on p.id = t.credit_plan_id left join datafiles d on d.id = t.datafile_id where t.company_id != p.company_id or d.company_id != t.company_id
    union all select 'charge-company', c.id from datafile_charges c join datafiles d on d.id = c.datafile_id where d.company_id != c.company_id`);
  expect(broken, '1, 4, 5, 10, 14 over the whole ledger').toEqual([]);
  const all = await t.db.all<{ s: string }>(
    sql`select id || ' ' || credit_plan_id || ' ' || type || ' ' || amount || ' ' || delta as s from credit_transactions order by rowid`,
  );
  check(all.length === w.seen.length && all.every((a, i) => a.s === w.seen[i]), '12: earlier rows never change');
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { oneYearEnd } from '../../../db/domain/calendar';
import { contracts, creditPlans, invoices } from '../../../db/schema';
import { quarterStartOf, runCalendarJob } from '../../../api/modules/contracts/jobs/calendar';
import { chargeDatafile, refundTransaction } from '../../../api/modules/credits/ledger.service';
import { renewalDates } from '../../../api/modules/contracts/renewal.service';
import { countRows } from '../../support/factories';
import {
  company,
  contract,
  datafile,
  interviews,
  ledgerDb,
  planRow,
  secondaryPlan,
  user,
  type LedgerDb,
} from '../../support/ledger-fixtures';

let t: LedgerDb;
let companyId: string;
let adminId: string;
let fileId: string;
beforeEach(async () => {
  t = await ledgerDb('2026-06-01T09:00:00.000Z');
  companyId = await company(t.db);
  adminId = await user(t.db, companyId);
  fileId = await datafile(t.db, companyId, adminId);
});
afterEach(() => t.close());

let k = 0;
const charge = (credits: number[]) =>
  chargeDatafile(t.deps, {
    companyId,
    datafileId: fileId,
    kind: 'LIVE',
    idempotencyKey: `live:${fileId}:${++k}`,
    interviewCredits: credits,
    actorId: null,
    description: 'Live batch',
  });
const contractsOf = () =>
  t.db.select().from(contracts).where(eq(contracts.companyId, companyId)).orderBy(asc(contracts.startDate));

describe('contract dates', () => {
  it('ends yearly contracts one year minus one day after the start, a 29 February start on 28 February', () => {
    expect(oneYearEnd('2028-02-29')).toBe('2029-02-28');
    expect(oneYearEnd('2027-03-01')).toBe('2028-02-29');
    expect(renewalDates({ type: 'STARTER', startDate: '2027-03-01', endDate: '2028-02-28' })).toEqual({
      startDate: '2028-02-29',
      endDate: '2029-02-28',
    });
    expect(renewalDates({ type: 'CUSTOM', startDate: '2027-01-01', endDate: '2027-01-30' })).toEqual({
      startDate: '2027-01-31',
      endDate: '2027-03-01',
    });
  });

  it('finds the Vienna quarter start', () => {
    expect(quarterStartOf('2027-03-31')).toBe('2027-01-01');
    expect(quarterStartOf('2027-04-01')).toBe('2027-04-01');
    expect(quarterStartOf('2027-12-31')).toBe('2027-10-01');
  });
});

describe('runCalendarJob', () => {
  it('renews an auto-renewing contract into a gapless chain with a primary plan like the old one, once', async () => {
    const first = await contract(t.deps, {
      companyId,
      type: 'ENTERPRISE',
      startDate: '2026-03-01',
      autoRenew: true,
      credits: 500,
      backupPrice: 9,
    });
    t.clock.set('2028-03-02T09:00:00.000Z');
    const result = await runCalendarJob(t.deps);
    expect(result.renewedContracts).toBe(2);
    const chain = await contractsOf();
    expect(chain.map((c) => [c.startDate, c.endDate])).toEqual([
      ['2026-03-01', '2027-02-28'],
      ['2027-03-01', '2028-02-29'],
      ['2028-03-01', '2029-02-28'],
    ]);
    expect(chain[1]!.renewedFromId).toBe(chain[0]!.id);
    expect(chain[2]!.renewedFromId).toBe(chain[1]!.id);
    const newest = await planRow(t.db, chain[2]!.primaryCreditPlanId!);
    expect(newest).toMatchObject({
      role: 'PRIMARY',
      received: 500,
      balance: 500,
      validFrom: '2028-03-01',
      validUntil: '2029-02-28',
    });
    expect(chain[2]!.backupCreditPlanId).not.toBeNull();
    // The first two primaries ended with credits left: one EXPIRED row each.
    expect((await planRow(t.db, first.primaryPlanId)).balance).toBe(0);
    expect(result.expiredPlans).toBe(2);
    const again = await runCalendarJob(t.deps);
    expect(again).toMatchObject({ renewedContracts: 0, expiredPlans: 0, invoices: 0 });
    expect(await contractsOf()).toHaveLength(3);
  });

  it('does not renew when the company already has a later contract, or when auto-renew is off', async () => {
    await contract(t.deps, { companyId, startDate: '2026-01-01', autoRenew: true });
    await contract(t.deps, { companyId, startDate: '2027-01-01', autoRenew: false });
    const other = await company(t.db, 'Other');
    await contract(t.deps, { companyId: other, startDate: '2026-01-01', autoRenew: false });
    t.clock.set('2027-01-02T09:00:00.000Z');
    expect((await runCalendarJob(t.deps)).renewedContracts).toBe(0);
  });

  it('expires the rest of a plan the day after its validUntil with one EXPIRED row, however often it runs', async () => {
    const topUp = await secondaryPlan(t.deps, {
      companyId,
      validFrom: '2026-01-01',
      validUntil: '2026-06-30',
      received: 400,
    });
    await charge(interviews(10));
    // 30 June 23:30 in Vienna is still the last valid day (UTC 21:30).
    t.clock.set('2026-06-30T21:30:00.000Z');
    expect((await runCalendarJob(t.deps)).expiredPlans).toBe(0);
    t.clock.set('2026-06-30T22:30:00.000Z');
    await runCalendarJob(t.deps);
    await runCalendarJob(t.deps);
    expect((await planRow(t.db, topUp)).balance).toBe(0);
    const rows = await t.db.all<{ amount: number; occurred_date: string }>(
      sql`select amount, occurred_date from credit_transactions where type = 'EXPIRED'`,
    );
    expect(rows).toEqual([{ amount: 300, occurred_date: '2026-07-01' }]);
  });

  it('bills each closed Vienna quarter of a pay-as-usage plan once: net usage x price in cents', async () => {
    const { primaryPlanId } = await contract(t.deps, {
      companyId,
      type: 'CUSTOM',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      category: 'PAY_AS_USAGE',
      price: 25,
    });
    t.clock.set('2026-03-15T10:00:00.000Z');
    await charge(interviews(10));
    const second = await charge(interviews(2, 5));
    // 31 March 22:30 UTC is 1 April in Vienna (summer time): the second quarter.
    t.clock.set('2026-03-31T22:30:00.000Z');
    await charge(interviews(1, 8));
    await refundTransaction(t.deps, {
      transactionId: (
        await t.db.all<{ id: string }>(sql`select id from credit_transactions where charge_id = ${second.chargeId}`)
      )[0]!.id,
      actorId: null,
    });
    // Already 1 April in Vienna: the first quarter is closed and billed.
    expect((await runCalendarJob(t.deps)).invoices).toBe(1);
    t.clock.set('2026-07-01T08:00:00.000Z');
    expect((await runCalendarJob(t.deps)).invoices).toBe(1);
    expect((await runCalendarJob(t.deps)).invoices).toBe(0);
    const bills = await t.db
      .select({ quarter: invoices.quarter, usage: invoices.usageCredits, cents: invoices.amountCents })
      .from(invoices)
      .orderBy(asc(invoices.quarter));
    expect(bills).toEqual([
      { quarter: '2026-Q1', usage: 110, cents: 2750 },
      { quarter: '2026-Q2', usage: -2, cents: -50 },
    ]);
    expect((await planRow(t.db, primaryPlanId)).received).toBe(108);
  });

  it('tells each admin once that a non-renewing contract ends within 30 days', async () => {
    const second = await user(t.db, companyId, 'ADMIN', 'de');
    await contract(t.deps, { companyId, type: 'TEST', startDate: '2026-06-01', endDate: '2026-06-30' });
    t.clock.set('2026-05-31T09:00:00.000Z');
    await runCalendarJob(t.deps);
    expect(await countRows(t.db, 'notifications')).toBe(0);
    t.clock.set('2026-06-02T09:00:00.000Z');
    expect((await runCalendarJob(t.deps)).contractAlerts).toBe(1);
    await runCalendarJob(t.deps);
    const notes = await t.db.all<{ user_id: string }>(
      sql`select user_id from notifications where dedupe_key like 'contract-expiring:%'`,
    );
    expect(notes.map((n) => n.user_id).sort()).toEqual([adminId, second].sort());
    expect(await t.db.all(sql`select 1 from outbox_mails where template = 'contractExpiring'`)).toHaveLength(2);
  });

  it('raises low-balance alerts for plans the charge path did not see (e.g. a plan created already low)', async () => {
    const plan = await secondaryPlan(t.deps, { companyId, validFrom: '2026-01-01', validUntil: null, received: 100 });
    await t.db.run(
      sql`insert into credit_transactions (id, company_id, credit_plan_id, type, amount, delta, operation_id, idempotency_key, price_per_credit, description, occurred_at, occurred_date) values ('manual', ${companyId}, ${plan}, 'EXPIRED', 80, -80, 'op', 'manual', 10, 'correction', '2026-06-01T09:00:00.000Z', '2026-06-01')`,
    );
    await t.db.update(creditPlans).set({ balance: 20 }).where(eq(creditPlans.id, plan));
    expect((await runCalendarJob(t.deps)).lowBalanceAlerts).toBe(1);
    expect((await runCalendarJob(t.deps)).lowBalanceAlerts).toBe(0);
  });
});

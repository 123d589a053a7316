import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runCalendarJob } from '../../../api/modules/contracts/jobs/calendar';
import {
  chargeDatafile,
  companyCreditSummary,
  companyCreditTotals,
  creditsForInterviews,
  nextAvailableCreditPlan,
  refundTransaction,
  transactionsGroupedByDatafile,
} from '../../../api/modules/credits/ledger.service';
import { AppError } from '../../../api/kernel/errors/errors';
import { scoring } from '../../support/scoring';
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
  t = await ledgerDb('2027-03-10T09:00:00.000Z');
  companyId = await company(t.db);
  adminId = await user(t.db, companyId, 'ADMIN');
  fileId = await datafile(t.db, companyId, adminId, 25);
});
afterEach(() => t.close());

const charge = (
  o: { key?: string; credits?: number[]; datafileId?: string; kind?: 'UPLOAD' | 'UPDATE' | 'LIVE' } = {},
) =>
  chargeDatafile(t.deps, {
    companyId,
    datafileId: o.datafileId ?? fileId,
    kind: o.kind ?? 'UPLOAD',
    idempotencyKey: o.key ?? `upload:${fileId}:0`,
    interviewCredits: o.credits ?? interviews(10),
    actorId: adminId,
    description: 'Datafile upload',
  });

async function codeOf(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, ...e.details };
    throw e;
  }
  throw new Error('expected an AppError');
}
const ledgerRows = () => countRows(t.db, 'credit_transactions');

describe('chargeDatafile', () => {
  it('draws from the plan that expires first, one USED row per plan touched with one operation id', async () => {
    const { primaryPlanId } = await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 1000 });
    const topUp = await secondaryPlan(t.deps, {
      companyId,
      validFrom: '2027-01-01',
      validUntil: '2027-06-30',
      received: 60,
    });
    const result = await charge({ credits: interviews(10) });
    expect(result).toMatchObject({
      credits: 100,
      replayed: false,
      allocations: [
        { creditPlanId: topUp, amount: 60 },
        { creditPlanId: primaryPlanId, amount: 40 },
      ],
    });
    expect((await planRow(t.db, topUp)).balance).toBe(0);
    expect((await planRow(t.db, primaryPlanId)).balance).toBe(960);
    const used = await t.db.all<{ n: number; ops: number }>(
      sql`select count(*) n, count(distinct operation_id) ops from credit_transactions where type = 'USED'`,
    );
    expect(used[0]).toEqual({ n: 2, ops: 1 });
  });

  it('refuses credits per interview outside 4..10 or not whole numbers, writing nothing', async () => {
    await contract(t.deps, { companyId, startDate: '2027-01-01' });
    const before = await ledgerRows();
    for (const bad of [[3], [11], [4.5], [0], [-4], [], [Number.NaN]])
      expect(await codeOf(charge({ credits: bad }))).toMatchObject({
        code: 'INVALID_PARAMETERS',
        field: 'interviewCredits',
      });
    expect(await ledgerRows()).toBe(before);
    expect(await countRows(t.db, 'datafile_charges')).toBe(0);
  });

  it('answers BALANCE_NOT_ENOUGH and writes nothing when credits are short and there is no backup plan', async () => {
    const { primaryPlanId } = await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 50 });
    const before = await ledgerRows();
    expect(await codeOf(charge({ credits: interviews(6) }))).toMatchObject({
      code: 'BALANCE_NOT_ENOUGH',
      shortfall: 10,
    });
    expect(await ledgerRows()).toBe(before);
    expect(await countRows(t.db, 'datafile_charges')).toBe(0);
    expect((await planRow(t.db, primaryPlanId)).balance).toBe(50);
  });

  it('replays the first result for the same key and payload, and refuses the same key with another payload', async () => {
    await contract(t.deps, { companyId, startDate: '2027-01-01' });
    const first = await charge();
    const again = await charge();
    expect(again).toEqual({ ...first, replayed: true });
    expect(await codeOf(charge({ credits: interviews(9) }))).toMatchObject({
      code: 'INVALID_PARAMETERS',
      reason: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await countRows(t.db, 'datafile_charges')).toBe(1);
  });

  it('refuses a datafile of another company', async () => {
    await contract(t.deps, { companyId, startDate: '2027-01-01' });
    const other = await company(t.db, 'Other');
    const otherFile = await datafile(t.db, other, await user(t.db, other));
    expect(await codeOf(charge({ datafileId: otherFile, key: 'x' }))).toMatchObject({ code: 'INVALID_ID' });
  });

  it('activates the backup plan on first use and notifies each admin once (notification and mail)', async () => {
    const secondAdmin = await user(t.db, companyId, 'ADMIN', 'de');
    await user(t.db, companyId, 'EMPLOYEE');
    const { backupPlanId } = await contract(t.deps, {
      companyId,
      startDate: '2027-01-01',
      credits: 50,
      backupPrice: 15,
    });
    const result = await charge({ credits: interviews(8) });
    expect(result.allocations.at(-1)).toEqual({ creditPlanId: backupPlanId, amount: 30 });
    const backup = await planRow(t.db, backupPlanId!);
    expect(backup).toMatchObject({ balance: -30, received: 30, activatedAt: '2027-03-10T09:00:00.000Z' });
    await charge({ key: 'upload:again', credits: interviews(5) });
    const notes = await t.db.all<{ user_id: string }>(
      sql`select user_id from notifications where dedupe_key like 'backup-activated:%'`,
    );
    expect(notes.map((n) => n.user_id).sort()).toEqual([adminId, secondAdmin].sort());
    expect(await t.db.all(sql`select 1 from outbox_mails where template = 'backupPlanActivated'`)).toHaveLength(2);
  });

  it('notifies admins once when a plan falls below 25 % of what it received', async () => {
    const { primaryPlanId } = await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 100 });
    await charge({ key: 'a', credits: interviews(7) });
    expect(await countRows(t.db, 'notifications')).toBe(0);
    await charge({ key: 'b', credits: interviews(1, 6) });
    await charge({ key: 'c', credits: interviews(1, 4) });
    expect((await planRow(t.db, primaryPlanId)).balance).toBe(20);
    expect(await t.db.all(sql`select 1 from notifications where dedupe_key like 'low-balance:%'`)).toHaveLength(1);
  });

  it("alerts on what the organisation can still draw, not on one spent top-up plan, in the admin's language", async () => {
    await user(t.db, companyId, 'ADMIN', 'de');
    await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 1000 });
    // The top-up expires first, so it is drawn first and spent entirely: 0 of 500 on that plan,
    // while the organisation still holds 1000 of 1500 (67 %).
    await secondaryPlan(t.deps, { companyId, validFrom: '2027-01-01', validUntil: '2027-06-30', received: 500 });
    await charge({ key: 'spend-top-up', credits: interviews(50) });
    expect(await t.db.all(sql`select 1 from notifications where dedupe_key like 'low-balance:%'`)).toHaveLength(0);
    // 1500 - 500 - 630 = 370 left: below 25 % of 1500, once per admin.
    await charge({ key: 'below-quarter', credits: interviews(63) });
    await charge({ key: 'still-low', credits: interviews(1) });
    const notes = await t.db.all<{ description: string }>(
      sql`select description from notifications where dedupe_key like 'low-balance:%' order by description`,
    );
    expect(notes.map((n) => n.description)).toEqual([
      'Acme can still draw 370 of the 1,500 credits on its current plans (less than 25 %).',
      'Acme kann noch 370 der 1.500 Credits seiner laufenden Pläne verwenden (weniger als 25 %).',
    ]);
    const summary = await companyCreditSummary(t.db, companyId, '2027-03-10');
    expect(summary.activeCreditPlanBalance * 4).toBeLessThan(summary.activeCreditPlanReceived);
  });

  it('alerts again when new credits run low again (a new episode), never twice for the same one', async () => {
    await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 100 });
    await charge({ key: 'a', credits: interviews(8) });
    await secondaryPlan(t.deps, { companyId, validFrom: '2027-01-01', validUntil: null, received: 100 });
    await charge({ key: 'b', credits: interviews(10) });
    expect(await t.db.all(sql`select 1 from notifications where dedupe_key like 'low-balance:%'`)).toHaveLength(2);
  });

  it('ignores plans of contracts that are not ACTIVE today and plans outside their dates', async () => {
    await contract(t.deps, { companyId, startDate: '2027-04-01', credits: 1000 });
    await secondaryPlan(t.deps, { companyId, validFrom: '2026-01-01', validUntil: '2027-03-09', received: 1000 });
    expect(await codeOf(charge())).toMatchObject({ code: 'BALANCE_NOT_ENOUGH' });
    expect(await nextAvailableCreditPlan(t.db, companyId, '2027-03-10')).toBeNull();
  });
});

describe('refundTransaction', () => {
  it('gives the credits back once; refunding twice, a refund, or an unknown id is refused with nothing written', async () => {
    const { primaryPlanId } = await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 1000 });
    await charge();
    const used = (await t.db.all<{ id: string }>(sql`select id from credit_transactions where type = 'USED'`))[0]!.id;
    const refund = await refundTransaction(t.deps, { transactionId: used, actorId: adminId });
    expect(refund).toMatchObject({ amount: 100, creditPlanId: primaryPlanId, expiredTransactionId: null });
    expect((await planRow(t.db, primaryPlanId)).balance).toBe(1000);
    const before = await ledgerRows();
    expect(await codeOf(refundTransaction(t.deps, { transactionId: used, actorId: adminId }))).toMatchObject({
      code: 'INVALID_PARAMETERS',
      reason: 'ALREADY_REFUNDED',
    });
    expect(
      await codeOf(refundTransaction(t.deps, { transactionId: refund.refundTransactionId, actorId: adminId })),
    ).toMatchObject({ code: 'INVALID_PARAMETERS', reason: 'NOT_A_USED_TRANSACTION' });
    expect(await codeOf(refundTransaction(t.deps, { transactionId: 'nope', actorId: adminId }))).toMatchObject({
      code: 'INVALID_ID',
    });
    expect(await ledgerRows()).toBe(before);
  });

  it('expires a refund onto an expired plan at once, so it cannot be spent', async () => {
    const topUp = await secondaryPlan(t.deps, {
      companyId,
      validFrom: '2027-01-01',
      validUntil: '2027-03-10',
      received: 100,
    });
    await charge({ credits: interviews(5) });
    const used = (await t.db.all<{ id: string }>(sql`select id from credit_transactions where type = 'USED'`))[0]!.id;
    t.clock.set('2027-03-11T09:00:00.000Z');
    const refund = await refundTransaction(t.deps, { transactionId: used, actorId: null });
    expect(refund.expiredTransactionId).not.toBeNull();
    expect((await planRow(t.db, topUp)).balance).toBe(50);
    expect(await companyCreditSummary(t.db, companyId, '2027-03-11')).toMatchObject({
      activeCreditPlanBalance: 0,
      totalBalance: 0,
      totalReceived: 100,
    });
  });

  it('reduces the usage of a pay-as-usage plan', async () => {
    const { backupPlanId } = await contract(t.deps, {
      companyId,
      startDate: '2027-01-01',
      credits: 10,
      backupPrice: 20,
    });
    await charge({ credits: interviews(3) });
    const used = (
      await t.db.all<{ id: string }>(
        sql`select id from credit_transactions where type = 'USED' and credit_plan_id = ${backupPlanId}`,
      )
    )[0]!.id;
    await refundTransaction(t.deps, { transactionId: used, actorId: null });
    expect(await planRow(t.db, backupPlanId!)).toMatchObject({ balance: 0, received: 0 });
  });
});

describe('read models', () => {
  it('summarises with the drawdown rule and groups USED rows per datafile with the number of updates', async () => {
    const { primaryPlanId } = await contract(t.deps, {
      companyId,
      startDate: '2027-01-01',
      credits: 1000,
      backupPrice: 12,
    });
    await secondaryPlan(t.deps, { companyId, validFrom: '2027-05-01', validUntil: '2027-12-31', received: 300 });
    await charge({ key: 'u0', credits: interviews(10) });
    t.clock.set('2027-03-12T09:00:00.000Z');
    await charge({ key: 'u1', kind: 'UPDATE', credits: interviews(2) });
    await charge({ key: 'u2', kind: 'UPDATE', credits: interviews(1) });
    expect(await companyCreditSummary(t.db, companyId, '2027-03-12')).toEqual({
      activeCreditPlanBalance: 870,
      activeCreditPlanReceived: 1000,
      activePayAsUsageCreditPlanReceived: 0,
      pricePerCreditForPayAsUsage: 12,
      totalReceived: 1300,
      totalBalance: 1170,
    });
    const lines = await transactionsGroupedByDatafile(t.db, companyId);
    const usedLine = lines.find((l) => l.type === 'USED')!;
    expect(usedLine).toMatchObject({
      datafileId: fileId,
      amount: 130,
      numberOfUpdates: 2,
      numberOfRecords: 25,
      createdDate: '2027-03-10T09:00:00.000Z',
      latestTransactionDate: '2027-03-12T09:00:00.000Z',
    });
    expect(usedLine.transactionIds).toHaveLength(3);
    expect(usedLine.creditPlanDetails.id).toBe(primaryPlanId);
    expect(
      lines
        .filter((l) => l.type === 'RECEIVED')
        .map((l) => l.amount)
        .sort(),
    ).toEqual([1000, 300]);
  });

  it('computes credits per interview with the shared scoring function (4..10, empty cells free)', async () => {
    // Column-major like the facade: one Float64Array per data point, one entry per interview.
    const answered = [2, 7, 14, 5];
    const columns = Array.from({ length: 14 }, (_, j) => Float64Array.from(answered, (n) => (j < n ? 1 : Number.NaN)));
    const result = creditsForInterviews(scoring, columns);
    expect(result).toEqual([4, 7, 10, 5]);
  });
});

describe('company credit totals', () => {
  it('used, refunded and expired add up to received minus balance, and expired credits are not counted as used', async () => {
    const { primaryPlanId } = await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 1000 });
    // A top-up that ended yesterday with credits left: nobody can draw them any more (the calendar
    // job has not written its EXPIRED row yet), so they count as expired, not used.
    await secondaryPlan(t.deps, { companyId, validFrom: '2026-06-01', validUntil: '2027-03-09', received: 5000 });
    const used = await charge({ key: 'use', credits: interviews(30) });
    expect(used.allocations).toEqual([{ creditPlanId: primaryPlanId, amount: 300 }]);
    const [first] = (await transactionsGroupedByDatafile(t.db, companyId)).filter((l) => l.type === 'USED');
    await refundTransaction(t.deps, { transactionId: first!.transactionId, actorId: null });
    await charge({ key: 'use-again', credits: interviews(10) });

    const summary = await companyCreditSummary(t.db, companyId, '2027-03-10');
    const totals = await companyCreditTotals(t.db, companyId, '2027-03-10');
    expect(totals).toEqual({ totalUsed: 400, totalRefunded: 300, totalExpired: 5000 });
    expect(summary).toMatchObject({
      totalReceived: 6000,
      totalBalance: 900,
      activeCreditPlanBalance: 900,
      activeCreditPlanReceived: 1000,
    });
    expect(summary.totalReceived - summary.totalBalance).toBe(
      totals.totalUsed - totals.totalRefunded + totals.totalExpired,
    );

    // Once the job writes the EXPIRED row the figures stay the same.
    await runCalendarJob(t.deps);
    expect(await companyCreditTotals(t.db, companyId, '2027-03-10')).toEqual(totals);
  });
});

// The ledger simulation's commands: each runs one random operation against the real services and
// the model side by side (ledger-simulation.test.ts picks and runs them, then checks the invariants).
import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays } from '../../../db/domain/calendar';
import type { Db } from '../../../db/client';
import { contracts, creditPlans } from '../../../db/schema';
import { AppError } from '../../../api/kernel/errors/errors';
import { runCalendarJob } from '../../../api/modules/contracts/jobs/calendar';
import { chargeDatafile, refundTransaction } from '../../../api/modules/credits/ledger.service';
import { writeTransaction } from '../../../db/write-transaction';
import { contract, insertPlan, secondaryPlan } from '../../support/ledger-fixtures';
import { nextInstant, type MContract, type Rng } from './ledger-model';
import { type World } from './ledger-simulation-invariants';

const errorCode = (e: unknown) =>
  e instanceof AppError ? `${e.code}${e.details.reason ? `:${e.details.reason}` : ''}` : 'THROWN';
async function outcome<T>(
  p: Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: string; error: unknown }> {
  try {
    return { ok: true, value: await p };
  } catch (error) {
    return { ok: false, code: errorCode(error), error };
  }
}

// ---- commands ------------------------------------------------------------------------------

async function createContract(w: World) {
  const { m, r } = w;
  const companyId = r.pick(w.companies);
  const mine = [...m.contracts.values()].filter((c) => c.companyId === companyId && !c.deleted);
  if (mine.some((c) => c.startDate > m.today)) return 'skip'; // one UPCOMING at most
  const lastEnd = mine.reduce((max, c) => (c.endDate > max ? c.endDate : max), '0000-00-00');
  const startDate = lastEnd >= m.today ? addDays(lastEnd, 1) : addDays(m.today, r.int(0, 3));
  const yearly = r.chance(0.4);
  const type = yearly ? 'PROFESSIONAL' : 'CUSTOM';
  const endDate = yearly ? undefined : addDays(startDate, r.int(3, 60));
  const payg = !yearly && r.chance(0.15);
  const credits = r.int(20, 400);
  const backupPrice = !payg && r.chance(0.4) ? r.int(5, 30) : undefined;
  const id = `c${w.ids++}`;
  const created = await contract(w.t.deps, {
    id,
    companyId,
    type,
    startDate,
    endDate,
    autoRenew: yearly && r.chance(0.7),
    credits,
    category: payg ? 'PAY_AS_USAGE' : 'EXPIRING',
    backupPrice,
    price: r.int(5, 20),
  });
  const row = (await w.t.db.select().from(contracts).where(eq(contracts.id, id)).get())!;
  const c: MContract = {
    id,
    companyId,
    type,
    startDate: row.startDate,
    endDate: row.endDate,
    autoRenew: row.autoRenew,
    renewedFromId: null,
    primaryPlanId: created.primaryPlanId,
    backupPlanId: created.backupPlanId,
  };
  m.contracts.set(id, c);
  await adoptPlan(w, created.primaryPlanId);
  if (created.backupPlanId) await adoptPlan(w, created.backupPlanId);
  return `contract ${type} ${startDate} ${credits}`;
}

/** Copies a plan the database just created into the model (the model predicts its RECEIVED row). */
async function adoptPlan(w: World, planId: string) {
  const p = (await w.t.db.select().from(creditPlans).where(eq(creditPlans.id, planId)).get())!;
  w.m.addPlan({
    id: p.id,
    companyId: p.companyId,
    contractId: p.contractId,
    role: p.role,
    category: p.category,
    validFrom: p.validFrom,
    validUntil: p.validUntil,
    received: p.received,
    price: p.pricePerCredit,
    createdAt: p.createdAt,
  });
}

async function addSecondary(w: World) {
  const { m, r } = w;
  const companyId = r.pick(w.companies);
  const validFrom = addDays(m.today, r.int(-5, 5));
  const validUntil = r.chance(0.25) ? null : addDays(validFrom, r.int(0, 90));
  const received = r.int(10, 300);
  const id = await secondaryPlan(w.t.deps, { id: `s${w.ids++}`, companyId, validFrom, validUntil, received });
  await adoptPlan(w, id);
  return `secondary ${validFrom}..${validUntil} ${received}`;
}

async function addBackup(w: World) {
  const { m, r } = w;
  const c = [...m.contracts.values()].find(
    (x) => x.backupPlanId === null && x.endDate >= m.today && m.plans.get(x.primaryPlanId)!.category !== 'PAY_AS_USAGE',
  );
  if (!c) return 'skip';
  const id = `b${w.ids++}`;
  await writeTransaction(w.t.db, async (tx) => {
    await insertPlan(tx as unknown as Db, w.t.deps, {
      id,
      companyId: c.companyId,
      contractId: c.id,
      role: 'BACKUP',
      category: 'PAY_AS_USAGE',
      validFrom: c.startDate,
      validUntil: c.endDate,
      received: 0,
      price: r.int(5, 30),
    });
    await tx.update(contracts).set({ backupCreditPlanId: id }).where(eq(contracts.id, c.id));
  });
  c.backupPlanId = id;
  await adoptPlan(w, id);
  return 'backup';
}

async function charge(w: World, mode: 'new' | 'retry' | 'reuse' | 'crash' | 'foreign') {
  const { m, r, t } = w;
  const previous = [...m.charges.values()];
  if ((mode === 'retry' || mode === 'reuse') && previous.length === 0) return 'skip';
  const base = mode === 'retry' || mode === 'reuse' ? r.pick(previous) : undefined;
  const companyId = base?.companyId ?? r.pick(w.companies);
  const files = w.files.get(mode === 'foreign' ? w.companies.find((c) => c !== companyId)! : companyId)!;
  const datafileId = base?.datafileId ?? r.pick(files);
  const key = base?.key ?? `upload:${datafileId}:${w.ids++}`;
  const credits = mode === 'retry' ? base!.credits : Array.from({ length: r.int(1, 12) }, () => r.int(4, 10));
  if (mode === 'reuse' && credits.join() === base!.credits.join()) credits.push(4);
  const total = credits.reduce((a, b) => a + b, 0);
  const input = {
    companyId,
    datafileId,
    kind: 'UPLOAD' as const,
    idempotencyKey: key,
    interviewCredits: credits,
    actorId: null,
    description: 'sim',
  };
  const crash = mode === 'crash';
  const res = await outcome(
    chargeDatafile(t.deps, input, crash ? { afterWrites: () => Promise.reject(new Error('crash after writes')) } : {}),
  );

  if (mode === 'retry') {
    // Invariant 9: the same key and payload answers the first result and changes nothing.
    if (!res.ok) throw new Error(`retry failed: ${res.code}`);
    expect({ credits: res.value.credits, allocations: res.value.allocations, replayed: res.value.replayed }).toEqual({
      ...base!.result,
      replayed: true,
    });
    return `retry ${total}`;
  }
  if (mode === 'reuse') {
    expect(res.ok ? 'ok' : res.code).toBe('INVALID_PARAMETERS:IDEMPOTENCY_KEY_REUSED');
    return 'reuse refused';
  }
  if (mode === 'foreign') {
    expect(res.ok ? 'ok' : res.code).toBe('INVALID_ID');
    return 'foreign refused';
  }
  const expected = m.charge(companyId, total, false);
  if (crash) {
    // A crash after the writes leaves nothing behind (or never got there: a refusal).
    expect(res.ok).toBe(false);
    if (!res.ok && res.code !== 'BALANCE_NOT_ENOUGH') expect((res.error as Error).message).toBe('crash after writes');
    return 'crash';
  }
  if ('shortfall' in expected) {
    expect(res.ok ? 'ok' : res.code).toBe('BALANCE_NOT_ENOUGH');
    return `short ${total}`;
  }
  if (!res.ok) throw res.error;
  const touchedPayg = expected.allocations.some((a) => m.plans.get(a.creditPlanId)!.category === 'PAY_AS_USAGE');
  // Invariants 6 and 8: the same greedy allocation as the model over its own eligible plans.
  expect(res.value.allocations).toEqual(expected.allocations);
  m.charge(companyId, total, true);
  // Invariant 7: pay-as-usage only once every eligible prepaid plan is empty.
  if (touchedPayg) expect(m.eligible(companyId).filter((p) => p.category !== 'PAY_AS_USAGE')).toEqual([]);
  m.charges.set(key, {
    key,
    companyId,
    datafileId,
    credits,
    result: { credits: total, allocations: res.value.allocations },
  });
  const rows = await t.db.all<{ id: string; credit_plan_id: string; amount: number }>(
    sql`select id, credit_plan_id, amount from credit_transactions where charge_id = ${res.value.chargeId} and type = 'USED'`,
  );
  for (const row of rows)
    m.used.set(row.id, { planId: row.credit_plan_id, amount: row.amount, refunded: false, companyId });
  return `charge ${total} -> ${res.value.allocations.map((a) => a.amount).join('+')}`;
}

async function refund(w: World, mode: 'used' | 'twice' | 'refund-row' | 'unknown') {
  const { m, r, t } = w;
  if (mode === 'unknown') {
    expect(
      (
        (await outcome(refundTransaction(t.deps, { transactionId: `nope-${w.ids++}`, actorId: null }))) as {
          code?: string;
        }
      ).code,
    ).toBe('INVALID_ID');
    return 'refund unknown';
  }
  if (mode === 'refund-row') {
    const [row] = await t.db.all<{ id: string }>(
      sql`select id from credit_transactions where type in ('REFUND', 'RECEIVED', 'EXPIRED') order by rowid desc limit 1`,
    );
    if (!row) return 'skip';
    expect(
      ((await outcome(refundTransaction(t.deps, { transactionId: row.id, actorId: null }))) as { code?: string }).code,
    ).toBe('INVALID_PARAMETERS:NOT_A_USED_TRANSACTION');
    return 'refund of a non-USED row refused';
  }
  const candidates = [...m.used.entries()].filter(([, u]) => u.refunded === (mode === 'twice'));
  if (candidates.length === 0) return 'skip';
  const [id, u] = r.pick(candidates);
  const res = await outcome(refundTransaction(t.deps, { transactionId: id, actorId: null }));
  if (mode === 'twice') {
    expect(res.ok ? 'ok' : res.code).toBe('INVALID_PARAMETERS:ALREADY_REFUNDED');
    return 'refund twice refused';
  }
  if (!res.ok) throw res.error;
  m.refund(id);
  return `refund ${u.amount}`;
}

async function deactivatePlan(w: World) {
  const active = [...w.m.plans.values()].filter((p) => !p.deactivated);
  if (active.length === 0) return 'skip';
  const p = w.r.pick(active);
  await w.t.db.update(creditPlans).set({ deactivatedAt: w.m.now.toISOString() }).where(eq(creditPlans.id, p.id));
  p.deactivated = true;
  return `deactivate ${p.role}`;
}

async function deactivateContract(w: World) {
  const live = [...w.m.contracts.values()].filter((c) => !c.deactivated && !c.deleted && c.endDate >= w.m.today);
  if (live.length === 0) return 'skip';
  const c = w.r.pick(live);
  await w.t.db.update(contracts).set({ deactivatedAt: w.m.now.toISOString() }).where(eq(contracts.id, c.id));
  c.deactivated = true;
  return 'deactivate contract';
}

async function deleteUpcomingContract(w: World) {
  const upcoming = [...w.m.contracts.values()].filter((c) => !c.deleted && c.startDate > w.m.today);
  if (upcoming.length === 0) return 'skip';
  const c = w.r.pick(upcoming);
  await w.t.db.update(contracts).set({ deletedAt: w.m.now.toISOString() }).where(eq(contracts.id, c.id));
  c.deleted = true;
  return 'delete upcoming contract';
}

async function moveClock(w: World) {
  w.m.now = nextInstant(w.r, w.m.now);
  w.t.clock.set(w.m.now);
  return `clock ${w.m.now.toISOString()}`;
}

async function runJob(w: World) {
  const { m, t } = w;
  const due = m.renewalsDue();
  const known = new Set(m.contracts.keys());
  const result = await runCalendarJob(t.deps);
  expect(result.renewedContracts).toBe(due.length);
  // Adopt the renewals in chain order, checking dates and the copied plans (invariant 13: no gaps).
  const fresh = (await t.db.select().from(contracts))
    .filter((c) => !known.has(c.id))
    .sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
  for (const c of fresh) {
    const from = m.contracts.get(c.renewedFromId!)!;
    const expected = due.find((d) => d.startDate === c.startDate && d.from.companyId === from.companyId)!;
    expect([c.startDate, c.endDate, c.type]).toEqual([addDays(from.endDate, 1), expected.endDate, from.type]);
    const old = m.plans.get(from.primaryPlanId)!;
    m.contracts.set(c.id, {
      ...from,
      id: c.id,
      startDate: c.startDate,
      endDate: c.endDate,
      renewedFromId: from.id,
      primaryPlanId: c.primaryCreditPlanId!,
      backupPlanId: c.backupCreditPlanId,
    });
    await adoptPlan(w, c.primaryCreditPlanId!);
    const copy = m.plans.get(c.primaryCreditPlanId!)!;
    expect([copy.category, copy.received, copy.price]).toEqual([
      old.category,
      old.category === 'PAY_AS_USAGE' ? 0 : old.received,
      old.price,
    ]);
    if (c.backupCreditPlanId) await adoptPlan(w, c.backupCreditPlanId);
  }
  m.expire();
  await checkInvoices(w);
  for (const p of m.plans.values())
    if (p.category !== 'PAY_AS_USAGE' && p.validUntil !== null && p.validUntil < m.today) w.expiredByJob.add(p.id);
  return `job renewed=${result.renewedContracts} expired=${result.expiredPlans} invoices=${result.invoices}`;
}

/** Every closed Vienna quarter with pay-as-usage rows has its one invoice: net usage and usage x price snapshot. */
async function checkInvoices(w: World) {
  const { t, m } = w;
  const month = Number(m.today.slice(5, 7));
  const currentQuarter = `${m.today.slice(0, 4)}-Q${Math.floor((month - 1) / 3) + 1}`;
  const rows = await t.db.all<{ plan: string; date: string; delta: number; price: number }>(
    sql`select t.credit_plan_id plan, t.occurred_date date, t.delta, t.price_per_credit price from credit_transactions t join credit_plans p on p.id = t.credit_plan_id where p.category = 'PAY_AS_USAGE'`,
  );
  const expected = new Map<string, { usage: number; cents: number }>();
  for (const r of rows) {
    const quarter = `${r.date.slice(0, 4)}-Q${Math.floor((Number(r.date.slice(5, 7)) - 1) / 3) + 1}`;
    if (quarter >= currentQuarter) continue;
    const e = expected.get(`${r.plan} ${quarter}`) ?? { usage: 0, cents: 0 };
    e.usage -= r.delta;
    e.cents -= r.delta * r.price;
    expected.set(`${r.plan} ${quarter}`, e);
  }
  const bills = await t.db.all<{ plan: string; quarter: string; usage: number; cents: number }>(
    sql`select credit_plan_id plan, quarter, usage_credits usage, amount_cents cents from invoices`,
  );
  expect(
    new Map(bills.map((b) => [`${b.plan} ${b.quarter}`, { usage: b.usage, cents: b.cents }])),
    'invoices of closed quarters',
  ).toEqual(expected);
}

async function tamper(w: World) {
  // Invariant 12: direct UPDATE or DELETE of ledger rows fails.
  const [row] = await w.t.db.all<{ id: string }>(sql`select id from credit_transactions limit 1`);
  if (!row) return 'skip';
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'allowed';
    } catch (error) {
      let e: any = error;
      while (e?.cause) e = e.cause;
      return /append-only/.test(String(e?.message)) ? 'refused' : String(e?.message);
    }
  };
  expect(await refusal(w.t.db.run(sql`update credit_transactions set amount = amount + 1 where id = ${row.id}`))).toBe(
    'refused',
  );
  expect(await refusal(w.t.db.run(sql`delete from credit_transactions where id = ${row.id}`))).toBe('refused');
  return 'tamper refused';
}

const COMMANDS: [number, (w: World) => Promise<string>][] = [
  [8, createContract],
  [6, addSecondary],
  [3, addBackup],
  [30, (w) => charge(w, 'new')],
  [5, (w) => charge(w, 'retry')],
  [3, (w) => charge(w, 'reuse')],
  [4, (w) => charge(w, 'crash')],
  [1, (w) => charge(w, 'foreign')],
  [6, (w) => refund(w, 'used')],
  [2, (w) => refund(w, 'twice')],
  [1, (w) => refund(w, 'refund-row')],
  [1, (w) => refund(w, 'unknown')],
  [2, deactivatePlan],
  [1, deactivateContract],
  [1, deleteUpcomingContract],
  [18, moveClock],
  [8, runJob],
  [1, tamper],
];
const WEIGHT = COMMANDS.reduce((s, [n]) => s + n, 0);
export function pickCommand(r: Rng) {
  let x = r.int(1, WEIGHT);
  for (const [n, run] of COMMANDS) if ((x -= n) <= 0) return run;
  throw new Error('unreachable');
}

import { createHash } from 'node:crypto';
import { CHARGE_KINDS, type ChargeKind } from '../../../db/schema';
import type { Deps } from '../../kernel/deps';
import { AppError } from '../../kernel/errors/errors';
import type { RefusalReason } from '../../kernel/errors/refusal-reasons';
import type { Scoring } from '../../../scoring/index.ts';
import { viennaDate } from '../../../db/domain/calendar';
import { alertBackupActivated, alertLowBalanceIfNeeded, drawableCredits, isLowBalance } from './credit-alerts.service';
import {
  appendLedgerRows,
  chargeByIdempotencyKey,
  chargeContext,
  debitPrepaidPlan,
  insertCharge,
  markPlanActivated,
  recordPayAsUsage,
  usedRowsOfCharge,
  type ChargeRow,
  type LedgerInsert,
} from './credits.repo';
import { allocate, isPrepaid, orderEligiblePlans, type Allocation } from './drawdown';
import { writeTransaction, type Tx } from '../../../db/write-transaction';

/** What the ledger services need from Deps: the database and the clock. */
/** The ledger's own tests and the calendar run without metrics; the server counts its charges. */
export type LedgerDeps = Pick<Deps, 'db' | 'clock'> & Partial<Pick<Deps, 'metrics'>>;

/** An interview costs 4..10 credits. */
export const MIN_CREDITS_PER_INTERVIEW = 4;
export const MAX_CREDITS_PER_INTERVIEW = 10;

export type ChargeInput = {
  companyId: string;
  datafileId: string;
  kind: ChargeKind;
  /** Natural key of the charging event, e.g. upload:{datafileId}:{revision} or live:{datafileId}:{recordId}. */
  idempotencyKey: string;
  /** Credits per interview, each an integer in 4..10 (from creditsForInterviews). */
  interviewCredits: readonly number[];
  actorId: string | null;
  description: string;
};

export type ChargeResult = {
  chargeId: string;
  /** Total credits charged (integer > 0) = sum of interviewCredits = sum of allocations. */
  credits: number;
  /** Credits per plan in drawdown order; the pay-as-usage plan, if used, is last. */
  allocations: Allocation[];
  /** True when this call repeated an earlier one with the same key and payload. */
  replayed: boolean;
};

/**
 * Run inside the charge transaction. beforeWrites: after the idempotency check (a replay never runs
 * it), before any row is written; a throw refuses the charge (live import raises its ceiling and
 * per-source counters here). afterWrites: after the ledger rows: live import writes the respondent
 * the charge pays for (stored if and only if charged); tests throw here to simulate a crash.
 */
export type ChargeHooks = {
  beforeWrites?: (tx: Tx, credits: number) => void | Promise<void>;
  afterWrites?: (tx: Tx) => void | Promise<void>;
};

/**
 * Credits per interview (integers 4..10) from the scored data points, by the scoring
 * facade's one shared function: the upload step-3 estimate and the charge both call
 * this, so they cannot disagree. `dataPoints` is column-major as the facade takes it: one
 * Float64Array per data point, one entry per interview. Empty cells (NaN) cost nothing. `scoring`
 * is the caller's instance: deps.scoring on the server, the Worker's own in a job step.
 */
export function creditsForInterviews(scoring: Pick<Scoring, 'credits'>, dataPoints: readonly Float64Array[]): number[] {
  return Array.from(scoring.credits(dataPoints).perInterview, (c) => Math.round(c));
}

function invalid(field: string, reason?: RefusalReason): never {
  throw new AppError('INVALID_PARAMETERS', reason ? { field, reason } : { field });
}

function validate(input: ChargeInput): number {
  for (const field of ['companyId', 'datafileId', 'idempotencyKey'] as const)
    if (typeof input[field] !== 'string' || input[field].length === 0) invalid(field);
  if (!CHARGE_KINDS.includes(input.kind)) invalid('kind');
  if (!Array.isArray(input.interviewCredits) || input.interviewCredits.length === 0) invalid('interviewCredits');
  let credits = 0;
  for (const c of input.interviewCredits) {
    if (!Number.isInteger(c) || c < MIN_CREDITS_PER_INTERVIEW || c > MAX_CREDITS_PER_INTERVIEW)
      invalid('interviewCredits');
    credits += c;
  }
  return credits;
}

/** Hash of everything that determines the charge: a retry must send exactly this again. */
const requestHashOf = (i: ChargeInput) =>
  createHash('sha256')
    .update(JSON.stringify([i.companyId, i.datafileId, i.kind, i.interviewCredits]))
    .digest('hex');

async function replay(db: Tx | LedgerDeps['db'], existing: ChargeRow, requestHash: string): Promise<ChargeResult> {
  // Stripe's rule: the same key with another payload is a client bug, never a second charge.
  if (existing.requestHash !== requestHash) invalid('idempotencyKey', 'IDEMPOTENCY_KEY_REUSED');
  const rows = await usedRowsOfCharge(db, existing.id);
  return {
    chargeId: existing.id,
    credits: existing.credits,
    allocations: rows.map((r) => ({ creditPlanId: r.creditPlanId, amount: r.amount })),
    replayed: true,
  };
}

/**
 * Charges a datafile event: all or nothing, in one BEGIN IMMEDIATE transaction. Draws from the
 * company's plans in drawdown order (one USED row per plan touched, one operation id), the rest
 * from the pay-as-usage plan (activating a backup plan and alerting the admins on first use).
 * Errors (nothing written): INVALID_PARAMETERS (bad input; reason IDEMPOTENCY_KEY_REUSED for the
 * same key with another payload), INVALID_ID (datafile not of this company), BALANCE_NOT_ENOUGH
 * (details.shortfall: credits missing). Same key and payload: the first result, replayed: true.
 */
export async function chargeDatafile(
  deps: LedgerDeps,
  input: ChargeInput,
  hooks: ChargeHooks = {},
): Promise<ChargeResult> {
  const credits = validate(input);
  const requestHash = requestHashOf(input);
  // Retries are common (uploads resume, live batches resend): answer them without the write lock.
  const earlier = await chargeByIdempotencyKey(deps.db, input.idempotencyKey);
  if (earlier) return replay(deps.db, earlier, requestHash);

  const charged = await writeTransaction(deps.db, async (tx) => {
    const { existing, ownerCompanyId, plans, contracts } = await chargeContext(
      tx,
      input.idempotencyKey,
      input.datafileId,
      input.companyId,
    );
    if (existing) return replay(tx, existing, requestHash);
    if (ownerCompanyId !== input.companyId) throw new AppError('INVALID_ID', { field: 'datafileId' });
    await hooks.beforeWrites?.(tx, credits);

    // Read the clock once, inside the transaction: a queued charge is dated when it runs, and its
    // instant and Vienna date cannot straddle midnight.
    const now = deps.clock.now();
    const today = viennaDate(now);
    const contractsById = new Map(contracts.map((c) => [c.id, c]));
    const ordered = orderEligiblePlans(plans, contractsById, today);
    const result = allocate(ordered, credits);
    if (!result.ok) throw new AppError('BALANCE_NOT_ENOUGH', { shortfall: result.shortfall });

    const chargeId = crypto.randomUUID();
    const operationId = crypto.randomUUID();
    await insertCharge(tx, {
      id: chargeId,
      companyId: input.companyId,
      datafileId: input.datafileId,
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      interviews: input.interviewCredits.length,
      credits,
      operationId,
      actorId: input.actorId,
      createdAt: now.toISOString(),
    });

    const byId = new Map(plans.map((p) => [p.id, p]));
    const rows: LedgerInsert[] = [];
    for (const { creditPlanId, amount } of result.allocations) {
      const plan = byId.get(creditPlanId)!;
      const changed = isPrepaid(plan)
        ? await debitPrepaidPlan(tx, plan.id, amount)
        : await recordPayAsUsage(tx, plan.id, amount);
      // Unreachable under BEGIN IMMEDIATE; if it ever happens the throw rolls everything back.
      if (!changed) throw new Error(`balance of plan ${plan.id} changed during the charge`);
      rows.push({
        companyId: input.companyId,
        creditPlanId: plan.id,
        type: 'USED',
        amount,
        delta: -amount,
        chargeId,
        datafileId: input.datafileId,
        operationId,
        idempotencyKey: `used:${chargeId}:${plan.id}`,
        pricePerCredit: plan.pricePerCredit,
        description: input.description,
        occurredAt: now.toISOString(),
        occurredDate: today,
        actorId: input.actorId,
      });
    }
    await appendLedgerRows(tx, rows);
    await hooks.afterWrites?.(tx);

    // Alerts from what this transaction knows (no re-reads): a backup plan's first use, and the
    // organisation's drawable credits falling below 25 % with this charge. Credits that got low
    // another way (a plan ending) are the calendar job's.
    const taken = new Map(result.allocations.map((a) => [a.creditPlanId, a.amount]));
    for (const { creditPlanId } of result.allocations) {
      const plan = byId.get(creditPlanId)!;
      if (
        plan.role === 'BACKUP' &&
        !isPrepaid(plan) &&
        plan.activatedAt === null &&
        (await markPlanActivated(tx, plan.id, now.toISOString()))
      )
        await alertBackupActivated(tx, deps, plan);
    }
    const before = drawableCredits(plans, contractsById, today);
    const after = drawableCredits(
      plans.map((p) => (isPrepaid(p) ? { ...p, balance: p.balance - (taken.get(p.id) ?? 0) } : p)),
      contractsById,
      today,
    );
    if (!isLowBalance(before) && isLowBalance(after)) await alertLowBalanceIfNeeded(tx, deps, input.companyId, after);
    return { chargeId, credits, allocations: result.allocations, replayed: false };
  });
  // Counted once committed: a rolled-back charge wrote nothing.
  if (!charged.replayed && deps.metrics) {
    deps.metrics.charges.inc({ kind: input.kind });
    deps.metrics.creditsCharged.inc({ kind: input.kind }, charged.credits);
  }
  return charged;
}

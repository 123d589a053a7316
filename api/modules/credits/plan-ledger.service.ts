import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../kernel/errors/errors';
import { viennaDate } from '../../../db/domain/calendar';
import type { LedgerDeps } from './charge.service';
import {
  appendLedgerRows,
  ledgerRowByIdempotencyKey,
  planById,
  shiftPrepaidBalance,
  type CreditPlanRow,
  type LedgerRow,
} from './credits.repo';
import { isPrepaid } from './drawdown';

// Ledger rows that follow from a plan's life rather than from usage: credits received when a
// prepaid plan is created, and what is left when it expires. Each has a natural idempotency key
// (received:{planId}, expire:{planId}) under the ledger's UNIQUE index.

/**
 * Writes the RECEIVED row of a new prepaid plan: `plan.received` credits (integer > 0) onto its
 * balance. Call it inside the transaction that created the plan (insert the plan with balance 0).
 * Idempotent (key received:{planId}): a second call returns the first row. Pay-as-usage plans
 * receive nothing: returns null. Errors: INVALID_ID (unknown plan), INVALID_PARAMETERS (received <= 0).
 */
export async function grantPlanCredits(
  tx: DbOrTx,
  deps: Pick<LedgerDeps, 'clock'>,
  input: { planId: string; actorId: string | null },
): Promise<LedgerRow | null> {
  const plan = await planById(tx, input.planId);
  if (!plan) throw new AppError('INVALID_ID', { field: 'planId' });
  if (!isPrepaid(plan)) return null;
  const key = `received:${plan.id}`;
  const earlier = await ledgerRowByIdempotencyKey(tx, key);
  if (earlier) return earlier;
  if (!Number.isInteger(plan.received) || plan.received <= 0)
    throw new AppError('INVALID_PARAMETERS', { field: 'creditAmount' });
  const now = deps.clock.now();
  const row = {
    id: crypto.randomUUID(),
    companyId: plan.companyId,
    creditPlanId: plan.id,
    type: 'RECEIVED' as const,
    amount: plan.received,
    delta: plan.received,
    operationId: crypto.randomUUID(),
    idempotencyKey: key,
    pricePerCredit: plan.pricePerCredit,
    description: `Credits received: ${plan.name}`,
    occurredAt: now.toISOString(),
    occurredDate: viennaDate(now),
    actorId: input.actorId,
    chargeId: null,
    datafileId: null,
    reversedTransactionId: null,
    reason: null,
  };
  await appendLedgerRows(tx, [row]);
  await shiftPrepaidBalance(tx, plan.id, plan.received);
  return row;
}

/**
 * Moves what is left on an expired prepaid plan to one EXPIRED row (key expire:{planId}), leaving
 * balance 0. Returns the credits expired (0 when nothing was left or it already happened).
 */
export async function expirePlanRemainder(
  tx: DbOrTx,
  deps: Pick<LedgerDeps, 'clock'>,
  plan: CreditPlanRow,
): Promise<number> {
  if (!isPrepaid(plan) || plan.balance <= 0) return 0;
  const key = `expire:${plan.id}`;
  if (await ledgerRowByIdempotencyKey(tx, key)) return 0;
  const now = deps.clock.now();
  await appendLedgerRows(tx, [
    {
      companyId: plan.companyId,
      creditPlanId: plan.id,
      type: 'EXPIRED',
      amount: plan.balance,
      delta: -plan.balance,
      operationId: crypto.randomUUID(),
      idempotencyKey: key,
      pricePerCredit: plan.pricePerCredit,
      description: `Credits expired: ${plan.name}`,
      occurredAt: now.toISOString(),
      occurredDate: viennaDate(now),
      actorId: null,
      reason: 'PLAN_EXPIRED',
    },
  ]);
  if (!(await shiftPrepaidBalance(tx, plan.id, -plan.balance)))
    throw new Error(`balance of plan ${plan.id} changed during expiry`);
  return plan.balance;
}

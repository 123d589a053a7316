import { AppError } from '../../kernel/errors/errors';
import { viennaDate } from '../../../db/domain/calendar';
import type { LedgerDeps } from './charge.service';
import {
  appendLedgerRows,
  ledgerRowById,
  planById,
  recordPayAsUsage,
  refundOfTransaction,
  shiftPrepaidBalance,
  type LedgerInsert,
} from './credits.repo';
import { isPrepaid } from './drawdown';
import { writeTransaction } from '../../../db/write-transaction';

export type RefundResult = {
  refundTransactionId: string;
  creditPlanId: string;
  /** Credits given back (integer > 0), equal to the refunded USED row. */
  amount: number;
  /** Set when the plan had already expired: the EXPIRED row that took the credits straight back. */
  expiredTransactionId: string | null;
};

/**
 * Refunds one USED ledger row: a REFUND row of the same amount on the same plan, at most once
 * (UNIQUE reversedTransactionId and key refund:{usedId}). On a prepaid plan that has expired the
 * refund is followed at once by an EXPIRED row of the same amount, so it can never be spent; on a
 * pay-as-usage plan it reduces the usage. Errors (nothing written): INVALID_ID (unknown id),
 * INVALID_PARAMETERS with reason NOT_A_USED_TRANSACTION or ALREADY_REFUNDED.
 */
export async function refundTransaction(
  deps: LedgerDeps,
  input: { transactionId: string; actorId: string | null },
): Promise<RefundResult> {
  if (typeof input.transactionId !== 'string' || input.transactionId.length === 0)
    throw new AppError('INVALID_ID', { field: 'transactionId' });
  return writeTransaction(deps.db, async (tx) => {
    const used = await ledgerRowById(tx, input.transactionId);
    if (!used) throw new AppError('INVALID_ID', { field: 'transactionId' });
    if (used.type !== 'USED')
      throw new AppError('INVALID_PARAMETERS', { field: 'transactionId', reason: 'NOT_A_USED_TRANSACTION' });
    if (await refundOfTransaction(tx, used.id))
      throw new AppError('INVALID_PARAMETERS', { field: 'transactionId', reason: 'ALREADY_REFUNDED' });

    const plan = (await planById(tx, used.creditPlanId))!;
    const now = deps.clock.now();
    const today = viennaDate(now);
    const operationId = crypto.randomUUID();
    const base = {
      companyId: used.companyId,
      creditPlanId: plan.id,
      amount: used.amount,
      chargeId: used.chargeId,
      datafileId: used.datafileId,
      operationId,
      pricePerCredit: used.pricePerCredit,
      occurredAt: now.toISOString(),
      occurredDate: today,
      actorId: input.actorId,
    };
    const refundId = crypto.randomUUID();
    const rows: LedgerInsert[] = [
      {
        ...base,
        id: refundId,
        type: 'REFUND',
        delta: used.amount,
        reversedTransactionId: used.id,
        idempotencyKey: `refund:${used.id}`,
        description: `Refund: ${used.description}`,
      },
    ];
    let expiredId: string | null = null;
    if (isPrepaid(plan)) {
      await shiftPrepaidBalance(tx, plan.id, used.amount);
      // Past its end by date, whatever else: a deactivated plan's status says DEACTIVE, but the
      // calendar job has (or will have) expired it under its one key, so the refund must expire here.
      if (plan.validUntil !== null && today > plan.validUntil) {
        expiredId = crypto.randomUUID();
        rows.push({
          ...base,
          id: expiredId,
          type: 'EXPIRED',
          delta: -used.amount,
          idempotencyKey: `expire-refund:${refundId}`,
          description: `Credits expired: ${plan.name}`,
          reason: 'REFUND_ON_EXPIRED_PLAN',
        });
        await shiftPrepaidBalance(tx, plan.id, -used.amount);
      }
    } else {
      await recordPayAsUsage(tx, plan.id, -used.amount);
    }
    await appendLedgerRows(tx, rows);
    return {
      refundTransactionId: refundId,
      creditPlanId: plan.id,
      amount: used.amount,
      expiredTransactionId: expiredId,
    };
  });
}

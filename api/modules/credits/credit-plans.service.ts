import { MAX_COMPANY_CREDITS } from '../../../db/domain/amounts';
import { viennaDate } from '../../../db/domain/calendar';
import type { Tx } from '../../../db/write-transaction';
import * as repo from './credits.repo';
import type { LedgerDeps } from './charge.service';
import { grantPlanCredits } from './plan-ledger.service';
import { isPrepaid } from './drawdown';
import { AppError } from '../../kernel/errors/errors';

// The one place credit plans are written as plans (created, topped up, moved with their contract,
// deactivated); balances change only through ledger rows (charge, refund, plan-ledger services).
// Contracts (assign, edit, delete, renew) call these inside their own write transaction.

export type NewCreditPlan = Omit<repo.CreditPlanInsert, 'id' | 'balance'>;

/**
 * What an organisation ever received stays within MAX_COMPANY_CREDITS (db/domain/amounts.ts), so
 * the sums of its credit summary stay GraphQL Ints: beyond it the grant is refused, saying how many
 * credits it can still receive.
 */
async function assertCompanyCanReceive(tx: Tx, companyId: string, credits: number) {
  const received = await repo.companyCreditsReceived(tx, companyId);
  if (received + credits > MAX_COMPANY_CREDITS)
    throw new AppError('INVALID_PARAMETERS', {
      field: 'creditAmount',
      reason: 'OUT_OF_RANGE',
      min: 0,
      max: Math.max(0, MAX_COMPANY_CREDITS - received),
    });
}

/**
 * Creates a plan with balance 0 and, for a prepaid plan, its RECEIVED row of `received` credits
 * (integer > 0), so the balance always equals the ledger. Pay-as-usage plans start at 0 usage.
 * Returns the new plan's id.
 */
export async function createCreditPlan(tx: Tx, deps: Pick<LedgerDeps, 'clock'>, plan: NewCreditPlan): Promise<string> {
  const id = crypto.randomUUID();
  if (isPrepaid(plan)) await assertCompanyCanReceive(tx, plan.companyId, plan.received ?? 0);
  await repo.insertCreditPlan(tx, { ...plan, id, balance: 0, received: isPrepaid(plan) ? plan.received : 0 });
  if (isPrepaid(plan)) await grantPlanCredits(tx, deps, { planId: id, actorId: plan.createdBy ?? null });
  return id;
}

/** More credits on an existing prepaid plan: a RECEIVED row of the difference (key topup:{planId}:{newTotal}, so a retry adds nothing). */
export async function topUpCreditPlan(
  tx: Tx,
  deps: Pick<LedgerDeps, 'clock'>,
  plan: repo.CreditPlanRow,
  credits: number,
  actorId: string,
) {
  await assertCompanyCanReceive(tx, plan.companyId, credits);
  const now = deps.clock.now();
  const newTotal = plan.received + credits;
  await repo.appendLedgerRows(tx, [
    {
      companyId: plan.companyId,
      creditPlanId: plan.id,
      type: 'RECEIVED',
      amount: credits,
      delta: credits,
      operationId: crypto.randomUUID(),
      idempotencyKey: `topup:${plan.id}:${newTotal}`,
      pricePerCredit: plan.pricePerCredit,
      description: `Credits received: ${plan.name}`,
      occurredAt: now.toISOString(),
      occurredDate: viennaDate(now),
      actorId,
      reason: 'TEST_PLAN_TOP_UP',
    },
  ]);
  await repo.shiftPrepaidBalance(tx, plan.id, credits);
  await repo.addReceived(tx, plan.id, credits);
}

/** The plans of a contract follow its new dates (a never-expiring plan keeps no end). */
export const followContractDates = (tx: Tx, contractId: string, startDate: string, endDate: string) =>
  repo.movePlansOfContract(tx, contractId, startDate, endDate);

/** A deleted contract's plans are never spendable again. */
export const deactivatePlansOfContract = (tx: Tx, contractId: string, nowIso: string) =>
  repo.deactivatePlansOfContract(tx, contractId, nowIso);

/** The plan with this id (any company, any status). */
export const creditPlanById = (db: Tx | LedgerDeps['db'], id: string) => repo.planById(db, id);

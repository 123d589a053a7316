import { eq } from 'drizzle-orm';
import { addDays } from '../../../db/domain/calendar';
import { endKeepingLength } from '../../../db/domain/contracts';
import type { DbOrTx } from '../../../db/client';
import { contracts, creditPlans, type ContractType } from '../../../db/schema';
import type { LedgerDeps } from './charge.service';
import { hasSuccessor, type contractById } from './calendar.repo';
import { planById } from './credits.repo';
import { isPrepaid } from './drawdown';
import { grantPlanCredits } from './plan-ledger.service';

type Contract = NonNullable<Awaited<ReturnType<typeof contractById>>>;


/**
 * The dates of the contract that renews `c`: it starts the day after c's end (chains have no gaps);
 * yearly types end one year minus one day later (a 29 February start ends on 28 February), other
 * types keep c's length in days. Dates are YYYY-MM-DD Vienna.
 */
export function renewalDates(c: { type: ContractType; startDate: string; endDate: string }): { startDate: string; endDate: string } {
  const startDate = addDays(c.endDate, 1);
  return { startDate, endDate: endKeepingLength(c, startDate) };
}

/**
 * Renews an ended auto-renewing contract inside `tx`: a new contract of the same type and length
 * (renewedFromId = c.id, UNIQUE, so a renewal happens once), a primary plan like the old one with
 * its RECEIVED row, and a fresh backup plan when the old contract had one. Returns the new
 * contract id, or null when it was renewed already or a later contract exists.
 */
export async function renewContract(tx: DbOrTx, deps: LedgerDeps, c: Contract): Promise<string | null> {
  if (await hasSuccessor(tx, c)) return null;
  const { startDate, endDate } = renewalDates(c);
  const now = deps.clock.now().toISOString();
  const id = crypto.randomUUID();
  await tx.insert(contracts).values({ id, companyId: c.companyId, type: c.type, name: c.name, startDate, endDate, autoRenew: true, renewedFromId: c.id, createdAt: now, createdBy: null });

  const copyPlan = async (oldId: string | null, role: 'PRIMARY' | 'BACKUP') => {
    const old = oldId ? await planById(tx, oldId) : undefined;
    if (!old) return null;
    const planId = crypto.randomUUID();
    await tx.insert(creditPlans).values({
      id: planId,
      companyId: c.companyId,
      contractId: id,
      role,
      category: old.category,
      planType: old.planType,
      name: old.name,
      validFrom: startDate,
      validUntil: old.validUntil === null ? null : endDate,
      // Pay-as-usage plans count usage in `received`; a new one starts at zero.
      received: isPrepaid(old) ? old.received : 0,
      balance: 0,
      pricePerCredit: old.pricePerCredit,
      paymentAmount: old.paymentAmount,
      createdAt: now,
      createdBy: null,
    });
    if (isPrepaid(old)) await grantPlanCredits(tx, deps, { planId, actorId: null });
    return planId;
  };
  const primaryCreditPlanId = await copyPlan(c.primaryCreditPlanId, 'PRIMARY');
  const backupCreditPlanId = await copyPlan(c.backupCreditPlanId, 'BACKUP');
  await tx.update(contracts).set({ primaryCreditPlanId, backupCreditPlanId }).where(eq(contracts.id, id));
  return id;
}

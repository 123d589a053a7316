import { addDays } from '../../../db/domain/calendar';
import { endKeepingLength, type ContractType } from '../../../db/domain/contracts';
import type { Tx } from '../../../db/write-transaction';
import type { LedgerDeps } from '../credits';
import { createCreditPlan, creditPlanById } from '../credits';
import { isPrepaid } from '../credits';
import { hasSuccessor, insertContract, setContractPlans, type ContractRow } from './contracts.repo';

/**
 * The dates of the contract that renews `c`: it starts the day after c's end (chains have no gaps);
 * yearly types end one year minus one day later (a 29 February start ends on 28 February), other
 * types keep c's length in days. Dates are YYYY-MM-DD Vienna.
 */
export function renewalDates(c: { type: ContractType; startDate: string; endDate: string }): {
  startDate: string;
  endDate: string;
} {
  const startDate = addDays(c.endDate, 1);
  return { startDate, endDate: endKeepingLength(c, startDate) };
}

/**
 * Renews an ended auto-renewing contract inside `tx`: a new contract of the same type and length
 * (renewedFromId = c.id, UNIQUE, so a renewal happens once), a primary plan like the old one with
 * its RECEIVED row, and a fresh backup plan when the old contract had one. Returns the new
 * contract id, or null when it was renewed already or a later contract exists.
 */
export async function renewContract(tx: Tx, deps: LedgerDeps, c: ContractRow): Promise<string | null> {
  if (await hasSuccessor(tx, c)) return null;
  const { startDate, endDate } = renewalDates(c);
  const now = deps.clock.now().toISOString();
  const id = crypto.randomUUID();
  await insertContract(tx, {
    id,
    companyId: c.companyId,
    type: c.type,
    name: c.name,
    startDate,
    endDate,
    autoRenew: true,
    renewedFromId: c.id,
    createdAt: now,
    createdBy: null,
  });

  const copyPlan = async (oldId: string | null, role: 'PRIMARY' | 'BACKUP') => {
    const old = oldId ? await creditPlanById(tx, oldId) : undefined;
    if (!old) return null;
    return createCreditPlan(tx, deps, {
      companyId: c.companyId,
      contractId: id,
      role,
      category: old.category,
      planType: old.planType,
      name: old.name,
      validFrom: startDate,
      validUntil: old.validUntil === null ? null : endDate,
      // Pay-as-usage plans count usage in `received`; a new one starts at zero (createCreditPlan).
      received: isPrepaid(old) ? old.received : 0,
      pricePerCredit: old.pricePerCredit,
      paymentAmount: old.paymentAmount,
      createdAt: now,
      createdBy: null,
    });
  };
  const primaryCreditPlanId = await copyPlan(c.primaryCreditPlanId, 'PRIMARY');
  const backupCreditPlanId = await copyPlan(c.backupCreditPlanId, 'BACKUP');
  await setContractPlans(tx, id, { primaryCreditPlanId, backupCreditPlanId });
  return id;
}

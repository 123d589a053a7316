import { viennaDate } from '../../../db/domain/calendar';
import type { LedgerDeps } from './charge.service';
import { plansOfCompany } from './credits.repo';
import { allocate, contractsByIdOf, isPrepaid, orderEligiblePlans } from './drawdown';

export type CreditAvailability = {
  /** Credits left today on the prepaid plans the company can draw from (the wallet's balance). */
  availableCredits: number;
  /** A pay-as-usage plan takes what the prepaid plans cannot. */
  hasPayAsUsagePlan: boolean;
  /** Whether a charge of `credits` would go through now (the same drawdown the charge runs). */
  isBalanceEnough: boolean;
  /** Credits missing when it would not (0 otherwise). */
  shortfall: number;
};

/**
 * Whether the company could pay `credits` now, by the drawdown rule the charge itself uses (upload
 * step 3 and its confirmation). Reads only; the charge decides again inside its transaction.
 */
export async function creditAvailability(
  deps: LedgerDeps,
  companyId: string,
  credits: number,
): Promise<CreditAvailability> {
  const today = viennaDate(deps.clock.now());
  const [plans, contractsById] = await Promise.all([
    plansOfCompany(deps.db, companyId),
    contractsByIdOf(deps.db, companyId),
  ]);
  const ordered = orderEligiblePlans(plans, contractsById, today);
  const availableCredits = ordered.filter(isPrepaid).reduce((s, p) => s + Math.max(0, p.balance), 0);
  const hasPayAsUsagePlan = ordered.some((p) => !isPrepaid(p));
  if (credits <= 0) return { availableCredits, hasPayAsUsagePlan, isBalanceEnough: true, shortfall: 0 };
  const result = allocate(ordered, credits);
  return {
    availableCredits,
    hasPayAsUsagePlan,
    isBalanceEnough: result.ok,
    shortfall: result.ok ? 0 : result.shortfall,
  };
}

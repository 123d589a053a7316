import type { DbOrTx } from '../../../db/client';
import type { CreditPlanCategory, CreditPlanRole } from '../../../db/schema';
import { contractStatus, creditPlanStatus } from '../../../db/domain/contracts';
import { contractsOfCompany, plansOfCompany } from './credits.repo';

// The drawdown rule: prepaid plans usable today, the soonest-expiring first, then the pay-as-usage
// plan; a charge they cannot cover is refused whole. One rule, one function: the charge path,
// "next available credit plan" and every balance shown (companyCreditSummary) call these.

/** The plan fields the rule needs. Credits are integers; dates are YYYY-MM-DD Vienna calendar dates. */
export type DrawdownPlan = {
  id: string;
  contractId: string | null;
  role: CreditPlanRole;
  category: CreditPlanCategory;
  validFrom: string;
  /** Inclusive; null = never expires. */
  validUntil: string | null;
  /** Credits left (prepaid), or minus the usage (pay-as-usage; never positive). */
  balance: number;
  deactivatedAt: string | null;
  /** ISO-8601 UTC instant; older plans are spent first on ties. */
  createdAt: string;
};

export type DrawdownContract = { startDate: string; endDate: string; deactivatedAt: string | null };

/** Credits left in a plan ("prepaid") versus usage billed afterwards ("pay-as-usage"). */
export const isPrepaid = (p: { category: CreditPlanCategory }) => p.category !== 'PAY_AS_USAGE';

/**
 * True when the plan may be drawn from today, balance aside: ACTIVE by its own dates (not
 * deactivated) and, when it belongs to a contract, that contract is ACTIVE today too.
 * The summary uses this to say which plans are "active", so both agree by construction.
 */
export function isUsableToday(
  plan: DrawdownPlan,
  contractsById: ReadonlyMap<string, DrawdownContract>,
  today: string,
): boolean {
  if (creditPlanStatus(plan, today) !== 'ACTIVE') return false;
  if (plan.contractId === null) return true;
  const contract = contractsById.get(plan.contractId);
  return contract !== undefined && contractStatus(contract, today) === 'ACTIVE';
}

const ROLE_RANK: Record<CreditPlanRole, number> = { PRIMARY: 0, SECONDARY: 1, BACKUP: 2 };

/**
 * The eligible plans of a company in drawdown order.
 * Eligible: usable today (isUsableToday) and, for prepaid plans, balance > 0.
 * Order: prepaid plans by soonest validUntil (never-expiring last) because those credits would be
 * lost first; ties PRIMARY before SECONDARY, then older createdAt, then id. Pay-as-usage plans
 * (the BACKUP plan; a CUSTOM contract's pay-as-usage primary) come after every prepaid plan.
 */
export function orderEligiblePlans<P extends DrawdownPlan>(
  plans: readonly P[],
  contractsById: ReadonlyMap<string, DrawdownContract>,
  today: string,
): P[] {
  const eligible = plans.filter((p) => isUsableToday(p, contractsById, today) && (!isPrepaid(p) || p.balance > 0));
  return eligible.sort((a, b) => {
    const payA = isPrepaid(a) ? 0 : 1;
    const payB = isPrepaid(b) ? 0 : 1;
    if (payA !== payB) return payA - payB;
    // '9999-12-31' sorts never-expiring plans after every dated one.
    const untilA = a.validUntil ?? '9999-12-31';
    const untilB = b.validUntil ?? '9999-12-31';
    if (untilA !== untilB) return untilA < untilB ? -1 : 1;
    if (a.role !== b.role) return ROLE_RANK[a.role] - ROLE_RANK[b.role];
    if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** Credits (integer > 0) taken from one plan by one charge. */
export type Allocation = { creditPlanId: string; amount: number };

export type AllocationResult = { ok: true; allocations: Allocation[] } | { ok: false; shortfall: number };

/**
 * Greedy allocation over plans already in drawdown order: take min(balance, rest) from each
 * prepaid plan; the rest goes to the first pay-as-usage plan (unbounded). Without one and with
 * credits short, nothing is allocated and `shortfall` says how many credits are missing.
 * `credits` is a positive integer.
 */
export function allocate(orderedPlans: readonly DrawdownPlan[], credits: number): AllocationResult {
  const allocations: Allocation[] = [];
  let rest = credits;
  for (const plan of orderedPlans) {
    if (rest === 0) break;
    if (isPrepaid(plan)) {
      const take = Math.min(plan.balance, rest);
      if (take > 0) {
        allocations.push({ creditPlanId: plan.id, amount: take });
        rest -= take;
      }
    } else {
      allocations.push({ creditPlanId: plan.id, amount: rest });
      rest = 0;
    }
  }
  return rest === 0 ? { ok: true, allocations } : { ok: false, shortfall: rest };
}

/** A company's contracts keyed by id, the shape orderEligiblePlans wants. */
export async function contractsByIdOf(db: DbOrTx, companyId: string): Promise<Map<string, DrawdownContract>> {
  return new Map((await contractsOfCompany(db, companyId)).map((c) => [c.id, c]));
}

/** The plan the next charge would draw from first (the head of the drawdown order), or null. `today`: Vienna date. */
export async function nextAvailableCreditPlan(db: DbOrTx, companyId: string, today: string) {
  const [plans, contractsById] = await Promise.all([plansOfCompany(db, companyId), contractsByIdOf(db, companyId)]);
  return orderEligiblePlans(plans, contractsById, today)[0] ?? null;
}

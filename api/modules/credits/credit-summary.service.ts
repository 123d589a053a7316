import { creditPlanStatus } from '../../../db/domain/contracts';
import type { DbOrTx } from '../../../db/client';
import { plansOfCompany, prepaidLedgerTotals } from './credits.repo';
import { contractsByIdOf, isPrepaid, isUsableToday, orderEligiblePlans } from './drawdown';

/** A company's credits at a glance. Credits are integers; money is euro cents. */
export type CompanyCreditSummary = {
  /** Credits left on prepaid plans usable today (drawdown rule, balance aside): what a charge can spend now. */
  activeCreditPlanBalance: number;
  /** Credits received by those same plans (for "balance / received" percentages). */
  activeCreditPlanReceived: number;
  /** Credits used so far on pay-as-usage plans usable today (their usage; invoiced quarterly). */
  activePayAsUsageCreditPlanReceived: number;
  /** Cents per credit of the pay-as-usage plan a charge would fall back to today; null without one. */
  pricePerCreditForPayAsUsage: number | null;
  /** Credits ever received by the company's prepaid plans (all statuses): the history total. */
  totalReceived: number;
  /** Credits still to come or to spend: balances of prepaid plans that are ACTIVE or UPCOMING by date
   * (expired and deactivated plans excluded, even before the calendar job has written their EXPIRED row). */
  totalBalance: number;
};

/** Where the received credits went, over the company's history (prepaid plans). */
export type CompanyCreditTotals = {
  /** USED rows (refunds not taken off). */
  totalUsed: number;
  /** REFUND rows: credits given back. */
  totalRefunded: number;
  /** EXPIRED rows plus what is left on prepaid plans that ended or were deactivated and cannot be drawn any more. */
  totalExpired: number;
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const stillDrawable = (
  p: { validFrom: string; validUntil: string | null; deactivatedAt: string | null },
  today: string,
) => ['ACTIVE', 'UPCOMING'].includes(creditPlanStatus(p, today));

/** Summary as of `today` (YYYY-MM-DD, Vienna), from the same eligibility rule as the charge path. */
export async function companyCreditSummary(
  db: DbOrTx,
  companyId: string,
  today: string,
): Promise<CompanyCreditSummary> {
  const [plans, contractsById] = await Promise.all([plansOfCompany(db, companyId), contractsByIdOf(db, companyId)]);
  const usable = plans.filter((p) => isUsableToday(p, contractsById, today));
  const prepaid = plans.filter(isPrepaid);
  const usablePrepaid = usable.filter(isPrepaid);
  const fallback = orderEligiblePlans(plans, contractsById, today).find((p) => !isPrepaid(p));
  return {
    activeCreditPlanBalance: sum(usablePrepaid.map((p) => p.balance)),
    activeCreditPlanReceived: sum(usablePrepaid.map((p) => p.received)),
    activePayAsUsageCreditPlanReceived: sum(usable.filter((p) => !isPrepaid(p)).map((p) => p.received)),
    pricePerCreditForPayAsUsage: fallback?.pricePerCredit ?? null,
    totalReceived: sum(prepaid.map((p) => p.received)),
    totalBalance: sum(prepaid.filter((p) => stillDrawable(p, today)).map((p) => p.balance)),
  };
}

/**
 * Used, refunded and expired credits of the company's prepaid plans, so that
 * totalReceived - totalBalance = totalUsed - totalRefunded + totalExpired (the wallet card's
 * figures add up). A plan past its end whose EXPIRED row the calendar job has not written yet, or
 * a deactivated plan, still holds a balance nobody can draw: it counts as expired here.
 */
export async function companyCreditTotals(db: DbOrTx, companyId: string, today: string): Promise<CompanyCreditTotals> {
  const [plans, ledger] = await Promise.all([plansOfCompany(db, companyId), prepaidLedgerTotals(db, companyId)]);
  const stranded = sum(plans.filter((p) => isPrepaid(p) && !stillDrawable(p, today)).map((p) => p.balance));
  return { totalUsed: ledger.used, totalRefunded: ledger.refunded, totalExpired: ledger.expired + stranded };
}

import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { creditPlanStatus } from '../../../db/domain/contracts';
import { todayIn } from '../../lib/clock';
import type { CreditPlanRow } from './credits.repo';
import { creditPlanFieldQueries, creditSummaryOf, type creditSummary } from './credits.service';

/** Credit plan -> GraphQL. */
export function presentCreditPlan(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, p: CreditPlanRow) {
  const operator = viewer.accessLevel === 'SUPER_ADMIN';
  const q = creditPlanFieldQueries(deps, viewer, p);
  return {
    id: p.id,
    name: p.name,
    createdAt: p.createdAt,
    createdBy: async () => {
      if (!operator || !p.createdBy) return null;
      const u = await q.creator(p.createdBy);
      return u ? { id: u.id, name: `${u.firstName} ${u.lastName}` } : { id: p.createdBy, name: '-' };
    },
    type: p.role,
    planType: p.planType,
    category: p.category,
    status: creditPlanStatus(p, todayIn(deps.clock)),
    credits: { balance: p.balance, received: p.received },
    isExpiring: p.validUntil !== null,
    isPayPerUsage: p.category === 'PAY_AS_USAGE',
    pricePerCredit: p.pricePerCredit,
    paymentAmount: p.paymentAmount,
    startDate: p.validFrom,
    expirationDate: p.validUntil,
    contractId: p.contractId,
    company: async () => ({ id: p.companyId, name: (await q.company())?.name ?? '' }),
    invoice: p.invoiceNumber || p.invoiceUrl ? { number: p.invoiceNumber, url: p.invoiceUrl } : null,
    isNextAvailable: async () => (await q.nextAvailablePlanId()) === p.id,
  };
}

/** What the GraphQL type CreditPlan resolves from (codegen maps the type to it). */
export type PresentedCreditPlan = ReturnType<typeof presentCreditPlan>;

type Summary = Awaited<ReturnType<typeof creditSummary>>;

/** CompanyCreditSummary: the API promises 0 cents when no pay-as-usage plan is active; history totals on demand. */
export function presentCreditSummary({ summary, totals }: Summary) {
  return {
    ...summary,
    pricePerCreditForPayAsUsage: summary.pricePerCreditForPayAsUsage ?? 0,
    totalUsed: async () => (await totals()).totalUsed,
    totalRefunded: async () => (await totals()).totalRefunded,
    totalExpired: async () => (await totals()).totalExpired,
  };
}

export type PresentedCreditSummary = ReturnType<typeof presentCreditSummary>;

export async function presentWallet(deps: Pick<Deps, 'clock' | 'db'>, company: { id: string }) {
  const { summary: s } = await creditSummaryOf(deps, company);
  return {
    id: company.id,
    balance: s.activeCreditPlanBalance,
    status: s.activeCreditPlanReceived > 0 || s.activePayAsUsageCreditPlanReceived > 0 ? 'ACTIVE' : 'EMPTY',
  };
}

export async function presentCreditOverview(deps: Pick<Deps, 'clock' | 'db'>, company: { id: string }) {
  const { summary: s } = await creditSummaryOf(deps, company);
  return {
    totalActiveBalance: s.activeCreditPlanBalance,
    totalActiveReceived: s.activeCreditPlanReceived,
    totalReceivedFromPayAsUsage: s.activePayAsUsageCreditPlanReceived,
  };
}

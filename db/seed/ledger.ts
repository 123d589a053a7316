// The credit plans and the ledger as the seed builds them in memory: every ledger row moves its
// plan's balance in step, so the seeded balances add up as the app's own bookings would.
import { viennaDate } from '../domain/calendar';
import type { ContractType, CreditPlanCategory, CreditPlanRole, creditPlans, creditTransactions } from '../schema';
import { sid, type SeedClock } from './context';

export type SeedPlan = {
  n: number;
  companyId: string;
  contractId: string | null;
  role: CreditPlanRole;
  category: CreditPlanCategory;
  planType: ContractType;
  name: string;
  from: string;
  until: string | null;
  received: number;
  price: number;
  createdDaysAgo: number;
  invoice?: string;
};

export type LedgerType = 'RECEIVED' | 'USED' | 'EXPIRED' | 'REFUND';
export type EntryOptions = {
  description: string;
  daysAgo: number;
  datafileId?: string;
  chargeId?: string;
  reverses?: string;
};

/** The plans and ledger rows to insert, and the two ways to add to them. */
export type SeedBook = {
  plans: (typeof creditPlans.$inferInsert)[];
  ledger: (typeof creditTransactions.$inferInsert)[];
  /** Adds a plan (with its RECEIVED row unless pay-as-usage) and returns its id. */
  addPlan: (p: SeedPlan) => string;
  /** Appends a ledger row and keeps the plan's balance (and a pay-as-usage plan's usage) in step. */
  entry: (planId: string, companyId: string, type: LedgerType, amount: number, o: EntryOptions) => string;
};

export function createBook({ now, ago }: SeedClock): SeedBook {
  const ledger: (typeof creditTransactions.$inferInsert)[] = [];
  let txn = 0;
  const plans: (typeof creditPlans.$inferInsert)[] = [];
  const addPlan = (p: SeedPlan) => {
    plans.push({
      id: sid('9', p.n),
      companyId: p.companyId,
      contractId: p.contractId,
      role: p.role,
      category: p.category,
      planType: p.planType,
      name: p.name,
      validFrom: p.from,
      validUntil: p.until,
      received: p.category === 'PAY_AS_USAGE' ? 0 : p.received,
      balance: 0,
      pricePerCredit: p.price,
      paymentAmount: p.category === 'PAY_AS_USAGE' ? 0 : p.received * p.price,
      invoiceNumber: p.invoice ?? null,
      invoiceUrl: null,
      createdAt: ago(p.createdDaysAgo),
      createdBy: sid('b', 1),
    });
    if (p.category !== 'PAY_AS_USAGE')
      entry(sid('9', p.n), p.companyId, 'RECEIVED', p.received, {
        description: `Credits received: ${p.name}`,
        daysAgo: p.createdDaysAgo,
      });
    return sid('9', p.n);
  };
  function entry(planId: string, companyId: string, type: LedgerType, amount: number, o: EntryOptions) {
    const plan = plans.find((x) => x.id === planId)!;
    const delta = type === 'RECEIVED' || type === 'REFUND' ? amount : -amount;
    plan.balance = (plan.balance ?? 0) + delta;
    if (plan.category === 'PAY_AS_USAGE') plan.received = (plan.received ?? 0) - delta;
    const id = sid('7', ++txn);
    const at = new Date(now.getTime() - o.daysAgo * 86_400_000);
    ledger.push({
      id,
      companyId,
      creditPlanId: planId,
      type,
      amount,
      delta,
      chargeId: o.chargeId ?? null,
      datafileId: o.datafileId ?? null,
      reversedTransactionId: o.reverses ?? null,
      operationId: `seed-op-${txn}`,
      idempotencyKey: `seed:${txn}`,
      pricePerCredit: plan.pricePerCredit,
      description: o.description,
      occurredAt: at.toISOString(),
      occurredDate: viennaDate(at),
      actorId: sid('b', 1),
      reason: null,
    });
    return id;
  }
  return { plans, ledger, addPlan, entry };
}

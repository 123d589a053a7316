// Packages and contracts: for each organisation a chain of contracts (expired -> active -> upcoming,
// without gaps or overlaps) with their primary plans and pay-as-usage backups, and the secondary
// plans of the demo company and one other.
import { addDays, oneYearEnd } from '../domain/calendar';
import { packages, type contracts, type ContractType, type CreditPlanCategory } from '../schema';
import { sid, type SeedClock, type SeedInsert } from './context';
import type { SeedBook } from './ledger';
import { COMPANIES } from './organisations';

const PACKAGES = [
  { n: 1, name: 'Starter', type: 'STARTER', credits: 10_000, price: 12 },
  { n: 2, name: 'Professional', type: 'PROFESSIONAL', credits: 50_000, price: 10 },
  { n: 3, name: 'Enterprise', type: 'ENTERPRISE', credits: 200_000, price: 8 },
  { n: 4, name: 'Custom', type: 'CUSTOM', credits: 100_000, price: 9 },
  { n: 5, name: 'Test', type: 'TEST', credits: 1_000, price: 0 },
] as const;

const CREDITS: Record<ContractType, number> = {
  STARTER: 10_000,
  PROFESSIONAL: 50_000,
  ENTERPRISE: 200_000,
  CUSTOM: 100_000,
  TEST: 1_000,
};
const PRICE: Record<ContractType, number> = { STARTER: 12, PROFESSIONAL: 10, ENTERPRISE: 8, CUSTOM: 9, TEST: 0 };

export async function seedPackages(insert: SeedInsert): Promise<void> {
  await insert(
    packages,
    PACKAGES.map((p) => ({
      id: sid('a', p.n),
      name: p.name,
      duration: 365,
      numberOfCredits: p.credits,
      pricePerCredit: p.price,
      numberOfUsers: p.type === 'ENTERPRISE' ? 50 : 10,
      pricePerCreditMonth: p.price + 2,
      pricePerCreditYear: p.price,
      pricePerCreditOther: p.price + 1,
      packageType: p.type,
    })),
  );
}

/** The contract rows (inserted by the caller after the plans exist) and the demo company's secondary plans. */
export function buildContracts(
  { now, today, ago }: SeedClock,
  { addPlan }: SeedBook,
): { contractRows: (typeof contracts.$inferInsert)[]; secActive: string; secExpired: string } {
  // Contracts and their primary plans: expired -> active -> upcoming, without gaps or overlaps.
  const contractRows: (typeof contracts.$inferInsert)[] = [];
  let contractN = 0;
  let planN = 0;
  const durationEnd = (type: ContractType, start: string) =>
    type === 'TEST' ? addDays(start, 29) : type === 'CUSTOM' ? addDays(start, 179) : oneYearEnd(start);
  for (const c of COMPANIES) {
    if (!c.chain) continue;
    const companyId = sid('c', c.n);
    const activeType = c.chain.active;
    // Active contracts started 100 days ago (a TEST one 10 days ago, so it expires within 30 days).
    const activeStart = activeType === 'TEST' ? addDays(today, -10) : addDays(today, -100);
    const slots: { status: 'EXPIRED' | 'ACTIVE' | 'UPCOMING'; type: ContractType; start: string; end: string }[] = [];
    if (activeType)
      slots.push({
        status: 'ACTIVE',
        type: activeType,
        start: activeStart,
        end: durationEnd(activeType, activeStart),
      });
    if (c.chain.expired) {
      const end = activeType ? addDays(activeStart, -1) : addDays(today, -40);
      let start =
        c.chain.expired === 'TEST'
          ? addDays(end, -29)
          : c.chain.expired === 'CUSTOM'
            ? addDays(end, -179)
            : addDays(end, -364);
      if (durationEnd(c.chain.expired, start) !== end) start = addDays(end, -365);
      slots.unshift({
        status: 'EXPIRED',
        type: c.chain.expired,
        start,
        end: c.chain.expired === 'TEST' || c.chain.expired === 'CUSTOM' ? end : durationEnd(c.chain.expired, start),
      });
    }
    if (c.chain.upcoming && activeType) {
      const start = addDays(slots.find((s) => s.status === 'ACTIVE')!.end, 1);
      slots.push({ status: 'UPCOMING', type: c.chain.upcoming, start, end: durationEnd(c.chain.upcoming, start) });
    }
    for (const s of slots) {
      const contractId = sid('8', ++contractN);
      const category: CreditPlanCategory =
        s.type === 'CUSTOM' ? (s.status === 'ACTIVE' ? 'PAY_AS_USAGE' : 'EXPIRING') : 'EXPIRING';
      const createdDaysAgo = Math.max(
        1,
        Math.round((now.getTime() - Date.parse(`${s.start}T00:00:00Z`)) / 86_400_000) + 5,
      );
      const planId = addPlan({
        n: ++planN,
        companyId,
        contractId,
        role: 'PRIMARY',
        category,
        planType: s.type,
        name: `${s.type[0]}${s.type.slice(1).toLowerCase()} ${s.start.slice(0, 4)}`,
        from: s.start,
        until: s.end,
        received: CREDITS[s.type],
        price: PRICE[s.type],
        createdDaysAgo: s.status === 'UPCOMING' ? 3 : createdDaysAgo,
        invoice: s.type === 'TEST' ? undefined : `INV-${s.start.slice(0, 4)}-${String(contractN).padStart(4, '0')}`,
      });
      contractRows.push({
        id: contractId,
        companyId,
        type: s.type,
        name: `REF-${c.n}-${s.start.slice(0, 4)}-${contractN}`,
        startDate: s.start,
        endDate: s.end,
        autoRenew: s.type !== 'TEST' && s.type !== 'CUSTOM' && s.status !== 'EXPIRED',
        primaryCreditPlanId: planId,
        backupCreditPlanId: null,
        createdAt: ago(s.status === 'UPCOMING' ? 3 : createdDaysAgo),
        createdBy: sid('b', 1),
      });
      if (s.status === 'ACTIVE' && category !== 'PAY_AS_USAGE' && (c.n === 1 || c.n === 2 || c.n === 5)) {
        const backupId = addPlan({
          n: ++planN,
          companyId,
          contractId,
          role: 'BACKUP',
          category: 'PAY_AS_USAGE',
          planType: s.type,
          name: 'Pay as usage backup',
          from: s.start,
          until: s.end,
          received: 0,
          price: PRICE[s.type] + 3,
          createdDaysAgo: createdDaysAgo,
        });
        contractRows[contractRows.length - 1]!.backupCreditPlanId = backupId;
      }
    }
  }

  // Secondary plans of the demo company: active expiring, upcoming, expired (with its EXPIRED row), non-expiring.
  const demo = sid('c', 1);
  const secActive = addPlan({
    n: 50,
    companyId: demo,
    contractId: null,
    role: 'SECONDARY',
    category: 'EXPIRING',
    planType: 'ENTERPRISE',
    name: 'Top-up autumn',
    from: addDays(today, -30),
    until: addDays(today, 60),
    received: 5_000,
    price: 9,
    createdDaysAgo: 30,
    invoice: 'INV-TOPUP-0050',
  });
  addPlan({
    n: 51,
    companyId: demo,
    contractId: null,
    role: 'SECONDARY',
    category: 'EXPIRING',
    planType: 'ENTERPRISE',
    name: 'Top-up next quarter',
    from: addDays(today, 10),
    until: addDays(today, 100),
    received: 3_000,
    price: 9,
    createdDaysAgo: 2,
  });
  const secExpired = addPlan({
    n: 52,
    companyId: demo,
    contractId: null,
    role: 'SECONDARY',
    category: 'EXPIRING',
    planType: 'PROFESSIONAL',
    name: 'Top-up spring',
    from: addDays(today, -200),
    until: addDays(today, -120),
    received: 2_000,
    price: 10,
    createdDaysAgo: 200,
  });
  addPlan({
    n: 53,
    companyId: sid('c', 3),
    contractId: null,
    role: 'SECONDARY',
    category: 'NON_EXPIRING',
    planType: 'CUSTOM',
    name: 'Research grant credits',
    from: addDays(today, -60),
    until: null,
    received: 20_000,
    price: 7,
    createdDaysAgo: 60,
  });
  return { contractRows, secActive, secExpired };
}

import { addDays, oneYearEnd, viennaDate } from '../../../db/domain/calendar';

// The in-memory reference model of the ledger for the simulation.
// It is written independently of api/modules/credits: its own eligibility test, its own ordering
// (a sort key), its own greedy walk. If both implementations agree after every step, the rule
// is implemented as written, not as the service happens to do it.

/** mulberry32: small, fast, and the same sequence for the same seed on every machine (invariant 16). */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

export type MContract = {
  id: string;
  companyId: string;
  type: 'PROFESSIONAL' | 'CUSTOM';
  startDate: string;
  endDate: string;
  autoRenew: boolean;
  renewedFromId: string | null;
  primaryPlanId: string;
  backupPlanId: string | null;
  deactivated?: boolean;
  deleted?: boolean;
};
export type MPlan = {
  id: string;
  companyId: string;
  contractId: string | null;
  role: 'PRIMARY' | 'SECONDARY' | 'BACKUP';
  category: 'EXPIRING' | 'NON_EXPIRING' | 'PAY_AS_USAGE';
  validFrom: string;
  validUntil: string | null;
  balance: number;
  received: number;
  price: number;
  deactivated: boolean;
  createdAt: string;
  activated: boolean;
};
/** A ledger row as the model expects it (ids are the database's; compared by plan, type and amount). */
export type MRow = { planId: string; type: 'RECEIVED' | 'USED' | 'EXPIRED' | 'REFUND'; amount: number };
export type MUsed = { planId: string; amount: number; refunded: boolean; companyId: string };
export type MCharge = {
  key: string;
  companyId: string;
  datafileId: string;
  credits: number[];
  result: { credits: number; allocations: { creditPlanId: string; amount: number }[] };
};

export class LedgerModel {
  contracts = new Map<string, MContract>();
  plans = new Map<string, MPlan>();
  charges = new Map<string, MCharge>();
  /** USED rows by database id, filled in after each charge from what the database wrote. */
  used = new Map<string, MUsed>();
  /** Rows the current step is expected to append, in any order. */
  pending: MRow[] = [];
  rowCount = 0;
  now: Date;

  constructor(start: string) {
    this.now = new Date(start);
  }

  get today() {
    return viennaDate(this.now);
  }

  private append(row: MRow) {
    this.pending.push(row);
    this.rowCount++;
  }

  addPlan(p: Omit<MPlan, 'balance' | 'deactivated' | 'activated'>) {
    const plan: MPlan = {
      ...p,
      balance: 0,
      deactivated: false,
      activated: false,
      received: p.category === 'PAY_AS_USAGE' ? 0 : p.received,
    };
    this.plans.set(plan.id, plan);
    if (plan.category !== 'PAY_AS_USAGE') {
      plan.balance = plan.received;
      this.append({ planId: plan.id, type: 'RECEIVED', amount: plan.received });
    }
    return plan;
  }

  contractActive(c: MContract) {
    return !c.deactivated && !c.deleted && c.startDate <= this.today && this.today <= c.endDate;
  }

  /** The drawdown rule, restated: usable today, prepaid with credits; sort key (pay-as-usage, expiry, role, age, id). */
  eligible(companyId: string): MPlan[] {
    const t = this.today;
    const usable = [...this.plans.values()].filter((p) => {
      if (p.companyId !== companyId || p.deactivated || t < p.validFrom || (p.validUntil !== null && t > p.validUntil))
        return false;
      if (p.contractId !== null && !this.contractActive(this.contracts.get(p.contractId)!)) return false;
      return p.category === 'PAY_AS_USAGE' || p.balance > 0;
    });
    const key = (p: MPlan) =>
      [
        p.category === 'PAY_AS_USAGE' ? '1' : '0',
        p.validUntil ?? '9999-12-31',
        String(['PRIMARY', 'SECONDARY', 'BACKUP'].indexOf(p.role)),
        p.createdAt,
        p.id,
      ].join('|');
    return usable.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }

  /** Expected outcome of a new charge: allocations, or the shortfall. Applies it when `apply`. */
  charge(
    companyId: string,
    credits: number,
    apply: boolean,
  ): { allocations: { creditPlanId: string; amount: number }[] } | { shortfall: number } {
    let rest = credits;
    const allocations: { creditPlanId: string; amount: number }[] = [];
    for (const p of this.eligible(companyId)) {
      if (rest === 0) break;
      const take = p.category === 'PAY_AS_USAGE' ? rest : Math.min(p.balance, rest);
      allocations.push({ creditPlanId: p.id, amount: take });
      rest -= take;
    }
    if (rest > 0) return { shortfall: rest };
    if (apply) {
      for (const a of allocations) {
        const p = this.plans.get(a.creditPlanId)!;
        p.balance -= a.amount;
        if (p.category === 'PAY_AS_USAGE') p.received += a.amount;
        if (p.role === 'BACKUP') p.activated = true;
        this.append({ planId: p.id, type: 'USED', amount: a.amount });
      }
    }
    return { allocations };
  }

  refund(usedId: string) {
    const u = this.used.get(usedId)!;
    u.refunded = true;
    const p = this.plans.get(u.planId)!;
    this.append({ planId: p.id, type: 'REFUND', amount: u.amount });
    if (p.category === 'PAY_AS_USAGE') {
      p.balance += u.amount;
      p.received -= u.amount;
    } else if (p.validUntil !== null && this.today > p.validUntil) {
      // The refund lands on an expired plan and is expired at once.
      this.append({ planId: p.id, type: 'EXPIRED', amount: u.amount });
    } else p.balance += u.amount;
  }

  /** Renewals the job must make, in chain order: [old contract, expected start, expected end]. */
  renewalsDue(): { from: MContract; startDate: string; endDate: string }[] {
    const out: { from: MContract; startDate: string; endDate: string }[] = [];
    const all = [...this.contracts.values()];
    // A later contract blocks a renewal unless it was deactivated or deleted; the renewal itself always does.
    const live = (o: MContract) => !o.deactivated && !o.deleted;
    const ended = (c: MContract) =>
      live(c) &&
      c.autoRenew &&
      c.endDate < this.today &&
      !all.some(
        (o) => o.companyId === c.companyId && (o.renewedFromId === c.id || (live(o) && o.startDate > c.endDate)),
      );
    for (const c of all.filter(ended)) {
      let from = c;
      for (;;) {
        const startDate = addDays(from.endDate, 1);
        const endDate =
          from.type === 'PROFESSIONAL'
            ? oneYearEnd(startDate)
            : addDays(startDate, dayCount(from.startDate, from.endDate));
        out.push({ from, startDate, endDate });
        if (endDate >= this.today) break;
        from = { ...from, id: `${from.id}>`, startDate, endDate };
      }
    }
    return out;
  }

  /** Expiry as the job does it: every prepaid plan past validUntil hands its rest to one EXPIRED row. */
  expire() {
    for (const p of this.plans.values()) {
      if (p.category !== 'PAY_AS_USAGE' && p.validUntil !== null && p.validUntil < this.today && p.balance > 0) {
        this.append({ planId: p.id, type: 'EXPIRED', amount: p.balance });
        p.balance = 0;
      }
    }
  }
}

export const dayCount = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * Clock moves that matter for a Vienna calendar: small steps, the instants around Vienna midnight,
 * the DST switches (last Sundays of March and October, 01:00 UTC), quarter ends and 29 February.
 * Never backwards: a target in the past becomes a small step.
 */
export function nextInstant(r: Rng, now: Date): Date {
  const year = now.getUTCFullYear();
  const lastSunday = (y: number, month: number) => {
    const d = new Date(Date.UTC(y, month + 1, 0));
    d.setUTCDate(d.getUTCDate() - d.getUTCDay());
    return d;
  };
  const at = (d: Date, h: number, m: number) =>
    new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), h, m));
  const candidates: (() => Date)[] = [
    () => new Date(now.getTime() + r.int(1, 30) * 3_600_000),
    () => new Date(now.getTime() + r.int(1, 20) * 86_400_000),
    // Around the next Vienna midnight: 22:00 / 23:00 UTC depending on summer time, both sides.
    () => at(new Date(now.getTime() + 86_400_000), r.pick([21, 22, 23]), r.pick([30, 59])),
    () => at(lastSunday(year, r.pick([2, 9])), r.pick([0, 1, 2]), r.pick([0, 30, 59])),
    () => at(new Date(Date.UTC(year, r.pick([2, 5, 8, 11]), r.pick([30, 31]))), r.pick([21, 22, 23]), 30),
    () => at(new Date(Date.UTC(2028, 1, r.pick([28, 29]))), r.pick([22, 23]), 30),
  ];
  const target = r.pick(candidates)();
  // Keep the story moving at the pace of short contracts: far targets become a small step.
  const ahead = target.getTime() - now.getTime();
  return ahead > 0 && ahead < 100 * 86_400_000 ? target : new Date(now.getTime() + r.int(1, 12) * 3_600_000);
}

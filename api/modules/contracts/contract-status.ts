import { viennaDate } from '../../../db/calendar';

export type ContractStatus = 'UPCOMING' | 'ACTIVE' | 'EXPIRED' | 'DEACTIVE';
export type CreditPlanStatus = ContractStatus;

/**
 * Status comes from Vienna calendar dates (credits.md, "Calendar rules"): DEACTIVE when
 * deactivated; UPCOMING before the start; EXPIRED after the (inclusive) end; else ACTIVE.
 * `today` is a YYYY-MM-DD Vienna date (use todayIn(clock)).
 */
export function contractStatus(c: { startDate: string; endDate: string; deactivatedAt: string | null }, today: string): ContractStatus {
  if (c.deactivatedAt) return 'DEACTIVE';
  if (today < c.startDate) return 'UPCOMING';
  if (today > c.endDate) return 'EXPIRED';
  return 'ACTIVE';
}

/** The same rule for credit plans; a plan without validUntil never expires. */
export function creditPlanStatus(p: { validFrom: string; validUntil: string | null; deactivatedAt: string | null }, today: string): CreditPlanStatus {
  if (p.deactivatedAt) return 'DEACTIVE';
  if (today < p.validFrom) return 'UPCOMING';
  if (p.validUntil !== null && today > p.validUntil) return 'EXPIRED';
  return 'ACTIVE';
}

/** Today's Vienna calendar date from an injected clock. */
export const todayIn = (clock: { now: () => Date }) => viennaDate(clock.now());

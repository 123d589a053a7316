import { addDays, daysInclusive, oneYearEnd, type IsoDate } from './calendar';

// Contract rules both the server (authoritative) and the web forms (as you type) apply.

export const CONTRACT_TYPES = ['STARTER', 'PROFESSIONAL', 'ENTERPRISE', 'CUSTOM', 'TEST'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** Types whose length is fixed: one year minus one day. */
export const FIXED_LENGTH_TYPES: readonly ContractType[] = ['STARTER', 'PROFESSIONAL', 'ENTERPRISE'];
/** Types that never renew themselves (auto-renew forced off). */
export const NO_RENEW_TYPES: readonly ContractType[] = ['TEST', 'CUSTOM'];

export const isFixedLength = (type: ContractType) => FIXED_LENGTH_TYPES.includes(type);

/**
 * The end of a contract of `type` that ran from `startDate` to `endDate` when it starts at
 * `newStart` instead (an edited start, a renewal): fixed-length types end one year minus one day
 * later; the others keep their length in days.
 */
export function endKeepingLength(
  c: { type: ContractType; startDate: IsoDate; endDate: IsoDate },
  newStart: IsoDate,
): IsoDate {
  if (isFixedLength(c.type)) return oneYearEnd(newStart);
  return addDays(newStart, daysInclusive(c.startDate, c.endDate) - 1);
}

export type ContractStatus = 'UPCOMING' | 'ACTIVE' | 'EXPIRED' | 'DEACTIVE';
export type CreditPlanStatus = ContractStatus;

/**
 * Status comes from Vienna calendar dates, both ends inclusive: DEACTIVE when
 * deactivated; UPCOMING before the start; EXPIRED after the (inclusive) end; else ACTIVE.
 * `today` is a Vienna date (viennaDate()).
 */
export function contractStatus(
  c: { startDate: IsoDate; endDate: IsoDate; deactivatedAt: string | null },
  today: IsoDate,
): ContractStatus {
  if (c.deactivatedAt) return 'DEACTIVE';
  if (today < c.startDate) return 'UPCOMING';
  if (today > c.endDate) return 'EXPIRED';
  return 'ACTIVE';
}

/** The same rule for credit plans; a plan without validUntil never expires. */
export function creditPlanStatus(
  p: { validFrom: IsoDate; validUntil: IsoDate | null; deactivatedAt: string | null },
  today: IsoDate,
): CreditPlanStatus {
  if (p.deactivatedAt) return 'DEACTIVE';
  if (today < p.validFrom) return 'UPCOMING';
  if (p.validUntil !== null && today > p.validUntil) return 'EXPIRED';
  return 'ACTIVE';
}

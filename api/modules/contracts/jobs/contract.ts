// The contracts module's job contract: the credit calendar (renewals, expiry, invoices, alerts).
import { jobKind } from '../../../jobs';

export type CalendarJobResult = {
  renewedContracts: number;
  expiredPlans: number;
  expiredCredits: number;
  invoices: number;
  contractAlerts: number;
  lowBalanceAlerts: number;
};

/** 'calendar': what the Vienna calendar implies, idempotent, enqueued once per slot. */
export const CALENDAR_JOB = jobKind<Record<string, never>, CalendarJobResult>('calendar');

// The principals of the authorization matrix and what the cells share (table.ts, table-datafiles.ts).
import type { Principal, World, WorldOptions } from '../../../support/matrix-world';

export const ALL: Principal[] = [
  'ANON',
  'ADMIN_OTHER',
  'EMPLOYEE_OTHER',
  'EMPLOYEE_OWN',
  'ADMIN_OWN',
  'SUPER_ADMIN',
  'API_KEY',
];
export const LOGGED_IN: Principal[] = [
  'ADMIN_OTHER',
  'EMPLOYEE_OTHER',
  'EMPLOYEE_OWN',
  'ADMIN_OWN',
  'SUPER_ADMIN',
  'API_KEY',
];
export const OPERATOR: Principal[] = ['SUPER_ADMIN'];
/** Company A's admins (the owner's API key acts as the owner). */
export const ADMIN_OF_A: Principal[] = ['SUPER_ADMIN', 'ADMIN_OWN', 'API_KEY'];
export const MEMBER_OF_A: Principal[] = ['SUPER_ADMIN', 'ADMIN_OWN', 'EMPLOYEE_OWN', 'API_KEY'];
export const ANY_ADMIN: Principal[] = ['SUPER_ADMIN', 'ADMIN_OWN', 'ADMIN_OTHER', 'API_KEY'];

export type Cell = {
  query: string;
  vars: (
    w: World,
    p: Principal,
    encrypt: (s: string) => Promise<string>,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  allow: Principal[];
  /** Codes that still mean "the caller was let in" (e.g. a made-up token for a public call). */
  acceptCodes?: string[];
  world?: WorldOptions;
};

export const contractInput = (w: World, start: string, end: string) => ({
  companyId: w.A,
  contract: { contractType: 'STARTER', startDate: start, endDate: end, autoRenew: true },
  creditPlan: { creditPlanCategory: 'EXPIRING', creditAmount: 1000, pricePerCredit: 10, paymentAmount: 10_000 },
});

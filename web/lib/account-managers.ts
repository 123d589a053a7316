/**
 * The fixed list of account managers operators can assign. Mirrors
 * api/modules/companies/account-managers.ts (decisions.md: one configured file); keep both equal.
 */
export const ACCOUNT_MANAGERS = ['Anna Berger', 'Markus Gruber', 'Sophie Wagner'] as const;

/** Support levels (spec section 9). */
export const SUPPORT_LEVELS = ['A', 'B', 'C'] as const;
export type SupportLevel = (typeof SUPPORT_LEVELS)[number];

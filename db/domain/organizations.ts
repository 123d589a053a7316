// Organisation settings operators choose from, one list for the server's check and the web's menus.

/**
 * The account managers operators can assign (the spec's business-info step names a fixed list
 * without showing it; decisions.md: one configured file, three names in the seed).
 */
export const ACCOUNT_MANAGERS = ['Anna Berger', 'Markus Gruber', 'Sophie Wagner'] as const;

/** Support levels (spec section 9). */
export const SUPPORT_LEVELS = ['A', 'B', 'C'] as const;
export type SupportLevel = (typeof SUPPORT_LEVELS)[number];

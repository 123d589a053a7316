// Organisation settings operators choose from, one list for the server's check and the web's menus.

/**
 * The account managers operators can assign (the business-info step offers a fixed list whose
 * names were never given, so the names are this one list, which the seed uses too).
 */
export const ACCOUNT_MANAGERS = ['Anna Berger', 'Markus Gruber', 'Sophie Wagner'] as const;

/** Support levels an organisation can be given, highest first. */
export const SUPPORT_LEVELS = ['A', 'B', 'C'] as const;
export type SupportLevel = (typeof SUPPORT_LEVELS)[number];

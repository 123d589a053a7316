/**
 * The account managers operators can assign (the spec's business-info step names a fixed list
 * without showing it; decisions.md: one configured file, three names in the seed).
 */
export const ACCOUNT_MANAGERS = ['Anna Berger', 'Markus Gruber', 'Sophie Wagner'] as const;

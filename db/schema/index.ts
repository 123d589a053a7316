// The one barrel drizzle needs (schema for relational queries and drizzle-kit).
export * from './certificates';
export * from './cleaning-audit';
export * from './companies';
export * from './credits';
export * from './datafiles';
export * from './datafile-uploads';
export * from './datafile-score-stats';
export * from './jobs';
export * from './messaging';
export * from './monitoring';
export * from './open-ended';
export * from './reports';
export * from './users';
export * from './live';
export * from './signed-urls';
export * from './duplicates';

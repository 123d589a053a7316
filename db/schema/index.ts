// The one barrel drizzle needs (schema for relational queries and drizzle-kit).
export * from './certificates';
export * from './companies';
export * from './credits';
export * from './datafiles';
export * from './datafile-uploads';
export * from './jobs';
export * from './messaging';
export * from './monitoring';
export * from './open-ended';
export * from './users';
export * from './live';

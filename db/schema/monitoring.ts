import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Requests and refusals of the live endpoints per endpoint and minute (the monitoring page's
 * "live endpoints" panel). Each process counts in memory and adds its counts here every few
 * seconds (api/modules/monitoring/endpoint-hits.ts), so the rows hold the sum over all processes.
 */
export const endpointHits = sqliteTable(
  'endpoint_hits',
  {
    /** The route's name as the caller gave it, e.g. `live.records` (never a per-datafile value). */
    endpoint: text('endpoint').notNull(),
    /** The UTC minute, 'YYYY-MM-DDTHH:MM' (the first 16 characters of an ISO instant). */
    minute: text('minute').notNull(),
    /** Every call, refused ones included. */
    requests: integer('requests').notNull().default(0),
    /** Calls answered with a refusal (authentication, validation, limits). */
    refusals: integer('refusals').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.endpoint, t.minute] }), index('endpoint_hits_minute_idx').on(t.minute)],
);

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

/**
 * Refused calls of the live endpoints per endpoint, minute and reason (the catalogue's reason, else
 * its code): what the refused traffic was, summed over every process like endpoint_hits.
 */
export const endpointRefusals = sqliteTable(
  'endpoint_refusals',
  {
    endpoint: text('endpoint').notNull(),
    minute: text('minute').notNull(),
    reason: text('reason').notNull(),
    refusals: integer('refusals').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.endpoint, t.minute, t.reason] }),
    index('endpoint_refusals_minute_idx').on(t.minute),
  ],
);

/**
 * The latest refused calls, a few per process and flush, the newest few hundred kept: when, which
 * reason, which datafile id was asked for and with which key kind, and the client address only as
 * its network (/24, /48) and a short keyed hash, never the address itself.
 */
export const endpointRefusalSamples = sqliteTable(
  'endpoint_refusal_samples',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: text('at').notNull(),
    endpoint: text('endpoint').notNull(),
    reason: text('reason').notNull(),
    datafileId: text('datafile_id'),
    keyKind: text('key_kind'),
    source: text('source'),
    origin: text('origin'),
  },
  (t) => [index('endpoint_refusal_samples_at_idx').on(t.at)],
);

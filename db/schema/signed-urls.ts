import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { instant } from './columns';

/**
 * Signed PUT URLs already used (api/modules/files/files.routes.ts). A signed PUT works once: the
 * first request that passes the signature takes the URL's row in one insert, so of two concurrent
 * PUTs with one URL exactly one writes, and a URL cannot replace a file after it was checked. Rows
 * are kept until the URL would have expired anyway, then removed.
 */
export const signedPutUses = sqliteTable(
  'signed_put_uses',
  {
    /** The URL's signature (an HMAC over kind, key and expiry): one row per URL. */
    signature: text('signature').primaryKey(),
    key: text('key').notNull(),
    usedAt: instant('used_at').notNull(),
    /** The URL's own expiry; a row past it can go (an expired URL is refused anyway). */
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('signed_put_uses_expires_idx').on(t.expiresAt)],
);

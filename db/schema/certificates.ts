import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { instant } from './columns';
import { datafiles } from './datafiles';
import { users } from './users';

/**
 * Signed cleaning certificates: the code names one statement, kept exactly as signed (canonical
 * JSON) with its Ed25519 signature and the public key that made it, so a certificate stays
 * verifiable after the server's key is replaced.
 */
export const certificates = sqliteTable(
  'certificates',
  {
    /** Canonical code without separators: 12 Crockford base32 symbols and a check symbol. */
    code: text('code').primaryKey(),
    datafileId: text('datafile_id')
      .notNull()
      .references(() => datafiles.id),
    revision: integer('revision').notNull(),
    /** The signed bytes: canonical JSON (RFC 8785) of the statement, UTF-8. */
    statement: text('statement').notNull(),
    /** Ed25519 signature over `statement`, base64. */
    signature: text('signature').notNull(),
    /** First 16 hex digits of SHA-256 over the public key (SPKI DER). */
    keyId: text('key_id').notNull(),
    publicKeyPem: text('public_key_pem').notNull(),
    level: integer('level').notNull(),
    issuedAt: instant('issued_at').notNull(),
    issuedBy: text('issued_by').references(() => users.id),
  },
  (t) => [index('certificates_datafile_idx').on(t.datafileId, t.issuedAt)],
);

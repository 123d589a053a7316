import { sql } from 'drizzle-orm';
import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { datafiles } from './datafiles';
import { instant } from './columns';

/** What identifies a respondent across interviews: the device fingerprint or the panel's respondent ID. */
export const IDENTITY_KINDS = ['DEVICE', 'PANEL'] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

/**
 * Who one interview came from, for the duplicate, velocity and per-source checks: one row per
 * interview that carried a fingerprint, a panel ID or a sample source. The fingerprint and the
 * panel ID are never kept: only an HMAC keyed per organisation (the app secret and the
 * organisation's id derive the key), so the same device gives different hashes in two organisations
 * and a hash cannot be reversed by trying values. The rows go with the datafile: the checks skip a
 * deleted datafile at once, the retention job removes its rows with its interview data.
 */
export const respondentIdentities = sqliteTable(
  'respondent_identities',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    datafileId: text('datafile_id')
      .notNull()
      .references(() => datafiles.id),
    recordId: text('record_id').notNull(),
    /** HMAC-SHA-256 (32 hex characters) of the device fingerprint under the organisation's key. */
    deviceHash: text('device_hash'),
    /** HMAC-SHA-256 (32 hex characters) of the panel's respondent ID under the organisation's key. */
    panelHash: text('panel_hash'),
    /** The sample source (supplier) the interview came through, as sent or uploaded; null when not given. */
    source: text('source'),
    /** When the interview arrived (live) or the datafile was uploaded. */
    seenAt: instant('seen_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.datafileId, t.recordId] }),
    // The matches: one organisation's interviews with this hash, by time within the window.
    index('respondent_identities_device_idx').on(t.companyId, t.deviceHash, t.seenAt),
    index('respondent_identities_panel_idx').on(t.companyId, t.panelHash, t.seenAt),
    // A datafile's interviews that carry each kind: the check walks only those (an upload without
    // panel IDs costs the panel pass nothing).
    index('respondent_identities_file_device_idx')
      .on(t.datafileId, t.deviceHash)
      .where(sql.raw('device_hash is not null')),
    index('respondent_identities_file_panel_idx')
      .on(t.datafileId, t.panelHash)
      .where(sql.raw('panel_hash is not null')),
  ],
);

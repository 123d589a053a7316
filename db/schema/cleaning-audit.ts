import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id, instant } from './columns';
import { datafiles } from './datafiles';
import { users } from './users';

export const CLEANING_AUDIT_ACTIONS = ['SAVE', 'MANUAL_EXCLUDE', 'MANUAL_KEEP', 'MANUAL_CLEAR'] as const;
export type CleaningAuditAction = (typeof CLEANING_AUDIT_ACTIONS)[number];

/**
 * The worksheet's audit trail: every saved cleaning and every manual decision, with who, when and
 * why. Append-only; a manual decision is logged when the cleaning that carries it is saved (that is
 * when it takes effect), one row per record id whose decision changed.
 */
export const cleaningAudit = sqliteTable(
  'cleaning_audit',
  {
    id: id(),
    datafileId: text('datafile_id')
      .notNull()
      .references(() => datafiles.id),
    revision: integer('revision').notNull(),
    action: text('action', { enum: CLEANING_AUDIT_ACTIONS }).notNull(),
    /** The interview a manual decision is about (null for SAVE). */
    recordId: text('record_id'),
    /** Why, as the user wrote it (optional). */
    reason: text('reason'),
    /** SAVE: kept and removed counts, method, certificate code and level, as JSON. */
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>(),
    userId: text('user_id').references(() => users.id),
    at: instant('at').notNull(),
  },
  (t) => [index('cleaning_audit_datafile_idx').on(t.datafileId, t.at)],
);

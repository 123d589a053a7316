import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { instant } from './columns';
import { datafiles } from './datafiles';
import { users } from './users';

/**
 * Report settings of a datafile: what the public quality report at /datafile-report?datafileId=
 * shows and whether strangers may open it. One row per datafile, created on the first save. The
 * password is stored only as an Argon2id hash, like user passwords.
 */
export const datafileReports = sqliteTable('datafile_reports', {
  datafileId: text('datafile_id')
    .primaryKey()
    .references(() => datafiles.id),
  clientName: text('client_name'),
  /** Path of the uploaded logo (`/files/avatars/reports/<datafileId>/...`), served publicly like avatars. */
  clientLogo: text('client_logo'),
  showScoreDetails: integer('show_score_details', { mode: 'boolean' }).notNull().default(true),
  shortFormat: integer('short_format', { mode: 'boolean' }).notNull().default(false),
  passwordProtected: integer('password_protected', { mode: 'boolean' }).notNull().default(false),
  passwordHash: text('password_hash'),
  /** The link works for strangers only while published. */
  isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(false),
  updatedAt: instant('updated_at').notNull(),
  updatedBy: text('updated_by').references(() => users.id),
});

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { createdAt, id, instant } from './columns';
import type { NotificationParams } from '../domain/notification-events';
import { LOCALES, users } from './users';

export const NOTIFICATION_TYPES = [
  'UPLOAD_FINISHED',
  'UPLOAD_ERROR',
  'UPDATE_FINISHED',
  'UPDATE_ERROR',
  'GENERIC',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notifications = sqliteTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    companyId: text('company_id').references(() => companies.id),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('GENERIC'),
    /**
     * What happened (db/domain/notification-events.ts), rendered with `params` in the reader's
     * language when read. Null on rows from before events and on texts a user or operator typed:
     * those show `title` and `description` as stored.
     */
    event: text('event'),
    params: text('params', { mode: 'json' }).$type<NotificationParams>(),
    /** The text in the recipient's language when written: what a row without an event shows. */
    title: text('title').notNull(),
    description: text('description').notNull(),
    url: text('url'),
    readAt: instant('read_at'),
    /** Makes notifications raised by jobs idempotent (e.g. low-balance:{planId}:{userId}). */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.readAt, t.createdAt)],
);

export const MAIL_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;

/** Every mail is written here first, rendered in the recipient's locale; SMTP delivery updates the row. */
export const outboxMails = sqliteTable(
  'outbox_mails',
  {
    id: id(),
    to: text('to').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    /** Sealed with the app secret when the mail carries a secret link (mail.templates.ts); emptied once sent. */
    text: text('text').notNull(),
    html: text('html').notNull(),
    sealed: integer('sealed', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Makes mails raised by jobs idempotent. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [index('outbox_mails_status_idx').on(t.status, t.createdAt)],
);

import { text } from 'drizzle-orm/sqlite-core';

/** Primary key: random UUID text (the seed passes fixed ids so demo data is deterministic). */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** An instant as ISO-8601 UTC text, e.g. 2026-11-21T09:00:00.000Z. */
export const instant = (name: string) => text(name);

/** A calendar date in Europe/Vienna as YYYY-MM-DD text (contract and plan validity, end inclusive). */
export const calendarDate = (name: string) => text(name);

export const createdAt = () =>
  instant('created_at')
    .notNull()
    .$defaultFn(() => new Date().toISOString());

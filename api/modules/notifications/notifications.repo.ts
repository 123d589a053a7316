import { and, desc, eq, isNull, like } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { notifications } from '../../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export async function listForUser(db: DbOrTx, userId: string, onlyUnread: boolean, limit = 100) {
  const where = onlyUnread
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  return db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function insertNotification(db: DbOrTx, row: typeof notifications.$inferInsert) {
  const rows = await db.insert(notifications).values(row).onConflictDoNothing().returning();
  return rows[0];
}

/** Marks one of the user's notifications read; false when it is not theirs (or unknown). */
export async function markRead(db: DbOrTx, userId: string, id: string, nowIso: string): Promise<boolean> {
  const row = await db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .get();
  if (!row) return false;
  if (!row.readAt) await db.update(notifications).set({ readAt: nowIso }).where(eq(notifications.id, id));
  return true;
}

/** True when an alert whose dedupe key starts with `prefix` was raised already (for anyone). */
export async function alertRaised(db: DbOrTx, prefix: string): Promise<boolean> {
  return (
    (await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(like(notifications.dedupeKey, `${prefix.replace(/[\\%_]/g, '')}%`))
      .limit(1)
      .get()) !== undefined
  );
}

import { and, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { attemptCounters } from '../../../db/schema';

/**
 * Counts one attempt in one statement (SQLite runs it atomically, whichever process sends it): a
 * window older than `windowStart` starts again at 1; strikes are forgiven once the last lock ended
 * before `forgiveBefore`. A key locked past `now` is left alone: undefined, nothing counted.
 */
export async function countAttempt(
  db: DbOrTx,
  input: { key: string; now: string; windowStart: string; forgiveBefore: string },
): Promise<{ count: number; strikes: number; windowStartedAt: string } | undefined> {
  const t = attemptCounters;
  const stale = sql`${t.windowStartedAt} <= ${input.windowStart}`;
  const rows = await db
    .insert(t)
    .values({ key: input.key, count: 1, windowStartedAt: input.now, lockedUntil: null, strikes: 0 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`CASE WHEN ${stale} THEN 1 ELSE ${t.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${stale} THEN ${input.now} ELSE ${t.windowStartedAt} END`,
        strikes: sql`CASE WHEN ${t.lockedUntil} <= ${input.forgiveBefore} THEN 0 ELSE ${t.strikes} END`,
      },
      setWhere: or(isNull(t.lockedUntil), sql`${t.lockedUntil} <= ${input.now}`),
    })
    .returning({ count: t.count, strikes: t.strikes, windowStartedAt: t.windowStartedAt });
  return rows[0];
}

/**
 * Locks the key until `until` and starts a new window, once: a second caller that went over the
 * limit at the same moment finds the lock in place and changes nothing.
 */
export async function lockKey(db: DbOrTx, key: string, now: string, until: string): Promise<void> {
  const t = attemptCounters;
  await db
    .update(t)
    .set({ lockedUntil: until, strikes: sql`${t.strikes} + 1`, count: 0, windowStartedAt: now })
    .where(and(eq(t.key, key), or(isNull(t.lockedUntil), sql`${t.lockedUntil} <= ${now}`)));
}

/** Gives an attempt back (it succeeded), if its window still counts. */
export async function uncountAttempt(db: DbOrTx, key: string, windowStartedAt: string): Promise<void> {
  const t = attemptCounters;
  await db
    .update(t)
    .set({ count: sql`max(${t.count} - 1, 0)` })
    .where(and(eq(t.key, key), eq(t.windowStartedAt, windowStartedAt)));
}

export async function lockedUntilOf(db: DbOrTx, key: string): Promise<string | null> {
  const row = await db
    .select({ lockedUntil: attemptCounters.lockedUntil })
    .from(attemptCounters)
    .where(eq(attemptCounters.key, key))
    .get();
  return row?.lockedUntil ?? null;
}

/** Counters that no longer matter: window over, lock over and forgiven. Returns how many went. */
export async function deleteStaleCounters(db: DbOrTx, before: string): Promise<number> {
  const t = attemptCounters;
  const rows = await db
    .delete(t)
    .where(and(lt(t.windowStartedAt, before), or(isNull(t.lockedUntil), lt(t.lockedUntil, before))))
    .returning({ key: t.key });
  return rows.length;
}

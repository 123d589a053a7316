import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eventStreamLeases } from '../../../db/schema';

/**
 * Takes a stream lease for `userId` unless `max` of theirs are still live, in one statement (SQLite
 * runs it atomically, whichever process sends it). Expired leases go first. Returns the
 * lease's id, or undefined at the cap.
 */
export async function takeStreamLease(
  db: Db,
  input: { id: string; userId: string; now: string; expiresAt: string; max: number },
): Promise<string | undefined> {
  const t = eventStreamLeases;
  // Expired leases (of processes that died) of anyone go first: the table holds open streams only, so no job prunes it.
  await db.delete(t).where(lte(t.expiresAt, input.now));
  const rows = await db.all<{ id: string }>(sql`
    INSERT INTO ${t} (id, user_id, expires_at)
    SELECT ${input.id}, ${input.userId}, ${input.expiresAt}
    WHERE (SELECT count(*) FROM ${t} WHERE user_id = ${input.userId} AND expires_at > ${input.now}) < ${input.max}
    RETURNING id`);
  return rows[0]?.id;
}

export async function renewStreamLease(db: Db, id: string, expiresAt: string): Promise<void> {
  await db.update(eventStreamLeases).set({ expiresAt }).where(eq(eventStreamLeases.id, id));
}

export async function dropStreamLease(db: Db, id: string): Promise<void> {
  await db.delete(eventStreamLeases).where(eq(eventStreamLeases.id, id));
}

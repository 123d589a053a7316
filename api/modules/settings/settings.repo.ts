import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { appSettings } from '../../../db/schema';

export async function readSetting<T>(db: DbOrTx, key: string): Promise<{ value: T; updatedAt: string } | undefined> {
  const row = await db.select().from(appSettings).where(eq(appSettings.key, key)).get();
  return row ? { value: row.value as T, updatedAt: row.updatedAt } : undefined;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown, now: Date): Promise<void> {
  const updatedAt = now.toISOString();
  await db
    .insert(appSettings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt } });
}

/** Inserts the value only when the key is absent and returns whatever is stored (first writer wins across processes). */
export async function readOrCreateSetting<T>(
  db: DbOrTx,
  key: string,
  create: () => Promise<T> | T,
  now: Date,
): Promise<T> {
  const existing = await readSetting<T>(db, key);
  if (existing) return existing.value;
  const value = await create();
  await db.insert(appSettings).values({ key, value, updatedAt: now.toISOString() }).onConflictDoNothing();
  const stored = await readSetting<T>(db, key);
  return stored!.value;
}

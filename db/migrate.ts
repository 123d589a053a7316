import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from './client';

/** Resolved from this file, not the working directory, so any command can migrate. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** The newest migration this build carries (drizzle's journal: its tag and creation instant in ms). */
let latest: { tag: string; when: number } | undefined;
export function latestMigration(): { tag: string; when: number } {
  // Read once: /readyz asks on every poll, and the build's migrations do not change while it runs.
  latest ??= (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    }
  ).entries.reduce((a, b) => (b.when > a.when ? b : a));
  return latest;
}

/**
 * Whether the database holds every migration of this build: drizzle records each applied one with
 * its creation instant and applies those newer than the last recorded, so the last recorded must
 * be at least this build's newest. A newer database (a later build migrated it) counts as applied.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const row = await db.get<{ last: number | null }>(sql`select max(created_at) as last from __drizzle_migrations`);
  return Number(row?.last ?? 0) >= latestMigration().when;
}

if (import.meta.main) {
  const { createDb } = await import('./client');
  const { resolveDatabaseUrl } = await import('./url');
  const url = resolveDatabaseUrl();
  const handle = await createDb(url, process.env.DATABASE_AUTH_TOKEN);
  await migrateDb(handle.db);
  console.log(`Migrated ${url}`);
  handle.close();
}

import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from './client';

/** Resolved from this file, not the working directory, so any command can migrate. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
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

import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';

export type Db = LibSQLDatabase<typeof schema>;
/** A database handle or an open transaction: repos take this as their first argument. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type DbHandle = { db: Db; client: Client; close: () => void };

/**
 * Opens the libSQL database. File databases get WAL, foreign keys and a busy timeout, so readers
 * never block the writer and concurrent writers wait instead of failing with SQLITE_BUSY.
 */
export async function createDb(url: string, authToken?: string): Promise<DbHandle> {
  const client = createClient(authToken ? { url, authToken } : { url });
  if (url.startsWith('file:')) {
    await client.execute('PRAGMA journal_mode=WAL');
    await client.execute('PRAGMA busy_timeout=10000');
    await client.execute('PRAGMA synchronous=NORMAL');
  }
  await client.execute('PRAGMA foreign_keys=ON');
  const db = drizzle(client, { schema });
  return { db, client, close: () => client.close() };
}

import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';

export type Db = LibSQLDatabase<typeof schema>;
/** A database handle or an open transaction: repos take this as their first argument. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type DbHandle = { db: Db; client: Client; close: () => void };

/** How long a writer waits for SQLite's write lock before SQLITE_BUSY (milliseconds). */
export const BUSY_TIMEOUT_MS = 10_000;

/**
 * Opens the libSQL database. File databases get WAL (readers never block the writer) and a busy
 * timeout. The client keeps a pool of connections (a transaction holds its own), so the timeout
 * goes in the client config, which applies it to every connection it opens; a PRAGMA would reach
 * only the first one, and a second BEGIN IMMEDIATE would fail at once with SQLITE_BUSY.
 */
export async function createDb(url: string, authToken?: string): Promise<DbHandle> {
  const client = createClient({ url, timeout: BUSY_TIMEOUT_MS, ...(authToken ? { authToken } : {}) });
  if (url.startsWith('file:')) {
    await client.execute('PRAGMA journal_mode=WAL');
    await client.execute('PRAGMA synchronous=NORMAL');
  }
  await client.execute('PRAGMA foreign_keys=ON');
  const db = drizzle(client, { schema });
  return { db, client, close: () => client.close() };
}

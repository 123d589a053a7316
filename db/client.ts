import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';
import { withWriteLock, writeLockFor } from './write-lock';

export type Db = LibSQLDatabase<typeof schema>;
/** A database handle or an open transaction: repos take this as their first argument. */
/** An open transaction handle. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DbHandle = { db: Db; client: Client; close: () => void };

/** How long a writer waits for SQLite's write lock before SQLITE_BUSY (milliseconds). */
export const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens the libSQL database. File databases get WAL (readers never block the writer), writes
 * serialised in-process by an async lock (db/write-lock.ts), and a busy timeout for writers of
 * other processes. The timeout goes in the client config, which applies it to every pooled
 * connection (a transaction holds its own); a PRAGMA would reach only the first one.
 */
export async function createDb(url: string, authToken?: string): Promise<DbHandle> {
  const raw = createClient({ url, timeout: BUSY_TIMEOUT_MS, ...(authToken ? { authToken } : {}) });
  // Remote libSQL servers take concurrent transactions themselves; local files need the lock.
  const client = url.startsWith('file:') ? withWriteLock(raw, writeLockFor(url)) : raw;
  if (url.startsWith('file:')) {
    await client.execute('PRAGMA journal_mode=WAL');
    await client.execute('PRAGMA synchronous=NORMAL');
  }
  await client.execute('PRAGMA foreign_keys=ON');
  const db = drizzle(client, { schema });
  return { db, client, close: () => client.close() };
}

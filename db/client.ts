import { createClient, type Client } from '@libsql/client';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { createTableRelationsHelpers, extractTablesRelationalConfig } from 'drizzle-orm';
import { drizzle, LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';
import { SyncConnection } from './sync-connection';
import { SyncSession, type SyncStore } from './sync-session';
import { withWriteLock, writeLockFor } from './write-lock';

export type Db = LibSQLDatabase<typeof schema>;
/** An open transaction handle. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repos take this as their first argument. */
export type DbOrTx = Db | Tx;

/**
 * How the handle reaches the database. `libsql`: a database file through the synchronous `libsql`
 * package (the default for file: URLs, ~10x cheaper per statement). `client`: @libsql/client, the
 * default for libsql://, http(s):// and ws(s):// servers (and in-memory databases); it can be
 * forced for a file, which the tests and benchmarks use to run the server path against a file.
 */
export type DbDriver = 'libsql' | 'client';

/** `client` is set only for the `client` driver. */
export type DbHandle = { db: Db; driver: DbDriver; client: Client | undefined; close: () => void };

const dataVersions = new WeakMap<object, () => number>();

/**
 * For a database file's handle: a number that stays the same while nothing was committed to the file
 * (by any connection of any process), so a row read at one number is still the row at the same
 * number. It counts as a read (the read hook runs first). Undefined for a server's handle and for a
 * transaction (its own writes are not committed yet).
 */
export const dataVersionOf = (db: DbOrTx): (() => number) | undefined => dataVersions.get(db);

/** How long a writer waits for another process's write lock before SQLITE_BUSY (milliseconds). */
export const BUSY_TIMEOUT_MS = 5_000;

/** The file path of a plain `file:` URL; undefined for servers, in-memory databases and URLs with options (those go to @libsql/client). */
export function databaseFilePath(url: string): string | undefined {
  if (!url.startsWith('file:') || url.includes('?')) return undefined;
  let path = decodeURIComponent(url.slice('file:'.length));
  // file:///abs and file://localhost/abs name the same file as file:/abs.
  if (path.startsWith('//')) path = path.replace(/^\/\/(localhost)?/, '');
  if (path === '' || path === ':memory:') return undefined;
  return path;
}

/** The driver a URL gets unless one is asked for: the libsql driver for a plain database file, @libsql/client for anything else. */
export function defaultDriver(url: string): DbDriver {
  return databaseFilePath(url) !== undefined ? 'libsql' : 'client';
}

export async function createDb(
  url: string,
  authToken?: string,
  options: { driver?: DbDriver; wrapClient?: (client: Client) => Client; beforeRead?: () => void } = {},
): Promise<DbHandle> {
  const path = databaseFilePath(url);
  const driver = options.driver ?? defaultDriver(url);
  if (driver === 'libsql') {
    if (path === undefined)
      throw new Error(`The libsql driver opens database files only (file:/path/to/app.db), not ${url}`);
    return openFile(path, options.beforeRead);
  }
  return openClient(url, authToken, options.wrapClient);
}

/**
 * A database file: one writer and one reader connection (db/sync-session.ts), WAL so the reader
 * never waits for the writer, synchronous=NORMAL (durable at checkpoints, never corrupt).
 */
function openFile(path: string, beforeRead: (() => void) | undefined): DbHandle {
  const writer = new SyncConnection(path, [
    `PRAGMA busy_timeout=${BUSY_TIMEOUT_MS}`,
    'PRAGMA journal_mode=WAL',
    'PRAGMA synchronous=NORMAL',
    'PRAGMA foreign_keys=ON',
    // From here on a busy writer is retried asynchronously (sync-session.ts): a synchronous wait
    // would stop every other request of this process while another process writes.
    'PRAGMA busy_timeout=0',
  ]);
  let reader: SyncConnection;
  try {
    reader = new SyncConnection(path, [`PRAGMA busy_timeout=${BUSY_TIMEOUT_MS}`, 'PRAGMA foreign_keys=ON']);
  } catch (error) {
    writer.close();
    throw error;
  }
  // One lock per file and process, shared by every handle of the file (several handles' writers would otherwise meet SQLite's lock).
  const store: SyncStore = { reader, writer, lock: writeLockFor(path), busyWaitMs: BUSY_TIMEOUT_MS, beforeRead };
  const dialect = new SQLiteAsyncDialect();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  const session = new SyncSession<typeof schema, typeof tables.tables>(store, dialect, relational);
  const db = new LibSQLDatabase('async', dialect, session as never, relational as never) as Db;
  // The reader's own number: the writer's commits are another connection's, so they change it too.
  dataVersions.set(db, () => {
    beforeRead?.();
    return reader.dataVersion();
  });
  return {
    db,
    driver: 'libsql',
    client: undefined,
    close: () => {
      reader.close();
      writer.close();
    },
  };
}

/**
 * @libsql/client. Remote servers take concurrent transactions themselves; a local file opened this
 * way still needs its writes serialised in-process (db/write-lock.ts). The busy timeout goes in the
 * client config, which applies it to every pooled connection; a PRAGMA would reach only one.
 */
async function openClient(
  url: string,
  authToken: string | undefined,
  wrap: ((client: Client) => Client) | undefined,
): Promise<DbHandle> {
  const created = createClient({ url, timeout: BUSY_TIMEOUT_MS, ...(authToken ? { authToken } : {}) });
  // A wrapper sees every call the app makes on the client (bench:db counts round trips with it).
  const raw = wrap ? wrap(created) : created;
  const local = url.startsWith('file:');
  const client = local ? withWriteLock(raw, writeLockFor(databaseFilePath(url) ?? url)) : raw;
  if (local) {
    await client.execute('PRAGMA journal_mode=WAL');
    await client.execute('PRAGMA synchronous=NORMAL');
  }
  await client.execute('PRAGMA foreign_keys=ON');
  const db = drizzle(client, { schema });
  return { db, driver: 'client', client, close: () => client.close() };
}

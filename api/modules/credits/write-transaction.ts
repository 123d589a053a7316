import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

// Every ledger write runs in one short BEGIN IMMEDIATE transaction (drizzle's libSQL session
// uses the client's default "write" mode). Two things make that safe under load:
//  1. Writers of one process queue here instead of racing for SQLite's single write lock. The
//     client's connection pool opens extra connections without the busy_timeout set by createDb,
//     so a second BEGIN IMMEDIATE would otherwise fail at once with SQLITE_BUSY; and a connection
//     that has the timeout would block the whole thread while it waits.
//  2. Writers of other processes (or other clients on the same file) can still hold the lock:
//     SQLITE_BUSY is retried with backoff. The whole callback is re-run, which is safe because
//     it re-reads everything it decides on and a failed transaction left nothing behind.

const MAX_WAIT_MS = 20_000;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// The queue is per database FILE, not per handle: two clients of one file in one process would
// otherwise deadlock the event loop (libSQL's BEGIN waits synchronously in busy_timeout while the
// lock holder is a promise on the same thread that can no longer run).
const queues = new Map<string, Promise<void>>();
const fileKeys = new WeakMap<object, Promise<string>>();
let anonymous = 0;
function queueKeyOf(db: Db): Promise<string> {
  let key = fileKeys.get(db);
  if (!key) {
    key = db.all<{ name: string; file: string }>(sql`PRAGMA database_list`).then((rows) => rows.find((r) => r.name === 'main')?.file || `memory#${++anonymous}`);
    fileKeys.set(db, key);
  }
  return key;
}

/** True for SQLite's "database is locked" family, however drizzle wrapped it. */
export function isBusyError(error: unknown): boolean {
  for (let e: any = error; e; e = e.cause) {
    const code = String(e.code ?? '');
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || /database is locked|SQLITE_BUSY/.test(String(e.message ?? ''))) return true;
  }
  return false;
}

// Which queue keys the current async call chain holds: waiting on one's own queue would hang forever.
const held = new AsyncLocalStorage<ReadonlySet<string>>();

/**
 * Runs `fn` in a write transaction on `db`, queued per database file and retried on SQLITE_BUSY.
 * Inside `fn` use only `tx`; calling a service that opens its own transaction on the same file
 * (chargeDatafile, refundTransaction) throws instead of deadlocking: pass `tx` to a `tx`-taking
 * function such as grantPlanCredits.
 */
export async function inWriteTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const key = await queueKeyOf(db);
  const holding = held.getStore();
  if (holding?.has(key)) throw new Error('inWriteTransaction called inside a write transaction on the same database: pass the open tx instead');
  const previous = queues.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  queues.set(key, tail);
  await previous;
  try {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return await held.run(new Set([...(holding ?? []), key]), () => db.transaction(fn));
      } catch (error) {
        if (!isBusyError(error) || Date.now() - started > MAX_WAIT_MS) throw error;
        await new Promise((r) => setTimeout(r, Math.min(100, 2 ** attempt) + Math.random() * 5));
      }
    }
  } finally {
    release();
    if (queues.get(key) === tail) queues.delete(key);
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

export type { Tx };

/** How long a transaction keeps retrying while another process holds the write lock. */
const MAX_WAIT_MS = 20_000;

/** True for SQLite's "database is locked" family, however drizzle wrapped it. */
export function isBusyError(error: unknown): boolean {
  for (let e: any = error; e; e = e.cause) {
    const code = String(e.code ?? '');
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || /database is locked|SQLITE_BUSY/.test(String(e.message ?? ''))) return true;
  }
  return false;
}

// The handles whose transaction the current async call chain holds.
const held = new AsyncLocalStorage<ReadonlySet<Db>>();

/**
 * Runs `fn` outside any write transaction of the current call chain: for work that merely starts
 * there and runs later on its own (a timer, a listener), which would otherwise inherit the
 * transaction's context and be refused its own writeTransaction.
 */
export function outsideTransactions<T>(fn: () => T): T {
  return held.exit(fn);
}

/**
 * Runs `fn` in a write transaction (BEGIN IMMEDIATE). Within the process, writers already queue
 * on the file's write lock (db/write-lock.ts); what remains is another process holding SQLite's
 * lock: SQLITE_BUSY re-runs the whole callback with backoff, which is safe because it re-reads
 * what it decides on and a failed transaction left nothing behind. Opening a second transaction
 * from inside `fn` would wait for itself: it throws at once instead (pass `tx` down).
 */
export async function writeTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const holding = held.getStore();
  if (holding?.has(db)) throw new Error('writeTransaction called inside a write transaction on the same database: pass the open tx instead');
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await held.run(new Set([...(holding ?? []), db]), () => db.transaction(fn));
    } catch (error) {
      if (!isBusyError(error) || Date.now() - started > MAX_WAIT_MS) throw error;
      await new Promise((r) => setTimeout(r, Math.min(100, 2 ** attempt) + Math.random() * 5));
    }
  }
}

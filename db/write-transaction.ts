import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

export type { Tx };

/** How long a transaction keeps retrying while another process holds the write lock. */
const MAX_WAIT_MS = 20_000;

/** True for SQLite's "database is locked" family, however drizzle wrapped it. */
export function isBusyError(error: unknown): boolean {
  for (let e: any = error; e; e = e.cause) {
    const code = String(e.code ?? '');
    if (
      code.startsWith('SQLITE_BUSY') ||
      code.startsWith('SQLITE_LOCKED') ||
      /database is locked|SQLITE_BUSY/.test(String(e.message ?? ''))
    )
      return true;
  }
  return false;
}

// The handles whose transaction the current async call chain holds, and what to run once the
// innermost one committed.
type Held = { dbs: ReadonlySet<Db>; afterCommit: (() => void)[] };
const held = new AsyncLocalStorage<Held>();

/**
 * Runs `fn` once the write transaction of the current call chain has committed (at once, outside
 * any transaction, when there is none): e.g. waking job runners for a job enqueued in it, which
 * could not see the job before the commit. Dropped if the transaction rolls back.
 */
export function afterCommit(fn: () => void): void {
  const store = held.getStore();
  if (store) store.afterCommit.push(fn);
  else fn();
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
  if (holding?.dbs.has(db))
    throw new Error(
      'writeTransaction called inside a write transaction on the same database: pass the open tx instead',
    );
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const store: Held = { dbs: new Set([...(holding?.dbs ?? []), db]), afterCommit: [] };
    try {
      const result = await held.run(store, () => db.transaction(fn));
      held.exit(() => {
        for (const callback of store.afterCommit) callback();
      });
      return result;
    } catch (error) {
      if (!isBusyError(error) || Date.now() - started > MAX_WAIT_MS) throw error;
      await new Promise((r) => setTimeout(r, Math.min(100, 2 ** attempt) + Math.random() * 5));
    }
  }
}

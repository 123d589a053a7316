import type { Client, InStatement, Transaction } from '@libsql/client';

/**
 * Local libSQL connections are synchronous: a statement that meets SQLite's write lock either fails
 * at once with SQLITE_BUSY or, with a busy timeout, blocks the whole event loop — including the
 * transaction that holds the lock, which then can never finish. So within one process every write
 * (a transaction from BEGIN to COMMIT, or a single writing statement) takes this async lock first;
 * reads never wait (WAL). The libsql driver (db/sync-session.ts) takes it around its writer
 * connection; withWriteLock below does the same for @libsql/client when it opens a file.
 */
export class WriteLock {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  async acquire(timeoutMs = 30_000): Promise<() => void> {
    const previous = this.#tail;
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.#tail = previous.then(() => mine);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = await Promise.race([
      previous.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (!waited) {
      // Keep the queue intact: our slot releases as soon as the earlier holder does.
      void previous.then(release);
      throw new Error(
        `Waited ${timeoutMs} ms for the database write lock: is a write using the database handle inside an open transaction?`,
      );
    }
    let done = false;
    return () => {
      if (!done) {
        done = true;
        release();
      }
    };
  }
}

const READ_ONLY = /^\s*(select|with\s[\s\S]*?\bselect\b(?![\s\S]*\b(insert|update|delete)\b)|explain)\b/i;

function isRead(stmt: InStatement): boolean {
  const text = typeof stmt === 'string' ? stmt : stmt.sql;
  return READ_ONLY.test(text);
}

// One lock per database file, so two clients of one file in one process share it too (their
// waits would otherwise block each other's event loop as above).
const locks = new Map<string, WriteLock>();
export function writeLockFor(file: string): WriteLock {
  let lock = locks.get(file);
  if (!lock) locks.set(file, (lock = new WriteLock()));
  return lock;
}

/** @libsql/client on a file (DbDriver 'client'): the client with writes serialised through `lock` (see WriteLock). The busy timeout is left for other processes. */
export function withWriteLock(client: Client, lock: WriteLock): Client {
  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    const release = await lock.acquire();
    try {
      return await run();
    } finally {
      release();
    }
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      switch (prop) {
        case 'execute':
          return (stmt: InStatement, ...rest: unknown[]) =>
            isRead(stmt)
              ? (target.execute as Function).call(target, stmt, ...rest)
              : guarded(() => (target.execute as Function).call(target, stmt, ...rest));
        case 'batch':
        case 'migrate':
        case 'executeMultiple':
          return (...args: unknown[]) => guarded(() => (target[prop] as Function).apply(target, args));
        case 'transaction':
          return async (...args: unknown[]) => {
            const release = await lock.acquire();
            let tx: Transaction;
            try {
              tx = await (target.transaction as Function).apply(target, args);
            } catch (error) {
              release();
              throw error;
            }
            // The lock is held until the transaction settles, however it ends.
            const commit = tx.commit.bind(tx);
            const rollback = tx.rollback.bind(tx);
            const close = tx.close.bind(tx);
            const settle = (end: () => Promise<void> | void) => async () => {
              try {
                await end();
              } finally {
                release();
              }
            };
            return Object.assign(tx, {
              commit: settle(commit),
              rollback: settle(rollback),
              close: () => {
                try {
                  close();
                } finally {
                  release();
                }
              },
            });
          };
        default: {
          const value = Reflect.get(target, prop, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        }
      }
    },
  });
}

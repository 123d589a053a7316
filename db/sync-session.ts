import type { ResultSet } from '@libsql/client';
import {
  DrizzleQueryError,
  entityKind,
  fillPlaceholders,
  type Query,
  type RelationalSchemaConfig,
  type TablesRelationalConfig,
} from 'drizzle-orm';
import { LibSQLTransaction } from 'drizzle-orm/libsql';
import {
  SQLitePreparedQuery,
  SQLiteSession,
  type SelectedFieldsOrdered,
  type SQLiteAsyncDialect,
  type SQLiteExecuteMethod,
  type SQLiteTransactionConfig,
} from 'drizzle-orm/sqlite-core';
import { mapRow } from './map-row';
import { isBusy, objectRow, resultSet, libsqlRow, type SyncConnection } from './sync-connection';
import type { WriteLock } from './write-lock';

/**
 * A drizzle session over two synchronous libsql connections to one file, keeping drizzle's libSQL
 * database class (so `Db`, `Tx` and every repository stay as they are, and remote servers keep
 * using @libsql/client through drizzle's own session).
 *
 * This codebase's transactions are async callbacks that await between statements, while the
 * connections are synchronous. So:
 * - the WRITER connection is used only by whoever holds the file's in-process write lock: a
 *   transaction (BEGIN IMMEDIATE ... COMMIT around the awaited callback) or one writing statement;
 * - everything else reads on the READER connection, which in WAL mode sees only committed data,
 *   never the open transaction of another request.
 * Another process holding SQLite's write lock answers SQLITE_BUSY at once (busy_timeout 0 on the
 * writer): BEGIN and single writes wait for it asynchronously instead of stalling the event loop.
 */

/** Shared by a database handle and its transactions. */
export type SyncStore = {
  reader: SyncConnection;
  writer: SyncConnection;
  lock: WriteLock;
  /** How long BEGIN or a single write keeps retrying while another process writes (ms). */
  busyWaitMs: number;
  /** Called before each read outside a transaction; what it throws is the read's error (the app stops a request's reads past its time budget). */
  beforeRead?: () => void;
};

type Metadata = { type: 'select' | 'update' | 'delete' | 'insert'; tables: string[] } | undefined;
type TxState = { open: boolean };
type Mapper = (rows: unknown[][], mapColumnValue?: (value: unknown) => unknown) => unknown;

// Raw SQL (db.run/all/get with sql``) carries no metadata: only plain reads may skip the write lock.
const READ_ONLY = /^\s*(select|with\s[\s\S]*?\bselect\b(?![\s\S]*\b(insert|update|delete|replace)\b)|explain)\b/i;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `step` on the writer, retrying with backoff while another process holds SQLite's write lock. */
async function whileBusy<T>(store: SyncStore, step: () => T): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return step();
    } catch (error) {
      if (!isBusy(error) || Date.now() - started > store.busyWaitMs) throw error;
      await sleep(Math.min(20, 2 ** attempt) * (0.5 + Math.random()));
    }
  }
}

/** Holds the write lock around one writer step (a single statement outside a transaction, a batch). */
async function underLock<T>(store: SyncStore, step: () => T): Promise<T> {
  const release = await store.lock.acquire();
  try {
    return await whileBusy(store, step);
  } finally {
    release();
  }
}

export class SyncPreparedQuery extends SQLitePreparedQuery<{
  type: 'async';
  run: ResultSet;
  all: unknown;
  get: unknown;
  values: unknown;
  execute: unknown;
}> {
  static override readonly [entityKind]: string = 'SyncLibsqlPreparedQuery';
  /** Set by drizzle's select builder after preparing (which joined tables may come back all NULL). */
  declare joinsNotNullableMap: Record<string, boolean> | undefined;
  readonly #write: boolean;

  constructor(
    readonly store: SyncStore,
    query: Query,
    readonly tx: TxState | undefined,
    private readonly fields: SelectedFieldsOrdered | undefined,
    private readonly method: SQLiteExecuteMethod,
    private readonly customResultMapper: Mapper | undefined,
    private readonly metadata: Metadata,
  ) {
    super('async', method, query, undefined, metadata, undefined);
    this.#write = metadata ? metadata.type !== 'select' : !READ_ONLY.test(query.sql);
  }

  /** The same prepared statement for another transaction (or none): no SQL is built again. */
  boundTo(tx: TxState | undefined): SyncPreparedQuery {
    if (tx === this.tx) return this;
    const copy = new SyncPreparedQuery(
      this.store,
      this.query,
      tx,
      this.fields,
      this.method,
      this.customResultMapper,
      this.metadata,
    );
    copy.joinsNotNullableMap = this.joinsNotNullableMap;
    return copy;
  }

  /** Runs one step on the right connection: the writer inside a transaction, the reader for reads, the writer under the lock for a write. */
  #on<T>(step: (c: SyncConnection) => T, params: unknown[]): T | Promise<T> {
    const { store, tx } = this;
    if (!tx && !this.#write) store.beforeRead?.();
    try {
      if (tx) {
        // A statement still pending when its transaction ended would run outside it, unlocked.
        if (!tx.open) throw new Error('The transaction has ended: a statement of it was started without being awaited');
        return step(store.writer);
      }
      if (!this.#write) return step(store.reader);
    } catch (error) {
      throw new DrizzleQueryError(this.query.sql, params, error as Error);
    }
    return underLock(store, () => step(store.writer)).catch((error: unknown) => {
      throw new DrizzleQueryError(this.query.sql, params, error as Error);
    });
  }

  #params(placeholderValues: Record<string, unknown> | undefined): unknown[] {
    return fillPlaceholders(this.query.params, placeholderValues ?? {});
  }

  async run(placeholderValues?: Record<string, unknown>): Promise<ResultSet> {
    const params = this.#params(placeholderValues);
    return this.#on((c) => c.execute(this.query.sql, params), params);
  }

  async all(placeholderValues?: Record<string, unknown>): Promise<unknown> {
    const params = this.#params(placeholderValues);
    const sql = this.query.sql;
    if (!this.fields && !this.customResultMapper) {
      return this.#on((c) => {
        const columns = c.columns(sql);
        return c.values(sql, params).map((v) => objectRow(v, columns));
      }, params);
    }
    return this.mapAllResult(await this.#on((c) => c.values(sql, params), params));
  }

  async get(placeholderValues?: Record<string, unknown>): Promise<unknown> {
    const params = this.#params(placeholderValues);
    const sql = this.query.sql;
    if (!this.fields && !this.customResultMapper) {
      return this.#on((c) => {
        const row = c.firstValues(sql, params);
        return row && objectRow(row, c.columns(sql));
      }, params);
    }
    if (this.customResultMapper) return this.mapGetResult(await this.#on((c) => c.values(sql, params), params));
    const row = await this.#on((c) => c.firstValues(sql, params), params);
    return row === undefined ? undefined : mapRow(this.fields!, row, this.joinsNotNullableMap);
  }

  async values(placeholderValues?: Record<string, unknown>): Promise<unknown> {
    const params = this.#params(placeholderValues);
    return this.#on((c) => c.values(this.query.sql, params), params);
  }

  /** Rows are arrays here; from a batch they arrive as the batch's result set (see SyncSession.batch). */
  override mapAllResult(result: unknown, isFromBatch?: boolean): unknown {
    const rows = (isFromBatch ? (result as BatchResult).values : result) as unknown[][];
    if (this.customResultMapper) return this.customResultMapper(rows, (v) => v);
    if (!this.fields) return isFromBatch ? rows.map((v) => objectRow(v, (result as BatchResult).columns)) : rows;
    return rows.map((row) => mapRow(this.fields!, row, this.joinsNotNullableMap));
  }

  override mapGetResult(result: unknown, isFromBatch?: boolean): unknown {
    const rows = (isFromBatch ? (result as BatchResult).values : result) as unknown[][];
    const row = rows[0];
    if (this.customResultMapper) return this.customResultMapper(rows, (v) => v);
    if (row === undefined) return undefined;
    if (!this.fields) return isFromBatch ? objectRow(row, (result as BatchResult).columns) : row;
    return mapRow(this.fields, row, this.joinsNotNullableMap);
  }

  override mapRunResult(result: unknown, isFromBatch?: boolean): unknown {
    return isFromBatch ? (result as BatchResult).resultSet : result;
  }
}

/** One statement's outcome inside a batch, in every shape a batch item may ask for. */
type BatchResult = { columns: string[]; values: unknown[][]; resultSet: ResultSet };

function executeForBatch(c: SyncConnection, query: Query): BatchResult {
  const params = fillPlaceholders(query.params, {});
  const columns = c.columns(query.sql);
  if (columns.length === 0) return { columns, values: [], resultSet: c.execute(query.sql, params) };
  const values = c.values(query.sql, params);
  return {
    columns,
    values,
    resultSet: resultSet(
      columns,
      values.map((v) => libsqlRow(v, columns)),
      0,
      undefined,
    ),
  };
}

type BatchItem = { _prepare(): { getQuery(): Query; mapResult(result: unknown, isFromBatch?: boolean): unknown } };

export class SyncSession<
  TFullSchema extends Record<string, unknown>,
  TSchema extends TablesRelationalConfig,
> extends SQLiteSession<'async', ResultSet, TFullSchema, TSchema> {
  static override readonly [entityKind]: string = 'SyncLibsqlSession';
  declare readonly dialect: SQLiteAsyncDialect;

  constructor(
    readonly store: SyncStore,
    dialect: SQLiteAsyncDialect,
    private readonly schema: RelationalSchemaConfig<TSchema> | undefined,
    readonly tx: TxState | undefined = undefined,
  ) {
    super(dialect);
  }

  prepareQuery(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    executeMethod: SQLiteExecuteMethod,
    _isResponseInArrayMode: boolean,
    customResultMapper?: Mapper,
    queryMetadata?: Metadata,
  ) {
    return new SyncPreparedQuery(
      this.store,
      query,
      this.tx,
      fields,
      executeMethod,
      customResultMapper,
      queryMetadata,
    ) as never;
  }

  /**
   * BEGIN IMMEDIATE ... COMMIT on the writer, holding the file's write lock for the whole callback:
   * the lock keeps other requests of this process off the writer, IMMEDIATE keeps other processes
   * out from the first statement (so what the callback reads cannot change before it writes).
   */
  async transaction<T>(
    transaction: (tx: LibSQLTransaction<TFullSchema, TSchema>) => T | Promise<T>,
    config?: SQLiteTransactionConfig,
  ): Promise<T> {
    if (this.tx) throw new Error('A transaction inside a transaction: use tx.transaction() (a savepoint) instead');
    const { store } = this;
    const release = await store.lock.acquire();
    try {
      await whileBusy(store, () =>
        store.writer.exec(config?.behavior === 'exclusive' ? 'BEGIN EXCLUSIVE' : 'BEGIN IMMEDIATE'),
      );
      const state: TxState = { open: true };
      const session = new SyncSession<TFullSchema, TSchema>(store, this.dialect, this.schema, state);
      const tx = new LibSQLTransaction<TFullSchema, TSchema>('async', this.dialect, session, this.schema);
      let result: T;
      try {
        result = await transaction(tx);
        state.open = false;
        store.writer.exec('COMMIT');
      } catch (error) {
        state.open = false;
        store.writer.rollbackQuietly();
        throw error;
      }
      return result;
    } finally {
      release();
    }
  }

  /** All items in one write transaction, run synchronously under the lock (drizzle's `db.batch`). */
  async batch(queries: readonly BatchItem[]): Promise<unknown[]> {
    const { store } = this;
    const run = (c: SyncConnection) => {
      c.exec('BEGIN IMMEDIATE');
      try {
        const results = queries.map((q) => {
          const prepared = q._prepare();
          return prepared.mapResult(executeForBatch(c, prepared.getQuery()), true);
        });
        c.exec('COMMIT');
        return results;
      } catch (error) {
        c.rollbackQuietly();
        throw error;
      }
    };
    if (this.tx) throw new Error('db.batch() inside a transaction: run the statements on tx instead');
    return underLock(store, () => run(store.writer));
  }

  /** drizzle's migrator: every pending migration in one transaction with foreign keys off, as @libsql/client does it. */
  async migrate(queries: readonly BatchItem[]): Promise<void> {
    const { store } = this;
    await underLock(store, () => {
      const w = store.writer;
      w.exec('PRAGMA foreign_keys=OFF');
      try {
        w.exec('BEGIN IMMEDIATE');
        try {
          for (const q of queries) {
            const { sql, params } = q._prepare().getQuery();
            w.executeOnce(sql, [...params]);
          }
          w.exec('COMMIT');
        } catch (error) {
          w.rollbackQuietly();
          throw error;
        }
      } finally {
        w.exec('PRAGMA foreign_keys=ON');
      }
    });
  }

  extractRawAllValueFromBatchResult(result: unknown): unknown {
    const r = result as BatchResult;
    return r.values.map((v) => objectRow(v, r.columns));
  }

  extractRawGetValueFromBatchResult(result: unknown): unknown {
    const r = result as BatchResult;
    return r.values[0] && objectRow(r.values[0], r.columns);
  }

  extractRawValuesValueFromBatchResult(result: unknown): unknown {
    return (result as BatchResult).values;
  }

  extractRawRunValueFromBatchResult(result: unknown): unknown {
    return (result as BatchResult).resultSet;
  }
}

import Database from 'libsql';
import { LibsqlError, type ResultSet, type Row } from '@libsql/client';

/**
 * One synchronous connection to a database file through `libsql` (the better-sqlite3 API of
 * libSQL). Measured on this machine a statement through it costs 4-6 µs where @libsql/client's
 * `execute` costs about 40 µs: that client prepares every statement anew, asks for 64-bit integers
 * and converts them back, and builds each row with Object.defineProperty. Here statements are
 * prepared once per SQL text and reused, rows come back as plain arrays, and values are converted
 * only where SQLite and @libsql/client disagree, so drizzle sees what @libsql/client would give it.
 */

type Connection = InstanceType<typeof Database>;
type Statement = ReturnType<Connection['prepare']>;
type Entry = { stmt: Statement; reader: boolean; columns: string[] | undefined };

/** Prepared statements kept per connection. Queries whose SQL embeds literals add entries; the oldest go first. */
const STATEMENT_CACHE_SIZE = 500;
const MAX_CACHED_SQL_LENGTH = 20_000;

export type RunInfo = { rowsAffected: number; lastInsertRowid: bigint };

export class SyncConnection {
  readonly #db: Connection;
  readonly #cache = new Map<string, Entry>();

  constructor(path: string, pragmas: readonly string[]) {
    try {
      this.#db = new Database(path);
      for (const p of pragmas) this.#db.exec(p);
    } catch (error) {
      throw toLibsqlError(error);
    }
  }

  get inTransaction(): boolean {
    return this.#db.open && this.#db.inTransaction;
  }

  #entry(sql: string): Entry {
    let entry = this.#cache.get(sql);
    if (entry === undefined) {
      const stmt = this.#db.prepare(sql);
      const reader = stmt.reader;
      // Every statement stays in raw mode: rows as arrays, the cheapest shape, which drizzle maps by position.
      if (reader) stmt.raw(true);
      entry = { stmt, reader, columns: undefined };
      // A very long statement is a one-off (a bulk insert with its values inline): not worth keeping.
      if (sql.length <= MAX_CACHED_SQL_LENGTH) {
        this.#cache.set(sql, entry);
        if (this.#cache.size > STATEMENT_CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value!);
      }
    }
    return entry;
  }

  /** Rows as arrays of column values, in select order. */
  values(sql: string, params: unknown[]): unknown[][] {
    try {
      const entry = this.#entry(sql);
      if (!entry.reader) {
        entry.stmt.run(bind(params));
        return [];
      }
      return entry.stmt.all(bind(params)) as unknown[][];
    } catch (error) {
      throw toLibsqlError(error);
    }
  }

  /** The first row as an array, or undefined. */
  firstValues(sql: string, params: unknown[]): unknown[] | undefined {
    try {
      const entry = this.#entry(sql);
      if (!entry.reader) {
        entry.stmt.run(bind(params));
        return undefined;
      }
      return (entry.stmt.get(bind(params)) as unknown[] | undefined) ?? undefined;
    } catch (error) {
      throw toLibsqlError(error);
    }
  }

  /**
   * SQLite's `PRAGMA data_version`: the same number while no other connection (of this process or
   * another) committed to the file since this connection's last look, a different one after.
   */
  dataVersion(): number {
    return this.firstValues('PRAGMA data_version', [])![0] as number;
  }

  /** Column names of a statement that returns rows. */
  columns(sql: string): string[] {
    try {
      const entry = this.#entry(sql);
      return (entry.columns ??= entry.reader ? entry.stmt.columns().map((c: { name: string }) => c.name) : []);
    } catch (error) {
      throw toLibsqlError(error);
    }
  }

  /** Executes a statement; rows of a statement that returns some (RETURNING, PRAGMA, SELECT) come back too, as @libsql/client's `execute` gives them. */
  execute(sql: string, params: unknown[]): ResultSet {
    try {
      const entry = this.#entry(sql);
      if (entry.reader) {
        const columns = this.columns(sql);
        const rows = (entry.stmt.all(bind(params)) as unknown[][]).map((values) => libsqlRow(values, columns));
        // @libsql/client reports no row count for statements that return rows.
        return resultSet(columns, rows, 0, undefined);
      }
      const info = entry.stmt.run(bind(params));
      const result = resultSet([], [], info.changes, undefined);
      // Rarely read: made a bigint (as @libsql/client reports it) only when asked for.
      return Object.defineProperty(result, 'lastInsertRowid', {
        get: () => BigInt(info.lastInsertRowid),
        enumerable: true,
      });
    } catch (error) {
      throw toLibsqlError(error);
    }
  }

  /** Runs SQL text once without keeping a prepared statement (BEGIN, COMMIT, PRAGMA, migrations). */
  exec(sql: string): void {
    try {
      this.#db.exec(sql);
    } catch (error) {
      throw toLibsqlError(error);
    }
  }

  /** Prepares and runs one statement without caching it (migrations: each runs once). */
  executeOnce(sql: string, params: unknown[]): void {
    try {
      const stmt = this.#db.prepare(sql);
      if (stmt.reader) stmt.raw(true).all(bind(params));
      else stmt.run(bind(params));
    } catch (error) {
      throw toLibsqlError(error);
    }
  }

  /** Ends an open transaction; safe when SQLite already rolled it back itself. */
  rollbackQuietly(): void {
    try {
      if (this.inTransaction) this.#db.exec('ROLLBACK');
    } catch {
      // The statement that failed left the connection without a transaction: nothing to undo.
    }
  }

  close(): void {
    this.#cache.clear();
    if (this.#db.open) this.#db.close();
  }
}

/**
 * Parameters as @libsql/client would bind them. The native binding cannot take booleans (it aborts
 * the process) and would turn undefined silently into NULL, so both are handled here first.
 */
function bind(params: unknown[]): unknown[] {
  for (let i = 0; i < params.length; i++) {
    const v = params[i];
    switch (typeof v) {
      case 'string':
      case 'bigint':
        break;
      case 'number':
        if (!Number.isFinite(v))
          throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
        break;
      case 'boolean':
        params[i] = v ? 1 : 0;
        break;
      case 'undefined':
        throw new TypeError('undefined cannot be passed as argument to the database');
      case 'object':
        if (v instanceof Date) params[i] = v.valueOf();
        else if (v instanceof ArrayBuffer) params[i] = Buffer.from(v);
        break;
      default:
        throw new TypeError(`a ${typeof v} cannot be passed as argument to the database`);
    }
  }
  return params;
}

/** A row shaped like @libsql/client's: values by index and by column name (the first column of a name wins). */
export function libsqlRow(values: unknown[], columns: string[]): Row {
  const row: Record<string | number, unknown> = {};
  Object.defineProperty(row, 'length', { value: values.length });
  for (let i = 0; i < values.length; i++) {
    Object.defineProperty(row, i, { value: values[i] });
    const name = columns[i]!;
    if (!Object.hasOwn(row, name))
      Object.defineProperty(row, name, { value: values[i], enumerable: true, configurable: true, writable: true });
  }
  return row as Row;
}

/** A row as a plain object by column name (the first column of a name wins, as with @libsql/client). */
export function objectRow(values: unknown[], columns: string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < values.length; i++) if (!(columns[i]! in row)) row[columns[i]!] = values[i];
  return row;
}

export function resultSet(
  columns: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes: columns.map(() => ''),
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON(this: ResultSet) {
      return {
        columns,
        columnTypes: this.columnTypes,
        rows: rows.map((r) => Array.from(r)),
        rowsAffected,
        lastInsertRowid: this.lastInsertRowid?.toString() ?? null,
      };
    },
  };
}

const SQLITE_CODES = [
  'SQLITE_OK',
  'SQLITE_ERROR',
  'SQLITE_INTERNAL',
  'SQLITE_PERM',
  'SQLITE_ABORT',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_NOMEM',
  'SQLITE_READONLY',
  'SQLITE_INTERRUPT',
  'SQLITE_IOERR',
  'SQLITE_CORRUPT',
  'SQLITE_NOTFOUND',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_PROTOCOL',
  'SQLITE_EMPTY',
  'SQLITE_SCHEMA',
  'SQLITE_TOOBIG',
  'SQLITE_CONSTRAINT',
  'SQLITE_MISMATCH',
  'SQLITE_MISUSE',
  'SQLITE_NOLFS',
  'SQLITE_AUTH',
  'SQLITE_FORMAT',
  'SQLITE_RANGE',
  'SQLITE_NOTADB',
  'SQLITE_NOTICE',
  'SQLITE_WARNING',
];

/** SQLite errors in @libsql/client's shape (code: the base code, extendedCode, rawCode), so callers see one kind whichever driver ran. */
export function toLibsqlError(error: unknown): unknown {
  if (error instanceof Database.SqliteError) {
    const raw = (error as { rawCode?: number }).rawCode;
    const code = raw === undefined ? 'SQLITE_UNKNOWN' : (SQLITE_CODES[raw & 0xff] ?? `SQLITE_UNKNOWN_${raw & 0xff}`);
    return new LibsqlError(error.message, code, (error as { code?: string }).code, raw, error);
  }
  return error;
}

export function isBusy(error: unknown): boolean {
  return error instanceof LibsqlError && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED');
}

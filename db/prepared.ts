import { fillPlaceholders, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { Transaction } from '@libsql/client';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from './client';
import { SyncPreparedQuery, SyncSession } from './sync-session';

/**
 * A query built once and reused: `prepared((db) => db.select()...where(eq(col, sql.placeholder('x'))).prepare())`
 * gives a function from a handle or transaction to the prepared query, run with `.get({ x })`,
 * `.all(...)` or `.run(...)`. drizzle spends far more on building a statement's SQL than SQLite
 * spends running it (the session lookup: ~120 µs to build, ~6 µs to run), so the hot queries are
 * built once per database handle. On a database file the statement is built once per handle and
 * bound to each transaction as it is used; with @libsql/client (servers) it is built once per client
 * and a copy is bound to each transaction (drizzle alone would build it again in every transaction).
 */
export function prepared<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<object, T>();
  return (db) => {
    const session = (db as unknown as { session: unknown }).session;
    if (session instanceof SyncSession) {
      let query = built.get(session.store) as unknown as SyncPreparedQuery | undefined;
      if (query === undefined)
        built.set(session.store, (query = build(db) as unknown as SyncPreparedQuery) as unknown as T);
      return query.boundTo(session.tx) as T;
    }
    // @libsql/client: built once per client, then bound to each transaction by a copy that differs
    // only in its `tx` (drizzle's LibSQLPreparedQuery runs on `tx` when set, else on the client).
    const libsql = session as { client?: object; tx?: unknown };
    const key = libsql.client ?? db;
    let query = built.get(key) as (T & { tx?: unknown }) | undefined;
    if (query === undefined) built.set(key, (query = build(db) as T & { tx?: unknown }));
    if (query.tx === libsql.tx) return query;
    return Object.assign(Object.create(Object.getPrototypeOf(query) as object) as object, query, {
      tx: libsql.tx,
    }) as T;
  };
}

/** One read of a prepared query (from `prepared()`), its placeholder values and whether one row or all. */
export type Read<R> = { query: object; values: Record<string, unknown>; mode: 'get' | 'all'; run: () => Promise<R> };
type Prepared = {
  query: { sql: string; params: unknown[] };
  mapGetResult(result: unknown, fromBatch: true): unknown;
  mapAllResult(result: unknown, fromBatch: true): unknown;
};

export const readOne = <R>(
  query: { get(values: Record<string, unknown>): Promise<R> },
  values: Record<string, unknown>,
): Read<R> => ({
  query,
  values,
  mode: 'get',
  run: () => query.get(values),
});
export const readAll = <R>(
  query: { all(values: Record<string, unknown>): Promise<R> },
  values: Record<string, unknown>,
): Read<R> => ({
  query,
  values,
  mode: 'all',
  run: () => query.all(values),
});

/**
 * Runs several reads of one transaction as one request: on @libsql/client (a libSQL server) one
 * batch of the transaction, one network round trip instead of one per read; on a database file
 * (no round trips) one after another. Results in the order of `reads`, mapped as `.get()`/`.all()` map them.
 */
export async function readTogether<const T extends readonly Read<unknown>[]>(
  db: DbOrTx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: T[K] extends Read<infer R> ? R : never }> {
  type Out = { -readonly [K in keyof T]: T[K] extends Read<infer R> ? R : never };
  const session = (db as unknown as { session: unknown }).session;
  const tx = session instanceof SyncSession ? undefined : (session as { tx?: Transaction }).tx;
  if (!tx) {
    const out: unknown[] = [];
    for (const read of reads) out.push(await read.run());
    return out as Out;
  }
  const queries = reads.map((r) => r.query as Prepared);
  const results = await tx.batch(
    reads.map((r, i) => ({
      sql: queries[i]!.query.sql,
      args: fillPlaceholders(queries[i]!.query.params, r.values) as never,
    })),
  );
  return results.map((result, i) =>
    reads[i]!.mode === 'get' ? queries[i]!.mapGetResult(result, true) : queries[i]!.mapAllResult(result, true),
  ) as Out;
}

type Column = {
  default?: unknown;
  defaultFn?: () => unknown;
  onUpdateFn?: () => unknown;
  shouldDisableInsert(): boolean;
};
type InsertQuery = (db: DbOrTx) => { run(values: Record<string, unknown>): Promise<unknown> };
/** Per table: its insertable columns, and per row count the prepared statement with its placeholder names. */
type InsertPlan = { columns: [string, Column][]; byCount: Map<number, { query: InsertQuery; names: string[][] }> };
const insertPlans = new WeakMap<SQLiteTable, InsertPlan>();

/**
 * INSERT of rows through a statement prepared per table and row count: the statement drizzle's
 * `db.insert(table).values(rows)` builds (every insertable column, in table order), without
 * building it each time. A value left out is filled in as drizzle's builder fills it: the
 * column's default, its $defaultFn, its $onUpdateFn, else NULL. A default or value that is an SQL
 * expression cannot be a parameter: then drizzle's builder runs.
 */
export async function insertRows<TTable extends SQLiteTable>(
  db: DbOrTx,
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  let plan = insertPlans.get(table);
  if (!plan) {
    const columns = Object.entries(getTableColumns(table) as unknown as Record<string, Column>).filter(
      ([, c]) => !c.shouldDisableInsert(),
    );
    insertPlans.set(table, (plan = { columns, byCount: new Map() }));
  }
  const { columns } = plan;
  let statement = plan.byCount.get(rows.length);
  if (!statement) {
    const names = rows.map((_, i) => columns.map(([key]) => `${i}:${key}`));
    const placeholders = names.map((row) =>
      Object.fromEntries(columns.map(([key], j) => [key, sql.placeholder(row[j]!)])),
    );
    plan.byCount.set(
      rows.length,
      (statement = {
        names,
        query: prepared((d) =>
          d
            .insert(table)
            .values(placeholders as never)
            .prepare(),
        ),
      }),
    );
  }
  const values: Record<string, unknown> = {};
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown>;
    const names = statement.names[i]!;
    for (let j = 0; j < columns.length; j++) {
      const [key, column] = columns[j]!;
      let value = row[key];
      if (value === undefined)
        value =
          column.default !== undefined && column.default !== null
            ? column.default
            : column.defaultFn
              ? column.defaultFn()
              : column.onUpdateFn
                ? column.onUpdateFn()
                : null;
      if (is(value, SQL)) return void (await db.insert(table).values(rows as never));
      values[names[j]!] = value;
    }
  }
  await statement.query(db).run(values);
}

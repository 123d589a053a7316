import { Column, getTableName, is, SQL, Subquery, type DriverValueDecoder } from 'drizzle-orm';
import type { SelectedFieldsOrdered } from 'drizzle-orm/sqlite-core';

type Decoder = DriverValueDecoder<unknown, unknown>;

function decoderOf(field: SelectedFieldsOrdered[number]['field']): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as unknown as { sql: { decoder: Decoder } }).sql.decoder;
}

type Plan = { decoders: Decoder[]; tableNames: (string | undefined)[] };
// Per selection: a prepared query maps every row through the same one.
const plans = new WeakMap<SelectedFieldsOrdered, Plan>();

function planOf(fields: SelectedFieldsOrdered): Plan {
  let plan = plans.get(fields);
  if (!plan) {
    plan = {
      decoders: fields.map((f) => decoderOf(f.field)),
      // Only columns of a joined table's sub-object decide whether that object becomes null.
      tableNames: fields.map((f) =>
        f.path.length === 2 && is(f.field, Column) ? getTableName((f.field as Column).table) : undefined,
      ),
    };
    plans.set(fields, plan);
  }
  return plan;
}

/**
 * drizzle's own row mapping (mapResultRow in drizzle-orm/utils, which the package does not export
 * for other drivers): a positional row into the nested object a select asked for, each value
 * through its column's decoder, and a left-joined table whose columns are all NULL becoming null.
 * Same rules, with the per-column decisions made once per selection.
 */
export function mapRow(
  fields: SelectedFieldsOrdered,
  row: unknown[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): Record<string, unknown> {
  const { decoders, tableNames } = planOf(fields);
  const result: Record<string, unknown> = {};
  let nullify: Record<string, string | false> | undefined;
  for (let i = 0; i < fields.length; i++) {
    const path = fields[i]!.path;
    const raw = row[i];
    const value = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
    let node = result;
    const last = path.length - 1;
    for (let j = 0; j < last; j++) node = (node[path[j]!] ??= {}) as Record<string, unknown>;
    node[path[last]!] = value;
    const tableName = tableNames[i];
    if (joinsNotNullableMap && tableName !== undefined) {
      nullify ??= {};
      const objectName = path[0]!;
      if (!(objectName in nullify)) nullify[objectName] = value === null ? tableName : false;
      else if (typeof nullify[objectName] === 'string' && nullify[objectName] !== tableName)
        nullify[objectName] = false;
    }
  }
  if (joinsNotNullableMap && nullify) {
    for (const objectName in nullify) {
      const tableName = nullify[objectName];
      if (typeof tableName === 'string' && !joinsNotNullableMap[tableName]) result[objectName] = null;
    }
  }
  return result;
}

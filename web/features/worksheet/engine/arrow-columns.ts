// Arrow IPC bytes of a revision's columns -> the plain typed arrays the facade and the summaries
// read. Runs inside the worker, so decoding a million interviews never touches the main thread.
import { tableFromIPC, Type, type Table } from 'apache-arrow';
import { RECORD_ID_COLUMN, groupCells } from '../../../../scoring/index.ts';
import { vectorToFloat64 } from '../../../../scoring/arrow-columns.ts';

// Shared with the result page's worker (scoring/arrow-columns.ts); re-exported for existing callers.
export { vectorToFloat64 };

/** Every numeric column of an IPC buffer (text columns, e.g. record_id, are skipped). */
export function numericColumnsFromIpc(bytes: ArrayBuffer | Uint8Array): {
  rows: number;
  columns: Map<string, Float64Array>;
  recordIds: string[] | null;
} {
  const table = tableFromIPC(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const columns = new Map<string, Float64Array>();
  for (const field of table.schema.fields) {
    if (!isNumeric(field.type.typeId)) continue;
    columns.set(field.name, vectorToFloat64(table.getChild(field.name)!));
  }
  // The record ids name interviews on the page (table, manual decisions by id), decoded here once.
  const ids = table.getChild(RECORD_ID_COLUMN);
  const recordIds = ids
    ? Array.from(ids.toArray() as ArrayLike<unknown>, (v) => (v === null || v === undefined ? '' : String(v)))
    : null;
  return { rows: table.numRows, columns, recordIds };
}

function isNumeric(typeId: Type): boolean {
  return typeId === Type.Int || typeId === Type.Float;
}

/**
 * A grouping (quota characteristic) from a raw column, numbered by `groupCells` (as the server does).
 * SPSS value labels in the field metadata name numeric codes ("1" -> "female").
 */
export function groupingFromTable(
  table: Table,
  column: string,
): { name: string; cells: Int32Array; labels: string[]; values: string[] } {
  const vector = table.getChild(column);
  if (!vector) throw new Error(`grouping column ${column} is not in the data`);
  const field = table.schema.fields.find((f) => f.name === column)!;
  const values = isNumeric(field.type.typeId) ? vectorToFloat64(vector) : (vector.toArray() as (string | null)[]);
  const cellsOf = groupCells(values, parseLabels(field.metadata.get('value_labels')));
  // `values` as String(value): how quota targets are keyed on the server (quotaFor).
  return { name: column, cells: cellsOf.cells, labels: cellsOf.labels, values: cellsOf.values.map(String) };
}

function parseLabels(json: string | undefined): Record<string, string> {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

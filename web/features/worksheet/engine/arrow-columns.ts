// Arrow IPC bytes of a revision's columns -> the plain typed arrays the facade and the summaries
// read. Runs inside the worker, so decoding a million interviews never touches the main thread.
import { tableFromIPC, Type, type Table } from 'apache-arrow';
import { groupCells } from '../../../../scoring/index.ts';
import { vectorToFloat64 } from '../../../lib/arrow-columns.ts';

// Shared with the result page's worker (web/lib/arrow-columns.ts); re-exported for existing callers.
export { vectorToFloat64 };

/** Every numeric column of an IPC buffer (text columns, e.g. record_id, are skipped). */
export function numericColumnsFromIpc(bytes: ArrayBuffer | Uint8Array): { rows: number; columns: Map<string, Float64Array> } {
  const table = tableFromIPC(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const columns = new Map<string, Float64Array>();
  for (const field of table.schema.fields) {
    if (!isNumeric(field.type.typeId)) continue;
    columns.set(field.name, vectorToFloat64(table.getChild(field.name)!));
  }
  return { rows: table.numRows, columns };
}

function isNumeric(typeId: Type): boolean {
  return typeId === Type.Int || typeId === Type.Float;
}

/**
 * A grouping (quota characteristic) from a raw column, numbered by `groupCells` (as the server does).
 * SPSS value labels in the field metadata name numeric codes ("1" -> "female").
 */
export function groupingFromTable(table: Table, column: string): { name: string; cells: Int32Array; labels: string[] } {
  const vector = table.getChild(column);
  if (!vector) throw new Error(`grouping column ${column} is not in the data`);
  const field = table.schema.fields.find((f) => f.name === column)!;
  const values = isNumeric(field.type.typeId) ? vectorToFloat64(vector) : (vector.toArray() as (string | null)[]);
  const { cells, labels } = groupCells(values, parseLabels(field.metadata.get('value_labels')));
  return { name: column, cells, labels };
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

// Arrow IPC -> plain columns, inside the worker: decoding 100,000 interviews never blocks the page.
import { tableFromIPC, Type } from 'apache-arrow';
import { vectorToFloat64 } from '../../../../scoring/arrow-columns.ts';
import type { PlainTable } from './protocol.ts';

const isNumeric = (typeId: Type) => typeId === Type.Int || typeId === Type.Float || typeId === Type.Bool;

export function plainTableFromIpc(bytes: Uint8Array): PlainTable {
  const table = tableFromIPC(bytes);
  const out: PlainTable = { rows: table.numRows, numeric: {}, text: {}, fields: [] };
  for (const field of table.schema.fields) {
    const vector = table.getChild(field.name)!;
    const numeric = isNumeric(field.type.typeId);
    const categoriesJson = field.metadata.get('categories');
    let categories: Record<string, string> | undefined;
    try {
      categories = categoriesJson ? (JSON.parse(categoriesJson) as Record<string, string>) : undefined;
    } catch {
      categories = undefined;
    }
    if (numeric) out.numeric[field.name] = vectorToFloat64(vector);
    else
      out.text[field.name] = Array.from(vector.toArray() as ArrayLike<unknown>, (v) =>
        v === null || v === undefined ? null : String(v),
      );
    out.fields.push({ name: field.name, numeric, ...(categories ? { categories } : {}) });
  }
  return out;
}

/** Each value divided by the median of the positive finite values (the Time-Score's input); NaN where none. */
export function ratioToMedian(values: Float64Array): Float64Array {
  const valid = values.filter((v) => Number.isFinite(v) && v > 0).sort();
  const n = valid.length;
  const out = new Float64Array(values.length).fill(Number.NaN);
  if (n === 0) return out;
  const median = n % 2 ? valid[(n - 1) / 2]! : (valid[n / 2 - 1]! + valid[n / 2]!) / 2;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v) && v > 0) out[i] = v / median;
  }
  return out;
}

// Arrow IPC -> plain columns, inside the worker: decoding 100,000 interviews never blocks the page.
import { tableFromIPC, Type, type Data, type Utf8, type Vector } from 'apache-arrow';
import { vectorToFloat64 } from '../../../../scoring/arrow-columns.ts';
import type { PlainTable } from './protocol.ts';

const isNumeric = (typeId: Type) => typeId === Type.Int || typeId === Type.Float || typeId === Type.Bool;
const utf8 = new TextDecoder();

/** True when every byte is ASCII: then a character's index is its byte's. */
function ascii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! > 0x7f) return false;
  return true;
}

/**
 * A text column's strings. Arrow decodes each value on its own (a TextDecoder call per interview: 100,000
 * record ids took ~185 ms of the worker's decode); an ASCII batch (record ids, codes) is decoded in one
 * call and sliced by its offsets, anything else value by value as before.
 */
function utf8Strings(vector: Vector<Utf8>): (string | null)[] {
  const out = new Array<string | null>(vector.length);
  let row = 0;
  for (const data of vector.data as Data<Utf8>[]) {
    const offsets = data.valueOffsets;
    const values = data.values;
    const first = offsets[0]!;
    const bytes = values.subarray(first, offsets[data.length]!);
    const whole = ascii(bytes) ? utf8.decode(bytes) : null;
    for (let i = 0; i < data.length; i++, row++) {
      if (!data.getValid(i)) out[row] = null;
      else if (whole !== null) out[row] = whole.slice(offsets[i]! - first, offsets[i + 1]! - first);
      else out[row] = utf8.decode(values.subarray(offsets[i]!, offsets[i + 1]!));
    }
  }
  return out;
}

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
    else if (field.type.typeId === Type.Utf8) out.text[field.name] = utf8Strings(vector as Vector<Utf8>);
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

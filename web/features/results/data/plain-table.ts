// Arrow IPC -> plain columns, inside the worker: decoding 100,000 interviews never blocks the page.
import {
  RecordBatchReader,
  tableFromIPC,
  Type,
  type Data,
  type RecordBatch,
  type Schema,
  type Utf8,
  type Vector,
} from 'apache-arrow';
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

/** Plain columns collected record batch by record batch, joined once the last batch is in. */
class PlainColumns {
  private rows = 0;
  private numeric = new Map<string, Float64Array[]>();
  private text = new Map<string, (string | null)[][]>();

  constructor(private readonly schema: Schema) {
    for (const field of schema.fields) {
      if (isNumeric(field.type.typeId)) this.numeric.set(field.name, []);
      else this.text.set(field.name, []);
    }
  }

  add(batch: RecordBatch): void {
    this.rows += batch.numRows;
    this.schema.fields.forEach((field, i) => {
      const vector = batch.getChildAt(i)!;
      if (isNumeric(field.type.typeId)) this.numeric.get(field.name)!.push(vectorToFloat64(vector));
      else if (field.type.typeId === Type.Utf8)
        this.text.get(field.name)!.push(utf8Strings(vector as unknown as Vector<Utf8>));
      else
        this.text
          .get(field.name)!
          .push(
            Array.from(vector.toArray() as ArrayLike<unknown>, (v) =>
              v === null || v === undefined ? null : String(v),
            ),
          );
    });
  }

  finish(): PlainTable {
    const out: PlainTable = { rows: this.rows, numeric: {}, text: {}, fields: [] };
    for (const field of this.schema.fields) {
      const numeric = isNumeric(field.type.typeId);
      if (numeric) out.numeric[field.name] = joined(this.numeric.get(field.name)!, this.rows);
      else {
        const parts = this.text.get(field.name)!;
        out.text[field.name] = parts.length === 1 ? parts[0]! : parts.flat();
      }
      const categories = categoriesOf(field.metadata.get('categories'));
      out.fields.push({ name: field.name, numeric, ...(categories ? { categories } : {}) });
    }
    return out;
  }
}

function joined(parts: Float64Array[], rows: number): Float64Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Float64Array(rows);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function categoriesOf(json: string | undefined): Record<string, string> | undefined {
  try {
    return json ? (JSON.parse(json) as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

/** A whole IPC body (stream or file) as plain columns. */
export function plainTableFromIpc(bytes: Uint8Array): PlainTable {
  const table = tableFromIPC(bytes);
  const columns = new PlainColumns(table.schema);
  for (const batch of table.batches) columns.add(batch);
  return columns.finish();
}

/**
 * An IPC stream decoded while it arrives: each record batch becomes plain columns as soon as its bytes
 * are in, so a big body's decoding overlaps its transfer instead of following its last byte. Gives the
 * same table as plainTableFromIpc of the whole body.
 */
export async function plainTableFromStream(chunks: AsyncIterable<Uint8Array>): Promise<PlainTable> {
  const reader = await RecordBatchReader.from(chunks);
  let columns: PlainColumns | null = null;
  for await (const batch of reader) {
    columns ??= new PlainColumns(reader.schema);
    columns.add(batch);
  }
  // A stream of no batches still names its fields.
  return (columns ?? new PlainColumns(reader.schema)).finish();
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

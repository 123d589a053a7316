// A few columns of a published revision's Arrow IPC file, read without reading the file: the footer
// names each record batch's place, each batch's metadata names each column's buffers, and only those
// byte ranges are read. The result page asks raw.arrow (50 MB at 100,000 interviews x 50 columns) for
// one column, the total duration; reading it whole cost the columns route most of its time to the
// first byte. A file this reader does not understand (the stream format, dictionaries, nested or
// compressed columns) gives null, and the caller reads it whole as before.
import {
  Field,
  makeData,
  MessageHeader,
  MessageReader,
  RecordBatch,
  Schema,
  Struct,
  Table,
  Type,
  type Data,
  type DataType,
} from 'apache-arrow';
import { Footer } from 'apache-arrow/ipc/metadata/file';
import type { BufferRegion, FieldNode, RecordBatch as BatchHeader } from 'apache-arrow/ipc/metadata/message';

/** What of the blob store a ranged read needs. */
export interface RangeReader {
  getRange(key: string, start: number, end: number): Promise<Uint8Array | null>;
  stat(key: string): Promise<{ size: number } | null>;
}

/** Above this many columns a whole read costs about what the ranges cost (a range per column and batch). */
export const MAX_RANGED_COLUMNS = 8;

/**
 * Up to this many rows (the interview dialog asks one) are read from the record batches holding them
 * only, every column of a batch in one read: at 100,000 interviews raw.arrow and scores.arrow are
 * about 120 MB together, a batch a few MB.
 */
export const MAX_RANGED_ROWS = 100;

/**
 * Range reads in flight at once in this process, over every request: each holds an open file (a GET
 * on S3) and a request takes one per record batch and column. Unbounded, 200 requests at once for
 * eight columns of 100,000 interviews had 20,800 in flight and 14,000 files open, and past the
 * process's open-file limit every request failed (EMFILE), the database's and the listener's too.
 * The result page's one column of 100,000 interviews takes 29 reads, at most 26 at once: alone it waits for none.
 */
export const RANGE_READS_AT_ONCE = 32;
let reading = 0;
const queued: (() => void)[] = [];

async function readRange(store: RangeReader, key: string, start: number, end: number): Promise<Uint8Array | null> {
  if (reading < RANGE_READS_AT_ONCE) reading++;
  // The place is handed over by the read that ends (reading stays the same).
  else await new Promise<void>((resolve) => queued.push(resolve));
  try {
    return await store.getRange(key, start, end);
  } finally {
    const next = queued.shift();
    if (next) next();
    else reading--;
  }
}

const MAGIC = 'ARROW1';
// The file ends with the footer, its length (int32) and the magic.
const TAIL = 4 + MAGIC.length;

/** Buffers of a field of this type in a record batch, or null when the ranged read does not take it. */
function bufferCount(type: DataType): number | null {
  switch (type.typeId) {
    case Type.Int:
    case Type.Float:
    case Type.Bool:
      return 2;
    case Type.Utf8:
    case Type.Binary:
      return 3;
    default:
      return null;
  }
}

/** The bytes of `region` out of `bytes`, which start at `from` of the body, copied (aligned for a typed view). */
function part(bytes: Uint8Array, from: number, region: BufferRegion): Uint8Array {
  return bytes.slice(region.offset - from, region.offset - from + region.length);
}

function columnData(field: Field, node: FieldNode, regions: BufferRegion[], bytes: Uint8Array, from: number): Data {
  const type = field.type as DataType;
  const length = node.length;
  const nullCount = node.nullCount;
  const nullBitmap = nullCount > 0 ? part(bytes, from, regions[0]!) : undefined;
  if (type.typeId === Type.Utf8 || type.typeId === Type.Binary) {
    const offsets = part(bytes, from, regions[1]!);
    return makeData({
      type: type as never,
      length,
      nullCount,
      nullBitmap,
      valueOffsets: new Int32Array(offsets.buffer, 0, length + 1),
      data: part(bytes, from, regions[2]!),
    });
  }
  const values = part(bytes, from, regions[1]!);
  const data =
    type.typeId === Type.Bool
      ? values
      : new (type.ArrayType as Float64ArrayConstructor)(
          values.buffer,
          0,
          values.byteLength / (type.ArrayType as Float64ArrayConstructor).BYTES_PER_ELEMENT,
        );
  return makeData({ type: type as never, length, nullCount, nullBitmap, data: data as never });
}

/**
 * `columns` of the IPC file at `key`, in that order, as the whole file's table.select(columns) would
 * give them; null when the file is absent, not in the file format, names a column it lacks or holds a
 * layout this reader does not take (the caller then reads the whole file, which also refuses the name).
 */
export async function readColumnRanges(
  store: RangeReader,
  key: string,
  columns: readonly string[] | undefined,
  rows?: { offset: number; limit: number },
): Promise<Table | null> {
  const size = (await store.stat(key))?.size;
  if (size === undefined || size < 2 * TAIL) return null;
  const tail = await readRange(store, key, size - TAIL, size);
  if (!tail || tail.length !== TAIL || new TextDecoder().decode(tail.subarray(4)) !== MAGIC) return null;
  const footerLength = new DataView(tail.buffer, tail.byteOffset, 4).getInt32(0, true);
  if (footerLength <= 0 || footerLength > size - 2 * TAIL) return null;
  const footerBytes = await readRange(store, key, size - TAIL - footerLength, size - TAIL);
  if (!footerBytes || footerBytes.length !== footerLength) return null;
  const footer = Footer.decode(footerBytes);
  if (footer.numDictionaries > 0) return null;
  const fields = footer.schema.fields as Field[];
  const counts = fields.map((f) => bufferCount(f.type as DataType));
  if (counts.some((c) => c === null)) return null;
  const index = new Map(fields.map((f, i) => [f.name, i]));
  if (columns?.some((c) => !index.has(c))) return null;
  // Schema order, like the whole file's; select() below puts them in the order asked.
  const wanted = columns
    ? [...new Set(columns)].map((c) => index.get(c)!).sort((a, b) => a - b)
    : fields.map((_, i) => i);
  const firstBuffer = counts.map((_, i) => counts.slice(0, i).reduce<number>((s, c) => s + c!, 0));
  const schema = new Schema(
    wanted.map((i) => fields[i]!),
    footer.schema.metadata,
  );

  const blocks = [...footer.recordBatches()];
  // Each batch lies between the file's leading magic and its footer. A damaged footer must not turn
  // into reads past the file: the local store allocates the length asked for before it reads.
  const end = size - TAIL - footerLength;
  const inside = (b: (typeof blocks)[number]) =>
    b.offset >= 8 && b.metaDataLength > 0 && b.bodyLength >= 0 && b.offset + b.metaDataLength + b.bodyLength <= end;
  if (!blocks.every(inside)) return null;
  // Each batch's metadata (small) names its rows; with `rows`, only the batches holding them are read.
  const headers = await Promise.all(
    blocks.map(async (block): Promise<BatchHeader | null> => {
      const meta = await readRange(store, key, block.offset, block.offset + block.metaDataLength);
      if (!meta) return null;
      const message = new MessageReader(meta).readMessage(MessageHeader.RecordBatch);
      if (!message) return null;
      const header = message.header() as BatchHeader;
      if (header.compression || header.nodes.length !== fields.length) return null;
      return header;
    }),
  );
  if (headers.some((h) => h === null)) return null;
  const firstRow: number[] = [];
  headers.reduce((at, h, i) => ((firstRow[i] = at), at + h!.length), 0);
  const holds = (i: number) =>
    !rows || (firstRow[i]! < rows.offset + rows.limit && firstRow[i]! + headers[i]!.length > rows.offset);
  const kept = blocks.map((_, i) => i).filter(holds);
  // No row there: the whole read answers it as it always did.
  if (kept.length === 0) return null;
  const batches = await Promise.all(
    kept.map(async (b): Promise<RecordBatch | null> => {
      const block = blocks[b]!;
      const header = headers[b]!;
      const body = block.offset + block.metaDataLength;
      // A few rows: from each column only the bytes of the rows asked (from a multiple of 8, so that
      // bitmaps start on a byte), then sliced to them.
      const lo = rows ? Math.max(0, rows.offset - firstRow[b]!) : 0;
      const hi = rows ? Math.min(header.length, rows.offset + rows.limit - firstRow[b]!) : header.length;
      const from8 = lo - (lo % 8);
      const children = await Promise.all(
        wanted.map(async (i) => {
          const regions = header.buffers.slice(firstBuffer[i]!, firstBuffer[i]! + counts[i]!);
          const from = Math.min(...regions.map((r) => r.offset));
          const to = Math.max(...regions.map((r) => r.offset + r.length));
          // Buffers outside the batch's body: not a file this reader takes.
          if (!(from >= 0 && to <= block.bodyLength)) return null;
          if (rows)
            return rowsOf(store, key, body, fields[i]!, regions, from8, hi).then(
              (d) => d && d.slice(lo - from8, hi - lo),
            );
          const bytes = await readRange(store, key, body + from, body + to);
          if (!bytes || bytes.length !== to - from) return null;
          return columnData(fields[i]!, header.nodes[i]!, regions, bytes, from);
        }),
      );
      if (children.some((c) => c === null)) return null;
      const struct = makeData({
        type: new Struct(schema.fields),
        length: rows ? hi - lo : header.length,
        nullCount: 0,
        children: children as Data[],
      });
      return new RecordBatch(schema, struct);
    }),
  );
  if (batches.some((b) => b === null)) return null;
  const table = new Table(schema, batches as RecordBatch[]);
  return columns ? table.select([...columns]) : table;
}

/**
 * Rows [from8, to) of a column of a batch whose body starts at `body` (from8 a multiple of 8: its
 * bits start on a byte of a bitmap), read by their byte ranges only; null when a read falls short.
 */
async function rowsOf(
  store: RangeReader,
  key: string,
  body: number,
  field: Field,
  regions: BufferRegion[],
  from8: number,
  to: number,
): Promise<Data | null> {
  const type = field.type as DataType;
  const length = to - from8;
  const read = async (region: BufferRegion, start: number, end: number) => {
    // Within the buffer, or not a file this reader takes.
    if (start < 0 || end > region.length || start > end) return null;
    const bytes = await readRange(store, key, body + region.offset + start, body + region.offset + end);
    return bytes && bytes.length === end - start ? bytes.slice() : null;
  };
  // A bitmap from the rows' first byte to the buffer's end, kept at the buffer's length: Arrow's
  // writer sends a sliced bitmap at the length of the buffer under it, with the rest of its bytes when
  // the slice starts on a byte, and the answer must be the whole read's byte for byte (an eighth of a
  // byte per row and column is read past the rows).
  const bits = async (region: BufferRegion) => {
    const tail = await read(region, from8 / 8, region.length);
    if (!tail) return null;
    const bitmap = new Uint8Array(region.length);
    bitmap.set(tail);
    return bitmap;
  };
  const nullBitmap = regions[0]!.length > 0 ? await bits(regions[0]!) : undefined;
  if (nullBitmap === null) return null;
  if (type.typeId === Type.Utf8 || type.typeId === Type.Binary) {
    const offsetBytes = await read(regions[1]!, from8 * 4, (to + 1) * 4);
    if (!offsetBytes) return null;
    const offsets = new Int32Array(offsetBytes.buffer, 0, length + 1);
    const first = offsets[0]!;
    const data = await read(regions[2]!, first, offsets[length]!);
    if (!data) return null;
    const valueOffsets = offsets.map((o) => o - first);
    return makeData({ type: type as never, length, nullBitmap, valueOffsets, data });
  }
  if (type.typeId === Type.Bool) {
    const values = await bits(regions[1]!);
    return values && makeData({ type: type as never, length, nullBitmap, data: values as never });
  }
  const Array_ = type.ArrayType as Float64ArrayConstructor;
  const values = await read(regions[1]!, from8 * Array_.BYTES_PER_ELEMENT, to * Array_.BYTES_PER_ELEMENT);
  if (!values) return null;
  return makeData({ type: type as never, length, nullBitmap, data: new Array_(values.buffer, 0, length) as never });
}

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
  columns: readonly string[],
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
  if (columns.some((c) => !index.has(c))) return null;
  // Schema order, like the whole file's; select() below puts them in the order asked.
  const wanted = [...new Set(columns)].map((c) => index.get(c)!).sort((a, b) => a - b);
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
  const batches = await Promise.all(
    blocks.map(async (block): Promise<RecordBatch | null> => {
      const meta = await readRange(store, key, block.offset, block.offset + block.metaDataLength);
      if (!meta) return null;
      const message = new MessageReader(meta).readMessage(MessageHeader.RecordBatch);
      if (!message) return null;
      const header = message.header() as BatchHeader;
      if (header.compression || header.nodes.length !== fields.length) return null;
      const body = block.offset + block.metaDataLength;
      const children = await Promise.all(
        wanted.map(async (i) => {
          const regions = header.buffers.slice(firstBuffer[i]!, firstBuffer[i]! + counts[i]!);
          const from = Math.min(...regions.map((r) => r.offset));
          const to = Math.max(...regions.map((r) => r.offset + r.length));
          // Buffers outside the batch's body: not a file this reader takes.
          if (!(from >= 0 && to <= block.bodyLength)) return null;
          const bytes = await readRange(store, key, body + from, body + to);
          if (!bytes || bytes.length !== to - from) return null;
          return columnData(fields[i]!, header.nodes[i]!, regions, bytes, from);
        }),
      );
      if (children.some((c) => c === null)) return null;
      const struct = makeData({
        type: new Struct(schema.fields),
        length: header.length,
        nullCount: 0,
        children: children as Data[],
      });
      return new RecordBatch(schema, struct);
    }),
  );
  if (batches.some((b) => b === null)) return null;
  return new Table(schema, batches as RecordBatch[]).select([...columns]);
}

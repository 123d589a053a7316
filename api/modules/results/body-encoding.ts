// How the Arrow routes put a table on the wire (docs/results.md, "The binary columns route"): as an
// IPC stream written record batch by record batch, compressed as it is written, so the first bytes
// leave once the first batch is encoded instead of after the whole body (100,000 interviews are
// about 24 MB before compression), and encoding, compression and the transfer overlap.
//
// Content coding per Accept-Encoding, cheapest first: zstd (Chromium, Firefox, curl, urllib3 with
// zstandard), then br, then gzip, else none (Python's urllib, R's url(), curl without --compressed).
// zstd at level 1 compresses a result page's body to within 6 % of brotli quality 4's size for a small
// part of the CPU; brotli goes down to a lower quality for a big body for the same reason.
import { constants as zlib, createBrotliCompress, createGzip, createZstdCompress } from 'node:zlib';
import { pipeline, Readable } from 'node:stream';
import { AsyncByteQueue, RecordBatchStreamWriter, type Table } from 'apache-arrow';

export type ContentCoding = 'zstd' | 'br' | 'gzip';

/** The server's order of preference among the codings a client accepts. */
const PREFERENCE: readonly ContentCoding[] = ['zstd', 'br', 'gzip'];

/** Above this many bytes before compression a body is big: brotli drops to BIG_BODY_BROTLI_QUALITY. */
export const BIG_BODY_BYTES = 4 * 1024 * 1024;
const BROTLI_QUALITY = 4;
const BIG_BODY_BROTLI_QUALITY = 2;
// The compressor is on the result page's path (it paces the body): level 1 takes about half of level
// 3's CPU for a 6 % bigger body (the 100,000-interview score table: 2.75 against 2.60 MB). Its window
// (512 KiB) is within the 8 MiB a browser's zstd decoder accepts for HTTP (RFC 9659), which the levels
// from 19 up would exceed.
const ZSTD_LEVEL = 1;
const GZIP_LEVEL = 5;

/** The coding for a request's Accept-Encoding (q=0 refuses one, `*` stands for any not named), or none. */
export function chooseEncoding(accept: string | undefined): ContentCoding | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return PREFERENCE.find(ok) ?? null;
}

function encoder(encoding: ContentCoding, sizeHint: number) {
  if (encoding === 'zstd') return createZstdCompress({ params: { [zlib.ZSTD_c_compressionLevel]: ZSTD_LEVEL } });
  if (encoding === 'gzip') return createGzip({ level: GZIP_LEVEL });
  const quality = sizeHint > BIG_BODY_BYTES ? BIG_BODY_BROTLI_QUALITY : BROTLI_QUALITY;
  return createBrotliCompress({
    params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: sizeHint },
  });
}

/** Collects what the Arrow writer writes, synchronously, so each batch's bytes can be taken as one chunk. */
class Collected extends AsyncByteQueue {
  private parts: Uint8Array[] = [];
  private size = 0;
  override write(value: unknown): void {
    const bytes = value as Uint8Array;
    if (bytes.byteLength === 0) return;
    this.parts.push(bytes);
    this.size += bytes.byteLength;
  }
  take(): Uint8Array | null {
    if (this.size === 0) return null;
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    this.parts = [];
    this.size = 0;
    return out;
  }
}

/**
 * The table as an Arrow IPC stream, one chunk per record batch (the schema rides with the first,
 * the end-of-stream marker with the last): the same bytes as tableToIPC(table, 'stream'), written
 * only as the consumer asks for them.
 */
export function* ipcStreamChunks(table: Table): Generator<Uint8Array> {
  const sink = new Collected();
  const writer = new RecordBatchStreamWriter();
  writer.reset(sink, table.schema);
  for (const batch of table.batches) {
    writer.write(batch);
    const chunk = sink.take();
    if (chunk) yield chunk;
  }
  writer.finish();
  const last = sink.take();
  if (last) yield last;
}

/** Bytes before compression a table's IPC stream holds, near enough to choose a compression level. */
export function ipcSizeHint(table: Table): number {
  let size = 0;
  for (const batch of table.batches) size += batch.data.byteLength;
  return size;
}

/** Chunks (or one buffer) as a response body, compressed with `encoding` as they come. */
export function compressedStream(
  body: Uint8Array | Iterable<Uint8Array>,
  encoding: ContentCoding | null,
  sizeHint = body instanceof Uint8Array ? body.byteLength : 0,
): ReadableStream<Uint8Array> | Uint8Array {
  const chunks = body instanceof Uint8Array ? [body] : body;
  if (!encoding) {
    if (body instanceof Uint8Array) return body;
    const iterator = chunks[Symbol.iterator]();
    return new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const next = iterator.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel() {
          iterator.return?.();
        },
      },
      { highWaterMark: 0 },
    );
  }
  // pipeline: a failed source or a client gone away ends the encoder too (pipe() would leave it open).
  const compressed = pipeline(Readable.from(chunks, { objectMode: false }), encoder(encoding, sizeHint), () => {});
  return Readable.toWeb(compressed) as unknown as ReadableStream<Uint8Array>;
}

/** Counts what the Arrow writer writes without keeping or copying it. */
class Counted extends AsyncByteQueue {
  size = 0;
  override write(value: unknown): void {
    this.size += (value as Uint8Array).byteLength;
  }
}

/**
 * The exact length of the table's IPC stream. The writer hands the sink the batches' own buffers
 * and small metadata; counting them costs the metadata's encoding, not a copy of the data.
 */
export function ipcStreamLength(table: Table): number {
  const sink = new Counted();
  const writer = new RecordBatchStreamWriter();
  writer.reset(sink, table.schema);
  for (const batch of table.batches) writer.write(batch);
  writer.finish();
  return sink.size;
}

/**
 * Up to this many bytes an uncompressed (identity) body is written whole, with its Content-Length;
 * above, it streams without one. Bun.serve drops a Content-Length set on a streamed body and frames
 * it chunked (tests/api/results/columns-route.test.ts sees what goes over the socket), so the length
 * can only go with a body held whole, and holding a big one whole costs a copy of it in memory and
 * its first byte waits for the last batch.
 */
export const WHOLE_BODY_BYTES = 16 * 1024 * 1024;

/** The table's IPC stream as one buffer (one copy of the batches' buffers). */
function ipcStreamBytes(table: Table): Uint8Array {
  const sink = new Collected();
  const writer = new RecordBatchStreamWriter();
  writer.reset(sink, table.schema);
  for (const batch of table.batches) writer.write(batch);
  writer.finish();
  return sink.take() ?? new Uint8Array(0);
}

/**
 * A table as an IPC stream response body in `encoding`. Compressed, it streams batch by batch (its
 * length is known only at the end). Uncompressed up to WHOLE_BODY_BYTES, it goes whole with its
 * `length` for the Content-Length, so a script client can show progress and tell a cut-off body
 * from a whole one; above, it streams (chunked framing still marks the end).
 */
export function arrowBody(
  table: Table,
  encoding: ContentCoding | null,
): { body: ReadableStream<Uint8Array> | Uint8Array; length?: number } {
  if (!encoding && ipcStreamLength(table) <= WHOLE_BODY_BYTES) {
    const body = ipcStreamBytes(table);
    return { body, length: body.byteLength };
  }
  return { body: compressedStream(ipcStreamChunks(table), encoding, ipcSizeHint(table)) };
}

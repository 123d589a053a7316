// How the Arrow routes put a table on the wire (api/modules/results/body-encoding.ts): the coding a
// request's Accept-Encoding gets, the IPC stream written batch by batch (the same bytes as the
// whole-table writer, the first chunk out before the rest is encoded), and every coding decoding to
// those bytes, small bodies and big ones (brotli's lower quality) alike.
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import {
  Dictionary,
  Float64,
  Int8,
  Table,
  tableFromArrays,
  tableFromIPC,
  tableToIPC,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import {
  arrowBody,
  BIG_BODY_BYTES,
  chooseEncoding,
  ipcSizeHint,
  ipcStreamChunks,
  ipcStreamLength,
  WHOLE_BODY_BYTES,
  type ContentCoding,
} from '../../../api/modules/results/body-encoding';

/** A table of `rows` interviews in record batches of `batch` rows: numbers, text and a coded label, with nulls. */
function surveyTable(rows: number, batch: number): Table {
  const parts: Table[] = [];
  for (let start = 0; start < rows; start += batch) {
    const n = Math.min(batch, rows - start);
    const ids = Array.from({ length: n }, (_, i) => `R${start + i}`);
    parts.push(
      new Table({
        record_id: vectorFromArray(ids, new Utf8()),
        combined: vectorFromArray(
          Array.from({ length: n }, (_, i) => ((start + i) % 97 === 0 ? null : (((start + i) * 7919) % 1000) / 10)),
          new Float64(),
        ),
        label: vectorFromArray(
          Array.from({ length: n }, (_, i) => (start + i) % 3),
          new Int8(),
        ),
        band: vectorFromArray(
          Array.from({ length: n }, (_, i) => ['low', 'mid', 'high'][(start + i) % 3]!),
          new Dictionary(new Utf8(), new Int8()),
        ),
      }),
    );
  }
  return parts.reduce((a, b) => a.concat(b));
}

async function bytesOf(body: ReadableStream<Uint8Array> | Uint8Array): Promise<Uint8Array> {
  return body instanceof Uint8Array ? body : new Uint8Array(await new Response(body).arrayBuffer());
}

const decode: Record<ContentCoding, (b: Uint8Array) => Uint8Array> = {
  zstd: (b) => zstdDecompressSync(b),
  br: (b) => brotliDecompressSync(b),
  gzip: (b) => gunzipSync(b),
};

describe('the content coding a request gets', () => {
  it('prefers zstd, then br, then gzip among what the client accepts; none when it accepts none', () => {
    const cases: [string | undefined, ContentCoding | null][] = [
      ['gzip, deflate, br, zstd', 'zstd'], // Chromium, curl --compressed
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate', 'gzip'], // Python requests without brotli or zstandard, R httr
      ['zstd;q=0, br, gzip', 'br'],
      ['zstd;q=0, br;q=0, gzip;q=0.5', 'gzip'],
      ['*', 'zstd'],
      ['*, zstd;q=0', 'br'],
      ['identity', null], // Python urllib
      ['', null],
      [undefined, null], // curl without --compressed, R's download.file
      ['deflate', null],
    ];
    for (const [accept, coding] of cases) expect([accept, chooseEncoding(accept)]).toEqual([accept, coding]);
  });
});

describe('the IPC stream, batch by batch', () => {
  it('is byte for byte what the whole-table writer makes, for many batches, one, and none', () => {
    const table = surveyTable(4_000, 400);
    expect(table.batches.length).toBe(10);
    for (const t of [table, table.slice(1_000, 3_100), table.slice(3, 4), table.slice(4_000)]) {
      const chunks = [...ipcStreamChunks(t)];
      expect(Buffer.concat(chunks).equals(tableToIPC(t, 'stream'))).toBe(true);
      expect(tableFromIPC(Buffer.concat(chunks)).numRows).toBe(t.numRows);
    }
  });

  it('hands out the schema and first batch before it encodes the next one', () => {
    const table = surveyTable(4_000, 400);
    const whole = tableToIPC(table, 'stream');
    const chunks = ipcStreamChunks(table);
    const first = chunks.next().value!;
    expect(first.byteLength).toBeLessThan(whole.byteLength / 5);
    // A reader can decode the first batch from the first chunk alone.
    expect(Buffer.from(whole.subarray(0, first.byteLength)).equals(first)).toBe(true);
    expect(ipcSizeHint(table)).toBeGreaterThan(whole.byteLength * 0.8);
  });
});

describe('an uncompressed body', () => {
  it('streams without a length above the size that goes whole, the same bytes either way', async () => {
    const n = Math.ceil(WHOLE_BODY_BYTES / 8) + 1_000;
    const table = tableFromArrays({ combined: Float64Array.from({ length: n }, (_, i) => i / 10) });
    const plain = tableToIPC(table, 'stream');
    expect(plain.byteLength).toBeGreaterThan(WHOLE_BODY_BYTES);
    expect(ipcStreamLength(table)).toBe(plain.byteLength);
    const big = arrowBody(table, null);
    expect(big.length).toBeUndefined();
    expect(big.body).toBeInstanceOf(ReadableStream);
    expect(Buffer.from(await bytesOf(big.body)).equals(plain)).toBe(true);
    const small = arrowBody(table.slice(0, 1_000), null);
    expect(small.length).toBe(tableToIPC(table.slice(0, 1_000), 'stream').byteLength);
  });
});

describe('every coding decodes to the same bytes', () => {
  it.each([
    ['a small body', 2_000],
    ['a big one (brotli at its lower quality)', 0],
  ])('%s', async (_label, rows) => {
    // Big: just above the size where brotli lowers its quality (plain numbers: quick to make).
    const big = () => {
      const n = Math.ceil(BIG_BODY_BYTES / 8) + 1_000;
      const scores = Float64Array.from({ length: n }, (_, i) => ((i * 7919) % 1000) / 10);
      return tableFromArrays({ combined: scores, label: Int8Array.from(scores, (v) => v % 3) });
    };
    const table = rows ? surveyTable(rows, 500) : big();
    if (!rows) expect(ipcSizeHint(table)).toBeGreaterThan(BIG_BODY_BYTES);
    const plain = tableToIPC(table, 'stream');
    // Uncompressed and not too big, the body goes whole with its length.
    const identity = arrowBody(table, null);
    expect(identity.length).toBe(plain.byteLength);
    expect(identity.body).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(await bytesOf(identity.body)).equals(plain)).toBe(true);
    for (const coding of ['zstd', 'br', 'gzip'] as const) {
      const { body, length } = arrowBody(table, coding);
      expect(length).toBeUndefined();
      const sent = await bytesOf(body);
      expect(sent.byteLength).toBeLessThan(plain.byteLength / 2);
      expect([coding, Buffer.from(decode[coding](sent)).equals(plain)]).toEqual([coding, true]);
    }
    if (rows) {
      const read = tableFromIPC(plain);
      expect(read.getChild('band')!.get(2)).toBe('high');
      expect(read.getChild('combined')!.get(0)).toBeNull();
    }
  });
});

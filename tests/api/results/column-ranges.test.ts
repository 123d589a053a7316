// The columns route reads a few raw columns by their byte ranges instead of reading raw.arrow whole
// (the result page asks it for one column of fifty). The ranged read must give exactly the whole
// read's table, read only a part of the file, and leave every file it does not take (a revision's
// raw.arrow in the stream format, dictionaries) to the whole read, which still serves it.
import { Dictionary, Int32, makeVector, Table, tableFromIPC, tableToIPC, Utf8, vectorFromArray } from 'apache-arrow';
import { FileBlock, Footer } from 'apache-arrow/ipc/metadata/file';
import { zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readManifest, readRevisionColumns, revisionFileKey } from '../../../api/ingest/index';
import { MAX_RANGED_COLUMNS, readColumnRanges, type RangeReader } from '../../../api/modules/results/column-ranges';
import { createTestApp, type TestApp } from '../../support/test-app';
import { processedSurvey, uploadWorld, type UploadWorld } from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
let datafileId: string;
let rawKey: string;
let raw: Table;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
  const survey = await processedSurvey(t, w, 'Bereiche');
  expect(survey.jobs).toBe(1);
  datafileId = survey.datafileId;
  rawKey = revisionFileKey(await readManifest(t.deps.blobs, datafileId, 1), datafileId, 1, 'raw');
  raw = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'raw');
});
afterAll(() => t.close());

/** The blob store, counting the bytes each ranged read takes. */
function counting(): RangeReader & { read: number } {
  const store = {
    read: 0,
    stat: (key: string) => t.deps.blobs.stat(key),
    async getRange(key: string, start: number, end: number) {
      const bytes = await t.deps.blobs.getRange(key, start, end);
      store.read += bytes?.length ?? 0;
      return bytes;
    },
  };
  return store;
}

/** A store of one object in memory. */
const inMemory = (bytes: Uint8Array): RangeReader => ({
  stat: async () => ({ size: bytes.length }),
  getRange: async (_key, start, end) => bytes.slice(start, end),
});

const ipc = (table: Table) => Buffer.from(tableToIPC(table, 'stream'));

describe('reading a few columns of raw.arrow by their byte ranges', () => {
  it("gives the whole read's table, byte for byte, in the order asked, reading a part of the file", async () => {
    const names = raw.schema.fields.map((f) => f.name);
    const text = raw.schema.fields.find((f) => f.type.toString() === 'Utf8')!.name;
    const number = raw.schema.fields.find((f) => f.type.toString() === 'Float64')!.name;
    const size = (await t.deps.blobs.stat(rawKey))!.size;
    for (const columns of [[number], [text, '__source_row', number], names.slice(0, MAX_RANGED_COLUMNS).reverse()]) {
      const store = counting();
      const ranged = await readColumnRanges(store, rawKey, columns);
      expect(ranged, columns.join()).not.toBeNull();
      expect(ranged!.schema.fields.map((f) => f.name)).toEqual(columns);
      expect(ipc(ranged!).equals(ipc(raw.select(columns)))).toBe(true);
      if (columns.length === 1) expect(store.read).toBeLessThan(size / 4);
    }
    // A name the file lacks: the whole read refuses it with the name.
    expect(await readColumnRanges(counting(), rawKey, [number, 'no such column'])).toBeNull();
  });

  it('the route reads the one raw column the result page asks for without reading raw.arrow whole', async () => {
    const number = raw.schema.fields.find((f) => f.type.toString() === 'Float64')!.name;
    const whole = vi.spyOn(t.deps.blobs, 'getBytes');
    const res = await t.app.request(
      `/api/datafiles/${datafileId}/columns?file=all&columns=record_id,combined,${encodeURIComponent(`raw:${number}`)}`,
      { headers: { authorization: `Bearer ${w.tokens.admin}`, 'accept-encoding': 'zstd' } },
    );
    expect(res.status).toBe(200);
    const table = tableFromIPC(zstdDecompressSync(new Uint8Array(await res.arrayBuffer())));
    expect(table.getChild(`raw:${number}`)!.toArray()).toEqual(raw.getChild(number)!.toArray());
    expect(whole.mock.calls.map(([key]) => key)).not.toContain(rawKey);
    whole.mockRestore();
  });

  it('leaves a stream-format raw.arrow to the whole read, which still serves it', async () => {
    const number = raw.schema.fields.find((f) => f.type.toString() === 'Float64')!.name;
    const fileBytes = (await t.deps.blobs.getBytes(rawKey))!;
    await t.deps.blobs.put(rawKey, tableToIPC(raw, 'stream'));
    try {
      expect(await readColumnRanges(t.deps.blobs, rawKey, [number])).toBeNull();
      const res = await t.app.request(`/api/datafiles/${datafileId}/columns?file=raw&columns=${number}`, {
        headers: { authorization: `Bearer ${w.tokens.admin}`, 'accept-encoding': 'identity' },
      });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(ipc(raw.select([number])))).toBe(true);
    } finally {
      await t.deps.blobs.put(rawKey, fileBytes);
    }
  });

  it('leaves a file with a dictionary column to the whole read', async () => {
    const codes = vectorFromArray(['a', 'b', 'a'], new Dictionary(new Utf8(), new Int32()));
    const table = new Table({ n: makeVector(new Int32Array([1, 2, 3])), codes });
    expect(await readColumnRanges(inMemory(tableToIPC(table, 'file')), 'k', ['n'])).toBeNull();
    // Without it, the same reader takes the file.
    const plain = new Table({ n: makeVector(new Int32Array([1, 2, 3])) });
    expect(ipc((await readColumnRanges(inMemory(tableToIPC(plain, 'file')), 'k', ['n']))!).equals(ipc(plain))).toBe(
      true,
    );
  });

  it('asks for no byte past the file when the footer names a batch beyond it', async () => {
    const plain = new Table({ n: makeVector(new Int32Array([1, 2, 3])) });
    const bytes = tableToIPC(plain, 'file');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const footerLength = view.getInt32(bytes.length - 10, true);
    const footerAt = bytes.length - 10 - footerLength;
    const footer = Footer.decode(bytes.subarray(footerAt, bytes.length - 10));
    // Each batch's metadata said to be 1 GB long, or the batch to start past the end of the file.
    for (const damage of [
      (b: FileBlock) => new FileBlock(2 ** 30, b.bodyLength, b.offset),
      (b: FileBlock) => new FileBlock(b.metaDataLength, b.bodyLength, bytes.length + 1_000),
    ]) {
      const damaged = Footer.encode(
        new Footer(footer.schema, footer.version, [...footer.recordBatches()].map(damage), []),
      );
      const file = new Uint8Array(footerAt + damaged.length + 10);
      file.set(bytes.subarray(0, footerAt));
      file.set(damaged, footerAt);
      new DataView(file.buffer).setInt32(footerAt + damaged.length, damaged.length, true);
      file.set(bytes.subarray(bytes.length - 6), file.length - 6);
      let furthest = 0;
      const store: RangeReader = {
        stat: async () => ({ size: file.length }),
        getRange: async (_key, start, end) => ((furthest = Math.max(furthest, end)), file.slice(start, end)),
      };
      expect(await readColumnRanges(store, 'k', ['n'])).toBeNull();
      expect(furthest).toBeLessThanOrEqual(file.length);
    }
  });
});

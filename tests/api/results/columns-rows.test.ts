// The interview dialog asks the columns route for one row of both files (file=all&offset=N&limit=1).
// Read whole, that was raw.arrow and scores.arrow in full (about 120 MB at 100,000 interviews) for one
// row; a few rows are read from the record batches that hold them only. The answer must be byte for
// byte the whole read's slice (rows inside a batch, across a batch boundary, the last row, past the
// end), read far less than the files, and a file the ranged reader does not take still answers whole.
import { Field, Schema, Table, RecordBatch, tableFromIPC, tableToIPC, vectorFromArray } from 'apache-arrow';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readManifest, readRevisionColumns, revisionFileKey } from '../../../api/ingest/index';
import { MAX_RANGED_ROWS, readColumnRanges } from '../../../api/modules/results/column-ranges';
import { publishedDemoDatafile } from '../../support/published-datafile';
import { createTestApp, type TestApp } from '../../support/test-app';
import { uploadWorld, type UploadWorld } from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
let datafileId: string;
let raw: Table;
let scores: Table;
let fileBytes: number;

const prefixed = (table: Table) => {
  const schema = new Schema(
    table.schema.fields.map((f) => new Field(`raw:${f.name}`, f.type, f.nullable, f.metadata)),
    table.schema.metadata,
  );
  return new Table(
    schema,
    table.batches.map((b) => new RecordBatch(schema, b.data)),
  );
};

beforeAll(async () => {
  t = await createTestApp();
  w = await uploadWorld(t);
  // 20,000 interviews: three record batches of raw.arrow.
  ({ datafileId } = await publishedDemoDatafile(t, {
    companyId: w.A,
    ownerId: w.admin.id,
    title: 'Rows',
    rows: 20_000,
    seed: 11,
  }));
  raw = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'raw');
  scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores');
  expect(raw.batches.length).toBeGreaterThan(1);
  const manifest = await readManifest(t.deps.blobs, datafileId, 1);
  fileBytes = 0;
  for (const file of ['raw', 'scores'] as const)
    fileBytes += (await t.deps.blobs.stat(revisionFileKey(manifest, datafileId, 1, file)))!.size;
}, 120_000);
afterAll(() => t?.close());

/** The route's answer, with the bytes read from the store by ranges and whole. */
async function ask(query: string) {
  const blobs = t.deps.blobs;
  const getRange = blobs.getRange.bind(blobs);
  const getBytes = blobs.getBytes.bind(blobs);
  const read = { ranges: 0, whole: 0 };
  blobs.getRange = async (key, start, end) => {
    const bytes = await getRange(key, start, end);
    read.ranges += bytes?.length ?? 0;
    return bytes;
  };
  blobs.getBytes = async (key) => {
    const bytes = await getBytes(key);
    if (key.endsWith('.arrow')) read.whole += bytes?.length ?? 0;
    return bytes;
  };
  try {
    const res = await t.app.request(`/api/datafiles/${datafileId}/columns?${query}`, {
      headers: { authorization: `Bearer ${w.tokens.admin}`, 'accept-encoding': 'identity' },
    });
    expect(res.status).toBe(200);
    return { body: Buffer.from(await res.arrayBuffer()), read };
  } finally {
    blobs.getRange = getRange;
    blobs.getBytes = getBytes;
  }
}

it("one row of both files is the whole read's row, byte for byte, read from the batches that hold it only", async () => {
  const both = scores.assign(prefixed(raw));
  const boundary = raw.batches[0]!.numRows;
  const last = raw.numRows - 1;
  for (const [offset, limit] of [
    [0, 1],
    [1234, 1],
    [boundary - 1, 1],
    [boundary, 1],
    [boundary - 2, 4],
    [last, 1],
    [last - 3, MAX_RANGED_ROWS],
  ] as const) {
    const expected = Buffer.from(tableToIPC(both.slice(offset, offset + limit), 'stream'));
    const { body, read } = await ask(`file=all&offset=${offset}&limit=${limit}`);
    expect(body.equals(expected), `rows ${offset}+${limit}`).toBe(true);
    expect(read.whole).toBe(0);
    // The footers, each batch's metadata and the rows' bytes of each column: far below the files.
    expect(read.ranges).toBeLessThan(fileBytes * 0.02);
  }
  // One file, a few named columns.
  const names = raw.schema.fields.slice(2, 5).map((f) => f.name);
  const { body } = await ask(`file=raw&columns=${names.join(',')}&offset=${boundary}&limit=1`);
  expect(body.equals(Buffer.from(tableToIPC(raw.select(names).slice(boundary, boundary + 1), 'stream')))).toBe(true);
}, 120_000);

it('past the end and past the rows read by ranges, the whole read answers as before', async () => {
  const both = scores.assign(prefixed(raw));
  for (const [offset, limit] of [
    [raw.numRows + 5, 1],
    [10, MAX_RANGED_ROWS + 1],
  ] as const) {
    const { body, read } = await ask(`file=all&offset=${offset}&limit=${limit}`);
    expect(body.equals(Buffer.from(tableToIPC(both.slice(offset, offset + limit), 'stream')))).toBe(true);
    expect(read.whole).toBeGreaterThan(0);
  }
});

it('a file the ranged reader does not take gives null for rows too (the caller then reads it whole)', async () => {
  const table = new Table({ n: vectorFromArray([1, 2, 3]) });
  const stream = tableToIPC(table, 'stream');
  const store = {
    stat: async () => ({ size: stream.length }),
    getRange: async (_key: string, start: number, end: number) => stream.slice(start, end),
  };
  expect(await readColumnRanges(store, 'k', undefined, { offset: 1, limit: 1 })).toBeNull();
  const file = tableToIPC(table, 'file');
  const inFile = {
    ...store,
    stat: async () => ({ size: file.length }),
    getRange: async (_k: string, a: number, b: number) => file.slice(a, b),
  };
  const one = await readColumnRanges(inFile, 'k', undefined, { offset: 1, limit: 1 });
  expect(tableFromIPC(tableToIPC(one!)).getChild('n')!.toArray()).toEqual(new Float64Array([2]));
});

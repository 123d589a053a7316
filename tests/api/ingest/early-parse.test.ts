// The parse started while step 2 is read (parse/early.ts): a check that takes it answers exactly as
// one that reads the file itself; it is taken only by a check of the same datafile and the same stored
// object, pauses at its cap and still hands every row on, and is gone once it expired or was dropped.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { checkUpload } from '../../../api/ingest/index';
import { EarlyParse, startEarlyParse, takeEarlyParse } from '../../../api/ingest/parse/early';
import type { ReadOptions, UploadFormat } from '../../../api/ingest/types';
import { fixtureSurvey } from '../../fixtures/uploads/make-fixtures';
import { diskBlobStore } from '../../support/disk-blob-store';
import { scoring } from '../../support/scoring';

const blobs = diskBlobStore();
afterAll(() => blobs.dispose());
const { mapping } = fixtureSurvey();
const XLSX = { sheet: 'Data', headerRow: 3 };
const bytesOf = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/uploads/${name}`, import.meta.url)));

async function stored(name: string, key: string) {
  await blobs.put(key, bytesOf(name));
  const stat = (await blobs.stat(key)) as { etag?: string };
  return stat.etag;
}

const sourceOf = (datafileId: string, key: string, format: UploadFormat, options: ReadOptions) => ({
  datafileId,
  key,
  format,
  options,
});

const check = (datafileId: string, key: string, format: UploadFormat, options: ReadOptions, table?: unknown) =>
  checkUpload({
    blobs,
    scoring,
    source: { key, format },
    options,
    mapping,
    datafileId,
    ...(table ? { table: table as never } : {}),
  });

describe('early parse', () => {
  it('a check that takes it answers as one that reads the file, for xlsx and CSV', async () => {
    for (const [file, format, options] of [
      ['survey.xlsx', 'xlsx', XLSX],
      ['qualtrics-utf8-bom.csv', 'csv', {}],
    ] as const) {
      const key = `uploads/early-same-${format}`;
      const etag = await stored(file, key);
      const source = sourceOf('df-same', key, format, options);
      startEarlyParse(source, blobs);
      const table = await takeEarlyParse(source, etag, blobs);
      expect(table, file).toBeDefined();
      const taken = await check('df-same', key, format, options, table);
      const read = await check('df-same', key, format, options);
      expect(taken.estimate?.numberOfRecords, file).toBeGreaterThan(0);
      expect(taken, file).toEqual(read);
      // Taken once: the next check reads the file itself.
      expect(await takeEarlyParse(source, etag, blobs)).toBeUndefined();
    }
  });

  it('pauses at its cap and still hands every row on', async () => {
    const key = 'uploads/early-cap';
    const etag = await stored('qualtrics-utf8-bom.csv', key);
    const source = sourceOf('df-cap', key, 'csv', {});
    const early = new EarlyParse(source, blobs, 1);
    await early.settled();
    // One batch held at most: the reader stops there until a check takes it.
    expect(early.bytes).toBeGreaterThan(0);
    const table = await early.take(source, etag, blobs);
    expect(await check('df-cap', key, 'csv', {}, table)).toEqual(await check('df-cap', key, 'csv', {}));
  });

  it('is not taken for another datafile, other reading options, or a file changed after it started', async () => {
    const key = 'uploads/early-other';
    const etag = await stored('qualtrics-utf8-bom.csv', key);
    const source = sourceOf('df-a', key, 'csv', {});
    startEarlyParse(source, blobs);
    expect(await takeEarlyParse({ ...source, datafileId: 'df-b' }, etag, blobs)).toBeUndefined();

    startEarlyParse(source, blobs);
    expect(await takeEarlyParse({ ...source, options: { delimiter: ';' } }, etag, blobs)).toBeUndefined();

    // The file is put again after the early parse read it: the check's pinned tag is the new one.
    const early = startEarlyParse(source, blobs);
    await early.settled();
    const changed = bytesOf('plain-tab.csv');
    await blobs.put(key, changed);
    const newTag = ((await blobs.stat(key)) as { etag?: string }).etag;
    expect(newTag).not.toBe(etag);
    expect(await takeEarlyParse(source, newTag, blobs)).toBeUndefined();
    // A put between the early parse and its check: the tag read at the take is not the one it read.
    const again = startEarlyParse(source, blobs);
    await again.settled();
    await blobs.put(key, bytesOf('qualtrics-utf8-bom.csv'));
    expect(await takeEarlyParse(source, newTag, blobs)).toBeUndefined();
  });

  it('is gone once it expired, or once a newer early parse replaced it', async () => {
    const key = 'uploads/early-expired';
    const etag = await stored('qualtrics-utf8-bom.csv', key);
    const source = sourceOf('df-exp', key, 'csv', {});
    const expiring = new EarlyParse(source, blobs, undefined, 0);
    await expiring.settled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(expiring.bytes).toBe(0);
    expect(await expiring.take(source, etag, blobs)).toBeUndefined();

    const first = startEarlyParse(source, blobs);
    // Step 2 asked again for the same file keeps the parse under way.
    expect(startEarlyParse(source, blobs)).toBe(first);
    startEarlyParse({ ...source, key: 'uploads/another' }, blobs);
    await first.settled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(first.bytes).toBe(0);
    expect(await takeEarlyParse(source, etag, blobs)).toBeUndefined();
  });
});

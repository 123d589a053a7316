// Step 1's sheet list reads an xlsx's zip directory and its workbook parts as byte ranges, never the
// sheets: for a generated 64 MB workbook the store hands out a few KiB, in little time, where the
// whole file was read before (a store without ranges still gets the whole-file read).
import { afterAll, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { getSheetNames } from '../../../api/ingest/parse/index';
import type { UploadBlobStore } from '../../../api/ingest/blob';
import { diskBlobStore } from '../../support/disk-blob-store';

const store = diskBlobStore();
afterAll(() => store.dispose());

const enc = new TextEncoder();
const SHEETS = ['Daten', 'Codebuch', 'Notizen'];

/** A real xlsx layout: content types, the workbook and its relations, and one sheet of `sheetMb` MB stored uncompressed. */
function bigWorkbook(sheetMb: number): Uint8Array {
  const row = (r: number) => `<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}"><v>${r % 7}</v></c></row>`;
  const rows: string[] = [];
  let size = 0;
  for (let r = 1; size < sheetMb * 1024 * 1024; r++) size += (rows[rows.length] = row(r)).length;
  const ns = 'http://schemas.openxmlformats.org';
  const rel = `${ns}/officeDocument/2006/relationships`;
  return zipSync({
    '[Content_Types].xml': enc.encode(
      `<?xml version="1.0"?><Types xmlns="${ns}/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    ),
    'xl/workbook.xml': enc.encode(
      `<?xml version="1.0"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${rel}"><sheets>${SHEETS.map(
        (name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
      ).join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': enc.encode(
      `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships">${SHEETS.map(
        (_, i) => `<Relationship Id="rId${i + 1}" Type="${rel}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      ).join('')}</Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': [
      enc.encode(
        `<?xml version="1.0"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`,
      ),
      { level: 0 },
    ],
    'xl/worksheets/sheet2.xml': enc.encode(`<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData/></worksheet>`),
    'xl/worksheets/sheet3.xml': enc.encode(`<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData/></worksheet>`),
  });
}

/** The real store, counting the bytes it hands out. */
function counted(ranges: boolean) {
  const read = { bytes: 0, wholeReads: 0 };
  const blobs: UploadBlobStore = {
    put: (k, body, options) => store.put(k, body, options),
    get: (k) => store.get(k),
    stat: (k) => store.stat(k),
    delete: (k) => store.delete(k),
    deletePrefix: (p) => store.deletePrefix(p),
    async getBytes(k) {
      const bytes = await store.getBytes(k);
      read.wholeReads++;
      read.bytes += bytes?.length ?? 0;
      return bytes;
    },
    ...(ranges
      ? {
          async getRange(k: string, start: number, end: number) {
            const bytes = await store.getRange(k, start, end);
            read.bytes += bytes?.length ?? 0;
            return bytes;
          },
        }
      : {}),
  };
  return { blobs, read };
}

it('lists the sheets of a 64 MB workbook from a few KiB of it', async () => {
  const file = bigWorkbook(64);
  expect(file.length).toBeGreaterThan(64 * 1024 * 1024);
  await store.put('uploads/big.xlsx', file);

  const { blobs, read } = counted(true);
  const started = performance.now();
  expect(await getSheetNames(blobs, 'uploads/big.xlsx', 'xlsx')).toEqual(SHEETS);
  const ms = performance.now() - started;
  expect(read.wholeReads).toBe(0);
  // The step's own checks read the file's first chunk (its magic bytes) through `get`; the sheet list
  // itself costs the last 64 KiB (the directory's search window) and the workbook parts.
  expect(read.bytes).toBeLessThan(96 * 1024);
  expect(ms).toBeLessThan(2_000);

  // Without ranges the store hands out the whole file, as every store did before.
  const whole = counted(false);
  expect(await getSheetNames(whole.blobs, 'uploads/big.xlsx', 'xlsx')).toEqual(SHEETS);
  expect(whole.read.bytes).toBe(file.length);
}, 60_000);

it('a directory that points outside the file is refused as before', async () => {
  const file = bigWorkbook(0.01);
  // The end record's directory offset, pointed past the end.
  const broken = file.slice();
  const view = new DataView(broken.buffer);
  view.setUint32(broken.length - 22 + 16, broken.length + 10, true);
  await store.put('uploads/broken.xlsx', broken);
  const { blobs } = counted(true);
  await expect(getSheetNames(blobs, 'uploads/broken.xlsx', 'xlsx')).rejects.toMatchObject({
    code: 'UPLOAD_FILE_CORRUPT',
    details: { reason: 'ZIP_CENTRAL_DIRECTORY_OUT_OF_RANGE' },
  });
});

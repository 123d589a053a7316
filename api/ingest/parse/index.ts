// Entry points of the readers: what step 1 calls (sheet names) and what processing calls (a table
// from a stored upload). Size and magic bytes are checked before any parser runs.
import { uploadError } from '../../kernel/errors/upload-errors';
import { chunksOf, type UploadBlobStore } from '../blob';
import { DEFAULT_LIMITS, type UploadLimits } from '../limits';
import type { ReadOptions, TableSource, UploadFormat } from '../types';
import { csvRawRows, readCsv } from './csv';
import { readSav, readSavDictionary, savRows } from './sav';
import type { RawRow } from './table';
import { openXlsx, readXlsx, xlsxRows, xlsxSheetNames } from './xlsx';
import { readWorkbookFrom } from './xlsx-parts';

const EXTENSIONS: Record<string, UploadFormat> = {
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  csv: 'csv',
  txt: 'csv',
  tsv: 'csv',
  sav: 'sav',
  zsav: 'sav',
};

/** The format a file name claims (by extension), or undefined. */
export function formatOfName(fileName: string): UploadFormat | undefined {
  return EXTENSIONS[/\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? ''];
}

/** What the first bytes say the file is. */
export function sniffFormat(head: Uint8Array): UploadFormat | 'zip-other' | 'xls' | 'binary' | 'text' {
  const s = String.fromCharCode(...head.subarray(0, 8));
  if (s.startsWith('PK\u0003\u0004')) return 'xlsx';
  if (s.startsWith('PK\u0005\u0006')) return 'zip-other';
  if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) return 'xls';
  if (s.startsWith('$FL2') || s.startsWith('$FL3')) return 'sav';
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return 'text';
  // Text has no NUL bytes in its first KiB; PDFs, images and executables do (or have magic numbers).
  const probe = head.subarray(0, 1024);
  if (probe.includes(0) || s.startsWith('%PDF') || s.startsWith('\u007fELF') || s.startsWith('MZ')) return 'binary';
  return 'text';
}

/** Refuses a file whose content is not what its format says (before any parser sees it). */
export function checkMagic(format: UploadFormat, head: Uint8Array): void {
  const found = sniffFormat(head);
  const ok = format === 'csv' ? found === 'text' : found === format;
  if (!ok) {
    throw uploadError('UPLOAD_FILE_TYPE_MISMATCH', {
      reason: found === 'xls' ? 'XLS_OR_ENCRYPTED' : 'CONTENT_DOES_NOT_MATCH_FORMAT',
      value: `${format}/${found}`,
    });
  }
}

export function checkSize(format: UploadFormat, size: number, limits: UploadLimits): void {
  if (size === 0) throw uploadError('NO_RECORDS_FOUND', { reason: 'EMPTY_FILE' });
  const max = limits.maxFileBytes[format];
  if (size > max) throw uploadError('UPLOAD_FILE_TOO_LARGE', { reason: 'FILE_OVER_SIZE_CAP', limit: max, value: size });
}

async function head(blobs: UploadBlobStore, key: string): Promise<Uint8Array> {
  const stream = await blobs.get(key);
  if (!stream) throw uploadError('FILE_DOWNLOAD_FAILED', { reason: 'UPLOAD_NOT_STORED' });
  const reader = stream.getReader();
  try {
    const { value } = await reader.read();
    return value ?? new Uint8Array(0);
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

async function checked(
  blobs: UploadBlobStore,
  key: string,
  format: UploadFormat,
  limits: UploadLimits,
): Promise<number> {
  const stat = await blobs.stat(key);
  if (!stat) throw uploadError('FILE_DOWNLOAD_FAILED', { reason: 'UPLOAD_NOT_STORED' });
  checkSize(format, stat.size, limits);
  checkMagic(format, await head(blobs, key));
  return stat.size;
}

/** Step 1: the sheet names of a stored xlsx (central directory and workbook.xml only, read as byte ranges where the store can). */
export async function getSheetNames(
  blobs: UploadBlobStore,
  key: string,
  format: UploadFormat,
  limits: UploadLimits = DEFAULT_LIMITS,
): Promise<string[]> {
  const size = await checked(blobs, key, format, limits);
  if (format !== 'xlsx') return [];
  if (blobs.getRange) {
    // Only the zip's directory and the workbook parts are read, however large the sheets are.
    const getRange = blobs.getRange.bind(blobs);
    const source = {
      size,
      async read(start: number, end: number) {
        const bytes = await getRange(key, start, end);
        if (!bytes) throw uploadError('FILE_DOWNLOAD_FAILED', { reason: 'UPLOAD_NOT_STORED' });
        return bytes;
      },
    };
    return (await readWorkbookFrom(source, limits)).sheets.map((s) => s.name);
  }
  const bytes = await blobs.getBytes(key);
  if (!bytes) throw uploadError('FILE_DOWNLOAD_FAILED', { reason: 'UPLOAD_NOT_STORED' });
  return xlsxSheetNames(bytes, limits);
}

/** A stored upload as a table, after the size and magic-byte checks. */
export async function openUpload(
  blobs: UploadBlobStore,
  key: string,
  format: UploadFormat,
  options: ReadOptions,
  limits: UploadLimits = DEFAULT_LIMITS,
): Promise<TableSource> {
  const size = await checked(blobs, key, format, limits);
  if (format === 'csv') {
    let read = 0;
    const source = async function* () {
      const stream = await blobs.get(key);
      if (!stream) throw uploadError('FILE_DOWNLOAD_FAILED', { reason: 'UPLOAD_NOT_STORED' });
      for await (const chunk of chunksOf(stream)) {
        read += chunk.length;
        yield chunk;
      }
    };
    const table = await readCsv(source, options, limits);
    return { ...table, progress: () => read / size };
  }
  const bytes = await blobs.getBytes(key);
  if (!bytes) throw uploadError('FILE_DOWNLOAD_FAILED', { reason: 'UPLOAD_NOT_STORED' });
  return format === 'xlsx' ? readXlsx(bytes, options, limits) : readSav(bytes, options, limits);
}

/** A table from bytes in memory (tests, demo data, the seed). */
export async function readTableFromBytes(
  bytes: Uint8Array,
  format: UploadFormat,
  options: ReadOptions = {},
  limits: UploadLimits = DEFAULT_LIMITS,
): Promise<TableSource> {
  checkSize(format, bytes.length, limits);
  checkMagic(format, bytes.subarray(0, 4096));
  if (format === 'csv')
    return readCsv(
      async function* () {
        yield bytes;
      },
      options,
      limits,
    );
  return format === 'xlsx' ? readXlsx(bytes, options, limits) : readSav(bytes, options, limits);
}

/**
 * The rows of a stored upload as they are, before any header row applies (step 2 shows them, and
 * finds the header and the notes around the table in them). SPSS: the variable names as row 1, then
 * the cases. Throws the same file refusals as `openUpload`.
 */
export async function openRawRows(
  blobs: UploadBlobStore,
  key: string,
  format: UploadFormat,
  options: Pick<ReadOptions, 'sheet' | 'delimiter' | 'encoding'>,
  limits: UploadLimits = DEFAULT_LIMITS,
): Promise<AsyncGenerator<RawRow>> {
  await checked(blobs, key, format, limits);
  if (format === 'csv') {
    const source = async function* () {
      const stream = await blobs.get(key);
      if (!stream) throw uploadError('FILE_DOWNLOAD_FAILED', { reason: 'UPLOAD_NOT_STORED' });
      yield* chunksOf(stream);
    };
    return csvRawRows(source, options, limits, {});
  }
  const bytes = await blobs.getBytes(key);
  if (!bytes) throw uploadError('FILE_DOWNLOAD_FAILED', { reason: 'UPLOAD_NOT_STORED' });
  if (format === 'xlsx') {
    const book = openXlsx(bytes, limits);
    const sheets = book.workbook.sheets;
    const sheet = sheets.find((s) => s.name === options.sheet) ?? sheets[0];
    if (!sheet) throw uploadError('SHEET_NOT_FOUND', { reason: 'NO_SHEETS' });
    return (async function* () {
      yield* xlsxRows(bytes, book, sheet.path, limits);
    })();
  }
  const dict = readSavDictionary(bytes, limits);
  return (async function* () {
    yield { number: 1, cells: dict.variables.map((v) => v.name) };
    yield* savRows(bytes, dict, limits);
  })();
}

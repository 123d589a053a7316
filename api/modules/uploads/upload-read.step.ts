// What steps 1 and 2 read from a stored upload, in a Worker thread (upload-read.ts runs it): the
// sheet names, the check of step 1's options against the header, the preview of the first rows. A
// CSV is read only up to REQUEST_READ_BYTES (cut after the last whole line): the first rows never
// need more, and an unclosed quote cannot make the request read the whole file.
import {
  compareStructure,
  getSheetNames,
  headerIssues,
  openUpload,
  previewUpload,
  refuse,
  withLimits,
  type ReadOptions,
  type UploadBlobStore,
  type UploadFormat,
  type UploadPreview,
} from '../../ingest';
import { AppError } from '../../kernel/errors/errors';
import type { WorkerStepContext } from '../../jobs';
import { layoutOf, requireRecords } from './upload-reading';

/** How much of a CSV the request path reads: 2,000 preview rows of up to 8 KiB each. */
export const REQUEST_READ_BYTES = 16 * 1024 * 1024;

export type UploadReadInput =
  | { op: 'sheets'; key: string; format: UploadFormat }
  | {
      op: 'stepOne';
      key: string;
      format: UploadFormat;
      sheetName: string | null;
      options: ReadOptions;
      previousColumns?: readonly string[];
    }
  | { op: 'preview'; key: string; format: UploadFormat; options: ReadOptions }
  | { op: 'layout'; key: string; format: UploadFormat; sheetName: string | null };

export type UploadReadOutput = {
  sheets?: string[];
  preview?: UploadPreview;
  layout?: Awaited<ReturnType<typeof layoutOf>>;
};

export async function run(input: UploadReadInput, ctx: WorkerStepContext): Promise<UploadReadOutput> {
  const blobs = input.format === 'csv' ? csvPrefixOf(ctx.blobs, input.key) : ctx.blobs;
  if (input.op === 'sheets') return { sheets: await getSheetNames(blobs, input.key, input.format, withLimits()) };
  if (input.op === 'preview')
    return {
      preview: await previewUpload(blobs, input.key, input.format, input.options, withLimits(), {
        previewRows: 20,
        sampleRows: 2000,
      }),
    };
  if (input.op === 'layout') return { layout: await layoutOf({ blobs }, input.key, input.format, input.sheetName) };
  if (input.format === 'xlsx') {
    const sheets = await getSheetNames(blobs, input.key, input.format, withLimits());
    if (!input.sheetName) throw new AppError('SHEET_NOT_FOUND', { field: 'sheetName', reason: 'SHEET_REQUIRED' });
    if (!sheets.includes(input.sheetName))
      throw new AppError('SHEET_NOT_FOUND', { field: 'sheetName', reason: 'SHEET_MISSING', value: input.sheetName });
  }
  // A new file's repeated header names are the check's refusal (step 2 shows the rows and where the
  // header seems to be); a re-upload must have the published columns, so they are checked here.
  if (input.previousColumns) {
    const table = await openUpload(blobs, input.key, input.format, input.options, withLimits());
    refuse(headerIssues(table.header));
    compareStructure(input.previousColumns, table.header);
  }
  await requireRecords({ blobs }, input.key, input.format, input.options);
  return {};
}

/** `blobs` whose stream of `key` ends after at most REQUEST_READ_BYTES, at the end of a line. */
function csvPrefixOf(blobs: UploadBlobStore, key: string): UploadBlobStore {
  return {
    ...blobs,
    put: (k, body, options) => blobs.put(k, body, options),
    getBytes: (k) => blobs.getBytes(k),
    stat: (k) => blobs.stat(k),
    delete: (k) => blobs.delete(k),
    deletePrefix: (p) => blobs.deletePrefix(p),
    async get(k) {
      const stream = await blobs.get(k);
      if (!stream || k !== key) return stream;
      const bytes = await prefix(stream, REQUEST_READ_BYTES);
      return new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
    },
  };
}

async function prefix(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let more = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.length;
      if (total > max) {
        more = true;
        break;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(Math.min(total, max));
  let at = 0;
  for (const c of chunks) {
    const part = c.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
    if (at === bytes.length) break;
  }
  return more ? bytes.subarray(0, lineEnd(bytes)) : bytes;
}

/** Where the last whole line of `bytes` ends (UTF-16 by its byte order mark, else a byte encoding); all of it without one. */
function lineEnd(bytes: Uint8Array): number {
  const le = bytes[0] === 0xff && bytes[1] === 0xfe;
  const be = bytes[0] === 0xfe && bytes[1] === 0xff;
  for (let i = bytes.length - 1; i > 0; i--) {
    if (bytes[i] !== 0x0a) continue;
    if (le && i % 2 === 0 && bytes[i + 1] === 0x00) return i + 2;
    if (be && i % 2 === 1 && bytes[i - 1] === 0x00) return i + 1;
    if (!le && !be) return i + 1;
  }
  return bytes.length;
}

// Step 1's reading options where the caller leaves them out, and the one thing step 1 refuses of a
// reading: no record at all below the header. The rows default to where the file's layout puts the
// table (title rows above the header and notes below it left out; Qualtrics' question texts and
// ImportIds skipped; SPSS: names, then cases), so a script that sends only the file gets what the
// preview would suggest.
import { AppError } from '../../kernel/errors/errors';
import {
  detectLayout,
  openRawRows,
  openUpload,
  withLimits,
  type ReadOptions,
  type UploadBlobStore,
  type UploadFormat,
} from '../../ingest';

/** Raw rows read to find the layout (as the preview does). */
const LAYOUT_ROWS = 2000;

export async function layoutOf(
  deps: { blobs: UploadBlobStore },
  key: string,
  format: UploadFormat,
  sheet: string | null,
): Promise<{ headerRow: number; firstDataRow: number; lastDataRow?: number }> {
  const rows = [];
  let complete = true;
  const it = await openRawRows(deps.blobs, key, format, sheet ? { sheet } : {}, withLimits());
  try {
    for await (const r of it) {
      if (rows.length >= LAYOUT_ROWS) {
        complete = false;
        break;
      }
      rows.push(r);
    }
  } finally {
    await it.return(undefined);
  }
  const layout = detectLayout(format, rows, complete);
  return {
    headerRow: layout.headerRow,
    firstDataRow: layout.firstDataRow,
    ...(layout.lastDataRow !== undefined ? { lastDataRow: layout.lastDataRow } : {}),
  };
}

/**
 * Refuses a reading without a single record below the header (a CSV of only its header row): step 2
 * would have nothing to show. Problems of the header itself are not refused here: the preview shows
 * the file's rows and suggests where the header is.
 */
export async function requireRecords(
  deps: { blobs: UploadBlobStore },
  key: string,
  format: UploadFormat,
  options: ReadOptions,
): Promise<void> {
  const table = await openUpload(deps.blobs, key, format, options, withLimits());
  try {
    for await (const batch of table.batches()) if (batch.rows.length) return;
  } catch (error) {
    if (error instanceof AppError && error.code === 'HEADER_ROW_HAS_DUPLICATES') return;
    throw error;
  }
  throw new AppError('NO_RECORDS_FOUND', {
    field: 'dataRecordStartRow',
    reason: 'NO_DATA_ROWS',
    rows: [options.firstDataRow ?? (options.headerRow ?? 1) + 1],
  });
}

// Step 2's preview of a stored upload: the file's first rows as they are (whatever the header row),
// where the table seems to sit in them (header, sub-labels, first and last data row, or why it is no
// survey data), and the columns read with the reading options of step 1 with their suggestions. A
// reading that does not fit the file (a title row as the header, data beyond the header's names) is
// reported beside the raw rows instead of refusing the preview: the user and a script find the
// header there. A file refused as such (damaged, hostile, over a cap) still throws.
import { AppError } from '../../kernel/errors/errors';
import { refusalFactsOf, type RefusalFacts } from '../../kernel/errors/refusal-messages';
import type { UploadBlobStore } from '../blob';
import type { UploadLimits } from '../limits';
import { openRawRows, openUpload } from '../parse/index';
import type { RawRow } from '../parse/table';
import { ROW_NUMBER_ID, type Cell, type ReadOptions, type TableHeader, type UploadFormat } from '../types';
import { headerIssues } from '../validate/mapping';
import { detectLayout, type LayoutSuggestion } from './layout';
import { previewTable, type UploadPreview } from './suggest';

/** Raw rows read to find the layout (and notes at the end of files shorter than this). */
const RAW_ROWS = 2000;
/** Raw rows shown. */
const SHOWN_RAW_ROWS = 30;

export interface UploadPreviewWithLayout extends UploadPreview {
  /** The first rows of the file as they are, 1-based numbers. */
  rawRows: { number: number; cells: Cell[] }[];
  /** Where the table seems to sit; the reading options of step 1 may differ (the user decides). */
  layout: LayoutSuggestion;
  /** Why the table cannot be read with step 1's options (then `columns` is empty), or header names that repeat. */
  readingIssues: RefusalFacts[];
}

/** Refusals of a reading that other options would mend (the file itself is fine). */
function readingRefusal(error: unknown): RefusalFacts | undefined {
  if (!(error instanceof AppError)) return undefined;
  const reason = error.details.reason;
  const mendable =
    error.code === 'HEADER_ROW_HAS_DUPLICATES' ||
    error.code === 'INVALID_PARAMETERS' ||
    (error.code === 'NO_RECORDS_FOUND' && reason !== 'EMPTY_FILE');
  return mendable ? refusalFactsOf(error.code, error.details) : undefined;
}

async function rawRowsOf(
  blobs: UploadBlobStore,
  key: string,
  format: UploadFormat,
  options: ReadOptions,
  limits: UploadLimits,
): Promise<{ rows: RawRow[]; complete: boolean }> {
  const it = await openRawRows(blobs, key, format, options, limits);
  const rows: RawRow[] = [];
  let complete = true;
  try {
    for await (const r of it) {
      if (rows.length >= RAW_ROWS) {
        complete = false;
        break;
      }
      rows.push(r);
    }
  } finally {
    await it.return(undefined);
  }
  return { rows, complete };
}

const emptyPreview = (header: TableHeader): UploadPreview => ({
  header,
  rows: [],
  rowNumbers: [],
  sampled: 0,
  columns: [],
  suggestedMapping: [{ ...ROW_NUMBER_ID }],
  gridCandidates: [],
  missingValueSuggestions: [],
  suggestionIssues: [],
});

export async function previewWithLayout(
  blobs: UploadBlobStore,
  key: string,
  format: UploadFormat,
  options: ReadOptions,
  limits: UploadLimits,
  sizes: { previewRows?: number; sampleRows?: number },
): Promise<UploadPreviewWithLayout> {
  const raw = await rawRowsOf(blobs, key, format, options, limits);
  const layout = detectLayout(format, raw.rows, raw.complete);
  const rawRows = raw.rows.slice(0, SHOWN_RAW_ROWS).map((r) => ({ number: r.number, cells: r.cells }));
  let preview: UploadPreview;
  const readingIssues: RefusalFacts[] = [];
  try {
    const table = await openUpload(blobs, key, format, options, limits);
    readingIssues.push(...headerIssues(table.header));
    preview = await previewTable(table, sizes);
  } catch (error) {
    const facts = readingRefusal(error);
    if (!facts) throw error;
    readingIssues.push(facts);
    preview = emptyPreview({
      format,
      columns: [],
      headerRow: options.headerRow ?? 1,
      firstDataRow: options.firstDataRow ?? (options.headerRow ?? 1) + 1,
    });
  }
  // A file that is not one row per respondent gets no data points to score.
  if (layout.notSurveyData) {
    preview.suggestedMapping = preview.suggestedMapping.filter((d) => d.type === 'RECORD_ID');
    for (const c of preview.columns) if (c.type !== 'RECORD_ID') c.type = 'IGNORE';
    preview.suggestionIssues = [{ code: 'NO_SCORABLE_DATA_POINT' }];
  }
  return { ...preview, rawRows, layout, readingIssues };
}

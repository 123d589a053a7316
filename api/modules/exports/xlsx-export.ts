// The 'Export Result' workbook: sheet '{product} Export Result' (every column of the export table,
// header frozen) and sheet 'Quality Mark' (the certificate fields). Sheet names and headers are in
// the export's language; with technical names chosen they are the fixed names scripts read by.
// Numbers are stored as numbers; score columns carry a number format of the chosen decimals, so
// Excel shows 96,0 or 96.0 in the reader's own locale while the cell keeps every digit. Written with exceljs's streaming
// WorkbookWriter, row by row into the blob store: measured on 100,000 x 50 under Bun it took 4.5-6.8 s
// and 460 MB against write-excel-file's 18.9 s and 1.6 GB (that one needs the whole sheet as cell
// objects in memory first); figures in docs/benchmarks.md, "bench:export".
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { neutraliseText } from '../../ingest/index';
import { translate, type Locale } from '../../lib/i18n';
import type { ExportTable } from './export-table';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const QUALITY_MARK_SHEET = 'Quality Mark';
/** The order of the 'Quality Mark' sheet's fields, as the product's export worksheet lists them. */
export const QUALITY_MARK_FIELDS = [
  'certificateCode',
  'reportURL',
  'certificateLevel',
  'includedRecords',
  'removedRecords',
  'scoreThresholds',
] as const;

export type QualityMark = {
  certificateCode: string | null;
  reportURL: string | null;
  certificateLevel: number | null;
  includedRecords: number;
  removedRecords: number;
  /** The enabled rules in words, e.g. "combined < 60; TS < 20; IBS < 20 (2+ data points)". */
  scoreThresholds: string;
};

export interface BlobSink {
  put(
    key: string,
    body: Uint8Array | ReadableStream<Uint8Array>,
    options?: { contentType?: string },
  ): Promise<{ size: number }>;
}

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
function safeSheetName(name: string): string {
  return name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31);
}

export function sheetName(productName: string): string {
  return `${productName.replace(/[[\]:*?/\\]/g, ' ').trim()} Export Result`.slice(0, 31);
}

export interface XlsxOptions {
  productName: string;
  locale?: Locale;
  /** Readable (default): sheet names, headers and Quality Mark fields in the export's language. */
  columnNames?: 'readable' | 'technical';
  /** Decimals shown for score columns (null: Excel's general format). */
  scoreDecimals?: number | null;
  onProgress?: (fraction: number) => Promise<void> | void;
}

/** The two sheet names: translated, or the fixed ones of the export's definition. */
export function sheetNames(options: XlsxOptions): { result: string; qualityMark: string } {
  if (options.columnNames === 'technical')
    return { result: sheetName(options.productName), qualityMark: QUALITY_MARK_SHEET };
  const locale = options.locale ?? 'de';
  return {
    result: safeSheetName(translate(locale, 'exports.sheets.result', { product: options.productName })),
    qualityMark: safeSheetName(translate(locale, 'exports.sheets.qualityMark')),
  };
}

/**
 * Text exactly as a number prints (what the upload stored for numeric cells of CSV and xlsx files)
 * becomes a number again; "007", "1e3" or "12345678901234567890" stay text because they would not
 * read back as the same characters.
 */
export function cellValue(text: string | null, keepText: boolean): string | number | null {
  if (text === null) return null;
  if (!keepText && text.length > 0 && text.length < 18) {
    const n = Number(text);
    if (Number.isFinite(n) && String(n) === text) return n;
  }
  return neutraliseText(text);
}

const ROWS_PER_PROGRESS = 5_000;

export async function writeXlsxExport(
  blobs: BlobSink,
  key: string,
  table: ExportTable,
  mark: QualityMark,
  options: XlsxOptions,
): Promise<{ size: number }> {
  const pass = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
  const stored = blobs.put(key, Readable.toWeb(pass) as unknown as ReadableStream<Uint8Array>, {
    contentType: XLSX_CONTENT_TYPE,
  });
  let failed: unknown;
  stored.catch((error: unknown) => {
    failed = error;
    pass.destroy();
  });
  // Level 1: a third faster than the default for a file a third larger (37 vs 21 MB at 100k x 50).
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: pass,
    // Styles only for the number format of score columns (one shared style, so the file barely grows).
    useStyles: options.scoreDecimals != null,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  const names = sheetNames(options);
  const technical = options.columnNames === 'technical';
  const sheet = workbook.addWorksheet(names.result, { views: [{ state: 'frozen', ySplit: 1 }] });
  const cols = table.columns;
  sheet.addRow(cols.map((c) => neutraliseText(technical ? c.name : c.header))).commit();
  // One shared style object per kind of cell: exceljs looks styles up by object identity, so a shared
  // object costs one lookup where a fresh one per cell would be rendered and indexed for every cell
  // (measured: 2.5 times the CPU of a workbook without styles).
  const styled = options.scoreDecimals != null;
  const plain = {};
  const score = { numFmt: options.scoreDecimals! > 0 ? `0.${'0'.repeat(options.scoreDecimals!)}` : '0' };
  const styles = cols.map((c) => (c.kind === 'number' && c.score ? score : plain));
  const row = new Array<string | number | null>(cols.length);
  for (let i = 0; i < table.rows; i++) {
    for (let j = 0; j < cols.length; j++) {
      const c = cols[j]!;
      if (c.kind === 'number') {
        const v = c.values[i]!;
        row[j] = v === v ? v : null;
      } else row[j] = cellValue(c.values[i]!, c.recordId === true);
    }
    const added = sheet.addRow(row);
    if (styled) added.eachCell((cell, col) => (cell.style = styles[col - 1]!));
    added.commit();
    if (i % ROWS_PER_PROGRESS === ROWS_PER_PROGRESS - 1) {
      // exceljs writes without waiting for the reader: wait here whenever the store falls behind.
      if (pass.writableNeedDrain) await Promise.race([once(pass, 'drain'), stored]);
      if (failed) throw failed;
      await options.onProgress?.((i + 1) / table.rows);
    }
  }
  sheet.commit();
  const qualityMark = workbook.addWorksheet(names.qualityMark);
  qualityMark
    .addRow(
      technical
        ? [...QUALITY_MARK_FIELDS]
        : QUALITY_MARK_FIELDS.map((f) => translate(options.locale ?? 'de', `exports.qualityMark.${f}`)),
    )
    .commit();
  qualityMark
    .addRow(
      QUALITY_MARK_FIELDS.map((f) => {
        const v = mark[f];
        return typeof v === 'string' ? neutraliseText(v) : v;
      }),
    )
    .commit();
  qualityMark.commit();
  await workbook.commit();
  return stored;
}

// The reconciliation pack as files: CSV (one line per removed interview, headers in the pack's
// language) and an xlsx workbook with three sheets: the removed interviews, the counts per source
// and reason, and the map of our reasons to the industry's frame. Sheet names, headers, reasons
// and categories are in the pack's language; the codes (ours and the frame's) stay the same in
// both, so a supplier's script can match them.
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { REASONS } from '../../../scoring/index';
import { neutraliseText } from '../../ingest/index';
import { translate } from '../../lib/i18n';
import { formatNumber, quoter, textStream } from './csv-export';
import { reasonMap } from './reconciliation-codes';
import type { PackRow, ReconciliationPack } from './reconciliation';
import { XLSX_CONTENT_TYPE, type BlobSink } from './xlsx-export';

/** The removed interviews' columns, in file order (header key under exports.reconciliation.columns). */
const COLUMNS = [
  'recordId',
  'source',
  'reasonCode',
  'reason',
  'reasonCodes',
  'gdq',
  'gdqName',
  'lengthSeconds',
  'medianSeconds',
  'lengthRatio',
  'openAnswers',
  'gridPattern',
  'behaviour',
  'duplicateOf',
] as const satisfies readonly (keyof PackRow)[];

const ROUNDED: Partial<Record<(typeof COLUMNS)[number], number>> = {
  lengthSeconds: 1,
  medianSeconds: 1,
  lengthRatio: 2,
  behaviour: 1,
};

function cells(pack: ReconciliationPack, row: PackRow): (string | number | null)[] {
  const noSource = translate(pack.locale, 'exports.reconciliation.noSource');
  return COLUMNS.map((c) => {
    const v = c === 'source' ? (row.source ?? noSource) : row[c];
    if (typeof v === 'number') {
      const d = ROUNDED[c] ?? 0;
      return Math.round(v * 10 ** d) / 10 ** d;
    }
    return v;
  });
}

const headers = (pack: ReconciliationPack) =>
  COLUMNS.map((c) => translate(pack.locale, `exports.reconciliation.columns.${c}`));

function* csvLines(pack: ReconciliationPack, delimiter: ',' | ';', decimal: '.' | ','): Generator<string> {
  const q = quoter(delimiter);
  const text = (v: string) => q(neutraliseText(v));
  yield `\uFEFF${headers(pack).map(text).join(delimiter)}\r\n`;
  for (const row of pack.rows)
    yield `${cells(pack, row)
      .map((v) => (v === null ? '' : typeof v === 'number' ? formatNumber(v, decimal) : text(v)))
      .join(delimiter)}\r\n`;
}

/** The removed interviews as CSV (UTF-8 with a byte-order mark, for Excel). */
export function reconciliationCsvStream(
  pack: ReconciliationPack,
  options: { delimiter?: ',' | ';'; decimal?: '.' | ',' } = {},
): ReadableStream<Uint8Array> {
  return textStream(csvLines(pack, options.delimiter ?? ',', options.decimal ?? '.'));
}

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
const sheet = (pack: ReconciliationPack, key: string) =>
  translate(pack.locale, `exports.reconciliation.sheets.${key}`)
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31);

/** The workbook, streamed into the blob store. */
export async function writeReconciliationXlsx(
  blobs: BlobSink,
  key: string,
  pack: ReconciliationPack,
): Promise<{ size: number }> {
  const t = (k: string) => translate(pack.locale, k);
  const pass = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
  const stored = blobs.put(key, Readable.toWeb(pass) as unknown as ReadableStream<Uint8Array>, {
    contentType: XLSX_CONTENT_TYPE,
  });
  stored.catch(() => pass.destroy());
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: false, useSharedStrings: false });
  const text = (v: string | number | null) => (typeof v === 'string' ? neutraliseText(v) : v);
  const removed = workbook.addWorksheet(sheet(pack, 'removed'), { views: [{ state: 'frozen', ySplit: 1 }] });
  removed.addRow(headers(pack).map(text)).commit();
  for (let i = 0; i < pack.rows.length; i++) {
    removed.addRow(cells(pack, pack.rows[i]!).map(text)).commit();
    if (i % 5_000 === 4_999 && pass.writableNeedDrain) await Promise.race([once(pass, 'drain'), stored]);
  }
  removed.commit();
  const summary = workbook.addWorksheet(sheet(pack, 'summary'));
  const s = (k: string) => t(`exports.reconciliation.summary.${k}`);
  summary.addRow([s('source'), s('interviews'), s('removed'), ...REASONS.map((r) => `${r}`)].map(text)).commit();
  for (const row of pack.summary)
    summary
      .addRow(
        [row.source ?? t('exports.reconciliation.noSource'), row.interviews, row.removed, ...row.byReason].map(text),
      )
      .commit();
  summary.commit();
  const codes = workbook.addWorksheet(sheet(pack, 'codes'));
  codes.addRow([s('reasonCode'), s('reason'), s('gdq'), s('gdqName')].map(text)).commit();
  for (const { reason, category } of reasonMap())
    codes
      .addRow(
        [reason, t(`worksheet.reasons.${reason}`), category, t(`exports.reconciliation.gdq.${category}`)].map(text),
      )
      .commit();
  codes.commit();
  await workbook.commit();
  return stored;
}

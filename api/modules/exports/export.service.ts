// One export, ready to be a job's work (the job kind is wired with the datafile operations): read the
// revision's columns, re-run the stored cleaning with the facade (the same decisions the worksheet
// showed and the server saved), write the chosen format into the blob store and report progress.
// Idempotent: the key is derived from the input, so a retried attempt overwrites its own file.
import { createHash } from 'node:crypto';
import { REASONS, type CleaningInput, type Scoring } from '../../../scoring/index';
import { AppError } from '../../kernel/errors/errors';
import type { Locale } from '../../lib/i18n';
import { cleanRevision, duplicateRowsOf, groupingOf, quotaFor } from '../cleaning';
import type { SavedCleaning } from '../cleaning';
import type { UploadBlobStore } from '../../ingest';
import { readRevisionColumns } from '../../ingest/index';
import { ARROW_CONTENT_TYPE, arrowExportTable, writeArrowExport } from './arrow-export';
import { PARQUET_CONTENT_TYPE, parquetOfTable } from './parquet-export';
import { csvExportStream, rejectListStream, type CsvOptions } from './csv-export';
import { buildExportTable, recordIdsOfRevision } from './export-table';
import { describeThresholds } from './export-texts';
import { SAV_CONTENT_TYPE, savExportStream } from './sav-export';
import { TRIPLE_S_CONTENT_TYPE, tripleSZip } from './triple-s-export';
import { buildReconciliationPack, type IdentityEvidence } from './reconciliation';
import { reconciliationCsvStream, writeReconciliationXlsx } from './reconciliation-files';
import { writeXlsxExport, XLSX_CONTENT_TYPE, type QualityMark } from './xlsx-export';

export { describeThresholds };

const CSV = 'text/csv; charset=utf-8';

export type ExportFormat =
  | 'xlsx'
  | 'csv'
  | 'arrow'
  | 'parquet'
  | 'rejects'
  | 'sav'
  | 'sss'
  | 'recon-xlsx'
  | 'recon-csv';

/** The cleaning as saved for the datafile (saved-cleaning.repo.ts): what decides each interview. */
export type ExportCleaning = Pick<SavedCleaning, 'rules' | 'manual' | 'quota' | 'duplicates'>;

export interface ExportJobInput {
  datafileId: string;
  revision: number;
  format: ExportFormat;
  /** Null when the datafile was never cleaned: DATAFILE_NOT_CLEANED. */
  cleaning: ExportCleaning | null;
  /** The certificate of the cleaning, for the 'Quality Mark' sheet (null fields when none was issued). */
  certificate?: { certificateCode: string | null; reportURL: string | null; certificateLevel: number | null };
  /** The product's name for the sheet '{product} Export Result' (default 'QualityCheck'). */
  productName?: string;
  /** Language of headers, labels, decisions, reasons and rules (default de). */
  locale?: Locale;
  /** CSV and reject list: separator, decimal mark (absent: '.'). */
  csv?: Pick<CsvOptions, 'delimiter' | 'decimal'>;
  /** xlsx, CSV: readable headers in the export's language (default) or the technical names. */
  columnNames?: 'readable' | 'technical';
  /** Decimals of score columns (default 1): rounded in CSV, a display format in xlsx and .sav; null every digit. */
  scoreDecimals?: number | null;
  /** Base of the download's file name (e.g. the datafile title). */
  title?: string;
  /** Reconciliation pack: the datafile's organisation (whose identities are read) and one sample source (null: none given; absent: all). */
  reconciliation?: { companyId: string; sampleSource?: string | null };
  /** Reconciliation pack: the identities, gathered by the job's main thread (never part of the file's key). */
  evidence?: IdentityEvidence;
}

export interface ExportOutput {
  key: string;
  size: number;
  contentType: string;
  /** A safe download name, e.g. `Omnibus_Welle_3-export.xlsx`. */
  fileName: string;
  rows: number;
  removed: number;
  scoringVersion: string;
}

export interface ExportDeps {
  blobs: UploadBlobStore;
  scoring: Pick<Scoring, 'cleaningSession' | 'version'>;
}

const EXTENSIONS: Record<ExportFormat, string> = {
  xlsx: 'xlsx',
  csv: 'csv',
  arrow: 'arrow',
  parquet: 'parquet',
  rejects: 'csv',
  sav: 'sav',
  sss: 'zip',
  'recon-xlsx': 'xlsx',
  'recon-csv': 'csv',
};

export function exportKey(input: ExportJobInput): string {
  const { evidence: _, ...keyed } = input;
  const digest = createHash('sha256').update(JSON.stringify(keyed)).digest('hex').slice(0, 20);
  return `exports/${input.datafileId}/${input.revision}/${digest}.${EXTENSIONS[input.format]}`;
}

function baseNameOf(input: ExportJobInput): string {
  return (
    (input.title ?? input.datafileId)
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'datafile'
  );
}

function fileNameOf(input: ExportJobInput): string {
  const base = baseNameOf(input);
  if (input.format === 'sss') return `${base}-export-triple-s.zip`;
  if (input.format === 'recon-xlsx' || input.format === 'recon-csv')
    return `${base}-reconciliation.${EXTENSIONS[input.format]}`;
  return input.format === 'rejects' ? `${base}-reject-list.csv` : `${base}-export.${EXTENSIONS[input.format]}`;
}

/**
 * Writes one export of a published revision into the blob store and returns where. `onProgress`
 * receives whole percents (0..100); a job passes its `progress`, which is also its stop point.
 */
export async function runExport(
  deps: ExportDeps,
  input: ExportJobInput,
  onProgress: (percent: number) => Promise<void> | void = () => undefined,
): Promise<ExportOutput> {
  if (!input.cleaning) throw new AppError('DATAFILE_NOT_CLEANED');
  await onProgress(0);
  // Refuses an unpublished revision (no manifest) with SCORES_NOT_AVAILABLE.
  const raw = await readRevisionColumns(deps.blobs, input.datafileId, input.revision, 'raw');
  const scores = await readRevisionColumns(deps.blobs, input.datafileId, input.revision, 'scores');
  await onProgress(10);
  const locale = input.locale ?? 'de';
  const extras: Pick<CleaningInput, 'manual' | 'quota' | 'duplicate'> = {};
  const { cleaning } = input;
  if (cleaning.quota) extras.quota = quotaFor(groupingOf(raw, cleaning.quota.column), cleaning.quota.targets);
  if ((cleaning.manual && Object.keys(cleaning.manual).length > 0) || cleaning.duplicates) {
    const ids = recordIdsOfRevision(raw, scores);
    if (cleaning.manual)
      extras.manual = Float64Array.from(ids, (id) => (id !== null ? (cleaning.manual![id] ?? 0) : 0));
    const duplicate = duplicateRowsOf(cleaning.duplicates, ids, scores);
    if (duplicate) extras.duplicate = duplicate;
  }
  const decisions = cleanRevision(deps.scoring, scores, cleaning.rules, extras);
  const table = buildExportTable(
    raw,
    scores,
    decisions,
    locale,
    input.format === 'sav' || input.format === 'sss' ? 'sav' : 'sheet',
  );
  const scoreDecimals = input.scoreDecimals === undefined ? 1 : input.scoreDecimals;
  const columnNames = input.columnNames ?? 'readable';
  await onProgress(20);
  const key = exportKey(input);
  let rows = table.rows;
  let removed = table.rows - decisions.keptCount;
  let size: number;
  let contentType: string;
  switch (input.format) {
    case 'xlsx': {
      const mark: QualityMark = {
        certificateCode: input.certificate?.certificateCode ?? null,
        reportURL: input.certificate?.reportURL ?? null,
        certificateLevel: input.certificate?.certificateLevel ?? null,
        includedRecords: decisions.keptCount,
        removedRecords: removed,
        scoreThresholds: describeThresholds(cleaning.rules, locale),
      };
      ({ size } = await writeXlsxExport(deps.blobs, key, table, mark, {
        productName: input.productName ?? 'QualityCheck',
        locale,
        columnNames,
        scoreDecimals,
        onProgress: (f) => onProgress(20 + Math.floor(f * 79)),
      }));
      contentType = XLSX_CONTENT_TYPE;
      break;
    }
    case 'csv':
      ({ size } = await deps.blobs.put(key, csvExportStream(table, { ...input.csv, columnNames, scoreDecimals }), {
        contentType: 'text/csv; charset=utf-8',
      }));
      contentType = 'text/csv; charset=utf-8';
      break;
    case 'rejects':
      ({ size } = await deps.blobs.put(key, rejectListStream(table, decisions, REASONS, input.csv), {
        contentType: 'text/csv; charset=utf-8',
      }));
      contentType = 'text/csv; charset=utf-8';
      break;
    case 'sav':
      ({ size } = await deps.blobs.put(key, savExportStream(table, { scoreDecimals, fileLabel: input.title }), {
        contentType: SAV_CONTENT_TYPE,
      }));
      contentType = SAV_CONTENT_TYPE;
      break;
    case 'sss': {
      const base = baseNameOf(input);
      const zip = tripleSZip(table, { scoreDecimals, title: input.title ?? base, baseName: `${base}-export` });
      ({ size } = await deps.blobs.put(key, zip, { contentType: TRIPLE_S_CONTENT_TYPE }));
      contentType = TRIPLE_S_CONTENT_TYPE;
      break;
    }
    case 'recon-xlsx':
    case 'recon-csv': {
      const source = input.reconciliation?.sampleSource;
      const evidence = input.evidence ?? { sourceOf: {}, duplicates: [] };
      const pack = buildReconciliationPack(raw, table, decisions, evidence, locale, source);
      // A pack of one source counts that source's interviews.
      rows = pack.summary.reduce((n, s) => n + s.interviews, 0);
      removed = pack.rows.length;
      if (input.format === 'recon-xlsx') ({ size } = await writeReconciliationXlsx(deps.blobs, key, pack));
      else ({ size } = await deps.blobs.put(key, reconciliationCsvStream(pack, input.csv), { contentType: CSV }));
      contentType = input.format === 'recon-xlsx' ? XLSX_CONTENT_TYPE : CSV;
      break;
    }
    case 'arrow':
      ({ size } = await writeArrowExport(deps.blobs, key, raw, scores, decisions));
      contentType = ARROW_CONTENT_TYPE;
      break;
    case 'parquet': {
      const bytes = await parquetOfTable(arrowExportTable(raw, scores, decisions));
      ({ size } = await deps.blobs.put(key, bytes, { contentType: PARQUET_CONTENT_TYPE }));
      contentType = PARQUET_CONTENT_TYPE;
      break;
    }
  }
  await onProgress(100);
  return {
    key,
    size,
    contentType,
    fileName: fileNameOf(input),
    rows,
    removed,
    scoringVersion: deps.scoring.version,
  };
}

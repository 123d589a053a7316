// One export, ready to be a job's work (the job kind is wired with the datafile operations): read the
// revision's columns, re-run the stored cleaning with the facade (the same decisions the worksheet
// showed and the server saved), write the chosen format into the blob store and report progress.
// Idempotent: the key is derived from the input, so a retried attempt overwrites its own file.
import { createHash } from 'node:crypto';
import { REASONS, RULE_KEYS, type CleaningInput, type CleaningRules, type Scoring } from '../../../scoring/index';
import { AppError } from '../../kernel/errors/errors';
import type { Locale } from '../../lib/i18n';
import { cleanRevision, groupingOf, quotaFor } from '../cleaning';
import type { SavedCleaning } from '../cleaning';
import type { UploadBlobStore } from '../../ingest';
import { readRevisionColumns } from '../../ingest/index';
import { ARROW_CONTENT_TYPE, writeArrowExport } from './arrow-export';
import { csvExportStream, rejectListStream, type CsvOptions } from './csv-export';
import { buildExportTable, recordIdsOfRevision } from './export-table';
import { writeXlsxExport, XLSX_CONTENT_TYPE, type QualityMark } from './xlsx-export';

export type ExportFormat = 'xlsx' | 'csv' | 'arrow' | 'rejects';

/** The cleaning as saved for the datafile (saved-cleaning.repo.ts): what decides each interview. */
export type ExportCleaning = Pick<SavedCleaning, 'rules' | 'manual' | 'quota'>;

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
  /** Language of the decision and reason texts (default de). */
  locale?: Locale;
  csv?: CsvOptions;
  /** Base of the download's file name (e.g. the datafile title). */
  title?: string;
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

const EXTENSIONS: Record<ExportFormat, string> = { xlsx: 'xlsx', csv: 'csv', arrow: 'arrow', rejects: 'csv' };

/** The enabled rules in words, for the 'Quality Mark' sheet: "combined < 60; TS < 20; IBS < 20 (2+ data points); ...". */
export function describeThresholds(rules: CleaningRules): string {
  const parts: string[] = [];
  for (const key of RULE_KEYS) {
    const r = rules.rules[key];
    if (!r?.enabled) continue;
    const name = key === 'combined' ? 'combined' : key.toUpperCase();
    parts.push(`${name} < ${r.threshold}${r.minDataPoints > 0 ? ` (${r.minDataPoints}+ data points)` : ''}`);
  }
  if (rules.badAnswers.enabled) parts.push(`OES bad answers >= ${rules.badAnswers.min}`);
  if (rules.minFailing && rules.minFailing > 1) parts.push(`removed only when ${rules.minFailing}+ checks fail`);
  if (rules.target && rules.target.n > 0)
    parts.push(`target sample ${rules.target.n}${rules.target.trim ? ' (trimmed)' : ''}`);
  return parts.join('; ');
}

export function exportKey(input: ExportJobInput): string {
  const digest = createHash('sha256').update(JSON.stringify(input)).digest('hex').slice(0, 20);
  return `exports/${input.datafileId}/${input.revision}/${digest}.${EXTENSIONS[input.format]}`;
}

function fileNameOf(input: ExportJobInput): string {
  const base =
    (input.title ?? input.datafileId)
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'datafile';
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
  const extras: Pick<CleaningInput, 'manual' | 'quota'> = {};
  const { cleaning } = input;
  if (cleaning.quota) extras.quota = quotaFor(groupingOf(raw, cleaning.quota.column), cleaning.quota.targets);
  if (cleaning.manual && Object.keys(cleaning.manual).length > 0) {
    const ids = recordIdsOfRevision(raw, scores);
    extras.manual = Float64Array.from(ids, (id) => (id !== null ? (cleaning.manual![id] ?? 0) : 0));
  }
  const decisions = cleanRevision(deps.scoring, scores, cleaning.rules, extras);
  const table = buildExportTable(raw, scores, decisions, locale);
  await onProgress(20);
  const key = exportKey(input);
  const removed = table.rows - decisions.keptCount;
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
        scoreThresholds: describeThresholds(cleaning.rules),
      };
      ({ size } = await writeXlsxExport(deps.blobs, key, table, mark, {
        productName: input.productName ?? 'QualityCheck',
        onProgress: (f) => onProgress(20 + Math.floor(f * 79)),
      }));
      contentType = XLSX_CONTENT_TYPE;
      break;
    }
    case 'csv':
      ({ size } = await deps.blobs.put(key, csvExportStream(table, input.csv), {
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
    case 'arrow':
      ({ size } = await writeArrowExport(deps.blobs, key, raw, scores, decisions));
      contentType = ARROW_CONTENT_TYPE;
      break;
  }
  await onProgress(100);
  return {
    key,
    size,
    contentType,
    fileName: fileNameOf(input),
    rows: table.rows,
    removed,
    scoringVersion: deps.scoring.version,
  };
}

// The ingest engine's front door: plain functions the uploads feature, its jobs, the live import,
// results, reports, exports and certificates call: sheet names (step 1), preview and suggested
// types (step 2), validation of a confirmed mapping (step 2/3), the processing run (job, inside a
// Worker) and the columnar reader. Nothing outside api/ingest imports its files directly (lint).
import { uploadError } from '../kernel/errors/upload-errors';
import { DEFAULT_LIMITS, withLimits, type UploadLimits } from './limits';
import { openUpload } from './parse/index';
import { previewWithLayout, type UploadPreviewWithLayout } from './preview/preview-upload';
import type { ColumnMapping, ReadOptions, UploadFormat } from './types';
import type { UploadBlobStore } from './blob';
import { createCollector } from './validate/collector';
import type { ValidationIssue } from './validate/mapping';

export { getSheetNames, openUpload, readTableFromBytes, formatOfName, sniffFormat } from './parse/index';
export { processUpload, type ProcessUploadInput, type UploadScoring, type ProcessPhase } from './processing/process';
export type { CoherenceColumns, CoherenceQuestion } from './processing/process-types';
export { CHECKED_AT, checkAndPrepare, prepareUpload, preparedFolder } from './processing/prepare';
export type { UploadSummary } from './processing/summary';
export { structureDifference, compareStructure } from './processing/structure';
export {
  readManifest,
  readRevisionColumns,
  revisionColumnsIpc,
  revisionFileKey,
  type RevisionManifest,
} from './columnar/reader';
export { vectorToFloat64 } from '../../scoring/arrow-columns';
export { weightedScores, reweightTable, type Combine, type WeightedScores } from './columnar/reweight';
export { neutraliseCell, neutraliseText } from './export/neutralise';
export { savStream, writeSav, SYSMIS, type SavVariable, type SavCell } from './export/sav-writer';
export { spssSeconds } from './parse/sav-text';
export { savNames } from './export/sav-names';
export { describeIssue } from '../kernel/errors/refusal-messages';
export { toUploadFailure, type UploadFailure, type UploadErrorDetails } from '../kernel/errors/upload-errors';
export { DEFAULT_LIMITS, withLimits, type UploadLimits } from './limits';
export type * from './types';
export { BEHAVIOUR_COLUMN_TYPES, IDENTITY_TYPES, isBehaviourDataPoint } from './types';
export type { ValidationIssue } from './validate/mapping';
export type { ColumnSuggestion, ColumnStats } from './preview/suggest';
export type { UploadPreviewWithLayout as UploadPreview } from './preview/preview-upload';
export type { LayoutSuggestion, NotSurveyData } from './preview/layout';
export { detectLayout } from './preview/layout';
export { openRawRows } from './parse/index';
export { startEarlyParse, takeEarlyParse, type EarlySource } from './parse/early';

/** Step 2: the first rows of a stored upload (raw, and read with step 1's options), where the table sits, a suggested type per column. */
export async function previewUpload(
  blobs: UploadBlobStore,
  key: string,
  format: UploadFormat,
  options: ReadOptions,
  limits: UploadLimits = DEFAULT_LIMITS,
  sizes: { previewRows?: number; sampleRows?: number } = {},
): Promise<UploadPreviewWithLayout> {
  return previewWithLayout(blobs, key, format, options, limits, sizes);
}

/**
 * Every refusal a confirmed mapping gets against the whole file (empty when it is fine), each with
 * its column and first offending rows. Reads the file once; writes nothing.
 */
export async function validateUpload(
  blobs: UploadBlobStore,
  key: string,
  format: UploadFormat,
  options: ReadOptions,
  mapping: ColumnMapping,
  limits: Partial<UploadLimits> = {},
): Promise<ValidationIssue[]> {
  const table = await openUpload(blobs, key, format, options, withLimits(limits));
  const collector = createCollector(table.header, mapping);
  if (collector.early.length) return collector.early;
  for await (const batch of table.batches()) collector.accept(batch);
  return collector.finish().issues;
}

/** The first issue of a list as a thrown catalogue error (resolvers that refuse at once). */
export function refuse(issues: readonly ValidationIssue[]): void {
  const first = issues[0];
  if (!first) return;
  const { code, ...details } = first;
  throw uploadError(code, details);
}

export { checkUpload, type CheckUploadInput, type CheckUploadResult, type UploadEstimate } from './processing/check';
export {
  uploadRefusalMessage,
  refusalFactsOf,
  localiseRefusal,
  type RefusalFacts,
} from '../kernel/errors/refusal-messages';
export type { ProcessedUpload, JudgedCategories } from './processing/process';
export { revisionPrefix } from './blob';
export { ArrowBlobFile } from './columnar/arrow-io';
export { SOURCE_ROW_COLUMN } from './columnar/layout';
export { publishPrepared, readPrepared } from './processing/prepare';
export type { ScoreStat } from './processing/score-stats';
export { combinedStatOf } from './processing/score-stats';
export {
  type Cell,
  type DataPoint,
  DATE_ORDERS,
  type DateOrder,
  DURATION_UNITS,
  type DurationUnit,
  PROJECTIVE_ALGORITHMS,
  type ProjectiveAlgorithm,
  ROW_NUMBER_ID,
  SCORABLE_TYPES,
} from './types';
export { headerIssues } from './validate/mapping';
export type { UploadBlobStore } from './blob';

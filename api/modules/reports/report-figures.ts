// The figures of the quality report, computed from the stored revision and its saved cleaning with the
// same facade run as exports and certificates (never from numbers a client sent): counts before and
// after, the average of each score before and after, interviews removed per reason, and the
// combined-score distribution.
import {
  RULE_KEYS,
  REASONS,
  removalsBySource,
  type CleaningInput,
  type CleaningResult,
  type Reason,
  type RuleKey,
  type Scoring,
  type SourceRemoval,
} from '../../../scoring/index';
import { CLEANING_COLUMNS } from '../../../scoring/index';
import { cleanRevision, duplicateRowsOf, groupingOf, numericColumns, quotaFor } from '../cleaning';
import type { SavedCleaning } from '../cleaning';
import { recordIdsOfRevision } from '../exports';
import type { UploadBlobStore } from '../../ingest';
import { readRevisionColumns } from '../../ingest/index';

/** The report's target for the quality scores: a cleaned average above 70. */
export const REPORT_TARGET_AVERAGE = 70;
export const HISTOGRAM_EDGES = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

/**
 * IS and SDS describe the sample (how surprising its answers are, how socially desirable), not the
 * quality of an interview: they are not part of the combined score and have no target. The report
 * shows them apart from the quality scores, never against the target.
 */
export const SAMPLE_SCORE_KEYS: readonly RuleKey[] = ['is', 'sds'];

export type ReportGroup = 'quotaCleaning' | 'scoreThreshold' | 'targetSample' | 'manual' | 'duplicate';
export type ScoreAverage = { key: RuleKey; before: number | null; after: number | null };

export type ReportFigures = {
  recordsBefore: number;
  recordsAfter: number;
  /** The quality scores, measured against the target. */
  averages: ScoreAverage[];
  /** IS and SDS where the datafile has them: a description of the sample, without a target. */
  sampleScores: ScoreAverage[];
  exclusions: Record<ReportGroup, number>;
  /** Removed interviews per primary reason of the cleaning (REASONS order, only those that occur). */
  removedByReason: { reason: Reason; group: ReportGroup; count: number }[];
  distribution: { edges: number[]; before: number[]; after: number[]; unscoredBefore: number; unscoredAfter: number };
  /** Removal rates per sample source (empty when no interview came with a source). */
  bySource: SourceRemoval[];
};

/** The report reason of each cleaning reason: every score rule is a score threshold. */
export function reportGroupOf(reason: Reason): ReportGroup {
  if (reason === 'manual') return 'manual';
  if (reason === 'quota') return 'quotaCleaning';
  if (reason === 'target') return 'targetSample';
  if (reason === 'DUP') return 'duplicate';
  return 'scoreThreshold';
}

function average(values: Float64Array, kept: Uint8Array | null): number | null {
  let sum = 0,
    n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== v || (kept && kept[i] !== 1)) continue;
    sum += v;
    n++;
  }
  return n > 0 ? Math.round((sum / n) * 10) / 10 : null;
}

/**
 * Removed interviews per reason, read from the primary reason the cleaning run gave each one: the
 * same reasons the worksheet counts and the exports and the reject list write, so no surface has a
 * rule of its own (target trimming has its own reason in the kernel, scoring/README.md).
 */
export function exclusionsOf(
  result: Pick<CleaningResult, 'kept' | 'primary'>,
): Pick<ReportFigures, 'exclusions' | 'removedByReason'> {
  const perReason = REASONS.map(() => 0);
  for (let i = 0; i < result.kept.length; i++) if (result.kept[i] !== 1) perReason[result.primary[i]!]!++;
  const exclusions: Record<ReportGroup, number> = {
    quotaCleaning: 0,
    scoreThreshold: 0,
    targetSample: 0,
    manual: 0,
    duplicate: 0,
  };
  const removedByReason: ReportFigures['removedByReason'] = [];
  REASONS.forEach((reason, r) => {
    const count = perReason[r]!;
    if (count === 0) return;
    const group = reportGroupOf(reason);
    exclusions[group] += count;
    removedByReason.push({ reason, group, count });
  });
  return { exclusions, removedByReason };
}

export async function reportFigures(
  deps: { blobs: UploadBlobStore; scoring: Pick<Scoring, 'cleaningSession'> },
  datafileId: string,
  revision: number,
  cleaning: Pick<SavedCleaning, 'rules' | 'manual' | 'quota' | 'duplicates'>,
  sources: ReadonlyMap<string, string | null> = new Map(),
): Promise<ReportFigures> {
  const raw = await readRevisionColumns(deps.blobs, datafileId, revision, 'raw');
  const scores = await readRevisionColumns(deps.blobs, datafileId, revision, 'scores');
  const extras: Pick<CleaningInput, 'manual' | 'quota' | 'duplicate'> = {};
  if (cleaning.quota) extras.quota = quotaFor(groupingOf(raw, cleaning.quota.column), cleaning.quota.targets);
  if ((cleaning.manual && Object.keys(cleaning.manual).length > 0) || cleaning.duplicates) {
    const ids = recordIdsOfRevision(raw, scores);
    if (cleaning.manual)
      extras.manual = Float64Array.from(ids, (id) => (id !== null ? (cleaning.manual![id] ?? 0) : 0));
    const duplicate = duplicateRowsOf(cleaning.duplicates, ids, scores);
    if (duplicate) extras.duplicate = duplicate;
  }
  const full = cleanRevision(deps.scoring, scores, cleaning.rules, extras);
  const column = numericColumns(scores);
  const averages: ScoreAverage[] = [];
  const sampleScores: ScoreAverage[] = [];
  for (const key of RULE_KEYS) {
    const values = column(CLEANING_COLUMNS[key].score);
    if (!values || !values.some((v) => v === v)) continue;
    (SAMPLE_SCORE_KEYS.includes(key) ? sampleScores : averages).push({
      key,
      before: average(values, null),
      after: average(values, full.kept),
    });
  }
  const bins = HISTOGRAM_EDGES.length - 1;
  const before = new Array<number>(bins).fill(0),
    after = new Array<number>(bins).fill(0);
  let unscoredBefore = 0,
    unscoredAfter = 0;
  const combined = column(CLEANING_COLUMNS.combined.score);
  for (let i = 0; i < scores.numRows; i++) {
    const v = combined ? combined[i]! : Number.NaN;
    const kept = full.kept[i] === 1;
    if (v !== v) {
      unscoredBefore++;
      if (kept) unscoredAfter++;
      continue;
    }
    const b = Math.min(bins - 1, Math.max(0, Math.floor(v / 10)));
    before[b]!++;
    if (kept) after[b]!++;
  }
  return {
    recordsBefore: scores.numRows,
    recordsAfter: full.keptCount,
    averages,
    sampleScores,
    ...exclusionsOf(full),
    distribution: { edges: HISTOGRAM_EDGES, before, after, unscoredBefore, unscoredAfter },
    bySource: sources.size ? removalsBySource(recordIdsOfRevision(raw, scores), full.primary, sources) : [],
  };
}

// The figures of the quality report, computed from the stored revision and its saved cleaning with the
// same facade run as exports and certificates (never from numbers a client sent): counts before and
// after, the average of each score before and after, interviews removed per report reason, and the
// combined-score distribution.
import {
  RULE_KEYS,
  REASONS,
  type CleaningInput,
  type CleaningResult,
  type RuleKey,
  type Scoring,
} from '../../../scoring/index';
import { CLEANING_COLUMNS } from '../../../scoring/index';
import { cleanRevision, groupingOf, numericColumns, quotaFor } from '../cleaning';
import type { SavedCleaning } from '../cleaning';
import { recordIdsOfRevision } from '../exports';
import type { UploadBlobStore } from '../../ingest';
import { readRevisionColumns } from '../../ingest/index';

/** The report's target: a cleaned average above 70. */
export const REPORT_TARGET_AVERAGE = 70;
export const HISTOGRAM_EDGES = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

export type ReportFigures = {
  recordsBefore: number;
  recordsAfter: number;
  averages: { key: RuleKey; before: number | null; after: number | null }[];
  exclusions: { quotaCleaning: number; scoreThreshold: number; targetSample: number; manual: number };
  distribution: { edges: number[]; before: number[]; after: number[]; unscoredBefore: number; unscoredAfter: number };
};

const MANUAL = REASONS.indexOf('manual');
const QUOTA = REASONS.indexOf('quota');

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
 * Report reasons from the facade's decisions. Target trimming removes the lowest combined scores
 * under the reason 'combined' (scoring/README.md, trimming details), so it is told apart by a
 * second run without the target: what that run keeps and the full run removes was trimmed to the
 * target sample. Of the rest, manual and quota keep their own reason; every rule is a score threshold.
 */
export function exclusionsOf(full: CleaningResult, withoutTarget: CleaningResult | null): ReportFigures['exclusions'] {
  const out = { quotaCleaning: 0, scoreThreshold: 0, targetSample: 0, manual: 0 };
  for (let i = 0; i < full.kept.length; i++) {
    if (full.kept[i] === 1) continue;
    if (withoutTarget && withoutTarget.kept[i] === 1) out.targetSample++;
    else if (full.primary[i] === MANUAL) out.manual++;
    else if (full.primary[i] === QUOTA) out.quotaCleaning++;
    else out.scoreThreshold++;
  }
  return out;
}

export async function reportFigures(
  deps: { blobs: UploadBlobStore; scoring: Pick<Scoring, 'cleaningSession'> },
  datafileId: string,
  revision: number,
  cleaning: Pick<SavedCleaning, 'rules' | 'manual' | 'quota'>,
): Promise<ReportFigures> {
  const raw = await readRevisionColumns(deps.blobs, datafileId, revision, 'raw');
  const scores = await readRevisionColumns(deps.blobs, datafileId, revision, 'scores');
  const extras: Pick<CleaningInput, 'manual' | 'quota'> = {};
  if (cleaning.quota) extras.quota = quotaFor(groupingOf(raw, cleaning.quota.column), cleaning.quota.targets);
  if (cleaning.manual && Object.keys(cleaning.manual).length > 0) {
    const ids = recordIdsOfRevision(raw, scores);
    extras.manual = Float64Array.from(ids, (id) => (id !== null ? (cleaning.manual![id] ?? 0) : 0));
  }
  const full = cleanRevision(deps.scoring, scores, cleaning.rules, extras);
  const hasTarget = Boolean(cleaning.rules.target && cleaning.rules.target.n > 0 && cleaning.rules.target.trim);
  const withoutTarget = hasTarget
    ? cleanRevision(deps.scoring, scores, { ...cleaning.rules, target: { n: 0, trim: false } }, extras)
    : null;
  const column = numericColumns(scores);
  const averages: ReportFigures['averages'] = [];
  for (const key of RULE_KEYS) {
    const values = column(CLEANING_COLUMNS[key].score);
    if (!values || !values.some((v) => v === v)) continue;
    averages.push({ key, before: average(values, null), after: average(values, full.kept) });
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
    exclusions: exclusionsOf(full, withoutTarget),
    distribution: { edges: HISTOGRAM_EDGES, before, after, unscoredBefore, unscoredAfter },
  };
}

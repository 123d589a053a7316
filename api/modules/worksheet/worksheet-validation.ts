// The cleaning form's rules, on the server: what a saved cleaning must satisfy before it is run
// (this file) and after (remaining count, in worksheet.service.ts). The worksheet's form checks the
// same (web/features/worksheet/settings/schema.ts); these checks are the ones that count.
import {
  CLEANING_METHODS,
  DEFAULT_WEIGHTS,
  allWeightsZero,
  combinedWeightsOf,
  enabledChecks,
  isRuleKey,
  type CleaningMethod,
} from '../../../scoring/index';
import { AppError } from '../../kernel/errors/errors';

export interface ThresholdInput {
  key: string;
  name?: string | null;
  isEnable: boolean;
  threshold: number;
  minDataPoints?: number | null;
}
export interface QuotaSettingInput {
  column: string;
  rename?: string | null;
  show: boolean;
  options: { value: string; label?: string | null; target?: number | null }[];
}
export interface CleaningSettingsInput {
  revision: number;
  scoreThresholds: ThresholdInput[];
  targetSampleSize?: number | null;
  badAnswers: { isEnable: boolean; min: number };
  cleaningMethod?: CleaningMethod | null;
  /** Remove only when at least this many enabled checks fail (null or 1: any). */
  minFailingChecks?: number | null;
  quotaSetting?: QuotaSettingInput | null;
  duplicateRule?: {
    isEnable: boolean;
    keep: 'FIRST' | 'BEST';
    windowDays?: number | null;
    velocitySurveys?: number | null;
    velocityDays?: number | null;
  } | null;
  manualDecisions?: { recordId: string; decision: 'EXCLUDE' | 'KEEP'; reason?: string | null }[] | null;
  weightingMethod?: {
    datafileWeighting: { key: string; value: number; name: string }[];
    projectiveQuestionsWeighting: { dataPointIdentifier: string; algorithms: string[]; apply: boolean }[];
  } | null;
  comment?: string | null;
}

/** Keys the datafile weighting may set: the combined score's weights (the behaviour score's among them), IS and SDS. */
const WEIGHT_KEYS: ReadonlySet<string> = new Set([...Object.keys(DEFAULT_WEIGHTS), 'is', 'sds']);

const invalid = (reason: ConstructorParameters<typeof AppError>[1]) => new AppError('INVALID_PARAMETERS', reason);
const wholeIn = (v: number | null | undefined, min: number, max: number) =>
  v === null || v === undefined || (Number.isInteger(v) && v >= min && v <= max);

/**
 * Manual decisions one save may carry (the worksheet sends all of a datafile's decisions with each
 * save). Each is a click of a reviewer; the cap keeps one request from holding the API for seconds
 * (70,000 decisions did, for 2.2 s).
 */
export const MAX_MANUAL_DECISIONS = 5_000;

/** Checks the shape and the rules that do not need the data; returns the method (required). */
export function validateCleaningSettings(
  input: CleaningSettingsInput,
  context: { revision: number; rows: number; groupingColumns: readonly string[] },
): CleaningMethod {
  if (input.revision !== context.revision) throw invalid({ reason: 'REVISION_CHANGED', revision: context.revision });
  const decisions = input.manualDecisions?.length ?? 0;
  if (decisions > MAX_MANUAL_DECISIONS)
    throw invalid({ reason: 'TOO_MANY_MANUAL_DECISIONS', limit: MAX_MANUAL_DECISIONS, value: decisions });
  const seen = new Set<string>();
  for (const t of input.scoreThresholds) {
    if (!isRuleKey(t.key)) throw invalid({ reason: 'UNKNOWN_SCORE_KEY', field: t.key });
    if (seen.has(t.key)) throw invalid({ reason: 'DUPLICATE_SCORE_KEY', field: t.key });
    seen.add(t.key);
    if (!(t.threshold >= 0 && t.threshold <= 100))
      throw invalid({ reason: 'OUT_OF_RANGE', field: t.key, min: 0, max: 100 });
    if (!wholeIn(t.minDataPoints, 0, 1000))
      throw invalid({ reason: 'OUT_OF_RANGE', field: `${t.key}.minDataPoints`, min: 0, max: 1000 });
  }
  // "At least one threshold set and enabled."
  if (!input.scoreThresholds.some((t) => t.isEnable)) throw invalid({ reason: 'NO_THRESHOLD_ENABLED' });
  if (!wholeIn(input.badAnswers.min, 1, 100))
    throw invalid({ reason: 'OUT_OF_RANGE', field: 'badAnswers.min', min: 1, max: 100 });
  // k of n: at most as many failing checks as there are enabled checks, or nothing could be removed.
  const checks = enabledChecks(input);
  if (!wholeIn(input.minFailingChecks, 1, 100))
    throw invalid({ reason: 'OUT_OF_RANGE', field: 'minFailingChecks', min: 1, max: Math.max(1, checks) });
  if ((input.minFailingChecks ?? 1) > checks)
    throw invalid({ reason: 'MORE_FAILING_CHECKS_THAN_CHECKS', checks, asked: input.minFailingChecks });
  // "A method chosen."
  const method = input.cleaningMethod;
  if (!method || !CLEANING_METHODS.includes(method)) throw invalid({ reason: 'CLEANING_METHOD_REQUIRED' });
  if (!wholeIn(input.targetSampleSize, 1, Number.MAX_SAFE_INTEGER))
    throw invalid({ reason: 'OUT_OF_RANGE', field: 'targetSampleSize', min: 1, max: context.rows });
  if (input.targetSampleSize && input.targetSampleSize > context.rows)
    throw new AppError('TARGET_SAMPLE_SIZE_TOO_SMALL', {
      reason: 'TARGET_ABOVE_RECORDS',
      target: input.targetSampleSize,
      records: context.rows,
    });
  if (method === 'TRIM_TO_TARGET' && !input.targetSampleSize) throw invalid({ reason: 'TARGET_REQUIRED_FOR_TRIM' });
  const quota = input.quotaSetting;
  if (quota) {
    if (!context.groupingColumns.includes(quota.column))
      throw invalid({ reason: 'UNKNOWN_COLUMN', column: quota.column });
    for (const o of quota.options)
      if (!wholeIn(o.target, 0, Number.MAX_SAFE_INTEGER))
        throw invalid({ reason: 'OUT_OF_RANGE', field: o.value, min: 0, max: context.rows });
  }
  // Quota cleaning needs a characteristic with at least one target value.
  if (method === 'QUOTA' && !quota?.options.some((o) => o.target !== null && o.target !== undefined))
    throw new AppError('QUOTA_SETTINGS_NOT_SAVED', { reason: 'QUOTA_TARGETS_REQUIRED' });
  const weighted = new Set<string>();
  for (const w of input.weightingMethod?.datafileWeighting ?? []) {
    if (!WEIGHT_KEYS.has(w.key)) throw invalid({ reason: 'UNKNOWN_SCORE_KEY', field: w.key });
    if (weighted.has(w.key)) throw invalid({ reason: 'DUPLICATE_SCORE_KEY', field: w.key });
    weighted.add(w.key);
    if (!Number.isFinite(w.value) || w.value < 0 || w.value > 100)
      throw invalid({ reason: 'OUT_OF_RANGE', field: w.key, min: 0, max: 100 });
  }
  // Weight 0 leaves a score out of the combined score; with every one 0 no interview would have one.
  if (input.weightingMethod && allWeightsZero(combinedWeightsOf(input.weightingMethod.datafileWeighting)))
    throw invalid({ reason: 'ALL_WEIGHTS_ZERO' });
  return method;
}

// The worksheet form: its values, how they come from the saved settings and go back to
// updateCleaningSettings, the rules the Web Worker runs for them (the server's function), and the
// form's checks of the 'Cleaning' settings (the server checks the same, worksheet-validation.ts).
import * as yup from 'yup';
import {
  RULE_KEYS,
  allWeightsZero,
  cleaningRulesFrom,
  combinedWeightsOf,
  enabledChecks,
  type CleaningMethod,
  type CleaningRules,
  type CombinedWeights,
  type DuplicateKeep,
  type RuleKey,
} from '../../../../scoring/index.ts';
import type { CleaningSettingsInput } from '../../../lib/gql/graphql';
import type { CleaningSettingsData } from '../api/use-cleaning-settings';

export interface ThresholdValue {
  key: RuleKey;
  name: string;
  isEnable: boolean;
  threshold: number;
  minDataPoints: number;
}
export interface ManualValue {
  decision: 'EXCLUDE' | 'KEEP';
  reason: string;
}
export interface QuotaOptionValue {
  value: string;
  label: string;
  target: number | '';
}

export interface WorksheetValues {
  cleaningMethod: CleaningMethod | '';
  scoreThresholds: ThresholdValue[];
  badAnswers: { isEnable: boolean; min: number };
  /** Remove only when at least this many enabled checks fail (1: any). */
  minFailingChecks: number;
  targetSampleSize: number | '';
  quota: { column: string; rename: string; show: boolean; options: QuotaOptionValue[] };
  /** By record id. */
  manual: Record<string, ManualValue>;
  weights: Record<string, number | ''>;
  /** The Duplicate Respondent rule, its window and the velocity thresholds (the server's bounds). */
  duplicateRule: DuplicateRuleValue;
  comment: string;
}

export interface DuplicateRuleValue {
  isEnable: boolean;
  keep: DuplicateKeep;
  windowDays: number;
  velocitySurveys: number;
  velocityDays: number;
}

/** Scores whose weight in the combined score the datafile weighting sets. */
export const WEIGHT_KEYS = ['ts', 'ibs', 'con', 'oes', 'ps', 'cs', 'is', 'sds', 'bas'] as const;

export function toFormValues(s: CleaningSettingsData): WorksheetValues {
  const weights: Record<string, number | ''> = {};
  for (const k of WEIGHT_KEYS) weights[k] = s.weightingMethod.datafileWeighting.find((w) => w.key === k)?.value ?? '';
  return {
    cleaningMethod: s.cleaningMethod ?? '',
    scoreThresholds: RULE_KEYS.map((key) => {
      const t = s.scoreThresholds.find((x) => x.key === key);
      return {
        key,
        name: t?.name ?? key,
        isEnable: t?.isEnable ?? false,
        threshold: t?.threshold ?? 50,
        minDataPoints: t?.minDataPoints ?? 0,
      };
    }),
    badAnswers: { isEnable: s.badAnswers.isEnable, min: s.badAnswers.min },
    minFailingChecks: s.minFailingChecks,
    targetSampleSize: s.targetSampleSize ?? '',
    quota: s.quotaSetting
      ? {
          column: s.quotaSetting.column,
          rename: s.quotaSetting.rename ?? '',
          show: s.quotaSetting.show,
          options: s.quotaSetting.options.map((o) => ({ value: o.value, label: o.label, target: o.target ?? '' })),
        }
      : { column: '', rename: '', show: true, options: [] },
    manual: Object.fromEntries(s.manualDecisions.map((d) => [d.recordId, { decision: d.decision, reason: '' }])),
    weights,
    duplicateRule: { ...s.duplicateRule },
    comment: '',
  };
}

const num = (v: number | '') => (v === '' ? null : v);

export function toInput(
  v: WorksheetValues,
  revision: number,
  projective: CleaningSettingsData['weightingMethod']['projectiveQuestionsWeighting'],
): CleaningSettingsInput {
  const quotaTargets = v.quota.options.some((o) => o.target !== '');
  return {
    revision,
    scoreThresholds: v.scoreThresholds.map((t) => ({
      key: t.key,
      name: t.name,
      isEnable: t.isEnable,
      threshold: t.threshold,
      minDataPoints: t.minDataPoints,
    })),
    targetSampleSize: num(v.targetSampleSize),
    badAnswers: v.badAnswers,
    minFailingChecks: v.minFailingChecks,
    cleaningMethod: v.cleaningMethod === '' ? null : v.cleaningMethod,
    quotaSetting:
      v.quota.column && (quotaTargets || v.cleaningMethod === 'QUOTA')
        ? {
            column: v.quota.column,
            rename: v.quota.rename || null,
            show: v.quota.show,
            options: v.quota.options.map((o) => ({ value: o.value, label: o.label, target: num(o.target) })),
          }
        : null,
    manualDecisions: Object.entries(v.manual).map(([recordId, m]) => ({
      recordId,
      decision: m.decision,
      reason: m.reason || null,
    })),
    weightingMethod: {
      datafileWeighting: weightEntries(v).map((w) => ({ ...w, name: w.key.toUpperCase() })),
      projectiveQuestionsWeighting: projective.map((p) => ({
        dataPointIdentifier: p.dataPointIdentifier,
        algorithms: [...p.algorithms],
        apply: p.apply,
      })),
    },
    duplicateRule: v.duplicateRule,
    comment: v.comment || null,
  };
}

/** The weights the form holds (an empty field keeps the default). */
function weightEntries(v: WorksheetValues): { key: string; value: number }[] {
  return WEIGHT_KEYS.filter((k) => v.weights[k] !== '' && v.weights[k] !== undefined).map((k) => ({
    key: k,
    value: v.weights[k] as number,
  }));
}

/** The combined score's weights the worker computes with: the same function the server's save uses. */
export function weightsOf(v: WorksheetValues): Required<CombinedWeights> {
  return combinedWeightsOf(weightEntries(v));
}

/** The rules the worker runs: the same function the server saves with. */
export function rulesOf(v: WorksheetValues): CleaningRules {
  return cleaningRulesFrom({
    scoreThresholds: v.scoreThresholds,
    targetSampleSize: num(v.targetSampleSize),
    badAnswers: v.badAnswers,
    cleaningMethod: v.cleaningMethod || null,
    minFailingChecks: v.minFailingChecks,
  });
}

/** Quota targets in the engine's cell order (its grouping's values), when quota cleaning is on. */
export function quotaRequest(
  v: WorksheetValues,
  values: readonly string[] | undefined,
): { grouping: string; targets: (number | null)[] } | null {
  if (v.cleaningMethod !== 'QUOTA' || !v.quota.column || !values) return null;
  const byValue = new Map(v.quota.options.map((o) => [o.value, o.target]));
  return {
    grouping: v.quota.column,
    targets: values.map((value) => {
      const t = byValue.get(value);
      return t === '' || t === undefined ? null : t;
    }),
  };
}

/**
 * The form's rules for the 'Cleaning' settings; `keptCount` is the engine's latest count, so the
 * remaining-versus-target rule is checked live as the server will check it on save.
 */
export function worksheetSchema(keptCount: () => number | null, rows: number) {
  return yup.object({
    cleaningMethod: yup.string().required('worksheet.validation.method'),
    scoreThresholds: yup
      .array()
      .test('one-enabled', 'worksheet.validation.oneThreshold', (list) =>
        Boolean(list?.some((t) => (t as ThresholdValue).isEnable)),
      ),
    targetSampleSize: yup
      .mixed<number | ''>()
      .test(
        'whole',
        'worksheet.validation.targetWhole',
        (v) => v === '' || v === undefined || (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= rows),
      )
      .test('remaining', 'worksheet.validation.remaining', (v) => {
        const kept = keptCount();
        return v === '' || v === undefined || kept === null || kept >= (v as number);
      })
      .test('trim', 'worksheet.validation.targetForTrim', function test(v) {
        return this.parent.cleaningMethod !== 'TRIM_TO_TARGET' || (v !== '' && v !== undefined);
      }),
    quota: yup.object().test('quota', 'worksheet.validation.quota', function test(q) {
      const quota = q as WorksheetValues['quota'];
      return (
        this.parent.cleaningMethod !== 'QUOTA' || (Boolean(quota.column) && quota.options.some((o) => o.target !== ''))
      );
    }),
    badAnswers: yup.object({ min: yup.number().integer().min(1).max(100) }),
    // The server refuses such weights on save (no interview could get a combined score); say so while typing.
    weights: yup.object().test('not-all-zero', 'reasons.ALL_WEIGHTS_ZERO', function test() {
      return !allWeightsZero(weightsOf(this.parent as WorksheetValues));
    }),
    minFailingChecks: yup.number().test('k-of-n', 'worksheet.validation.minFailingChecks', function test(k) {
      const checks = enabledChecks(this.parent as WorksheetValues);
      return Number.isInteger(k) && (k as number) >= 1 && (k as number) <= Math.max(1, checks);
    }),
  });
}

// The worksheet's settings as the rule table the facade runs. The browser (live recalculation) and the
// server (updateCleaningSettings, authoritative) both build their CleaningRules here, so one set of
// saved settings cannot mean two different cleanings.
import { DEFAULT_RULES, RULE_KEYS, type CleaningRules, type RuleKey } from './types.ts';

export const CLEANING_METHODS = ['THRESHOLDS', 'TRIM_TO_TARGET', 'QUOTA'] as const;
export type CleaningMethod = (typeof CLEANING_METHODS)[number];

export interface ThresholdSetting {
  key: string;
  isEnable: boolean;
  threshold: number;
  minDataPoints?: number | null;
}

export interface CleaningSettingsLike {
  scoreThresholds: readonly ThresholdSetting[];
  targetSampleSize: number | null | undefined;
  badAnswers: { isEnable: boolean; min: number };
  cleaningMethod: CleaningMethod | null | undefined;
  /** Remove only when at least this many enabled checks fail (absent, null or 1: any check). */
  minFailingChecks?: number | null;
}

/** The checks a rule table runs: each enabled score rule and the bad-answers rule. */
export function enabledChecks(settings: Pick<CleaningSettingsLike, 'scoreThresholds' | 'badAnswers'>): number {
  const keys = new Set(settings.scoreThresholds.filter((t) => t.isEnable && isRuleKey(t.key)).map((t) => t.key));
  return keys.size + (settings.badAnswers.isEnable ? 1 : 0);
}

export const isRuleKey = (key: string): key is RuleKey => (RULE_KEYS as readonly string[]).includes(key);

/**
 * Rules from settings. A score without a threshold entry is off. The target sample size trims the
 * lowest combined scores only for TRIM_TO_TARGET; otherwise it is the minimum the cleaning must keep
 * (checked by the caller: TARGET_SAMPLE_SIZE_TOO_SMALL).
 */
export function cleaningRulesFrom(settings: CleaningSettingsLike): CleaningRules {
  const rules = {} as CleaningRules['rules'];
  for (const key of RULE_KEYS) rules[key] = { ...DEFAULT_RULES.rules[key], enabled: false };
  for (const t of settings.scoreThresholds) {
    if (!isRuleKey(t.key)) continue;
    rules[t.key] = { enabled: t.isEnable, threshold: t.threshold, minDataPoints: t.minDataPoints ?? 0 };
  }
  const out: CleaningRules = {
    rules,
    badAnswers: { enabled: settings.badAnswers.isEnable, min: settings.badAnswers.min },
  };
  if (settings.cleaningMethod === 'TRIM_TO_TARGET' && settings.targetSampleSize)
    out.target = { n: settings.targetSampleSize, trim: true };
  if (settings.minFailingChecks && settings.minFailingChecks > 1) out.minFailing = settings.minFailingChecks;
  return out;
}

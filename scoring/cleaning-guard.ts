// The over-cleaning guard: per check of a cleaning run (each enabled score rule and the open-answer
// rule), how many interviews it removes alone and an estimate of its false-positive rate on this
// dataset. The worksheet shows it beside the rules; the detection bench checks the estimate against
// the truth of planted data. It reads the checks that failed per interview (CleaningResult.checks),
// whatever "k of n" decided, so the figures say what each rule does on its own.
import { CHECK_BAD_ANSWERS, RULE_KEYS, type CleaningInput, type CleaningRules, type RuleKey } from './types.ts';

export type CheckKey = RuleKey | 'badAnswers';
export const CHECK_KEYS: readonly CheckKey[] = [...RULE_KEYS, 'badAnswers'];

export interface CheckGuard {
  check: CheckKey;
  enabled: boolean;
  /** Interviews this check fails (alone or with others). */
  flagged: number;
  /**
   * Interviews only this check fails and no manual decision covers: with the OR rule (k = 1) these
   * are removed by this rule alone, and kept without it.
   */
  alone: number;
  /** Interviews no other check fails, without a manual decision, on which this check can fire. */
  eligible: number;
  /**
   * alone / eligible: the share of the interviews that pass every other check which this one removes.
   * Those interviews are mostly genuine, so this is an estimate, from above, of the share of genuine
   * respondents the rule removes on this dataset (the careless that only this rule catches count in
   * it too). Null when no interview is eligible or the check is off.
   */
  falsePositiveEstimate: number | null;
}

/** Whether check `c` can fire for row i: its score exists with enough data points (open answers scored). */
function canFire(input: CleaningInput, rules: CleaningRules, c: CheckKey, i: number): boolean {
  if (c === 'badAnswers') return (input.dataPoints?.oes?.[i] ?? 0) > 0;
  const v = input.scores[c]?.[i] ?? Number.NaN;
  return !Number.isNaN(v) && (input.dataPoints?.[c]?.[i] ?? 0) >= (rules.rules[c]?.minDataPoints ?? 0);
}

export function cleaningGuard(input: CleaningInput, rules: CleaningRules, checks: Uint16Array): CheckGuard[] {
  const n = input.rows;
  return CHECK_KEYS.map((check, b) => {
    const bit = 1 << b;
    const enabled =
      b === CHECK_BAD_ANSWERS ? rules.badAnswers.enabled : (rules.rules[check as RuleKey]?.enabled ?? false);
    let flagged = 0,
      alone = 0,
      eligible = 0;
    if (enabled) {
      for (let i = 0; i < n; i++) {
        const c = checks[i]!;
        if (c & bit) flagged++;
        if ((input.manual?.[i] ?? 0) !== 0 || (c & ~bit) !== 0) continue;
        if (c === bit) alone++;
        if (c === bit || canFire(input, rules, check, i)) eligible++;
      }
    }
    return {
      check,
      enabled,
      flagged,
      alone,
      eligible,
      falsePositiveEstimate: enabled && eligible > 0 ? alone / eligible : null,
    };
  });
}

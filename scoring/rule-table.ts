// The cleaning rules as the WASM kernel reads them: a flat table of doubles (its CLEAN_CONFIG_LENGTH).
import { RULE_KEYS, type CleaningRules } from './types.ts';

/** Length of the rule table that crosses into the kernel (CLEAN_CONFIG_LENGTH there). */
export const RULE_TABLE_LENGTH = RULE_KEYS.length * 3 + 5;

/** The section of the rule table that crosses into the kernel: 3 doubles per rule key, then 5. */
export function encodeRules(rules: CleaningRules): Float64Array {
  const cfg = new Float64Array(RULE_TABLE_LENGTH);
  const end = RULE_KEYS.length * 3;
  RULE_KEYS.forEach((key, s) => {
    // A rule table saved before a key existed lacks it: that rule is off.
    const r = rules.rules[key] ?? { enabled: false, threshold: 0, minDataPoints: 0 };
    cfg[s * 3] = r.enabled ? 1 : 0;
    cfg[s * 3 + 1] = r.threshold;
    cfg[s * 3 + 2] = r.minDataPoints;
  });
  cfg[end] = rules.badAnswers.enabled ? 1 : 0;
  cfg[end + 1] = rules.badAnswers.min;
  cfg[end + 2] = rules.target?.n ?? 0;
  cfg[end + 3] = rules.target?.trim ? 1 : 0;
  cfg[end + 4] = rules.minFailing ?? 1;
  return cfg;
}

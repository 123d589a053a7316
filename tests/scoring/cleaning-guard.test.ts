// The over-cleaning guard on eight hand-made interviews whose figures are worked out below: which
// check removes an interview alone, which interviews count as eligible (no other check fails, no
// manual decision, the check could fire), and that "k of n" changes what is removed but not the guard.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, RULE_KEYS, cleaningGuard, type CleaningRules } from '../../scoring/index.ts';
import { NA, col, implementations } from '../support/scoring.ts';

const off = Object.fromEntries(
  RULE_KEYS.map((k) => [k, { ...DEFAULT_RULES.rules[k], enabled: false }]),
) as CleaningRules['rules'];
const rules: CleaningRules = {
  rules: {
    ...off,
    combined: { enabled: true, threshold: 60, minDataPoints: 0 },
    ts: { enabled: true, threshold: 20, minDataPoints: 3 },
  },
  badAnswers: { enabled: true, min: 2 },
};

// Row: 0 combined alone; 1 combined and TS; 2 TS alone; 3 TS below but on too few data points (fails
// nothing, and TS could not fire on it); 4 bad answers alone; 5 combined, excluded by hand; 6 fails
// nothing; 7 no combined score, fails nothing.
const input = {
  rows: 8,
  scores: { combined: col(50, 50, 90, 90, 90, 50, 90, NA), ts: col(80, 10, 10, 10, 80, 80, 80, 80) },
  dataPoints: { ts: col(5, 5, 5, 1, 5, 5, 5, 5), oes: col(3, 3, 3, 3, 3, 3, 2, 3) },
  badAnswers: col(0, 0, 0, 0, 2, 0, 0, 0),
  manual: col(0, 0, 0, 0, 0, 1, 0, 0),
};

describe.each(implementations)('over-cleaning guard (%s)', (_, s) => {
  it('counts what each check removes alone and estimates its false positives among the rest', () => {
    const { checks } = s.clean(input, rules);
    const guard = Object.fromEntries(cleaningGuard(input, rules, checks).map((g) => [g.check, g]));
    // Combined: fails 0, 1, 5; alone 0 (5 is manual); eligible 0, 3, 6 (7 has no score, 2 and 4 fail another).
    expect(guard.combined).toEqual({
      check: 'combined',
      enabled: true,
      flagged: 3,
      alone: 1,
      eligible: 3,
      falsePositiveEstimate: 1 / 3,
    });
    // TS: fails 1, 2; alone 2; eligible 2, 6, 7 (3 has too few data points for the rule).
    expect(guard.ts).toMatchObject({ flagged: 2, alone: 1, eligible: 3, falsePositiveEstimate: 1 / 3 });
    // Bad answers: fails 4 alone; eligible 3, 4, 6, 7 (every row but those failing another check or manual).
    expect(guard.badAnswers).toMatchObject({ flagged: 1, alone: 1, eligible: 4, falsePositiveEstimate: 1 / 4 });
    expect(guard.is).toMatchObject({ enabled: false, flagged: 0, alone: 0, falsePositiveEstimate: null });
  });

  it('with two failing checks removes only row 1 and the manual exclusion, and keeps the same guard', () => {
    const any = s.clean(input, rules);
    const two = s.clean(input, { ...rules, minFailing: 2 });
    expect(Array.from(any.kept)).toEqual([0, 0, 0, 1, 0, 0, 1, 1]);
    expect(Array.from(two.kept)).toEqual([1, 0, 1, 1, 1, 0, 1, 1]);
    expect(cleaningGuard(input, rules, two.checks)).toEqual(cleaningGuard(input, rules, any.checks));
  });
});

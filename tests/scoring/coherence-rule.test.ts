import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, REASONS, type CleaningRules } from '../../scoring/index.ts';
import { col, implementations, NA } from '../support/scoring.ts';

// The coherence rule ("COH below the threshold"): off by default; when on, it removes interviews
// whose coherence score is below the threshold under its own reason, and never one without a score
// (not judged or the judge failed: null, not 0). The WASM kernel and the reference agree.

const input = {
  rows: 4,
  scores: { combined: col(90, 90, 90, 90), coh: col(25, 100, NA, 50) },
  dataPoints: { combined: col(5, 5, 5, 5), coh: col(3, 2, NA, 2) },
};
const on: CleaningRules = {
  ...DEFAULT_RULES,
  rules: { ...DEFAULT_RULES.rules, coh: { enabled: true, threshold: 50, minDataPoints: 2 } },
};
const COH = REASONS.indexOf('COH');

describe.each(implementations)('the coherence rule (%s)', (_, impl) => {
  it('is off by default', () => {
    expect(DEFAULT_RULES.rules.coh.enabled).toBe(false);
    expect(Array.from(impl.clean(input, DEFAULT_RULES).kept)).toEqual([1, 1, 1, 1]);
  });

  it('removes a score below the threshold under COH, keeps a null score and one at the threshold', () => {
    const r = impl.clean(input, on);
    expect(Array.from(r.kept)).toEqual([0, 1, 1, 1]);
    expect(r.primary[0]).toBe(COH);
    expect(r.reasons[0]).toBe(1 << COH);
  });
});

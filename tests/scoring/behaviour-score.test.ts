import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scoring } from '../support/scoring';
import { reference } from '../../scoring/reference';
import { referenceBehaviour } from '../../scoring/reference-behaviour';
import {
  BEHAVIOUR_CATEGORIES,
  BEHAVIOUR_THRESHOLDS,
  DEFAULT_RULES,
  DEFAULT_WEIGHTS,
  REASONS,
  type BehaviourMeasures,
} from '../../scoring/index';

const typed: BehaviourMeasures = {
  length: 60,
  keys: 68,
  ikiMedianMs: 215,
  ikiIqrMs: 120,
  regularShare: 0.06,
  pastedChars: 0,
  pastesAfterSwitch: 0,
  unexplainedChars: 0,
};
const name = (m: BehaviourMeasures) => BEHAVIOUR_CATEGORIES[scoring.behaviourCategories([m])[0]!];

describe('the behaviour score (BAS)', () => {
  it('names how each answer came about', () => {
    expect(name(typed)).toBe('natural');
    expect(name({ ...typed, regularShare: 0.92 })).toBe('unnatural rhythm');
    expect(name({ ...typed, ikiMedianMs: 12, ikiIqrMs: 4, regularShare: 0.3 })).toBe('unnatural rhythm');
    expect(name({ ...typed, ikiIqrMs: 20 })).toBe('unnatural rhythm');
    expect(name({ ...typed, keys: 2, pastedChars: 58 })).toBe('pasted');
    expect(name({ ...typed, keys: 0, pastedChars: 60, pastesAfterSwitch: 1 })).toBe('switched away then pasted');
    expect(name({ ...typed, keys: 0, unexplainedChars: 60 })).toBe('filled without typing');
    // A pasted name inside a typed answer is no pasted answer; a quick look elsewhere neither.
    expect(name({ ...typed, pastedChars: 7 })).toBe('natural');
    expect(name({ ...typed, length: 200, pastedChars: 40, pastesAfterSwitch: 1 })).toBe('natural');
    // Nothing recorded, an empty answer, or text the recorder never saw typed: not scored.
    expect(name({ length: 40 })).toBe('none');
    expect(name({ ...typed, length: 0 })).toBe('none');
    expect(name({ length: 40, keys: 0, pastedChars: 0, unexplainedChars: 0 })).toBe('none');
  });

  it('is the mean of the answers’ scores per interview, with the scored answers as data points', () => {
    const first = Int32Array.of(1, 3, 0, 4);
    const second = Int32Array.of(1, 1, 0, 5);
    const r = scoring.bas([first, second]);
    expect(Array.from(r.score)).toEqual([100, 55, NaN, 0]);
    expect(Array.from(r.dataPoints)).toEqual([2, 2, 0, 2]);
  });

  it('agrees with its reference on any measures and thresholds', () => {
    const measure = (max: number) =>
      fc.oneof(
        { weight: 6, arbitrary: fc.double({ min: 0, max, noNaN: true }) },
        { weight: 2, arbitrary: fc.integer({ min: 0, max: Math.min(max, 50) }) },
        { weight: 1, arbitrary: fc.constant(Number.NaN) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      );
    const answer = fc.record({
      length: measure(400),
      keys: measure(600),
      ikiMedianMs: measure(800),
      ikiIqrMs: measure(500),
      regularShare: measure(1),
      pastedChars: measure(400),
      pastesAfterSwitch: measure(3),
      unexplainedChars: measure(400),
    });
    const thresholds = fc.record({
      minChars: fc.integer({ min: 0, max: 30 }),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
      regularShare: fc.double({ min: 0, max: 1, noNaN: true }),
      fastestMedianMs: fc.integer({ min: 0, max: 200 }),
      leastSpread: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(answer, { minLength: 1, maxLength: 40 }),
        fc.option(thresholds, { nil: undefined }),
        (answers, t) => {
          const measures = answers as BehaviourMeasures[];
          const a = scoring.behaviourCategories(measures, t ?? BEHAVIOUR_THRESHOLDS);
          const b = referenceBehaviour.behaviourCategories(measures, t ?? BEHAVIOUR_THRESHOLDS);
          expect(Array.from(a)).toEqual(Array.from(b));
          const half = Math.floor(a.length / 2);
          const cats = [a.slice(0, half), a.slice(half, 2 * half)];
          const sa = scoring.bas(cats),
            sb = referenceBehaviour.bas(cats);
          expect(Array.from(sa.score)).toEqual(Array.from(sb.score));
          expect(Array.from(sa.dataPoints)).toEqual(Array.from(sb.dataPoints));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves the combined score of an interview without paradata exactly as it was, and weighs it in where it exists', () => {
    const sub = { oes: Float64Array.of(80, 80), ts: Float64Array.of(70, 70), ibs: Float64Array.of(90, 90) };
    const before = scoring.combined(sub, 2);
    const withBas = scoring.combined({ ...sub, bas: Float64Array.of(NaN, 10) }, 2);
    expect(withBas.combined[0]).toBe(before.combined[0]);
    expect(withBas.nSubscores[0]).toBe(3);
    // (3 x 80 + 2 x 70 + 2 x 90 + 2 x 10) / 9
    expect(withBas.combined[1]).toBeCloseTo(580 / 9, 12);
    expect(reference.combined({ ...sub, bas: Float64Array.of(NaN, 10) }, 2).combined[1]).toBeCloseTo(580 / 9, 12);
    const off = scoring.combined({ ...sub, bas: Float64Array.of(NaN, 10) }, 2, { ...DEFAULT_WEIGHTS, bas: 0 });
    expect(Array.from(off.combined)).toEqual(Array.from(before.combined));
    expect(Array.from(off.nSubscores)).toEqual([3, 3]);
  });

  it('removes by default an interview whose BAS is below 20, with its own reason', () => {
    const input = {
      rows: 3,
      scores: { combined: Float64Array.of(80, 80, 80), bas: Float64Array.of(100, 10, NaN) },
      dataPoints: { combined: Float64Array.of(3, 3, 3), bas: Float64Array.of(1, 1, 0) },
    };
    for (const impl of [scoring, reference]) {
      const r = impl.clean(input, DEFAULT_RULES);
      expect(Array.from(r.kept)).toEqual([1, 0, 1]);
      expect(REASONS[r.primary[1]!]).toBe('BAS');
    }
    expect(DEFAULT_RULES.rules.bas).toEqual({ enabled: true, threshold: 20, minDataPoints: 1 });
  });
});

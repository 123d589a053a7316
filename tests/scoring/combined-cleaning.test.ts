import { describe, expect, it } from 'vitest';
import {
  CHECK_BAD_ANSWERS,
  DEFAULT_RULES,
  REASONS,
  RULE_KEYS,
  SCORE_KINDS,
  type CleaningRules,
} from '../../scoring/index.ts';
import { col, implementations } from '../support/scoring.ts';

const codes = (...c: number[]) => c.map((v) => Int32Array.of(v));
const reasonList = (bits: number) => REASONS.filter((_, i) => bits & (1 << i));

describe.each(implementations)('open-ended aggregation (%s)', (_, s) => {
  it('averages category scores: [1, 4, 9] gives 56.7, "should be removed" (TV13)', () => {
    expect(s.oes(codes(1, 4, 9)).score[0]).toBeCloseTo(56.7, 1);
    expect(s.oes(codes(1, 1, 8)).score[0]).toBeCloseTo(66.7, 1);
  });

  it('leaves OES null when every answer is empty, and counts no data points', () => {
    const r = s.oes(codes(0, 0, 0));
    expect(r.score[0]).toBeNaN();
    expect(r.dataPoints[0]).toBe(0);
  });

  it('counts answers in the bad categories for the cleaning rule', () => {
    const r = s.oes(codes(7, 7, 1, 6, 4));
    expect(r.badAnswers[0]).toBe(3);
    expect(r.dataPoints[0]).toBe(5);
  });
});

describe.each(implementations)('combined score (%s)', (_, s) => {
  const N = NaN;
  // Rows of TV18: OES, TS, IBS, PS, CS and the expected combined score.
  const tv18: [number, number, number, number, number, number][] = [
    [100, 100, 100, N, N, 100],
    [0, 100, 100, N, N, 30],
    [100, 15, 100, N, N, 45],
    [75, 90, N, 80, 100, 83.6],
    [100, 100, 100, 10, N, 88.8],
    [N, 45, N, N, N, 45],
    [N, N, N, 20, 90, 55],
  ];

  it('matches every row of TV18', () => {
    const c = (k: number) => Float64Array.from(tv18, (r) => r[k]!);
    const r = s.combined({ oes: c(0), ts: c(1), ibs: c(2), ps: c(3), cs: c(4) }, tv18.length);
    tv18.forEach((row, i) => expect(r.combined[i]).toBeCloseTo(row[5], 1));
    expect(Array.from(r.nSubscores)).toEqual([3, 3, 3, 4, 4, 1, 2]);
  });

  it('is null with no subscore at all', () => {
    expect(s.combined({}, 1).combined[0]).toBeNaN();
    expect(s.combined({}, 1).nSubscores[0]).toBe(0);
  });

  it('drops the cap when it is switched off', () => {
    const r = s.combined({ oes: col(0), ts: col(100), ibs: col(100) }, 1, {
      oes: 3,
      ts: 2,
      ibs: 2,
      ps: 1,
      cs: 1,
      cap: -1,
    });
    expect(r.combined[0]).toBeCloseTo(57.1, 1);
  });
});

describe.each(implementations)('cleaning (%s)', (_, s) => {
  // TV19: interviews A, B, C, D.
  const oes = col(100, 30, 40, 100),
    ts = col(18, 100, 100, 18),
    ibs = col(100, 100, 100, 100);
  const combined = s.combined({ oes, ts, ibs }, 4).combined;
  const input = {
    rows: 4,
    scores: { combined, oes, ts, ibs },
    dataPoints: { oes: col(1, 1, 3, 1), ts: col(1, 1, 1, 1), ibs: col(1, 1, 1, 1) },
    badAnswers: col(0, 0, 2, 0),
    manual: col(0, 0, 0, 2),
  };

  it('computes the combined scores of TV19', () => {
    expect(Array.from(combined, (v) => Math.round(v * 10) / 10)).toEqual([48, 60, 70, 48]);
  });

  it('excludes A for combined score and TS, keeps B, excludes C for OES, keeps D on manual review (TV19)', () => {
    const r = s.clean(input);
    expect(Array.from(r.kept)).toEqual([0, 1, 0, 1]);
    expect(reasonList(r.reasons[0]!)).toEqual(['combined', 'TS']);
    expect(REASONS[r.primary[0]!]).toBe('combined');
    expect(reasonList(r.reasons[2]!)).toEqual(['OES']);
    expect(r.primary[1]).toBe(-1);
    expect(r.keptCount).toBe(2);
  });

  it('lets a manual exclusion win and makes it the primary reason', () => {
    const r = s.clean({ ...input, manual: col(1, 1, 0, 0) });
    expect(Array.from(r.kept)).toEqual([0, 0, 0, 0]);
    expect(REASONS[r.primary[0]!]).toBe('manual');
    expect(reasonList(r.reasons[0]!)).toEqual(['manual', 'combined', 'TS']);
  });

  it('never fires a rule on a null score', () => {
    const r = s.clean({ rows: 1, scores: { combined: col(NaN), ts: col(NaN) } });
    expect(r.kept[0]).toBe(1);
  });

  it('re-runs with a changed threshold over the same resident scores', () => {
    const session = s.cleaningSession(input);
    const loose: CleaningRules = {
      ...DEFAULT_RULES,
      rules: { ...DEFAULT_RULES.rules, combined: { enabled: true, threshold: 40, minDataPoints: 0 } },
    };
    expect(session.run(loose).keptCount).toBe(2);
    const strict: CleaningRules = {
      ...DEFAULT_RULES,
      rules: { ...DEFAULT_RULES.rules, combined: { enabled: true, threshold: 65, minDataPoints: 0 } },
    };
    expect(Array.from(session.run(strict).kept)).toEqual([0, 0, 0, 1]);
    session.free();
  });

  it('trims quota cells and then the target size by lowest combined score, never a manual keep', () => {
    const comb = col(90, 80, 70, 95, 85, 75, 65);
    const r = s.clean(
      {
        rows: 7,
        scores: { combined: comb },
        manual: col(0, 0, 2, 0, 0, 0, 0),
        quota: { cell: col(0, 0, 0, 1, 1, 1, 1), targets: col(2, 3) },
      },
      { ...DEFAULT_RULES, target: { n: 4, trim: true } },
    );
    // Cell 0 keeps the manual 70 and the best other (90); cell 1 drops 65; the target then drops 75.
    expect(Array.from(r.kept)).toEqual([1, 0, 1, 1, 1, 0, 0]);
    expect(REASONS[r.primary[1]!]).toBe('quota');
    expect(REASONS[r.primary[6]!]).toBe('quota');
    // 75 passes the combined-score threshold (60): it was trimmed to the target, and says so.
    expect(REASONS[r.primary[5]!]).toBe('target');
    expect(reasonList(r.reasons[5]!)).toEqual(['target']);
    expect(r.keptCount).toBe(4);
  });

  it('removes a red Time-Score the data supports by its own rule, as the OR-joined defaults do', () => {
    // TS 16 from the total and two pages, every other score fine: the combined score stays the capped
    // mean (46, yellow), and the TS rule (TS < 20) removes the interview whatever the combined rule says.
    const one = { rows: 1, scores: { ts: col(16), ibs: col(100), con: col(100) } };
    const comb = s.combined(one.scores, 1).combined;
    expect(comb[0]).toBeCloseTo(46, 9);
    const noCombined: CleaningRules = {
      ...DEFAULT_RULES,
      rules: { ...DEFAULT_RULES.rules, combined: { ...DEFAULT_RULES.rules.combined, enabled: false } },
    };
    const r = s.clean({ ...one, scores: { ...one.scores, combined: comb }, dataPoints: { ts: col(3) } }, noCombined);
    expect(r.kept[0]).toBe(0);
    expect(reasonList(r.reasons[0]!)).toEqual(['TS']);
  });

  it('reports the failing checks per interview and removes only at k of n when asked (TV19)', () => {
    // A fails combined and TS, C only the bad-answers rule (its OES of 40 is not below 40), D fails
    // combined and TS but is kept by hand.
    const any = s.clean(input);
    const bits = (v: number) => [...RULE_KEYS, 'badAnswers'].filter((_, b) => v & (1 << b));
    expect(Array.from(any.checks, bits)).toEqual([['combined', 'ts'], [], ['badAnswers'], ['combined', 'ts']]);
    expect(CHECK_BAD_ANSWERS).toBe(RULE_KEYS.length);
    const two = s.clean(input, { ...DEFAULT_RULES, minFailing: 2 });
    expect(Array.from(two.kept)).toEqual([0, 1, 1, 1]);
    expect(reasonList(two.reasons[0]!)).toEqual(['combined', 'TS']);
    const three = s.clean(input, { ...DEFAULT_RULES, minFailing: 3 });
    expect(Array.from(three.kept)).toEqual([1, 1, 1, 1]);
    expect(Array.from(three.reasons)).toEqual([0, 0, 0, 0]);
    expect(Array.from(three.checks, bits)).toEqual(Array.from(any.checks, bits));
    // A manual exclusion still removes, with only its own reason when the checks fall short of k.
    const manual = s.clean({ ...input, manual: col(1, 0, 0, 0) }, { ...DEFAULT_RULES, minFailing: 3 });
    expect(Array.from(manual.kept)).toEqual([0, 1, 1, 1]);
    expect(reasonList(manual.reasons[0]!)).toEqual(['manual']);
    // k = 1 and k absent are the OR rule.
    expect(Array.from(s.clean(input, { ...DEFAULT_RULES, minFailing: 1 }).kept)).toEqual(Array.from(any.kept));
  });

  it('drops later rows first among equal scores when trimming', () => {
    const r = s.clean(
      { rows: 4, scores: { combined: col(70, 70, 70, 90) } },
      { ...DEFAULT_RULES, target: { n: 2, trim: true } },
    );
    expect(Array.from(r.kept)).toEqual([1, 0, 0, 1]);
  });
});

describe.each(implementations)('certificate and credits (%s)', (_, s) => {
  /** n kept interviews with the given mean and lowest score. */
  function keptScores(n: number, mean: number, lowest: number): { combined: Float64Array; kept: Uint8Array } {
    const combined = new Float64Array(n).fill(mean);
    combined[0] = lowest;
    combined[1] = 2 * mean - lowest;
    return { combined, kept: new Uint8Array(n).fill(1) };
  }

  it('grants level 2 at mean 78 with TS and OES and lowest 45 (TV20)', () => {
    const { combined, kept } = keptScores(200, 78, 45);
    const c = s.certificate(combined, kept, SCORE_KINDS.ts | SCORE_KINDS.oes);
    expect(c.level).toBe(2);
    expect(c.meanCombined).toBeCloseTo(78, 9);
  });

  it('grants level 3 at mean 82 with TS, IBS and OES and lowest 62 (TV20)', () => {
    const { combined, kept } = keptScores(200, 82, 62);
    expect(s.certificate(combined, kept, SCORE_KINDS.ts | SCORE_KINDS.ibs | SCORE_KINDS.oes).level).toBe(3);
  });

  it('grants nothing at a mean of exactly 70 (TV20)', () => {
    const { combined, kept } = keptScores(200, 70, 65);
    expect(s.certificate(combined, kept, SCORE_KINDS.ts).level).toBe(0);
  });

  it('needs 30 kept interviews and counts only kept ones', () => {
    const { combined, kept } = keptScores(29, 90, 90);
    expect(s.certificate(combined, kept, 31).level).toBe(0);
    const more = keptScores(40, 90, 90);
    more.combined[39] = 0;
    more.kept[39] = 0;
    expect(s.certificate(more.combined, more.kept, 31).level).toBe(3);
  });

  it('charges one credit per data point, clamped to 4..10 (TV20)', () => {
    const ts = col(1, 1, 1, 0),
      oes = col(3, 0, 20, 0),
      grids = col(2, 0, 6, 0),
      proj = col(0, 0, 12, 0);
    const r = s.credits([ts, oes, grids, proj]);
    expect(Array.from(r.perInterview)).toEqual([6, 4, 10, 4]);
    expect(r.total).toBe(24);
  });
});

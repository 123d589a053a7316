// Consistency score: the score mapping, the minimum sample, edge cases of the data
// (constant and collinear items, missing and out-of-scale answers, reverse-keyed items), its label,
// its place in the combined score and cleaning, and detection on generated batteries. Every data case
// runs against the WASM core and the reference.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, DEFAULT_WEIGHTS, GRID_LABELS, REASONS, type ConsistencyGrid } from '../../scoring/index.ts';
import { CONSISTENCY, consistencyScoreOf, d2AtScore, d2AtZ } from '../../scoring/reference-consistency.ts';
import { PERSONALITY, generateBatterySurvey } from './battery-generator.ts';
import { aucLowerIsPositive, rng } from './survey-generator.ts';
import { implementations, scoring } from '../support/scoring.ts';

/** n interviews answering a one-factor battery of k items on 1..6 (a real correlation structure). */
function battery(n: number, k: number, seed = 5): Float64Array[] {
  const r = rng(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const cols = Array.from({ length: k }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const f = normal();
    for (let j = 0; j < k; j++)
      cols[j]![i] = Math.min(6, Math.max(1, Math.round(3.5 + 1.1 * (0.7 * f + 0.7 * normal()))));
  }
  return cols;
}
const grid = (items: Float64Array[]): ConsistencyGrid => ({ items, min: 1, max: 6 });

describe('consistency score mapping', () => {
  it('is 100 up to z = 3, then falls through 70, 35 and 10 to 0 at z = 7 (linear in D² between)', () => {
    for (const [df, nu2] of [
      [10, Infinity],
      [25, 2000],
      [8, 300],
    ] as const) {
      expect(consistencyScoreOf(d2AtZ(2, df, nu2), df, nu2)).toBe(100);
      CONSISTENCY.anchors.forEach((a) =>
        expect(consistencyScoreOf(d2AtZ(a.z, df, nu2), df, nu2)).toBeCloseTo(a.score, 9),
      );
      expect(consistencyScoreOf(d2AtZ(9, df, nu2), df, nu2)).toBe(0);
      const mid = (d2AtZ(4, df, nu2) + d2AtZ(5, df, nu2)) / 2;
      expect(consistencyScoreOf(mid, df, nu2)).toBeCloseTo(52.5, 9);
      expect(d2AtScore(40, df, nu2)).toBeGreaterThan(d2AtZ(4, df, nu2));
      expect(consistencyScoreOf(d2AtScore(40, df, nu2), df, nu2)).toBeCloseTo(40, 9);
    }
    expect(consistencyScoreOf(Number.NaN, 10, 100)).toBeNaN();
  });

  it('matches the chi-square tail with an unlimited sample (Wilson-Hilferty) and widens it for a small one (Paulson)', () => {
    // chi-square(10) quantile at Phi(3) = 0.99865 is 28.9.
    expect(d2AtZ(3, 10, Infinity)).toBeCloseTo(28.94, 1);
    expect(d2AtZ(3, 10, 100)).toBeGreaterThan(d2AtZ(3, 10, 1000));
    expect(d2AtZ(3, 10, 1000)).toBeGreaterThan(d2AtZ(3, 10, Infinity));
  });
});

describe.each(implementations)('consistency score (%s)', (_name, impl) => {
  it('needs max(50, 10 x items) complete interviews per grid; below that the grid gives no score', () => {
    const k = 8;
    const below = impl.consistency([grid(battery(79, k))]);
    expect(below.grids[0]!.fitted).toBe(false);
    expect(below.grids[0]!.sample).toBe(79);
    expect(Array.from(below.score).every(Number.isNaN)).toBe(true);
    expect(Array.from(below.dataPoints).every((v) => v === 0)).toBe(true);
    const at = impl.consistency([grid(battery(80, k))]);
    expect(at.grids[0]!.fitted).toBe(true);
    expect(at.grids[0]!.rank).toBe(k);
    expect(Array.from(at.score).every((v) => v >= 0 && v <= 100)).toBe(true);
    // A small grid (5 items) still needs 50.
    expect(impl.consistency([grid(battery(49, 5))]).grids[0]!.fitted).toBe(false);
  });

  it('drops constant and collinear items from the covariance (rank = degrees of freedom) and stays finite', () => {
    const items = battery(300, 10);
    items[0]!.fill(4);
    items[9]!.set(items[3]!);
    const r = impl.consistency([grid(items)]);
    expect(r.grids[0]!.rank).toBe(8);
    expect(Array.from(r.grids[0]!.d2).every((v) => Number.isFinite(v) && v >= 0)).toBe(true);
    const constant = battery(300, 10).map((c) => c.fill(2));
    const none = impl.consistency([grid(constant)]);
    expect(none.grids[0]!.fitted).toBe(false);
    expect(Array.from(none.score).every(Number.isNaN)).toBe(true);
  });

  it('treats -999, NaN and codes outside the scale alike, as missing; fewer than 5 valid answers give null', () => {
    const base = battery(300, 10);
    const variants = [-999, Number.NaN, 99, 0, 7].map((code) => {
      const items = base.map((c) => c.slice());
      items[2]![17] = code;
      items[5]![17] = code;
      return impl.consistency([grid(items)]).grids[0]!.d2[17]!;
    });
    expect(new Set(variants).size).toBe(1);
    expect(Number.isFinite(variants[0])).toBe(true);
    const items = base.map((c) => c.slice());
    for (let j = 0; j < 6; j++) items[j]![3] = -999;
    // 10 items, 4 of them valid: no distance. With 5 valid (one item back) the interview is scored.
    const five = items.map((c) => c.slice());
    five[5]![3] = base[5]![3]!;
    expect(Number.isFinite(impl.consistency([grid(five)]).grids[0]!.d2[3])).toBe(true);
    const r = impl.consistency([grid(items)]);
    expect(r.grids[0]!.d2[3]).toBeNaN();
    expect(r.score[3]).toBeNaN();
    expect(r.dataPoints[3]).toBe(0);
  });

  it('needs no keying: reversing items (7 - x) leaves every score unchanged', () => {
    const items = battery(400, 12, 9);
    // A few random answerers so that the scores spread.
    for (let i = 0; i < 40; i++) for (const c of items) c[i] = 1 + ((i * 7 + c.length) % 6);
    const reversed = items.map((c, j) => (j % 3 === 0 ? c.map((v) => 7 - v) : c));
    const a = impl.consistency([grid(items)]),
      b = impl.consistency([grid(reversed)]);
    for (let i = 0; i < 400; i++) expect(Math.abs(a.score[i]! - b.score[i]!)).toBeLessThan(0.01);
  });

  it('sums the grids of an interview and counts them as data points', () => {
    const g1 = battery(300, 10, 1),
      g2 = battery(300, 8, 2);
    for (const c of g2) c[10] = -999;
    const r = impl.consistency([grid(g1), grid(g2)]);
    expect(r.dataPoints[0]).toBe(2);
    expect(r.dataPoints[10]).toBe(1);
    expect(r.score[10]).toBe(impl.consistency([grid(g1)]).score[10]);
  });
});

describe('consistency in the pipeline, the combined score and cleaning', () => {
  const survey = generateBatterySurvey(2000, 31, PERSONALITY);
  const n = survey.kinds.length;
  const grids = survey.grids.map((items) => ({ items, min: 1, max: 6 }));
  const all = scoring.scoreAll({ rows: n, durations: { matrix: survey.durations, totalIndex: 0 }, grids });

  it("labels only OK grids 'Inconsistent', and mostly random responders", () => {
    const inconsistent = GRID_LABELS.indexOf('Inconsistent');
    all.grids.forEach((g, gi) => {
      const plain = scoring.gridScores(grids[gi]!.items, grids[gi]!).labels;
      g.labels.forEach((l, i) => expect(l === inconsistent ? plain[i] : l).toBe(plain[i]));
    });
    const labelled = survey.kinds.filter((_, i) => all.grids.some((g) => g.labels[i] === inconsistent));
    expect(labelled.length).toBeGreaterThan(20);
    expect(labelled.filter((k) => k === 'random').length / labelled.length).toBeGreaterThan(0.6);
    const off = scoring.scoreAll({ rows: n, grids, consistency: false });
    expect(off.grids.every((g) => !g.labels.includes(inconsistent))).toBe(true);
    expect(Array.from(off.consistency).every(Number.isNaN)).toBe(true);
  });

  it('is a core subscore: weighted 2 by default, caps the combined score at CON + 30, weight 0 leaves it out', () => {
    expect(DEFAULT_WEIGHTS.con).toBe(2);
    for (let i = 0; i < n; i++)
      if (!Number.isNaN(all.consistency[i]!))
        expect(all.combined[i]!).toBeLessThanOrEqual(all.consistency[i]! + 30 + 1e-9);
    const sub = { ts: all.ts, ibs: all.ibs, con: all.consistency };
    const without = scoring.combined({ ts: all.ts, ibs: all.ibs }, n);
    const zero = scoring.combined(sub, n, { ...DEFAULT_WEIGHTS, con: 0 });
    expect(Array.from(zero.combined)).toEqual(Array.from(without.combined));
    expect(Array.from(zero.nSubscores)).toEqual(Array.from(without.nSubscores));
    // A weight set saved before the consistency score existed takes the default weight.
    const { con: _unused, ...legacy } = DEFAULT_WEIGHTS;
    expect(Array.from(scoring.combined(sub, n, legacy).combined)).toEqual(
      Array.from(scoring.combined(sub, n).combined),
    );
  });

  it('has a cleaning rule CON < 20 with at least one grid, reason CON after the product reasons', () => {
    expect(DEFAULT_RULES.rules.con).toEqual({ enabled: true, threshold: 20, minDataPoints: 1 });
    expect(REASONS.indexOf('CON')).toBe(10);
    const rules = {
      ...DEFAULT_RULES,
      rules: { ...DEFAULT_RULES.rules, combined: { ...DEFAULT_RULES.rules.combined, enabled: false } },
    };
    const input = { rows: n, scores: { con: all.consistency }, dataPoints: { con: all.consistencyDataPoints } };
    for (const r of [scoring.clean(input, rules), ...implementations.map(([, impl]) => impl.clean(input, rules))]) {
      for (let i = 0; i < n; i++) {
        const fires = all.consistency[i]! < 20;
        expect(r.kept[i]).toBe(fires ? 0 : 1);
        if (fires) expect(REASONS[r.primary[i]!]).toBe('CON');
      }
    }
    const strict = { ...rules, rules: { ...rules.rules, con: { enabled: true, threshold: 20, minDataPoints: 3 } } };
    expect(scoring.clean(input, strict).keptCount).toBe(n);
  });

  it('separates the planted kinds (combined AUC) and removes few good respondents with the default rules', () => {
    const careful = survey.kinds.map((k) => k === 'careful');
    const cleaned = scoring.clean({
      rows: n,
      scores: { combined: all.combined, ts: all.ts, ibs: all.ibs, con: all.consistency },
      dataPoints: { ts: all.tsDataPoints, ibs: all.ibsDataPoints, con: all.consistencyDataPoints },
    });
    const auc = (kind?: string) => {
      const idx = survey.kinds.map((k, i) => (k === 'careful' || !kind || k === kind ? i : -1)).filter((i) => i >= 0);
      return aucLowerIsPositive(
        idx.map((i) => all.combined[i]!),
        idx.map((i) => !careful[i]),
      );
    };
    expect(auc()).toBeGreaterThanOrEqual(0.95);
    for (const kind of ['speeder', 'straightliner', 'pattern', 'random'])
      expect(auc(kind), kind).toBeGreaterThanOrEqual(0.9);
    const good = careful.map((c, i) => (c ? i : -1)).filter((i) => i >= 0);
    expect(good.filter((i) => cleaned.kept[i] === 0).length / good.length).toBeLessThanOrEqual(0.01);
    const random = survey.kinds.map((k, i) => (k === 'random' ? i : -1)).filter((i) => i >= 0);
    expect(random.filter((i) => cleaned.kept[i] === 0).length / random.length).toBeGreaterThan(0.3);
  });

  it('ranks many random responders better than the classical distance (robust covariance)', () => {
    const heavy = generateBatterySurvey(1500, 8, { ...PERSONALITY, shares: { ...PERSONALITY.shares, random: 0.35 } });
    const idx = heavy.kinds.map((k, i) => (k === 'careful' || k === 'random' ? i : -1)).filter((i) => i >= 0);
    const sum = (cols: Float64Array[]) =>
      Float64Array.from(
        { length: heavy.kinds.length },
        (_, i) => -cols.reduce((a, c) => a + (Number.isNaN(c[i]!) ? 0 : c[i]!), 0),
      );
    const robust = sum(
      scoring.consistency(heavy.grids.map((items) => ({ items, min: 1, max: 6 }))).grids.map((g) => g.d2),
    );
    const classical = sum(heavy.grids.map((items) => scoring.indices(items).mahad));
    const auc = (v: Float64Array) =>
      aucLowerIsPositive(
        idx.map((i) => v[i]!),
        idx.map((i) => heavy.kinds[i] === 'random'),
      );
    expect(auc(robust)).toBeGreaterThan(auc(classical));
    expect(auc(robust)).toBeGreaterThan(0.97);
  });
});

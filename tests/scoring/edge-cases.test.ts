import { describe, expect, it } from 'vitest';
import { implementations } from '../support/scoring.ts';

const nan = (n: number) => new Float64Array(n).fill(Number.NaN);
const missing = (n: number) => new Float64Array(n).fill(-999);
const allNaN = (a: ArrayLike<number>) => Array.from(a).every(Number.isNaN);

describe.each(implementations)('edge cases (%s)', (_, s) => {
  it('gives null everywhere and charges the minimum when every answer is missing', () => {
    const n = 40;
    const ts = s.timeScores([missing(n), nan(n)], { totalIndex: 0 });
    const grid = s.gridScores(Array.from({ length: 10 }, () => missing(n)));
    const ibs = s.ibs([grid.scores]);
    const proj = s.projective([{ choice: missing(n), predictions: [nan(n), nan(n)], purpose: 'information' }]);
    const oes = s.oes([new Int32Array(n)]);
    const comb = s.combined({ ts: ts.ts, ibs: ibs.score, oes: oes.score, ps: proj.ps, cs: proj.cs }, n);
    for (const v of [ts.ts, grid.scores, ibs.score, proj.ps, proj.cs, proj.is, oes.score, comb.combined])
      expect(allNaN(v)).toBe(true);
    const ind = s.indices(Array.from({ length: 5 }, () => missing(n)));
    expect(allNaN(ind.mahad)).toBe(true);
    const clean = s.clean({ rows: n, scores: { combined: comb.combined } });
    expect(clean.keptCount).toBe(n);
    expect(s.certificate(comb.combined, clean.kept, 0).level).toBe(0);
    expect(s.credits([ts.dataPoints, ibs.dataPoints, oes.dataPoints, proj.dataPoints]).total).toBe(4 * n);
  });

  it('scores a single interview without sample-based scores (fewer than 30 records)', () => {
    const ts = s.timeScores([Float64Array.of(600)], { totalIndex: 0 });
    expect(ts.ts[0]).toBeNaN();
    const grid = s.gridScores([3, 3, 3, 3, 3, 3, 3].map((v) => Float64Array.of(v)));
    expect(grid.scores[0]).toBe(0);
    expect(s.combined({ ts: ts.ts, ibs: grid.scores }, 1).combined[0]).toBe(0);
  });

  it('handles zero interviews', () => {
    expect(s.gridScores(Array.from({ length: 7 }, () => new Float64Array(0))).scores.length).toBe(0);
    expect(s.combined({}, 0).combined.length).toBe(0);
    expect(s.clean({ rows: 0, scores: {} }).keptCount).toBe(0);
  });

  it('gives Mahalanobis a defined value with a single respondent or a single item', () => {
    const one = s.indices([Float64Array.of(1), Float64Array.of(2)]);
    expect(one.mahad[0]).toBe(0);
    expect(one.rank).toBe(0);
    const item = s.indices([Float64Array.of(1, 2, 3, 4, 5)]);
    expect(item.rank).toBe(1);
    expect(Array.from(item.mahad).every(Number.isFinite)).toBe(true);
  });
});

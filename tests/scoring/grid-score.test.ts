import { describe, expect, it } from 'vitest';
import { GRID_LABELS } from '../../scoring/index.ts';
import { implementations, rowAsColumns, rowsAsColumns, col } from '../support/scoring.ts';

describe.each(implementations)('grid score (%s)', (_, s) => {
  const one = (row: number[], options = {}) => {
    const r = s.gridScores(rowAsColumns(row), options);
    return { score: r.scores[0]!, label: GRID_LABELS[r.labels[0]!] };
  };

  it('gives a straightliner 0 (TV5)', () => {
    expect(one([3, 3, 3, 3, 3, 3, 3, 3, 3, 3])).toEqual({ score: 0, label: 'Straightliner' });
  });

  it('scores a partial straightliner between 30 and 70 (TV6)', () => {
    const g = one([4, 4, 4, 4, 4, 4, 4, 4, 5, 4]);
    expect(g.label).toBe('Partial Straightliner');
    expect(g.score).toBeCloseTo(55.4, 1);
  });

  it.each([
    ['alternating', [1, 2, 1, 2, 1, 2, 1, 2, 1, 2]],
    ['staircase', [1, 2, 3, 4, 5, 6, 7]],
    ['mirrored zig-zag', [1, 2, 3, 2, 1, 2, 3, 2, 1]],
    ['cycle', [4, 4, 5, 4, 4, 5, 4, 4, 5, 4]],
  ])('gives a perfect %s pattern 10 (TV7)', (_name, row) => {
    const g = one(row);
    expect(g.label).toBe('Pattern');
    expect(g.score).toBeCloseTo(10, 9);
  });

  it('scores a near-pattern 47.5 (TV7)', () => {
    expect(one([1, 2, 1, 2, 1, 2, 1, 2, 3, 2]).score).toBeCloseTo(47.5, 9);
  });

  it.each([[[7, 8, 9, 1, 3, 5, 2, 5, 9, 6]], [[4, 5, 4, 4, 5, 3, 4, 2, 5, 4]]])(
    'gives normal answers %j 100 (TV8)',
    (row) => {
      expect(one(row)).toEqual({ score: 100, label: 'OK' });
    },
  );

  it('leaves a grid with only 4 valid answers unscored (TV9 with the 5-item minimum)', () => {
    const g = s.gridScores(rowAsColumns([3, -999, 3, -999, 3, -999, 3]));
    expect(g.scores[0]).toBeNaN();
    expect(g.labels[0]).toBe(0);
    expect(s.ibs([g.scores]).score[0]).toBeNaN();
  });

  it('scores 5 and 6 valid answers for straightlining, and looks for patterns only from 7', () => {
    expect(one([3, 3, 3, 3, 3])).toEqual({ score: 0, label: 'Straightliner' });
    expect(one([3, -999, 3, 3, 3, 3, 3])).toEqual({ score: 0, label: 'Straightliner' });
    expect(one([3, 3, 3, 3, 4]).label).toBe('Partial Straightliner');
    // 1 2 1 2 1 2 is a period-2 pattern in 7 answers and more, chance in 6.
    expect(one([1, 2, 1, 2, 1, 2])).toEqual({ score: 100, label: 'OK' });
    expect(one([1, 2, 1, 2, 1, 2, 1]).label).toBe('Pattern');
    expect(one([1, 2, 3, 4, 5])).toEqual({ score: 100, label: 'OK' });
  });

  it('finds walks of single steps on a bounded scale: stairs that wrap around it, zigzags that turn at its ends', () => {
    const bounded = { min: 1, max: 6 };
    const pattern = (row: number[]) => {
      const g = one(row, bounded);
      expect(g.label).toBe('Pattern');
      expect(g.score).toBeCloseTo(10, 9);
    };
    // A stair wrapping from the top code to the bottom one: without the scale only 5 of 7 steps agree.
    pattern([1, 6, 5, 4, 3, 2, 1, 6]);
    expect(one([1, 6, 5, 4, 3, 2, 1, 6]).score).toBeCloseTo(100 - (90 * (5 / 7 - 0.7)) / 0.3, 9);
    // A zigzag turning at the bottom code: 5 steps down, 2 up.
    pattern([6, 5, 4, 3, 2, 1, 2, 3]);
    pattern([3, 2, 1, 2, 3, 4, 5, 6]);
    // A zigzag turning half way: without the scale's bounds there is no end to turn at.
    pattern([4, 3, 2, 1, 2, 3, 4, 5]);
    expect(one([4, 3, 2, 1, 2, 3, 4, 5])).toEqual({ score: 100, label: 'OK' });
    // Turning inside the scale is no walk (and no other regularity here), nor is one with repeats.
    expect(one([4, 3, 2, 3, 2, 3, 4, 3], bounded)).toEqual({ score: 100, label: 'OK' });
    expect(one([2, 1, 1, 2, 3, 4, 4, 5], bounded)).toEqual({ score: 100, label: 'OK' });
  });

  it('finds the same walks in sixteen-lane blocks, four-lane blocks and single rows', () => {
    const walks = [
      [6, 5, 4, 3, 2, 1, 2, 3, 4],
      [2, 3, 4, 5, 6, 1, 2, 3, 4],
      [4, 2, 5, 5, 3, 1, 2, 6, 4],
    ];
    const rows = Array.from({ length: 39 }, (_, i) => walks[i % 3]!);
    const r = s.gridScores(rowsAsColumns(rows), { min: 1, max: 6 });
    rows.forEach((_, i) => {
      expect(GRID_LABELS[r.labels[i]!]).toBe(i % 3 === 2 ? 'OK' : 'Pattern');
      expect(r.scores[i]).toBeCloseTo(i % 3 === 2 ? 100 : 10, 9);
    });
  });

  it('removes missing answers but keeps the order', () => {
    expect(one([1, NaN, 2, 1, -999, 2, 1, 2, 1, 2]).label).toBe('Pattern');
  });

  it('treats answers outside the valid range as missing', () => {
    expect(s.gridScores(rowAsColumns([3, 3, 3, 3, 99, 99, 99]), { min: 1, max: 5 }).scores[0]).toBeNaN();
    expect(s.gridScores(rowAsColumns([3, 3, 3, 3, 3, 99, 99]), { min: 1, max: 5 }).scores[0]).toBe(0);
  });

  it('skips the pattern step when item order was randomised', () => {
    expect(one([1, 2, 1, 2, 1, 2, 1, 2, 1, 2], { patterns: false })).toEqual({ score: 100, label: 'OK' });
  });

  it('blends mean and minimum over the scored grids (TV10)', () => {
    expect(s.ibs([col(100), col(100), col(0)]).score[0]).toBeCloseTo(33.3, 1);
    const r = s.ibs([col(100), col(NaN)]);
    expect(r.score[0]).toBe(100);
    expect(r.dataPoints[0]).toBe(1);
  });

  it('scores many rows at once, across block boundaries', () => {
    const rows = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0 ? Array(10).fill(3) : [7, 8, 9, 1, 3, 5, 2, 5, 9, 6],
    );
    const r = s.gridScores(rowsAsColumns(rows));
    expect(r.scores[0]).toBe(0);
    expect(r.scores[1]).toBe(100);
    expect(r.scores[297]).toBe(0);
    expect(r.scores[299]).toBe(100);
  });
});

// The interview's grid score (IBS) weighs a straight or partly straight line by the evidence its grid
// gives: its items, how many of the file's respondents draw that line while answering another grid
// otherwise, and how many of the interview's other grids are lines too. A line over every grid counts
// in full. Before scoring version 11 one straight 7-item grid out of two gave IBS 25 and capped the
// combined score at 55, which removed genuine respondents of short surveys (DS14, youth gratitude).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composePipeline, type PipelineInput } from '../../scoring/index.ts';
import { reference } from '../../scoring/reference.ts';
import { loadDataset } from '../bench/detection-data.ts';
import { implementations, removedByDefaultRules, rowsAsColumns, scoring } from '../support/scoring.ts';

const STRAIGHT = 2;
const OK = 1;

/** A real questionnaire's grid pages with `planted` rows appended that give every item one code. */
function realWithStraightliners(key: string, planted: number): PipelineInput {
  const d = loadDataset(key);
  return {
    rows: d.answers[0]!.length + planted,
    grids: d.pages.map((p) => ({
      min: p.min,
      max: p.max,
      items: p.items.map((j) => {
        const col = Array.from(d.answers[j]!, (v) => (Number.isNaN(v) ? -999 : v));
        for (let e = 0; e < planted; e++) col.push(p.min + (e % (p.max - p.min + 1)));
        return Float64Array.from(col);
      }),
    })),
  };
}

describe('grid score weighing a line by its evidence, on real short surveys', () => {
  // DS14's second grid is straightlined by 4 % of its respondents who answer the first one otherwise;
  // youth gratitude's commoner line by 1.6 %, about what counts in full (1.5 %), so it costs as before.
  for (const [key, above] of [
    ['ds14', 30],
    ['youth-gratitude', 25],
  ] as const) {
    it(`keeps ${key}'s planted straightliners at IBS 0 and removed, and lets a common one-grid line cost little`, () => {
      const input = realWithStraightliners(key, 30);
      const n = input.rows;
      const real = n - 30;
      for (const r of [scoring.scoreAll(input), composePipeline(reference, input)]) {
        const out = removedByDefaultRules(r, n);
        for (let i = real; i < n; i++) {
          expect(r.ibs[i], `planted row ${i}`).toBe(0);
          expect(out[i], `planted row ${i}`).toBe(1);
        }
        // Real respondents with a straight line on exactly one of the two grids: on the grid where
        // such lines are commonest they cost little (version 10: IBS 25 for every one of them).
        const byGrid = [0, 1].map((g) =>
          Array.from({ length: real }, (_, i) => i).filter(
            (i) => r.grids[g]!.labels[i] === STRAIGHT && r.grids[1 - g]!.labels[i] === OK,
          ),
        );
        const common = byGrid[0]!.length >= byGrid[1]!.length ? 0 : 1;
        expect(byGrid[common]!.length / real).toBeGreaterThan(0.015);
        // Above 30: the weakest-link cap (IBS + 30) no longer forces the combined score under 60.
        for (const i of byGrid[common]!) expect(r.ibs[i]!).toBeGreaterThan(above);
        for (const i of byGrid[1 - common]!) expect(r.ibs[i]!).toBeLessThanOrEqual(r.ibs[byGrid[common]![0]!]!);
      }
    });
  }
});

describe.each(implementations)('grid score weighing a line by its evidence (%s)', (_, s) => {
  /** IBS of row 0 among `rows` (the other rows answer every grid without a line). */
  function ibsOf(grids: number[][], items: number[], lineRows = 0, rows = 1): number {
    const all = Array.from({ length: rows }, (_, i) =>
      i === 0 || i < 1 + lineRows
        ? grids
        : items.map((k, g) => Array.from({ length: k }, (_, j) => 1 + ((i + j + g) % 5))),
    );
    const scored = items.map((_, g) => s.gridScores(rowsAsColumns(all.map((r) => r[g]!)), { min: 1, max: 5 }));
    return s.ibs(
      scored.map((x) => x.scores),
      { labels: scored.map((x) => x.labels), items },
    ).score[0]!;
  }
  const line = (k: number) => Array(k).fill(3) as number[];
  // No line and no pattern (no period, no common step).
  const varied = (k: number) => [1, 3, 2, 5, 4, 2, 1, 4, 5, 3].slice(0, k);

  it('weighs a straight line by its grid items: 5 items half, 7 and more in full', () => {
    expect(ibsOf([line(5), varied(10)], [5, 10])).toBeCloseTo(62.5, 9);
    expect(ibsOf([line(6), varied(10)], [6, 10])).toBeCloseTo(43.75, 9);
    expect(ibsOf([varied(5), line(10)], [5, 10])).toBeCloseTo(25, 9);
    expect(ibsOf([line(7), varied(7)], [7, 7])).toBeCloseTo(25, 9);
  });

  it('counts a line over every grid in full, however short the grids', () => {
    expect(ibsOf([line(5), line(5)], [5, 5])).toBe(0);
    expect(ibsOf([line(5)], [5])).toBe(0);
    // Two lines of three grids: each line's weight is raised halfway to 1 (0.5 -> 0.75).
    expect(ibsOf([line(5), line(5), varied(10)], [5, 5, 10])).toBeCloseTo(((25 + 25 + 100) / 3 + 25) / 2, 9);
  });

  it("weighs a line less when many of the file's respondents draw it while answering other grids otherwise", () => {
    const rare = ibsOf([line(10), varied(10)], [10, 10], 0, 200);
    const common = ibsOf([line(10), varied(10)], [10, 10], 29, 200);
    expect(rare).toBeCloseTo(25, 9);
    // 30 of 200 (15 %) is above the 6 % from which a line weighs its least, a quarter; 6 of 200 (3 %)
    // lies between 1.5 % (in full) and 6 %, by the logarithm of the share.
    const w = 0.25;
    const between = ibsOf([line(10), varied(10)], [10, 10], 5, 200);
    const wb = 0.25 + (0.75 * Math.log(0.06 / 0.03)) / Math.log(0.06 / 0.015);
    expect(between).toBeCloseTo((100 - 50 * wb + 100 - 100 * wb) / 2, 9);
    expect(common).toBeCloseTo((100 - 50 * w + 100 - 100 * w) / 2, 9);
  });

  it('gives the old blend of mean and minimum without evidence, and where no grid is a line', () => {
    const a = Float64Array.of(100, 55),
      b = Float64Array.of(40, 100);
    const labels = [Uint8Array.of(OK, 3), Uint8Array.of(4, OK)];
    const withEvidence = s.ibs([a, b], { labels, items: [10, 10] }).score;
    expect(withEvidence[0]).toBeCloseTo(55, 9);
    expect(s.ibs([a, b]).score[0]).toBeCloseTo(55, 9);
  });
});

describe('grid score evidence weighing, WASM against the reference', () => {
  it('agrees on random labels, scores, items and file counts', () => {
    const grid = fc.record({
      items: fc.integer({ min: 5, max: 14 }),
      cells: fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.double({ min: 30, max: 70, noNaN: true })), {
        minLength: 120,
        maxLength: 120,
      }),
    });
    fc.assert(
      fc.property(
        fc.array(grid, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 120 }),
        fc.boolean(),
        (grids, n, given) => {
          const labels = grids.map((g) => Uint8Array.from(g.cells.slice(0, n), ([l]) => l));
          const scoreOf = ([l, x]: [number, number]) =>
            l === 0 ? NaN : l === STRAIGHT ? 0 : l === 3 ? x : l === 4 ? x - 20 : 100;
          const scores = grids.map((g) => Float64Array.from(g.cells.slice(0, n), scoreOf));
          const items = grids.map((g) => g.items);
          const counts = given ? grids.map((_, j) => [400, (j * 7) % 40, (j * 13) % 90]) : undefined;
          const a = scoring.ibs(scores, { labels, items, ...(counts ? { counts } : {}) });
          const b = reference.ibs(scores, { labels, items, ...(counts ? { counts } : {}) });
          for (let i = 0; i < n; i++) {
            if (Number.isNaN(b.score[i]!)) expect(a.score[i]).toBeNaN();
            else expect(Math.abs(a.score[i]! - b.score[i]!)).toBeLessThanOrEqual(1e-9 * Math.max(1, b.score[i]!));
            expect(a.dataPoints[i]).toBe(b.dataPoints[i]);
          }
        },
      ),
      { seed: 31, numRuns: 150 },
    );
  });
});

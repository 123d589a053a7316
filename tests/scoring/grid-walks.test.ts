// A respondent who draws diagonals down the grids without reading them walks one scale point per item:
// a staircase that starts again at the other end of the scale, or a zig-zag turning at the scale's
// ends. Before scoring version 14 one wrap or one turn broke the constant step, so on grids of 7 to 9
// items such a walk scored as OK or as a near-pattern (96) and stayed in the data.
import { describe, expect, it } from 'vitest';
import { composePipeline, type PipelineInput } from '../../scoring/index.ts';
import { reference } from '../../scoring/reference.ts';
import { loadDataset } from '../bench/detection-data.ts';
import { removedByDefaultRules, scoring } from '../support/scoring.ts';

const PATTERN = 4;

/** Item j of a walk from `start` (0-based scale position) on a scale of `points` codes. */
function walk(kind: number, start: number, j: number, points: number): number {
  if (kind === 0) return (start + j) % points; // up, wrapping from the top code to the bottom one
  if (kind === 1) return (start - j + 100 * points) % points; // down, wrapping the other way
  const t = (start + j) % (2 * points - 2); // zig-zag turning at both ends
  return Math.abs(t - (points - 1));
}

/** A real questionnaire's grid pages (display order = column order) with `planted` walking rows appended. */
function realWithWalks(key: string, planted: number): PipelineInput {
  const d = loadDataset(key);
  return {
    rows: d.rows + planted,
    grids: d.pages.map((p) => {
      const points = p.max - p.min + 1;
      return {
        min: p.min,
        max: p.max,
        items: p.items.map((item, j) => {
          const col = Array.from(d.answers[item]!, (v) => (Number.isNaN(v) ? -999 : v));
          for (let e = 0; e < planted; e++) col.push(p.min + walk(e % 3, (7 * e) % points, j, points));
          return Float64Array.from(col);
        }),
      };
    }),
  };
}

describe('walks of single steps on real grids', () => {
  // bfi: three pages of 8-9 items on 6 points; youth gratitude: two pages of 8 items on 9 points.
  for (const key of ['bfi', 'youth-gratitude']) {
    it(`labels ${key}'s planted diagonals Pattern on every grid and removes them, in both engines`, () => {
      const input = realWithWalks(key, 30);
      const n = input.rows;
      const real = n - 30;
      const wasm = scoring.scoreAll(input);
      const ref = composePipeline(reference, input);
      for (const r of [wasm, ref]) {
        const out = removedByDefaultRules(r, n);
        for (let i = real; i < n; i++) {
          for (const g of r.grids) {
            expect(g.labels[i], `planted row ${i}`).toBe(PATTERN);
            expect(g.scores[i]!).toBeCloseTo(10, 9);
          }
          expect(out[i], `planted row ${i}`).toBe(1);
        }
      }
      wasm.grids.forEach((g, gi) => expect(Array.from(g.labels)).toEqual(Array.from(ref.grids[gi]!.labels)));
      // Real respondents rarely walk: at most half a point more of their grids is a pattern than
      // without the scale's bounds (which turns the walks off).
      const unbounded = input.grids!.map((g) => reference.gridScores(g.items, {}).labels);
      let grids = 0,
        withWalks = 0,
        without = 0;
      wasm.grids.forEach((g, gi) => {
        for (let i = 0; i < real; i++) {
          if (g.labels[i] === 0) continue;
          grids++;
          withWalks += Number(g.labels[i] === PATTERN);
          without += Number(unbounded[gi]![i] === PATTERN);
        }
      });
      expect((withWalks - without) / grids).toBeLessThan(0.005);
    });
  }
});

// The consistency score's calibration on the sample: its anchors move out when the interviews'
// distances spread wider than on the batteries the anchors were set on (long real inventories do),
// and careless interviews in the upper tail do not move them. Checked on the formula, on a heavy-tailed battery (WASM against the reference, and
// scoreChunked against scoreAll bit for bit, where the calibration is not the nominal one) and on two
// real questionnaires of tests/fixtures/detection.
import { describe, expect, it } from 'vitest';
import type { ConsistencyGrid, PipelineResult } from '../../scoring/index.ts';
import { reference } from '../../scoring/reference.ts';
import {
  CONSISTENCY,
  calibrateScores,
  calibrateInterviews,
  consistencyScoreOf,
  fitConsistency,
  rowDistances,
} from '../../scoring/reference-consistency.ts';
import { toColumnMajor } from '../../scoring/reference-core.ts';
import { loadDataset } from '../bench/detection-data.ts';
import { rng } from './survey-generator.ts';
import { scoring } from '../support/scoring.ts';

/**
 * n interviews on two 10-item batteries (1..6) of one trait each, every respondent's deviations
 * scaled by a lognormal factor of spread `tail`: response styles as strong as real long inventories
 * show, so the distances spread wider than the normal model says.
 */
function heavyBatteries(n: number, tail: number, seed = 3): ConsistencyGrid[] {
  const r = rng(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  return [0, 1].map(() => {
    const items = Array.from({ length: 10 }, () => new Float64Array(n));
    for (let i = 0; i < n; i++) {
      const f = normal();
      const scale = Math.exp(tail * normal());
      for (let j = 0; j < 10; j++) {
        const v = 3.5 + scale * 1.1 * (0.7 * (j % 4 === 3 ? -f : f) + 0.7 * normal());
        items[j]![i] = Math.min(6, Math.max(1, Math.round(v)));
      }
    }
    return { items, min: 1, max: 6 };
  });
}

/** The interviews' calibration the reference computes for a set of grids. */
function calibrationOf(grids: ConsistencyGrid[]) {
  const fits = grids.map((g) => fitConsistency(toColumnMajor(g.items), g.min, g.max));
  const d2 = grids.map((g, gi) => rowDistances(fits[gi]!, toColumnMajor(g.items), g.min, g.max));
  const n = d2[0]!.length;
  return { fits, d2, n, cal: calibrateInterviews(fits, d2, n) };
}

describe('consistency calibration', () => {
  it('measures the median and the lower spread of the trimmed scores against the reference', () => {
    expect(calibrateScores([1, 2, 3])).toEqual({ centre: 0, spread: 1 });
    // 301 scores of a normal with median 6 and spread 3, sorted.
    const r = rng(5);
    const wide = Array.from(
      { length: 301 },
      () => 6 + 3 * Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r()),
    ).sort((x, y) => x - y);
    const c = calibrateScores(wide);
    // Median and 10th percentile of the k smallest scores the fit kept (at least half of them, and
    // none of them more than 1.5 lower spreads above their median).
    const medianOf = (k: number) => (k % 2 ? wide[k >> 1]! : (wide[(k >> 1) - 1]! + wide[k >> 1]!) / 2);
    const k = [...Array(301).keys()]
      .slice(151)
      .find((n) => Math.abs(medianOf(n) - CONSISTENCY.referenceCentre - c.centre) < 1e-12)!;
    expect(k).toBeGreaterThan(250);
    const low = wide[Math.floor((k - 1) / 10)]!;
    expect(c.spread).toBeCloseTo((medianOf(k) - low) / 1.2815515655446004 / CONSISTENCY.referenceSpread, 12);
    expect(wide[k - 1]!).toBeLessThanOrEqual(medianOf(k) + (1.5 * (medianOf(k) - low)) / 1.2815515655446004);
    // Scores far above the rest (careless interviews) do not move it; the untrimmed median would.
    expect(calibrateScores([...wide, ...Array.from({ length: 30 }, (_, i) => 40 + i)])).toEqual(c);
    // A sample tighter than the reference keeps the spread and moves the centre in by at most -minCentre.
    expect(calibrateScores(wide.map((v) => v / 10 - 1))).toEqual({ centre: CONSISTENCY.minCentre, spread: 1 });
  });

  it('moves the anchors out only when the sample spreads wider, and then removes fewer careful interviews', () => {
    const plain = calibrationOf(heavyBatteries(1500, 0));
    expect(plain.cal.spread).toBe(1);
    const heavy = calibrationOf(heavyBatteries(1500, 0.9));
    expect(heavy.cal.spread).toBeGreaterThan(1);
    const sumOf = (i: number) => heavy.d2.reduce((a, d) => a + d[i]!, 0);
    const df = heavy.fits.reduce((a, f) => a + f.rank, 0);
    const nu2 = Math.min(...heavy.fits.map((f) => f.nu2));
    let nominalRed = 0,
      calibratedRed = 0;
    for (let i = 0; i < heavy.n; i++) {
      if (consistencyScoreOf(sumOf(i), df, nu2) < 30) nominalRed++;
      if (consistencyScoreOf(sumOf(i), df, nu2, heavy.cal) < 30) calibratedRed++;
    }
    expect(calibratedRed).toBeLessThan(nominalRed);
    const wasm = scoring.consistency(heavyBatteries(1500, 0.9)).score;
    expect(Array.from(wasm).filter((v) => v < 30).length).toBe(calibratedRed);
  });

  it('gives the same scores in WASM and the reference on a heavy-tailed sample', () => {
    for (const n of [400, 3000]) {
      const grids = heavyBatteries(n, 0.7, n);
      const a = scoring.consistency(grids),
        b = reference.consistency(grids);
      for (let i = 0; i < n; i++) {
        expect(Math.abs(a.score[i]! - b.score[i]!), `row ${i}`).toBeLessThanOrEqual(1e-9 * 100);
        a.grids.forEach((g, gi) => expect(Math.abs(g.score[i]! - b.grids[gi]!.score[i]!)).toBeLessThanOrEqual(1e-7));
      }
      a.grids.forEach((g, gi) =>
        expect(Math.abs(g.labelCut - b.grids[gi]!.labelCut)).toBeLessThanOrEqual(1e-9 * g.labelCut),
      );
    }
  });

  it('calibrates chunk by chunk exactly as in one call (the gathered sample is the same rows)', async () => {
    const n = 5003;
    const grids = heavyBatteries(n, 0.7, 11);
    const whole = scoring.scoreAll({ rows: n, grids });
    const parts: PipelineResult[] = [];
    const starts: number[] = [];
    await scoring.scoreChunked(
      { rows: n, grids: grids.map((g) => ({ items: (g.items as Float64Array[]).length, min: 1, max: 6 })) },
      function* () {
        for (let s = 0; s < n; s += 777) {
          const end = Math.min(n, s + 777);
          yield { rows: end - s, grids: grids.map((g) => (g.items as Float64Array[]).map((c) => c.subarray(s, end))) };
        }
      },
      (r, start) => {
        parts.push(r);
        starts.push(start);
      },
    );
    parts.forEach((p, c) =>
      p.consistency.forEach((v, i) =>
        expect(Object.is(v, whole.consistency[starts[c]! + i]), `row ${starts[c]! + i}`).toBe(true),
      ),
    );
  });

  it('leaves a short real questionnaire (bfi) at its spread and widens a long one (spi)', () => {
    const gridsOf = (key: string) => {
      const d = loadDataset(key);
      return d.pages.map((p) => ({
        items: p.items.map((j) => Float64Array.from(d.answers[j]!, (v) => (Number.isNaN(v) ? -999 : v))),
        min: p.min,
        max: p.max,
      }));
    };
    expect(calibrationOf(gridsOf('bfi')).cal.spread).toBe(1);
    expect(calibrationOf(gridsOf('spi')).cal.spread).toBeGreaterThan(1.1);
  });
});

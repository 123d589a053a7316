// Differential property tests of the consistency score: the WASM core (standalone calls,
// and scoreAll, whose sixteen-lane grid pass computes the distances) against the plain TypeScript
// reference, on generated batteries with missing answers, codes outside the scale, fractions,
// constant and duplicated items, tiny and large samples. Agreement within 1e-9 (the row distances are
// single-precision in both, so they agree exactly).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composePipeline, type ConsistencyGrid, type ConsistencyResult } from '../../scoring/index.ts';
import { reference } from '../../scoring/reference.ts';
import { rng } from './survey-generator.ts';
import { scoring } from '../support/scoring.ts';

const params = { seed: Number(process.env.PROP_SEED ?? 20261122), numRuns: Number(process.env.PROP_RUNS ?? 60) };

function close(a: ArrayLike<number>, b: ArrayLike<number>, what: string): void {
  expect(a.length, what).toBe(b.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!,
      y = b[i]!;
    if (Number.isNaN(y)) expect(x, `${what}[${i}]`).toBeNaN();
    else expect(Math.abs(x - y), `${what}[${i}]: ${x} vs ${y}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(y)));
  }
}

function same(a: ConsistencyResult, b: ConsistencyResult): void {
  close(a.score, b.score, 'score');
  close(a.dataPoints, b.dataPoints, 'dataPoints');
  expect(a.grids.length).toBe(b.grids.length);
  a.grids.forEach((g, gi) => {
    const h = b.grids[gi]!;
    expect({ fitted: g.fitted, sample: g.sample, core: g.core, rank: g.rank }).toEqual({
      fitted: h.fitted,
      sample: h.sample,
      core: h.core,
      rank: h.rank,
    });
    if (h.fitted) expect(Math.abs(g.labelCut - h.labelCut)).toBeLessThanOrEqual(1e-9 * h.labelCut);
    close(g.d2, h.d2, `grid ${gi} d2`);
    close(g.score, h.score, `grid ${gi} score`);
  });
}

interface GridCase {
  rows: number;
  k: number;
  lo: number | undefined;
  hi: number | undefined;
  seed: number;
  /** Per-cell chances of a missing answer, an out-of-scale code and a fraction. */
  missing: number;
  outside: number;
  fraction: number;
  constant: boolean;
  duplicate: boolean;
  careless: number;
}

/** A battery with one or two latent factors (so the covariance has structure) and the requested defects. */
function battery(c: GridCase): Float64Array[] {
  const r = rng(c.seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const lo = c.lo ?? 1,
    hi = c.hi ?? 7;
  const cols = Array.from({ length: c.k }, () => new Float64Array(c.rows));
  const loads = Array.from({ length: c.k }, (_, j) => (j % 3 === 1 ? -1 : 1) * (0.4 + 0.4 * r()));
  for (let i = 0; i < c.rows; i++) {
    const f = [normal(), normal()];
    const careless = r() < c.careless;
    for (let j = 0; j < c.k; j++) {
      let v = careless
        ? lo + Math.floor(r() * (hi - lo + 1))
        : Math.min(
            hi,
            Math.max(lo, Math.round((lo + hi) / 2 + ((hi - lo) / 4) * (loads[j]! * f[j % 2]! + 0.7 * normal()))),
          );
      const u = r();
      if (u < c.missing) v = r() < 0.5 ? -999 : Number.NaN;
      else if (u < c.missing + c.outside) v = [lo - 1, hi + 1, 99, 0, 1e300, -3e7, 2 ** 25][Math.floor(r() * 7)]!;
      else if (u < c.missing + c.outside + c.fraction) v += 0.5;
      cols[j]![i] = v;
    }
  }
  if (c.constant) cols[0]!.fill(lo + 1);
  if (c.duplicate && c.k > 2) cols[c.k - 1]!.set(cols[1]!);
  return cols;
}

const gridCase = (rowsMin: number, rowsMax: number) =>
  fc
    .record({
      rows: fc.integer({ min: rowsMin, max: rowsMax }),
      k: fc.integer({ min: 5, max: 14 }),
      lo: fc.constantFrom<number | undefined>(1, 1, 0, -3, undefined),
      hi: fc.constantFrom<number | undefined>(5, 6, 7, 11, 20, undefined),
      seed: fc.integer({ min: 1, max: 2 ** 30 }),
      missing: fc.constantFrom(0, 0.01, 0.1),
      outside: fc.constantFrom(0, 0, 0.01, 0.05),
      fraction: fc.constantFrom(0, 0, 0, 0.002),
      constant: fc.boolean(),
      duplicate: fc.boolean(),
      careless: fc.constantFrom(0, 0.05, 0.3),
    })
    .map((c) => ({ ...c, hi: c.lo !== undefined && c.hi !== undefined && c.hi <= c.lo ? c.lo + 4 : c.hi }));

const asGrid = (c: GridCase): ConsistencyGrid => ({
  items: battery(c),
  ...(c.lo !== undefined ? { min: c.lo } : {}),
  ...(c.hi !== undefined ? { max: c.hi } : {}),
});

describe('consistency: WASM and reference agree', () => {
  it('on single grids of every kind, from too small a sample to a few hundred interviews', () => {
    fc.assert(
      fc.property(gridCase(1, 320), (c) => {
        const g = asGrid(c);
        same(scoring.consistency([g]), reference.consistency([g]));
      }),
      params,
    );
  });

  it('on several grids, and inside scoreAll (the fused grid pass, labels and the combined score)', () => {
    const cases = fc
      .integer({ min: 40, max: 400 })
      .chain((rows) => fc.array(gridCase(rows, rows), { minLength: 1, maxLength: 3 }));
    fc.assert(
      fc.property(cases, (list) => {
        const grids = list.map(asGrid);
        same(scoring.consistency(grids), reference.consistency(grids));
        const input = { rows: list[0]!.rows, grids };
        const a = scoring.scoreAll(input),
          b = composePipeline(reference, input);
        close(a.consistency, b.consistency, 'scoreAll consistency');
        close(a.consistencyDataPoints, b.consistencyDataPoints, 'scoreAll consistency data points');
        close(a.combined, b.combined, 'scoreAll combined');
        a.grids.forEach((g, gi) =>
          expect(Array.from(g.labels), `labels of grid ${gi}`).toEqual(Array.from(b.grids[gi]!.labels)),
        );
      }),
      { ...params, numRuns: 40 },
    );
  });

  it('on large files, where the fit samples runs of rows spread over the file', () => {
    for (const rows of [2049, 9001]) {
      const grids = [11, 23].map((seed) =>
        asGrid({
          rows,
          k: 10,
          lo: 1,
          hi: 6,
          seed,
          missing: 0.01,
          outside: 0.005,
          fraction: 0,
          constant: false,
          duplicate: false,
          careless: 0.1,
        }),
      );
      const a = scoring.consistency(grids),
        b = reference.consistency(grids);
      same(a, b);
      expect(a.grids[0]!.sample).toBeLessThanOrEqual(2048);
      expect(a.grids[0]!.sample).toBeGreaterThan(1700);
      const all = scoring.scoreAll({ rows, grids });
      close(all.consistency, b.score, 'scoreAll on a large file');
    }
  });
});

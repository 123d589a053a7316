import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reference } from '../../scoring/reference.ts';
import { implementations, rowAsColumns, rowsAsColumns, scoring } from '../support/scoring.ts';

describe.each(implementations)('careless indices (%s)', (_, s) => {
  it('reports longstring 8 and irv 0.3162 for the partial straightliner (TV6)', () => {
    const r = s.indices(rowAsColumns([4, 4, 4, 4, 4, 4, 4, 4, 5, 4]));
    expect(r.longstring[0]).toBe(8);
    expect(r.avgstr[0]).toBeCloseTo(10 / 3, 9);
    expect(r.irv[0]).toBeCloseTo(0.3162, 4);
  });

  it('computes D² like careless::mahad on complete data', () => {
    // Three items, five people; D² values from R: psych::outlier(x, plot = FALSE).
    const x = rowsAsColumns([
      [1, 2, 3],
      [2, 3, 5],
      [3, 5, 4],
      [4, 4, 1],
      [5, 1, 2],
    ]);
    const r = s.indices(x);
    expect(r.rank).toBe(3);
    // The D² of a sample always sums to (n - 1) * rank with the sample covariance.
    const sum = Array.from(r.mahad).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(4 * 3, 9);
  });

  it('gives a defined D² with a constant column, dropping it from the degrees of freedom', () => {
    const x = rowsAsColumns(Array.from({ length: 40 }, (_, i) => [(i * 7) % 5, 3, (i * 3) % 7, (i * 11) % 4]));
    const r = s.indices(x);
    expect(r.rank).toBe(3);
    expect(Array.from(r.mahad).every(Number.isFinite)).toBe(true);
  });

  it('gives a defined D² with a singular covariance (one item a copy of another)', () => {
    const x = rowsAsColumns(Array.from({ length: 40 }, (_, i) => [(i * 7) % 5, (i * 7) % 5, (i * 3) % 7]));
    const r = s.indices(x);
    expect(r.rank).toBe(2);
    expect(Array.from(r.mahad).every(Number.isFinite)).toBe(true);
    expect(Array.from(r.mahad).reduce((a, b) => a + b, 0)).toBeCloseTo(39 * 2, 6);
  });

  it('flags D² above the chi-square 0.99 quantile with the number of items as df', () => {
    expect(s.chiSquareQuantile(0.99, 10)).toBeCloseTo(23.2093, 3);
    expect(s.chiSquareQuantile(0.95, 1)).toBeCloseTo(3.8415, 3);
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) % 5) + 1;
    const rows = Array.from({ length: 60 }, () => [next(), next(), next(), next()]);
    rows.push([40, -40, 40, -40]);
    const r = s.indices(rowsAsColumns(rows));
    expect(r.rank).toBe(4);
    expect(r.mahadFlag[60]).toBe(1);
    expect(r.mahadFlag[0]).toBe(0);
  });

  it('gives NaN (null) rather than noise when everything is missing', () => {
    const r = s.indices(rowAsColumns([NaN, -999, NaN, -999]));
    expect(r.longstring[0]).toBeNaN();
    expect(r.irv[0]).toBeNaN();
    expect(r.mahad[0]).toBeNaN();
    expect(r.rank).toBe(0);
  });

  it('computes even-odd consistency: consistent people score near -1, needs two scales', () => {
    // Two people, three scales of 4 items: the first answers each scale consistently.
    const rows = [
      [1, 1, 1, 1, 5, 5, 5, 5, 3, 3, 3, 3],
      [1, 5, 1, 5, 5, 1, 5, 1, 3, 2, 4, 3],
    ];
    const eo = s.evenOdd(rowsAsColumns(rows), [4, 4, 4]);
    expect(eo[0]).toBeCloseTo(-1, 9);
    expect(eo[1]).toBeGreaterThan(0);
    expect(s.evenOdd(rowsAsColumns(rows), [12])[0]).toBeNaN();
  });

  it('computes psychometric synonyms over highly correlated item pairs', () => {
    // Items come in pairs (a, a'), strongly correlated over the sample.
    const rows = Array.from({ length: 50 }, (_, i) => {
      const a = (i % 5) + 1,
        b = ((i * 3) % 5) + 1,
        c = ((i * 7) % 5) + 1,
        d = ((i * 2) % 5) + 1;
      return [a, a, b, b, c, c, d, d];
    });
    rows.push([1, 5, 5, 1, 2, 4, 4, 2]);
    const r = s.psychSyn(rowsAsColumns(rows));
    expect(r[1]).toBeCloseTo(1, 9);
    expect(r[50]).toBeLessThan(0);
  });
});

describe('Mahalanobis D² of the WASM core', () => {
  it('is bit for bit the reference value, whether columns are complete (the direct covariance path) or not, as are longstring, avgstr and irv', () => {
    // The kernel computes complete columns' covariances four at a time and the distances four rows at
    // a time (the last rows padded); each value must still be the same double as the scalar formula.
    const value = fc.oneof(
      { weight: 40, arbitrary: fc.integer({ min: 1, max: 5 }) },
      { weight: 1, arbitrary: fc.constantFrom(-999, Number.NaN, 2.5) },
    );
    const data = fc
      .tuple(fc.integer({ min: 1, max: 61 }), fc.integer({ min: 1, max: 27 }), fc.boolean())
      .chain(([rows, cols, complete]) =>
        fc
          .array(complete ? fc.integer({ min: 1, max: 5 }) : value, {
            minLength: rows * cols,
            maxLength: rows * cols,
          })
          .map((v) => ({ rows, cols, data: Float64Array.from(v) })),
      );
    fc.assert(
      fc.property(data, (m) => {
        const a = scoring.indices(m),
          b = reference.indices(m);
        expect(a.rank).toBe(b.rank);
        for (let i = 0; i < m.rows; i++) {
          // longstring, avgstr and irv take two rows at a time in SIMD lanes, the last odd row alone.
          for (const key of ['longstring', 'avgstr', 'irv'] as const)
            expect(Object.is(a[key][i], b[key][i]), `${key} ${i}: ${a[key][i]} vs ${b[key][i]}`).toBe(true);
          expect(Object.is(a.mahad[i], b.mahad[i]), `row ${i}: ${a.mahad[i]} vs ${b.mahad[i]}`).toBe(true);
          expect(Object.is(a.mahadFlag[i], b.mahadFlag[i]), `flag ${i}`).toBe(true);
        }
      }),
      { seed: 20261127, numRuns: 200 },
    );
  });
});

// Differential property tests: the WASM core and the plain TypeScript reference must agree within
// 1e-9 (relative to the magnitude for unbounded values such as D²) on random data with -999 and NaN.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, DEFAULT_WEIGHTS, RULE_KEYS, type ColumnMajor } from '../../scoring/index.ts';
import { reference } from '../../scoring/reference.ts';
import { scoring } from '../support/scoring.ts';

const SEED = 20261121;
const params = { seed: SEED, numRuns: 150 };

function close(a: ArrayLike<number>, b: ArrayLike<number>): void {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!,
      y = b[i]!;
    if (Number.isNaN(y)) expect(x, `index ${i}`).toBeNaN();
    else expect(Math.abs(x - y), `index ${i}: ${x} vs ${y}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(y)));
  }
}

/** A cell: mostly small integer codes, sometimes -999 or NaN (missing), sometimes a fraction. */
const cell = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 1, max: 7 }) },
  { weight: 1, arbitrary: fc.constant(-999) },
  { weight: 1, arbitrary: fc.constant(Number.NaN) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 10, noNaN: true }) },
);

const matrix = (maxRows: number, maxCols: number, value: fc.Arbitrary<number> = cell) =>
  fc
    .tuple(fc.integer({ min: 1, max: maxRows }), fc.integer({ min: 1, max: maxCols }))
    .chain(([rows, cols]) =>
      fc
        .array(value, { minLength: rows * cols, maxLength: rows * cols })
        .map((v): ColumnMajor => ({ rows, cols, data: Float64Array.from(v) })),
    );

describe('WASM and reference agree', () => {
  it('on grid scores and labels', () => {
    fc.assert(
      fc.property(matrix(40, 16), fc.boolean(), (m, patterns) => {
        const a = scoring.gridScores(m, { patterns }),
          b = reference.gridScores(m, { patterns });
        close(a.scores, b.scores);
        expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
      }),
      params,
    );
  });

  it('on grid scores of bounded scales (the sixteen-lane path), with codes outside the scale and odd values', () => {
    // Bounded whole-number scales take the i8x16 path, sixteen rows per vector; rows beyond a multiple
    // of 16 take the narrower paths, and a block holding a non-whole value is redone exactly.
    const scale = fc.tuple(fc.integer({ min: -127, max: 3 }), fc.integer({ min: 1, max: 12 }));
    const value = (lo: number, hi: number) =>
      fc.oneof(
        { weight: 30, arbitrary: fc.integer({ min: lo, max: hi }) },
        { weight: 2, arbitrary: fc.constantFrom(-999, Number.NaN) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(lo - 1, hi + 1, 0, 127, 128, 300, -128, -300, 1e300, -1e300, Infinity, -Infinity),
        },
        { weight: 1, arbitrary: fc.constantFrom(lo + 0.5, hi + 0.5, lo - 0.5, 2 ** -40 + lo) },
      );
    const row = (lo: number, hi: number, k: number) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.array(value(lo, hi), { minLength: k, maxLength: k }) },
        // Regular rows: straight, alternating, stepping and cyclic lines with a little noise.
        {
          weight: 2,
          arbitrary: fc
            .tuple(
              fc.integer({ min: 0, max: 3 }),
              fc.integer({ min: lo, max: hi }),
              fc.array(
                fc.oneof(
                  { weight: 12, arbitrary: fc.constant(0) },
                  { weight: 1, arbitrary: fc.integer({ min: -1, max: 1 }) },
                ),
                { minLength: k, maxLength: k },
              ),
            )
            .map(([kind, base, noise]) =>
              noise.map((e, j) =>
                Math.min(
                  hi,
                  Math.max(
                    lo,
                    (kind === 0 ? base : kind === 1 ? base + (j % 2) : kind === 2 ? base + j : base + (j % 3)) + e,
                  ),
                ),
              ),
            ),
        },
      );
    const grid = scale.chain(([lo, width]) => {
      const hi = lo + width;
      return fc.tuple(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 5, max: 20 })).chain(([rows, k]) =>
        fc.array(row(lo, hi, k), { minLength: rows, maxLength: rows }).map((r) => {
          const data = new Float64Array(rows * k);
          r.forEach((line, i) =>
            line.forEach((v, j) => {
              data[j * rows + i] = v;
            }),
          );
          return { m: { rows, cols: k, data } as ColumnMajor, lo, hi };
        }),
      );
    });
    fc.assert(
      fc.property(grid, fc.boolean(), ({ m, lo, hi }, patterns) => {
        const opts = { min: lo, max: hi, patterns };
        const a = scoring.gridScores(m, opts),
          b = reference.gridScores(m, opts);
        close(a.scores, b.scores);
        expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
      }),
      { ...params, numRuns: 300 },
    );
  });

  it('on grid scores of structured rows (patterns, steps, straight and partial lines) with noise', () => {
    const shape = fc.constantFrom('alternate', 'stair', 'straight', 'cycle', 'mirror', 'wrap', 'zigzag', 'noise');
    const row = fc.tuple(
      shape,
      fc.integer({ min: 1, max: 3 }),
      fc.array(
        fc.oneof(
          { weight: 20, arbitrary: fc.constant(0) },
          { weight: 1, arbitrary: fc.constant(-999) },
          { weight: 1, arbitrary: fc.integer({ min: -1, max: 1 }) },
          { weight: 1, arbitrary: fc.constant(0.5) },
        ),
        { minLength: 24, maxLength: 24 },
      ),
    );
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 5, max: 24 }),
        fc.constantFrom(0, 1, 2),
        (rows, k, bounds) => {
          const data = new Float64Array(rows.length * k);
          rows.forEach(([kind, base, noise], i) => {
            for (let j = 0; j < k; j++) {
              const v =
                kind === 'alternate'
                  ? base + (j % 2)
                  : kind === 'stair'
                    ? base + j
                    : kind === 'straight'
                      ? base
                      : kind === 'cycle'
                        ? base + (j % 3 === 2 ? 1 : 0)
                        : kind === 'mirror'
                          ? base + [0, 1, 2, 1][j % 4]!
                          : kind === 'wrap'
                            ? 1 + ((base + j) % 9)
                            : kind === 'zigzag'
                              ? 1 + Math.abs(((base + j) % 16) - 8)
                              : base + ((j * 7) % 5);
              const e = noise[j]!;
              // Bounds 2 shift the scale below -127: the rows go the exact double path.
              data[j * rows.length + i] = e === -999 ? -999 : v + e - (bounds === 2 ? 210 : 0);
            }
          });
          const m = { rows: rows.length, cols: k, data };
          const opts = bounds === 1 ? { min: 1, max: 9 } : bounds === 2 ? { min: -209, max: -201 } : {};
          const a = scoring.gridScores(m, opts),
            b = reference.gridScores(m, opts);
          close(a.scores, b.scores);
          expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
        },
      ),
      { ...params, numRuns: 300 },
    );
  });

  it('on time scores with a low record minimum', () => {
    const duration = fc.oneof(
      { weight: 8, arbitrary: fc.double({ min: 1, max: 5000, noNaN: true }) },
      { weight: 1, arbitrary: fc.constantFrom(-999, 0, Number.NaN, -3) },
    );
    fc.assert(
      fc.property(
        matrix(60, 4, duration),
        fc.integer({ min: -1, max: 3 }),
        fc.integer({ min: 1, max: 30 }),
        (m, total, minRecords) => {
          const a = scoring.timeScores(m, { totalIndex: total, minRecords });
          const b = reference.timeScores(m, { totalIndex: total, minRecords });
          close(a.ts, b.ts);
          close(a.dataPoints, b.dataPoints);
          close(a.medians, b.medians);
          close(a.extremelySlow, b.extremelySlow);
        },
      ),
      params,
    );
  });

  it('on longstring, avgstr, irv and Mahalanobis D²', () => {
    fc.assert(
      fc.property(matrix(50, 8), (m) => {
        const a = scoring.indices(m),
          b = reference.indices(m);
        close(a.longstring, b.longstring);
        close(a.avgstr, b.avgstr);
        close(a.irv, b.irv);
        expect(a.rank).toBe(b.rank);
        close(a.mahad, b.mahad);
        close(a.mahadFlag, b.mahadFlag);
      }),
      params,
    );
  });

  it('on even-odd consistency and psychometric synonyms', () => {
    fc.assert(
      fc.property(
        matrix(40, 12),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (m, factors, anto) => {
          close(scoring.evenOdd(m, factors), reference.evenOdd(m, factors));
          const opts = { critval: 0.3, antonyms: anto };
          close(scoring.psychSyn(m, opts), reference.psychSyn(m, opts));
        },
      ),
      params,
    );
  });

  it('on projective scores (PS, CS, IS, SDS)', () => {
    const pred = fc.oneof(
      { weight: 10, arbitrary: fc.integer({ min: 0, max: 100 }) },
      { weight: 1, arbitrary: fc.constantFrom(-999, Number.NaN, 120) },
    );
    const q = fc.integer({ min: 2, max: 4 }).chain((m) =>
      fc
        .record({
          choice: fc.array(fc.oneof(fc.integer({ min: 1, max: m }), fc.constant(-999)), {
            minLength: 40,
            maxLength: 40,
          }),
          preds: fc.array(fc.array(pred, { minLength: 40, maxLength: 40 }), { minLength: m - 1, maxLength: m - 1 }),
          purpose: fc.constantFrom('information' as const, 'social-desirability' as const),
        })
        .map(({ choice, preds, purpose }) => {
          // The last column completes the sum to 100 (±3) so that many predictions are valid.
          const last = choice.map(
            (_, i) => 100 - preds.reduce((s, c) => s + (c[i]! >= 0 && c[i]! <= 100 ? c[i]! : 0), 0) + ((i % 7) - 3),
          );
          return {
            choice: Float64Array.from(choice),
            predictions: [...preds, last].map((c) => Float64Array.from(c)),
            purpose,
            options: m,
          };
        }),
    );
    fc.assert(
      fc.property(
        fc.array(q, { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.integer({ min: 1, max: 35 }),
        (qs, lambda, minRecords) => {
          const a = scoring.projective(qs, { lambda, minRecords }),
            b = reference.projective(qs, { lambda, minRecords });
          for (const k of ['ps', 'cs', 'is', 'sds', 'dataPoints'] as const) close(a[k], b[k]);
          a.questions.forEach((qa, i) => {
            close(qa.geoMean, b.questions[i]!.geoMean);
            close(qa.optionScore, b.questions[i]!.optionScore);
          });
        },
      ),
      { ...params, numRuns: 80 },
    );
  });

  it('on binary questions, one or two prediction columns, whole and fractional percentages', () => {
    // The binary kernel has a table path for whole percentages summing to 100 and a general path for
    // the rest (fractions, 0 and 100 which the floor renormalises, sums off by up to 5, invalid rows).
    const pct = fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 0, max: 100 }) },
      { weight: 2, arbitrary: fc.double({ min: 0, max: 100, noNaN: true }) },
      { weight: 1, arbitrary: fc.constantFrom(-999, Number.NaN, -1, 101, 1e300) },
    );
    const row = fc.record({
      choice: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(1, 2) },
        { weight: 1, arbitrary: fc.constantFrom(-999, Number.NaN, 0, 3, 1.5, 1e300) },
      ),
      yes: pct,
      off: fc.oneof(
        { weight: 6, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: -7, max: 7 }) },
      ),
    });
    const q = (n: number) =>
      fc
        .record({
          rows: fc.array(row, { minLength: n, maxLength: n }),
          single: fc.boolean(),
          purpose: fc.constantFrom('information' as const, 'social-desirability' as const),
        })
        .map(({ rows, single, purpose }) => ({
          choice: Float64Array.from(rows, (r) => r.choice),
          predictions: single
            ? [Float64Array.from(rows, (r) => r.yes)]
            : [
                Float64Array.from(rows, (r) => r.yes),
                Float64Array.from(rows, (r) => (Number.isFinite(r.yes) && r.yes >= 0 ? 100 - r.yes + r.off : r.yes)),
              ],
          purpose,
          options: 2,
        }));
    const questions = fc.integer({ min: 1, max: 60 }).chain((n) => fc.array(q(n), { minLength: 1, maxLength: 3 }));
    fc.assert(
      fc.property(
        questions,
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.integer({ min: 1, max: 35 }),
        (qs, lambda, minRecords) => {
          const a = scoring.projective(qs, { lambda, minRecords }),
            b = reference.projective(qs, { lambda, minRecords });
          for (const k of ['ps', 'cs', 'is', 'sds', 'dataPoints'] as const) close(a[k], b[k]);
          a.questions.forEach((qa, i) => {
            close(qa.geoMean, b.questions[i]!.geoMean);
            close(qa.optionScore, b.questions[i]!.optionScore);
          });
        },
      ),
      { ...params, numRuns: 200 },
    );
  });

  it('on OES, combined score, cleaning, certificate and credits', () => {
    const score = fc.oneof(
      { weight: 6, arbitrary: fc.double({ min: 0, max: 100, noNaN: true }) },
      { weight: 1, arbitrary: fc.constant(Number.NaN) },
    );
    const code = fc.constantFrom(0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, -2);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }).chain((n) =>
          fc.record({
            n: fc.constant(n),
            cats: fc.array(fc.array(code, { minLength: n, maxLength: n }), { minLength: 1, maxLength: 4 }),
            subs: fc.array(fc.array(score, { minLength: n, maxLength: n }), { minLength: 6, maxLength: 6 }),
            conWeight: fc.constantFrom(0, 1, 2, 3),
            basWeight: fc.constantFrom(0, 1, 2, 3),
            manual: fc.array(fc.constantFrom(0, 0, 0, 1, 2), { minLength: n, maxLength: n }),
            duplicate: fc.array(fc.constantFrom(0, 0, 0, 1), { minLength: n, maxLength: n }),
            cell: fc.array(fc.constantFrom(-1, 0, 1, 2), { minLength: n, maxLength: n }),
            targets: fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 3, maxLength: 3 }),
            target: fc.integer({ min: 0, max: 60 }),
            threshold: fc.integer({ min: 0, max: 100 }),
            minFailing: fc.integer({ min: 0, max: 12 }),
          }),
        ),
        (d) => {
          const cats = d.cats.map((c) => Int32Array.from(c));
          const oa = scoring.oes(cats),
            ob = reference.oes(cats);
          close(oa.score, ob.score);
          close(oa.badAnswers, ob.badAnswers);
          const [ts, ibs, ps, cs, con, bas] = d.subs.map((s) => Float64Array.from(s));
          const sub = { oes: oa.score, ts, ibs, ps, cs, con, bas };
          const ca = scoring.combined(sub, d.n),
            cb = reference.combined(sub, d.n);
          close(ca.combined, cb.combined);
          close(ca.nSubscores, cb.nSubscores);
          const weights = { ...DEFAULT_WEIGHTS, con: d.conWeight, bas: d.basWeight };
          const wa = scoring.combined(sub, d.n, weights),
            wb = reference.combined(sub, d.n, weights);
          close(wa.combined, wb.combined);
          close(wa.nSubscores, wb.nSubscores);
          const input = {
            rows: d.n,
            scores: { combined: ca.combined, oes: oa.score, ts, ibs, ps, cs, is: ps, sds: cs, con, bas },
            dataPoints: {
              oes: oa.dataPoints,
              ibs: Float64Array.from(d.manual),
              con: Float64Array.from(d.cell),
              bas: Float64Array.from(d.manual),
            },
            badAnswers: oa.badAnswers,
            manual: Float64Array.from(d.manual),
            duplicate: Float64Array.from(d.duplicate),
            quota: { cell: Float64Array.from(d.cell), targets: Float64Array.from(d.targets) },
          };
          const rules = {
            ...DEFAULT_RULES,
            rules: Object.fromEntries(
              RULE_KEYS.map((k) => [k, { enabled: true, threshold: d.threshold, minDataPoints: 1 }]),
            ) as typeof DEFAULT_RULES.rules,
            target: { n: d.target, trim: true },
          };
          // k of n failing checks, for every k from 0 (read as 1) to more checks than there are.
          for (const r of [DEFAULT_RULES, rules, { ...rules, minFailing: d.minFailing }]) {
            const ka = scoring.clean(input, r),
              kb = reference.clean(input, r);
            expect(Array.from(ka.kept)).toEqual(Array.from(kb.kept));
            expect(Array.from(ka.reasons)).toEqual(Array.from(kb.reasons));
            expect(Array.from(ka.primary)).toEqual(Array.from(kb.primary));
            expect(Array.from(ka.checks)).toEqual(Array.from(kb.checks));
            const za = scoring.certificate(ca.combined, ka.kept, 31),
              zb = reference.certificate(ca.combined, ka.kept, 31);
            expect(za.level).toBe(zb.level);
          }
          const dps = [oa.dataPoints, Float64Array.from(d.manual)];
          expect(scoring.credits(dps).total).toBe(reference.credits(dps).total);
        },
      ),
      params,
    );
  });

  it('on the Marlowe-Crowne scale', () => {
    const mc = fc
      .integer({ min: 1, max: 30 })
      .chain((rows) =>
        fc
          .array(fc.constantFrom(0, 1, 1, 0, -999, Number.NaN), { minLength: rows * 13, maxLength: rows * 13 })
          .map((v): ColumnMajor => ({ rows, cols: 13, data: Float64Array.from(v) })),
      );
    fc.assert(
      fc.property(mc, (m) => close(scoring.mcSds(m), reference.mcSds(m))),
      params,
    );
  });
});

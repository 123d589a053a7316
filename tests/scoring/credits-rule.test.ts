import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREDITS_MAX, CREDITS_MIN, creditsForInterview } from '../../scoring/credits.ts';
import { scoring } from '../support/scoring.ts';

// scoring/credits.ts quotes prices without the WASM core (the public calculator); the charge runs the
// kernel. Both must give the same credits for every interview.
describe('credits per interview: the plain rule and the charging kernel agree', () => {
  it('section 15 TV20 through the plain rule', () => {
    expect(creditsForInterview([1, 2, 3, 0])).toBe(6);
    expect(creditsForInterview([1, 0, 0, 0])).toBe(CREDITS_MIN);
    expect(creditsForInterview([1, 6, 20, 12])).toBe(CREDITS_MAX);
    expect(creditsForInterview([0, 0, 0, 0])).toBe(4);
    expect(creditsForInterview([Number.NaN, 2.9, -3, 5])).toBe(7);
  });

  it('equals the WASM kernel on random data-point columns (with NaN, fractions and negatives)', () => {
    const count = fc.oneof(
      fc.integer({ min: -2, max: 14 }),
      fc.double({ min: -1, max: 12, noNaN: true }),
      fc.constant(Number.NaN),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(count, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 60 }),
        (rows) => {
          const columns = [0, 1, 2, 3].map((j) => Float64Array.from(rows, (row) => row[j]!));
          const kernel = scoring.credits(columns);
          const plain = rows.map((row) => creditsForInterview(row));
          expect(Array.from(kernel.perInterview)).toEqual(plain);
          expect(kernel.total).toBe(plain.reduce((a, b) => a + b, 0));
        },
      ),
      { seed: 1515, numRuns: 300 },
    );
  });
});

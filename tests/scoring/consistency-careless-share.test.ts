// A respondent's consistency score must not depend on how many careless rows share the file: a file
// without careless respondents would otherwise be cleaned harder than the same rows beside them (the
// calibration read the median of all interviews, which careless rows raise, and one reweighting step
// from wherever the robust search ended). Real answers (tests/fixtures/detection): the genuine file
// alone against the same rows with 10 % uniform random rows added, in WASM and the reference.
import { describe, expect, it } from 'vitest';
import type { ConsistencyGrid } from '../../scoring/index.ts';
import { reference } from '../../scoring/reference.ts';
import { loadDataset } from '../bench/detection-data.ts';
import { rng } from './survey-generator.ts';
import { scoring } from '../support/scoring.ts';

/** The questionnaire's grid pages, with `extra` rows of uniform random answers appended. */
function gridsWithRandom(key: string, extra: number): ConsistencyGrid[] {
  const d = loadDataset(key);
  const r = rng(7);
  return d.pages.map((p) => ({
    min: p.min,
    max: p.max,
    items: p.items.map((j) => {
      const col = Array.from(d.answers[j]!, (v) => (Number.isNaN(v) ? -999 : v));
      for (let e = 0; e < extra; e++) col.push(p.min + Math.floor(r() * (p.max - p.min + 1)));
      return Float64Array.from(col);
    }),
  }));
}

describe('consistency score and the share of careless rows', () => {
  for (const key of ['neopir', 'acl']) {
    it(`gives ${key}'s respondents nearly the same score with or without 10 % random rows beside them`, () => {
      const n = loadDataset(key).answers[0]!.length;
      const clean = gridsWithRandom(key, 0);
      const mixed = gridsWithRandom(key, Math.round(n / 9));
      for (const impl of [scoring, reference]) {
        const a = impl.consistency(clean).score,
          b = impl.consistency(mixed).score;
        const diffs: number[] = [];
        let redClean = 0,
          redMixed = 0;
        for (let i = 0; i < n; i++) {
          if (a[i]! < 30) redClean++;
          if (b[i]! < 30) redMixed++;
          if (!Number.isNaN(a[i]!) && !Number.isNaN(b[i]!)) diffs.push(Math.abs(a[i]! - b[i]!));
        }
        diffs.sort((x, y) => x - y);
        // Scoring version 7 changed them by up to 14.5 (NEO-PI-R) and 13.1 (ACL) points at the 90th percentile.
        expect(diffs[Math.floor(0.9 * diffs.length)]!).toBeLessThan(3);
        expect(Math.abs(redClean - redMixed) / n).toBeLessThan(0.01);
        // The random rows themselves are still found.
        let randomRed = 0;
        for (let i = n; i < b.length; i++) if (b[i]! < 30) randomRed++;
        expect(randomRed / (b.length - n)).toBeGreaterThan(0.9);
      }
    });
  }
});

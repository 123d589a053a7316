// An interview that answers its first pages with care and the rest at random hid its careless pages in
// the consistency score's sum over all grids. The score now also judges each interview's end sections
// (scoring/README.md, "A careless end section"). Real answers (tests/fixtures/detection, NEO-PI-R):
// copies of real respondents whose second half of the pages is replaced by uniform random answers, in
// WASM and the reference, against the score of the sum alone.
import { describe, expect, it } from 'vitest';
import type { ConsistencyGrid } from '../../scoring/index.ts';
import { reference } from '../../scoring/reference.ts';
import { calibrateInterviews, consistencyScoreOf } from '../../scoring/reference-consistency.ts';
import { loadDataset } from '../bench/detection-data.ts';
import { rng } from './survey-generator.ts';
import { scoring } from '../support/scoring.ts';

/** The questionnaire's pages; `extra` copies of the first rows answer from page `from` on at random. */
function partlyCareless(key: string, extra: number, from: number): (ConsistencyGrid & { items: Float64Array[] })[] {
  const d = loadDataset(key);
  const r = rng(11);
  return d.pages.map((p, pi) => ({
    min: p.min,
    max: p.max,
    items: p.items.map((j) => {
      const col = Array.from(d.answers[j]!, (v) => (Number.isNaN(v) ? -999 : v));
      for (let e = 0; e < extra; e++) col.push(pi >= from ? p.min + Math.floor(r() * (p.max - p.min + 1)) : col[e]!);
      return Float64Array.from(col);
    }),
  }));
}

describe('consistency score of a careless end section', () => {
  it('finds respondents careless on their later pages, leaves the genuine ones, in WASM as in the reference', () => {
    const d = loadDataset('neopir');
    const n = d.answers[0]!.length;
    const pages = d.pages.length;
    expect(pages).toBe(20);
    // The last quarter of the pages (5 of 20) at random.
    const grids = partlyCareless('neopir', Math.round(n / 10), pages - Math.round(pages / 4));
    const wasm = scoring.consistency(grids);
    const ref = reference.consistency(grids);
    const total = wasm.score.length;
    for (let i = 0; i < total; i++) expect(Math.abs(wasm.score[i]! - ref.score[i]!), `row ${i}`).toBeLessThan(1e-9);
    // The score of the sum over all grids alone (before scoring version 12), from the same distances.
    const fits = ref.grids.map((g) => ({ fitted: g.fitted, rank: g.rank, nu2: g.core - g.rank }));
    const d2 = ref.grids.map((g) => g.d2);
    const cal = calibrateInterviews(fits, d2, total);
    const sumOnly = (i: number) => {
      let sum = 0,
        df = 0,
        nu2 = Infinity;
      fits.forEach((f, g) => {
        if (!f.fitted || Number.isNaN(d2[g]![i]!)) return;
        sum += d2[g]![i]!;
        df += f.rank;
        nu2 = Math.min(nu2, f.nu2);
      });
      return consistencyScoreOf(sum, df, nu2, cal);
    };
    let carelessBefore = 0,
      carelessNow = 0,
      genuineLowered = 0;
    for (let i = 0; i < total; i++) {
      const before = sumOnly(i);
      expect(wasm.score[i]!).toBeLessThanOrEqual(before + 1e-9);
      if (i < n) {
        if (wasm.score[i]! < before - 1e-9 && wasm.score[i]! < 30) genuineLowered++;
      } else {
        if (before < 30) carelessBefore++;
        if (wasm.score[i]! < 30) carelessNow++;
      }
    }
    const careless = total - n;
    // Measured: the sum alone puts 5 of the 50 in the red (< 30), the end sections 38; no genuine
    // respondent is put there by the end sections.
    expect(carelessBefore / careless).toBeLessThan(0.2);
    expect(carelessNow / careless).toBeGreaterThan(0.6);
    expect(genuineLowered / n).toBeLessThan(0.005);
  });

  it('gives the same scores chunk by chunk (the large-file path) as in one call', async () => {
    const n = loadDataset('neopir').answers[0]!.length;
    const grids = partlyCareless('neopir', Math.round(n / 10), 15);
    const rows = grids[0]!.items[0]!.length;
    const whole = scoring.scoreAll({ rows, grids }).consistency;
    const shape = { rows, grids: grids.map((g) => ({ items: g.items.length, min: g.min, max: g.max })) };
    const chunk = (start: number, end: number) => ({
      rows: end - start,
      grids: grids.map((g) => g.items.map((c) => c.subarray(start, end))),
    });
    const got = new Float64Array(rows).fill(12345);
    await scoring.scoreChunked(
      shape,
      () => [chunk(0, 137), chunk(137, 400), chunk(400, rows)],
      (res, start) => {
        got.set(res.consistency, start);
      },
    );
    for (let i = 0; i < rows; i++) expect(Object.is(got[i], whole[i]), `row ${i}`).toBe(true);
    expect(whole.filter((v, i) => i >= n && v < 30).length).toBeGreaterThan(0);
  });
});

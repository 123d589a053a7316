import { describe, expect, it } from 'vitest';
import { col, implementations, rowsAsColumns } from '../support/scoring.ts';

/** 30 respondents: the first `yes` choose option 1. Predictions are per respondent [yes%, no%]. */
function binaryQuestion(
  yes: number,
  predict: (i: number) => [number, number],
  purpose: 'information' | 'social-desirability' = 'information',
  n = 30,
) {
  const choice = Float64Array.from({ length: n }, (_, i) => (i < yes ? 1 : 2));
  const p = Array.from({ length: n }, (_, i) => predict(i));
  return { choice, predictions: [Float64Array.from(p, (x) => x[0]), Float64Array.from(p, (x) => x[1])], purpose };
}

describe.each(implementations)('projective scores (%s)', (_, s) => {
  it.each([
    [60, 100.0],
    [50, 98.0],
    [90, 73.3],
    [10, 47.2],
    [0, 12.2],
  ])('gives a %d/.. prediction PS %f when 60 percent chose yes (TV14)', (predYes, ps) => {
    // Respondent 0 makes the prediction under test; the rest predict 60/40 (x̄ = 0.6/0.4 either way).
    const q = binaryQuestion(18, (i) => (i === 0 ? [predYes, 100 - predYes] : [60, 40]));
    expect(s.projective([q]).ps[0]).toBeCloseTo(ps, 1);
  });

  it('accepts a single prediction column for a binary question', () => {
    const q = binaryQuestion(18, (i) => (i === 0 ? [90, 10] : [60, 40]));
    const single = { ...q, predictions: [q.predictions[0]!] };
    expect(s.projective([single]).ps[0]).toBeCloseTo(73.3, 1);
  });

  it('gives CS 50 to a yes-sayer who predicts 30 % yes when the mean prediction is 60 % (TV15)', () => {
    // Respondent 0 predicts 30, one other 90 and the rest 60: the sample mean for "yes" stays at 60 %.
    const q = binaryQuestion(18, (i) => (i === 0 ? [30, 70] : i === 1 ? [90, 10] : [60, 40]));
    expect(s.projective([q]).questions[0]!.ariMean[0]).toBeCloseTo(0.6, 9);
    expect(s.projective([q]).cs[0]).toBeCloseTo(50, 9);
    const q70 = binaryQuestion(18, (i) => (i === 0 ? [70, 30] : i === 1 ? [50, 50] : [60, 40]));
    expect(s.projective([q70]).cs[0]).toBe(100);
  });

  it('computes IS and SDS per option and per interview (TV16)', () => {
    const q = binaryQuestion(24, (i) => (i < 24 ? [60, 40] : [40, 60]));
    const info = s.projective([q]).questions[0]!;
    expect(info.share[0]).toBeCloseTo(0.8, 9);
    expect(info.geoMean[0]).toBeCloseTo(0.5533, 4);
    expect(info.geoMean[1]).toBeCloseTo(0.4338, 4);
    expect(info.optionScore[0]).toBeCloseTo(59.1, 1);
    expect(info.optionScore[1]).toBeCloseTo(31.6, 1);
    const sd = s.projective([{ ...q, purpose: 'social-desirability' }]);
    expect(sd.questions[0]!.optionScore[0]).toBeCloseTo(40.9, 1);
    expect(sd.questions[0]!.optionScore[1]).toBeCloseTo(68.4, 1);
    expect(sd.sds[0]).toBeCloseTo(40.9, 1);
    expect(sd.is[0]).toBeNaN();
  });

  it('needs 30 valid respondents per question', () => {
    const q = binaryQuestion(18, () => [60, 40]);
    q.choice[0] = -999;
    const r = s.projective([q]);
    expect(r.questions[0]!.n).toBe(29);
    expect(Array.from(r.ps).every(Number.isNaN)).toBe(true);
  });

  it('rescales predictions within 5 of 100 and rejects the rest', () => {
    const q = binaryQuestion(18, (i) => (i === 0 ? [63, 40] : i === 1 ? [70, 40] : [60, 40]), 'information', 31);
    const r = s.projective([q]);
    expect(r.ps[0]).toBeGreaterThan(99);
    expect(r.ps[1]).toBeNaN();
    expect(r.dataPoints[1]).toBe(0);
  });

  it('averages PS over the questions an interview answered', () => {
    const a = binaryQuestion(18, () => [60, 40]);
    const b = binaryQuestion(18, (i) => (i === 0 ? [90, 10] : [60, 40]));
    const r = s.projective([a, b]);
    expect(r.ps[0]).toBeCloseTo((100 + 73.3) / 2, 1);
    expect(r.dataPoints[0]).toBe(2);
  });

  it('scores Marlowe-Crowne form C (TV17)', () => {
    // Keyed answers: false on 1,2,3,4,6,8,11,12; true on 5,7,9,10,13.
    const keyed = [0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1];
    const flip = (row: number[], count: number) => row.map((v, j) => (j < 13 - count ? 1 - v : v));
    const ten = flip(keyed, 10);
    const four = flip(keyed, 4);
    const nineOfTwelve = flip(keyed, 9).map((v, j) => (j === 0 ? -999 : v));
    const fiveOfTen = flip(keyed, 5).map((v, j) => (j < 3 ? NaN : v));
    const r = s.mcSds(rowsAsColumns([ten, four, nineOfTwelve, fiveOfTen]));
    expect(r[0]).toBeCloseTo(23.1, 1);
    expect(r[1]).toBeCloseTo(69.2, 1);
    expect(r[2]).toBeCloseTo(25.0, 1);
    expect(r[3]).toBeNaN();
  });

  it('accepts other true/false codes', () => {
    const row = [2, 2, 2, 2, 1, 2, 1, 2, 1, 1, 2, 2, 1];
    expect(s.mcSds(rowsAsColumns([row]), { true: 1, false: 2 })[0]).toBe(0);
    expect(col(1).length).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { col, implementations } from '../support/scoring.ts';

describe.each(implementations)('time score (%s)', (_, s) => {
  it('follows the piecewise mapping f(r) of TV1', () => {
    const r = [0.05, 0.1, 0.3, 0.5, 0.65, 0.8, 0.9, 1.0, 1.5, 2.0, 3.0, 4.0, 7.0, 10.0, 15.0];
    const f = [0, 0, 25, 50, 65, 80, 90, 100, 100, 100, 90, 80, 65, 50, 50];
    r.forEach((ri, i) => expect(s.timeScoreOf(ri)).toBeCloseTo(f[i]!, 6));
  });

  it('gives 0 below 10 % of the median and stays at 50 above 1000 %', () => {
    expect(s.timeScoreOf(0.099)).toBe(0);
    expect(s.timeScoreOf(50)).toBe(50);
  });

  it('scores a dataset against the median of its 30 valid durations (TV2)', () => {
    const durations = col(60, 195, ...Array(14).fill(600), ...Array(14).fill(700), -999);
    const r = s.timeScores([durations], { totalIndex: 0 });
    expect(r.medians[0]).toBe(600);
    expect(r.ts[0]).toBe(0);
    expect(r.ts[1]).toBeCloseTo(28.1, 1);
    expect(r.ts[2]).toBe(100);
    expect(r.ts[20]).toBe(100);
    expect(r.ts[30]).toBeNaN();
    expect(r.dataPoints[30]).toBe(0);
    expect(r.dataPoints[0]).toBe(1);
  });

  it('gives no time score to anyone with only 29 valid durations (TV3)', () => {
    const durations = col(...Array(29).fill(600), -999, 0, NaN);
    const r = s.timeScores([durations], { totalIndex: 0 });
    expect(Array.from(r.ts).every(Number.isNaN)).toBe(true);
    expect(r.medians[0]).toBeNaN();
  });

  it('blends the total with the mean page score half and half (TV4)', () => {
    // Medians are 100 everywhere; row 0 has total r = 1 (100), pages r = 0.8 (80) and r = 0.5 (50).
    const base = (v: number) => col(v, ...Array(30).fill(100));
    const r = s.timeScores([base(100), base(80), base(50)], { totalIndex: 0 });
    expect(r.ts[0]).toBeCloseTo(82.5, 9);
    expect(r.dataPoints[0]).toBe(3);
  });

  it('uses the page mean alone when there is no total duration', () => {
    const base = (v: number) => col(v, ...Array(30).fill(100));
    const r = s.timeScores([base(80), base(50)]);
    expect(r.ts[0]).toBeCloseTo(65, 9);
    expect(r.dataPoints[0]).toBe(2);
  });

  it('flags extremely slow interviews above 1000 % of the median', () => {
    const r = s.timeScores([col(1200, ...Array(30).fill(100))], { totalIndex: 0 });
    expect(r.ts[0]).toBe(50);
    expect(r.extremelySlow[0]).toBe(1);
    expect(r.extremelySlow[1]).toBe(0);
  });

  it('treats zero and negative durations as missing', () => {
    const r = s.timeScores([col(0, -5, ...Array(30).fill(100))], { totalIndex: 0 });
    expect(r.ts[0]).toBeNaN();
    expect(r.ts[1]).toBeNaN();
  });

  it('takes the mean of the two middle values for an even count', () => {
    const r = s.timeScores([col(...Array(15).fill(100), ...Array(15).fill(200))], { totalIndex: 0 });
    expect(r.medians[0]).toBe(150);
  });
});

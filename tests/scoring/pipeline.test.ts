import { describe, expect, it } from 'vitest';
import { composePipeline, type PipelineInput, type PipelineResult } from '../../scoring/index.ts';
import { reference } from '../../scoring/reference.ts';
import { scoring } from './helpers.ts';
import { generateSurvey } from './survey-generator.ts';

function expectSame(a: PipelineResult, b: PipelineResult): void {
  const keys = ['ts', 'tsDataPoints', 'extremelySlow', 'ibs', 'ibsDataPoints', 'oes', 'oesDataPoints', 'badAnswers', 'ps', 'cs',
    'is', 'sds', 'projectiveDataPoints', 'combined', 'nSubscores', 'credits'] as const;
  for (const key of keys) {
    const x = a[key], y = b[key];
    expect(x.length, key).toBe(y.length);
    for (let i = 0; i < x.length; i++) {
      if (Number.isNaN(y[i]!)) expect(x[i], `${key}[${i}]`).toBeNaN();
      else expect(Math.abs(x[i]! - y[i]!), `${key}[${i}]`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(y[i]!)));
    }
  }
  expect(a.totalCredits).toBe(b.totalCredits);
  a.grids.forEach((g, i) => expect(Array.from(g.labels)).toEqual(Array.from(b.grids[i]!.labels)));
}

describe('scoreAll, the one-call pipeline', () => {
  const survey = generateSurvey(500, 7);
  const input: PipelineInput = {
    rows: 500,
    durations: { matrix: survey.durations, totalIndex: 0 },
    grids: survey.grids.map((items) => ({ items, min: 1, max: 5 })),
    openCategories: scoring.classifyOpenEnded(survey.open).categories,
    projective: survey.projective,
  };

  it('gives the same numbers as the individual calls, and as the reference', () => {
    const all = scoring.scoreAll(input);
    expectSame(all, composePipeline(scoring, input));
    expectSame(all, composePipeline(reference, input));
    expect(all.version).toBe(scoring.version);
  });

  it('reads a resident matrix in place and leaves absent parts null', () => {
    const m = scoring.matrix(500, 10);
    survey.grids[0]!.forEach((c, j) => m.column(j).set(c));
    const r = scoring.scoreAll({ rows: 500, grids: [{ items: m, min: 1, max: 5 }] });
    expect(Array.from(r.grids[0]!.scores)).toEqual(Array.from(scoring.gridScores(survey.grids[0]!, { min: 1, max: 5 }).scores));
    expect(Number.isNaN(r.ts[0]!)).toBe(true);
    expect(r.credits[0]).toBe(4);
    m.free();
  });

  it('refuses columns of the wrong length', () => {
    expect(() => scoring.scoreAll({ rows: 10, grids: [{ items: survey.grids[0]! }] })).toThrow(/expected 10/);
  });
});

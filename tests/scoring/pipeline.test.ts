import { describe, expect, it } from 'vitest';
import { composePipeline, type PipelineInput, type PipelineResult } from '../../scoring/index.ts';
import { reference } from '../../scoring/reference.ts';
import { referenceBehaviour } from '../../scoring/reference-behaviour.ts';
import { scoring } from '../support/scoring.ts';
import { generateSurvey } from './survey-generator.ts';

function expectSame(a: PipelineResult, b: PipelineResult): void {
  const keys = [
    'ts',
    'tsDataPoints',
    'extremelySlow',
    'ibs',
    'ibsDataPoints',
    'oes',
    'oesDataPoints',
    'badAnswers',
    'bas',
    'basDataPoints',
    'ps',
    'cs',
    'is',
    'sds',
    'projectiveDataPoints',
    'combined',
    'nSubscores',
    'credits',
  ] as const;
  for (const key of keys) {
    const x = a[key],
      y = b[key];
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
    // A full run first, so memory the next call reuses holds scores: absent parts must not show them.
    scoring.scoreAll(input);
    const r = scoring.scoreAll({ rows: 500, grids: [{ items: m, min: 1, max: 5 }] });
    expect(Array.from(r.grids[0]!.scores)).toEqual(
      Array.from(scoring.gridScores(survey.grids[0]!, { min: 1, max: 5 }).scores),
    );
    for (const key of ['ts', 'oes', 'ps', 'cs', 'is', 'sds'] as const)
      expect(r[key].every(Number.isNaN), key).toBe(true);
    for (const key of [
      'tsDataPoints',
      'extremelySlow',
      'oesDataPoints',
      'badAnswers',
      'projectiveDataPoints',
    ] as const) {
      expect(
        r[key].every((v) => v === 0),
        key,
      ).toBe(true);
    }
    expect(r.credits[0]).toBe(4);
    m.free();
  });

  it('keeps a resident result in WASM memory, valid across memory growth, until free()', () => {
    const copied = scoring.scoreAll(input);
    const r = scoring.scoreAll(input, { resident: true });
    // Bun supports resizable WASM buffers, so the columns are views and nothing was copied.
    expect(r.resident).toBe(true);
    expectSame(r, copied);
    const combined = r.combined;
    const before = Array.from(combined);
    // Grow memory well past its current size: views into a resizable buffer stay attached.
    const big = scoring.matrix(4_000_000, 4);
    expect(combined.length).toBe(500);
    expect(Array.from(combined)).toEqual(before);
    expectSame(r, copied);
    big.free();
    r.free();
    r.free(); // idempotent
    // The freed block is reused by the next call rather than leaked.
    const again = scoring.scoreAll(input, { resident: true });
    expect(again.combined.byteOffset).toBe(combined.byteOffset);
    again.free();
  });

  it('scores behaviour from its categories, and leaves interviews without paradata exactly as before', () => {
    // Two open questions with paradata; every tenth interview has none (categories 0).
    const codes = (seed: number) =>
      Int32Array.from({ length: 500 }, (_, i) => (i % 10 === 0 ? 0 : 1 + ((i * seed) % 5)));
    const behaviourCategories = [codes(3), codes(7)];
    const withBas = scoring.scoreAll({ ...input, behaviourCategories });
    expectSame(withBas, composePipeline(scoring, { ...input, behaviourCategories }));
    expectSame(withBas, composePipeline({ ...reference, ...referenceBehaviour }, { ...input, behaviourCategories }));
    const bas = scoring.bas(behaviourCategories);
    expect(Array.from(withBas.bas)).toEqual(Array.from(bas.score));
    expect(Array.from(withBas.basDataPoints)).toEqual(Array.from(bas.dataPoints));
    const without = scoring.scoreAll(input);
    expect(without.bas.every(Number.isNaN)).toBe(true);
    expect(without.basDataPoints.every((v) => v === 0)).toBe(true);
    let changed = 0;
    for (let i = 0; i < 500; i++) {
      if (i % 10 === 0) {
        // No paradata: BAS null (not 0), and the combined score and its subscore count as before.
        expect(withBas.bas[i]).toBeNaN();
        expect(Object.is(withBas.combined[i], without.combined[i]), `combined[${i}]`).toBe(true);
        expect(withBas.nSubscores[i]).toBe(without.nSubscores[i]);
      } else if (withBas.combined[i] !== without.combined[i]) changed++;
    }
    // With paradata the BAS is one more subscore of the combined score.
    expect(changed).toBeGreaterThan(100);
    expect(withBas.credits).toEqual(without.credits);
  });

  it('refuses columns of the wrong length', () => {
    expect(() => scoring.scoreAll({ rows: 10, grids: [{ items: survey.grids[0]! }] })).toThrow(/expected 10/);
  });
});

import { describe, expect, it } from 'vitest';
import { scoring } from '../support/scoring.ts';
import { aucLowerIsPositive, generateSurvey } from './survey-generator.ts';

describe('separating careless from careful respondents', () => {
  const survey = generateSurvey(1500, 20261121);
  const n = survey.kinds.length;
  const ts = scoring.timeScores(survey.durations, { totalIndex: 0 });
  const ibs = scoring.ibs(survey.grids.map((g) => scoring.gridScores(g, { min: 1, max: 5 }).scores));
  const oes = scoring.oes(scoring.classifyOpenEnded(survey.open).categories);
  const proj = scoring.projective(survey.projective);
  const combined = scoring.combined(
    { ts: ts.ts, ibs: ibs.score, oes: oes.score, ps: proj.ps, cs: proj.cs },
    n,
  ).combined;
  const careless = survey.kinds.map((k) => k !== 'careful');

  it('gives the combined score an AUC of at least 0.9', () => {
    const auc = aucLowerIsPositive(combined, careless);
    const mean = (kind: string) => {
      const v = survey.kinds.map((k, i) => (k === kind ? combined[i]! : NaN)).filter((x) => !Number.isNaN(x));
      return (v.reduce((a, b) => a + b, 0) / v.length).toFixed(1);
    };
    console.log(
      `combined-score AUC careless vs careful: ${auc.toFixed(3)} (n = ${n}); mean combined by kind:`,
      Object.fromEntries(
        ['careful', 'speeder', 'straightliner', 'pattern', 'random', 'gibberish', 'copier'].map((k) => [k, mean(k)]),
      ),
    );
    expect(auc).toBeGreaterThanOrEqual(0.9);
  });

  it('excludes most planted careless respondents and keeps most careful ones with the default rules', () => {
    const r = scoring.clean({
      rows: n,
      scores: { combined, ts: ts.ts, ibs: ibs.score, oes: oes.score },
      dataPoints: { ibs: ibs.dataPoints, oes: oes.dataPoints },
      badAnswers: oes.badAnswers,
    });
    const rate = (want: boolean, kept: number) => {
      const idx = careless.map((c, i) => (c === want ? i : -1)).filter((i) => i >= 0);
      return idx.filter((i) => r.kept[i] === kept).length / idx.length;
    };
    expect(rate(true, 0)).toBeGreaterThan(0.8);
    expect(rate(false, 1)).toBeGreaterThan(0.9);
  });

  it('finds the copied answers as duplicate respondents and the keyboard mashing as nonsense', () => {
    const cats = scoring.classifyOpenEnded(survey.open).categories[0]!;
    const copiers = survey.kinds.map((k, i) => (k === 'copier' ? cats[i]! : -1)).filter((c) => c >= 0);
    expect(copiers.filter((c) => c === 8).length).toBe(copiers.length - 1);
    const mash = survey.kinds.map((k, i) => (k === 'gibberish' ? cats[i]! : -1)).filter((c) => c >= 0);
    expect(mash.every((c) => c === 7)).toBe(true);
  });
});

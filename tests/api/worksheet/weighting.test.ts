// The weighting form's rules on the server (the save service runs validateCleaningSettings before
// anything is written; cleaning-settings.test.ts saves and reads back a weighting with the BAS):
// a weight names a score of the combined score (the behaviour score among them), IS or SDS, from 0
// to 100, once.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../api/kernel/errors/errors';
import { validateCleaningSettings } from '../../../api/modules/worksheet/worksheet-validation';

const settings = (...w: [string, number][]) => ({
  revision: 1,
  cleaningMethod: 'THRESHOLDS' as const,
  scoreThresholds: [{ key: 'bas', isEnable: true, threshold: 20 }],
  badAnswers: { isEnable: false, min: 1 },
  weightingMethod: {
    datafileWeighting: w.map(([key, value]) => ({ key, value, name: key.toUpperCase() })),
    projectiveQuestionsWeighting: [],
  },
});
const context = { revision: 1, rows: 10, groupingColumns: [] };
const refusal = (s: ReturnType<typeof settings>) => {
  try {
    validateCleaningSettings(s, context);
  } catch (e) {
    return (e as AppError).details;
  }
  return null;
};

describe('the datafile weighting', () => {
  it('takes the behaviour score’s weight beside the others', () => {
    expect(refusal(settings(['bas', 4], ['con', 2], ['ts', 2], ['is', 1], ['cap', 30]))).toBeNull();
  });

  it('refuses a weight of no score, out of 0..100, or given twice, naming it', () => {
    expect(refusal(settings(['xyz', 1]))).toMatchObject({ reason: 'UNKNOWN_SCORE_KEY', field: 'xyz' });
    expect(refusal(settings(['bas', 101]))).toMatchObject({ reason: 'OUT_OF_RANGE', field: 'bas' });
    expect(refusal(settings(['bas', -1]))).toMatchObject({ reason: 'OUT_OF_RANGE', field: 'bas' });
    expect(refusal(settings(['bas', 1], ['bas', 2]))).toMatchObject({ reason: 'DUPLICATE_SCORE_KEY', field: 'bas' });
  });
});

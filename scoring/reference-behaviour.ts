// Reference of the behaviour score, written as the rules read (the differential oracle of
// scoring/assembly/behaviour.ts).
import {
  BEHAVIOUR_CATEGORY_SCORES,
  BEHAVIOUR_THRESHOLDS,
  type BehaviourMeasures,
  type BehaviourScoring,
  type BehaviourThresholds,
} from './behaviour.ts';
import { SCORING_VERSION } from './version.ts';

const counted = (v: number | undefined) => (v !== undefined && v > 0 ? v : 0);
const known = (v: number | undefined): v is number => v !== undefined && !Number.isNaN(v);

/** The category of one answer: text without keys or paste, a substantial paste, a rhythm no person types in, or natural. */
export function referenceBehaviourCategory(
  m: BehaviourMeasures,
  t: BehaviourThresholds = BEHAVIOUR_THRESHOLDS,
): number {
  const pasted = counted(m.pastedChars);
  const unexplained = counted(m.unexplainedChars);
  if (!known(m.keys) && pasted === 0 && unexplained === 0) return 0;
  if (m.length === 0) return 0;
  const least = known(m.length) ? Math.max(t.minChars, t.share * m.length) : t.minChars;
  if (unexplained >= least) return 4;
  if (pasted >= least) return counted(m.pastesAfterSwitch) >= 1 ? 5 : 3;
  if (counted(m.keys) === 0) return 0;
  if (known(m.ikiMedianMs)) {
    if (known(m.regularShare) && m.regularShare >= t.regularShare) return 2;
    if (m.ikiMedianMs < t.fastestMedianMs) return 2;
    if (known(m.ikiIqrMs) && m.ikiIqrMs < t.leastSpread * m.ikiMedianMs) return 2;
  }
  return 1;
}

export const referenceBehaviour: BehaviourScoring = {
  behaviourCategories: (answers, thresholds = BEHAVIOUR_THRESHOLDS) =>
    Int32Array.from(answers, (m) => referenceBehaviourCategory(m, thresholds)),
  bas(categories) {
    const n = categories[0]?.length ?? 0;
    const score = new Float64Array(n).fill(Number.NaN),
      dataPoints = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const scores = categories.map((c) => BEHAVIOUR_CATEGORY_SCORES[c[i]!] ?? NaN).filter((v) => !Number.isNaN(v));
      dataPoints[i] = scores.length;
      if (scores.length) score[i] = scores.reduce((a, b) => a + b, 0) / scores.length;
    }
    return { score, dataPoints, version: SCORING_VERSION };
  },
};

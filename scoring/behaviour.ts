// Types and defaults of the behaviour score (BAS), shared by the WASM facade and the reference.

/**
 * Behaviour categories per answer (index = code): how the answer came about, from paradata only.
 * 0 not scored (nothing recorded, or an empty answer).
 */
export const BEHAVIOUR_CATEGORIES = [
  'none',
  'natural',
  'unnatural rhythm',
  'pasted',
  'filled without typing',
  'switched away then pasted',
] as const;
export type BehaviourCategory = (typeof BEHAVIOUR_CATEGORIES)[number];

/** What the recorder measured for one answer (any field may be missing: NaN or absent). */
export interface BehaviourMeasures {
  /** The answer's length in characters. */
  length?: number;
  keys?: number;
  ikiMedianMs?: number;
  ikiIqrMs?: number;
  regularShare?: number;
  pastedChars?: number;
  pastesAfterSwitch?: number;
  unexplainedChars?: number;
}
/** Measure columns in the kernel's order. */
export const BEHAVIOUR_MEASURES = [
  'length',
  'keys',
  'ikiMedianMs',
  'ikiIqrMs',
  'regularShare',
  'pastedChars',
  'pastesAfterSwitch',
  'unexplainedChars',
] as const satisfies readonly (keyof BehaviourMeasures)[];

export interface BehaviourThresholds {
  /** A paste or unexplained text counts from this many characters ... */
  minChars: number;
  /** ... and this share of the answer's length (when known). */
  share: number;
  /** Unnatural rhythm: at least this share of intervals within 10 ms of their median ... */
  regularShare: number;
  /** ... or a median interval below this (ms): faster than people type ... */
  fastestMedianMs: number;
  /** ... or an interquartile range below this fraction of the median: no spread. */
  leastSpread: number;
}

/**
 * Defaults, tuned in `npm run bench:behaviour` on simulated respondents in Chromium: people's
 * intervals (mean about 240 ms, standard deviation about 110 ms) rarely put half of them within
 * 10 ms of their median, never have a median under 40 ms, and spread far more than 15 % of the median.
 */
export const BEHAVIOUR_THRESHOLDS: BehaviourThresholds = {
  minChars: 8,
  share: 0.3,
  regularShare: 0.5,
  fastestMedianMs: 40,
  leastSpread: 0.15,
};

export const encodeBehaviourThresholds = (t: BehaviourThresholds) =>
  Float64Array.of(t.minChars, t.share, t.regularShare, t.fastestMedianMs, t.leastSpread);

/** The behaviour score's part of the facade (and of the reference). */
export interface BehaviourScoring {
  /** The category code (index into BEHAVIOUR_CATEGORIES) of each answer. */
  behaviourCategories(answers: readonly BehaviourMeasures[], thresholds?: BehaviourThresholds): Int32Array;
  /** BAS per interview from one Int32Array of behaviour categories per open question (0 = not scored). */
  bas(categories: readonly Int32Array[]): { score: Float64Array; dataPoints: Float64Array; version: string };
}

/** Score of each behaviour category (NaN: not scored). */
export const BEHAVIOUR_CATEGORY_SCORES = [NaN, 100, 10, 10, 0, 0] as const;

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

/** A week in milliseconds: no page is answered longer. */
const MAX_MS = 7 * 24 * 3600 * 1000;
/** More key presses or characters than any open answer (10,000 characters) can take, with room for corrections. */
const MAX_COUNT = 1_000_000;

/**
 * Every measure a recorder sends for one answer (the live snippet's fields, an upload's paradata
 * columns), with its upper bound (the lower is 0) and whether it is a whole number. `translated` is
 * 1 when the page was shown translated by the browser, else 0. Bounds keep a hostile or broken
 * source from storing absurd values; a value outside them is refused with its field or column named.
 */
export const BEHAVIOUR_FIELD_BOUNDS = {
  keys: { max: MAX_COUNT, integer: true },
  deletions: { max: MAX_COUNT, integer: true },
  firstKeyMs: { max: MAX_MS, integer: false },
  typingMs: { max: MAX_MS, integer: false },
  ikiMedianMs: { max: MAX_MS, integer: false },
  ikiIqrMs: { max: MAX_MS, integer: false },
  regularShare: { max: 1, integer: false },
  pastes: { max: MAX_COUNT, integer: true },
  pastedChars: { max: MAX_COUNT * 10, integer: true },
  pastesAfterSwitch: { max: MAX_COUNT, integer: true },
  unexplainedChars: { max: MAX_COUNT * 10, integer: true },
  focusLosses: { max: MAX_COUNT, integer: true },
  hidden: { max: MAX_COUNT, integer: true },
  translated: { max: 1, integer: true },
} as const satisfies Record<string, { max: number; integer: boolean }>;
export type BehaviourField = keyof typeof BEHAVIOUR_FIELD_BOUNDS;

/** Whether `v` is a valid value of `field` (finite, 0..max, whole where it must be). */
export function behaviourValueValid(field: BehaviourField, v: number): boolean {
  const { max, integer } = BEHAVIOUR_FIELD_BOUNDS[field];
  return Number.isFinite(v) && v >= 0 && v <= max && (!integer || Number.isInteger(v));
}

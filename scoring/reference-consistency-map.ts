// Reference of the consistency score's constants, its map from a squared distance to 0..100 and the
// calibration of the normal scores on the sample; scoring/assembly/consistency-map.ts holds the same
// formulas.

/** The constants of the measure; scoring/assembly/consistency-fit.ts holds the same values. */
export const CONSISTENCY = {
  /**
   * The fit uses every interview up to this many, else this many in sampleBlocks runs of consecutive
   * rows evenly spread over the file (rows floor(b n / 128) + r, b < 128, r < 16).
   */
  sampleLimit: 2048,
  sampleBlocks: 128,
  /** The C-steps search the robust core among at most this many of them (evenly spread). */
  searchLimit: 1000,
  /** Minimum complete interviews in the fit: max(minSample, perItem x items). */
  minSample: 50,
  perItem: 10,
  /** A grid is scored for an interview with at least this many valid answers (as the grid score). */
  minAnswers: 5,
  /** Most C-steps of the MCD search (it converges in 4-9 on survey data). */
  maxSteps: 20,
  /** Reweighting keeps interviews whose calibrated D² is within this chi-square quantile. */
  reweight: 0.975,
  /** Most reweighting steps (they stop when the rows inside repeat). */
  reweightSteps: 10,
  /** Answers beyond this magnitude count as missing: single precision holds whole numbers only up to 2^24. */
  maxCode: 16777216,
  /** Relative pivot below which a covariance direction counts as dependent. */
  pivotTolerance: 1e-7,
  /**
   * Score anchors: at calibrated normal score z the score is `score`. The normal score is the
   * Paulson / Wilson-Hilferty one of D² on its df, calibrated on the sample (calibrateScores).
   */
  anchors: [
    { z: 3, score: 100 },
    { z: 4, score: 70 },
    { z: 5, score: 35 },
    { z: 6, score: 10 },
    { z: 7, score: 0 },
  ],
  /** Fewer normal scores than this leave the calibration at the nominal one (centre 0, spread 1). */
  calibrationMin: 50,
  /**
   * The anchors hold for samples whose careful interviews' normal scores have a median of
   * referenceCentre and a spread (median minus 10th percentile, over the normal's) up to referenceSpread,
   * both measured on the scores the trimmed fit keeps (calibrateScores): a sample whose median lies
   * elsewhere moves the anchors with it (in by at most -minCentre), one that spreads wider moves them
   * out in proportion.
   */
  referenceCentre: 0.5,
  referenceSpread: 2.2,
  minCentre: -0.2,
  /** The calibration keeps scores up to median + trimAt lower spreads, re-measured up to trimSteps times. */
  trimAt: 1.5,
  trimSteps: 8,
  /** A grid whose own consistency is below this (red band) is labelled Inconsistent. */
  labelBelow: 40,
} as const;

/**
 * D² at normal score z for df degrees of freedom when the covariance was estimated from nu2 + df
 * interviews: the inverse of Paulson's normal approximation of F(df, nu2) at F = D² / df (the
 * Wilson-Hilferty approximation of chi-square when nu2 is infinite). Infinite when z lies beyond
 * what the approximation can reach with so few interviews.
 */
export function d2AtZ(z: number, df: number, nu2: number): number {
  const c = 2 / (9 * df);
  const d = 2 / (9 * nu2);
  const a = 1 - d;
  const b = 1 - c;
  const den = a * a - z * z * d;
  if (!(den > 0)) return Infinity;
  const disc = a * a * b * b - den * (b * b - z * z * c);
  const u = (a * b + Math.sqrt(disc)) / den;
  return df * u * u * u;
}

/**
 * Cube root of x >= 0 with +, -, *, / only, as the WASM kernel computes it (Math.cbrt may differ in
 * the last bit between engines): scaled by powers of 8 into [1/8, 8), ten Newton steps from 1.
 */
export function cubeRoot(x: number): number {
  if (!(x > 0) || x === Infinity) return x;
  let scale = 1;
  while (x >= 8) {
    x /= 8;
    scale *= 2;
  }
  while (x < 0.125) {
    x *= 8;
    scale /= 2;
  }
  let y = 1;
  for (let i = 0; i < 10; i++) y = y - (y * y * y - x) / (3 * y * y);
  return y * scale;
}

/** Normal score of D² on df degrees of freedom (Paulson's approximation of F(df, nu2); d2AtZ is its inverse). */
export function zOfD2(d2: number, df: number, nu2: number): number {
  const c = 2 / (9 * df);
  const d = 2 / (9 * nu2);
  const u = cubeRoot(d2 / df);
  return ((1 - d) * u - (1 - c)) / Math.sqrt(d * u * u + c);
}

/** Distance of the standard normal's median from its 10th percentile. */
const NORMAL_LOWER = 1.2815515655446004;

/**
 * Calibration of normal scores against the reference the anchors hold for: centre = max(minCentre,
 * median - referenceCentre), spread = max(1, ((median - 10th percentile) / 1.2816) / referenceSpread),
 * over the scores a trimmed fit keeps. Careless interviews sit in the upper tail: measured on all
 * scores, they would raise the median and the spread, so a file with more of them would be judged
 * more leniently and a clean file harder. The fit keeps the scores up to median + trimAt lower spreads,
 * re-measures median and spread on those, and repeats until the kept set stops changing (at most
 * trimSteps times, never below half the scores). The 10th percentile of k kept scores is the q-th
 * smallest with q = floor((k - 1) / 10). Long inventories spread their distances wider than the
 * samples the anchors were set on. Fewer than calibrationMin scores: (0, 1).
 */
export function calibrateScores(z: readonly number[]): { centre: number; spread: number } {
  const m = z.length;
  if (m < CONSISTENCY.calibrationMin) return { centre: 0, spread: 1 };
  const s = [...z].sort((a, b) => a - b);
  let kept = m;
  let median = 0;
  let low = 0;
  for (let step = 0; ; step++) {
    const h = kept >> 1;
    median = kept % 2 ? s[h]! : (s[h - 1]! + s[h]!) * 0.5;
    low = s[Math.floor((kept - 1) / 10)]!;
    if (step === CONSISTENCY.trimSteps) break;
    const cut = median + (CONSISTENCY.trimAt * (median - low)) / NORMAL_LOWER;
    let next = 0;
    while (next < m && s[next]! <= cut) next++;
    next = Math.max(next, (m + 1) >> 1);
    if (next === kept) break;
    kept = next;
  }
  return {
    centre: Math.max(CONSISTENCY.minCentre, median - CONSISTENCY.referenceCentre),
    spread: Math.max(1, (median - low) / NORMAL_LOWER / CONSISTENCY.referenceSpread),
  };
}

/** Calibration of normal scores (centre, spread). */
export interface Calibration {
  centre: number;
  spread: number;
}
const NOMINAL: Calibration = { centre: 0, spread: 1 };

/** D² at the anchor i under a calibration. */
const anchorD2 = (i: number, df: number, nu2: number, cal: Calibration) =>
  d2AtZ(cal.centre + cal.spread * CONSISTENCY.anchors[i]!.z, df, nu2);

/**
 * Consistency score 0..100 of a D² on df degrees of freedom (nu2 as in d2AtZ) under a calibration: 100
 * up to the first anchor, then linear in D² between the anchors' distances, 0 beyond the last.
 */
export function consistencyScoreOf(d2: number, df: number, nu2: number, cal: Calibration = NOMINAL): number {
  if (Number.isNaN(d2) || !(df > 0)) return NaN;
  const a = CONSISTENCY.anchors;
  let prevD = anchorD2(0, df, nu2, cal);
  if (d2 <= prevD) return a[0]!.score;
  for (let i = 1; i < a.length; i++) {
    const d = anchorD2(i, df, nu2, cal);
    if (d2 <= d) return a[i - 1]!.score + ((a[i]!.score - a[i - 1]!.score) * (d2 - prevD)) / (d - prevD);
    prevD = d;
  }
  return a[a.length - 1]!.score;
}

/** D² at which the score equals `score` (inverse of the anchor interpolation). */
export function d2AtScore(score: number, df: number, nu2: number, cal: Calibration = NOMINAL): number {
  const a = CONSISTENCY.anchors;
  for (let i = 1; i < a.length; i++) {
    if (score >= a[i]!.score) {
      const d0 = anchorD2(i - 1, df, nu2, cal),
        d1 = anchorD2(i, df, nu2, cal);
      return d0 + ((d1 - d0) * (a[i - 1]!.score - score)) / (a[i - 1]!.score - a[i]!.score);
    }
  }
  return Infinity;
}

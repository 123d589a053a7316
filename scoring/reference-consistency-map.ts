// Reference of the consistency score's constants and its map from a squared distance to 0..100;
// scoring/assembly/consistency-map.ts holds the same formulas.

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
  /** Answers beyond this magnitude count as missing: single precision holds whole numbers only up to 2^24. */
  maxCode: 16777216,
  /** Relative pivot below which a covariance direction counts as dependent. */
  pivotTolerance: 1e-7,
  /** Score anchors: at z (the Wilson-Hilferty normal score of D² on its df) the score is `score`. */
  anchors: [
    { z: 3, score: 100 },
    { z: 4, score: 70 },
    { z: 5, score: 35 },
    { z: 6, score: 10 },
    { z: 7, score: 0 },
  ],
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
 * Consistency score 0..100 of a D² on df degrees of freedom (nu2 as in d2AtZ): 100 up to the first
 * anchor, then linear in D² between the anchors' distances, 0 beyond the last.
 */
export function consistencyScoreOf(d2: number, df: number, nu2: number): number {
  if (Number.isNaN(d2) || !(df > 0)) return NaN;
  const a = CONSISTENCY.anchors;
  let prevD = d2AtZ(a[0]!.z, df, nu2);
  if (d2 <= prevD) return a[0]!.score;
  for (let i = 1; i < a.length; i++) {
    const d = d2AtZ(a[i]!.z, df, nu2);
    if (d2 <= d) return a[i - 1]!.score + ((a[i]!.score - a[i - 1]!.score) * (d2 - prevD)) / (d - prevD);
    prevD = d;
  }
  return a[a.length - 1]!.score;
}

/** D² at which the score equals `score` (inverse of the anchor interpolation). */
export function d2AtScore(score: number, df: number, nu2: number): number {
  const a = CONSISTENCY.anchors;
  for (let i = 1; i < a.length; i++) {
    if (score >= a[i]!.score) {
      const d0 = d2AtZ(a[i - 1]!.z, df, nu2),
        d1 = d2AtZ(a[i]!.z, df, nu2);
      return d0 + ((d1 - d0) * (a[i - 1]!.score - score)) / (a[i - 1]!.score - a[i]!.score);
    }
  }
  return Infinity;
}

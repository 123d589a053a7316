// Consistency score (scoring/README.md, "Consistency score"): from a squared distance on its
// degrees of freedom to the 0..100 score (anchors at calibrated normal scores of the F tail, linear
// in D² between them), shared by the fit (the label cut) and the row kernels, and the calibration of
// those normal scores on the sample. scoring/reference-consistency-map.ts holds the same formulas.
import { ldf, stf } from './mem';
import { medianInPlace, selectKth } from './stats';

// Score anchors: at calibrated normal score z the score is s (see the README).
export const ANCHOR_Z: StaticArray<f64> = [3, 4, 5, 6, 7];
export const ANCHOR_S: StaticArray<f64> = [100, 70, 35, 10, 0];
export const ANCHORS: i32 = 5;
/** Fewer normal scores than this leave the calibration at the nominal one (centre 0, spread 1). */
export const CALIBRATION_MIN: i32 = 50;
/**
 * The anchors hold for samples whose careful interviews' normal scores have a median of
 * REFERENCE_CENTRE and a spread (median minus the 10th percentile, over the normal's 1.2816) up to
 * REFERENCE_SPREAD, both measured on the scores the trimmed fit keeps (calibrateScores): the generated
 * batteries measure 0-0.1 and 1.6-1.8, real bfi, the non-voter poll, DS14 and youth gratitude 1.0-1.5,
 * long inventories 2.7-3.0 (spi, NEO-PI-R, ACL). A sample whose median lies elsewhere moves the anchors
 * with it (in by at most -MIN_CENTRE), one that spreads wider moves them out in proportion
 * (docs/detection.md).
 */
export const REFERENCE_CENTRE: f64 = 0.5;
export const REFERENCE_SPREAD: f64 = 2.2;
export const MIN_CENTRE: f64 = -0.2;
/** Distance of the standard normal's median from its 10th percentile. */
const NORMAL_LOWER: f64 = 1.2815515655446004;

/**
 * Cube root of x >= 0 with +, -, *, / only (the reference computes the same operations, while
 * Math.cbrt may differ in the last bit between engines): x scaled by powers of 8 into [1/8, 8), ten
 * Newton steps from 1, scaled back; all exact except the steps themselves.
 */
export function cubeRoot(x: f64): f64 {
  if (!(x > 0) || x == Infinity) return x;
  let scale: f64 = 1;
  while (x >= 8) {
    x /= 8;
    scale *= 2;
  }
  while (x < 0.125) {
    x *= 8;
    scale /= 2;
  }
  let y: f64 = 1;
  for (let i = 0; i < 10; i++) y = y - (y * y * y - x) / (3 * y * y);
  return y * scale;
}

/**
 * Normal score of D² on df degrees of freedom when the covariance came from nu2 + df interviews:
 * Paulson's approximation of F(df, nu2) at F = D² / df (d2AtZ is its inverse).
 */
export function zOfD2(d2: f64, df: f64, nu2: f64): f64 {
  const c = 2 / (9 * df);
  const d = 2 / (9 * nu2);
  const u = cubeRoot(d2 / df);
  return ((1 - d) * u - (1 - c)) / Math.sqrt(d * u * u + c);
}

/**
 * The calibration keeps the scores up to median + TRIM_AT lower spreads (careless interviews, which
 * sit in the upper tail, would otherwise raise the median and so judge a file with more of them more
 * leniently), re-measured up to TRIM_STEPS times.
 */
export const TRIM_AT: f64 = 1.5;
export const TRIM_STEPS: i32 = 8;

/**
 * Calibration of normal scores z[0..m) (reordered) against the reference the anchors hold for: centre
 * = max(MIN_CENTRE, median - REFERENCE_CENTRE), spread = max(1, ((median - 10th percentile) / 1.2816) /
 * REFERENCE_SPREAD) over the k scores a trimmed fit keeps (the 10th percentile being the q-th smallest
 * with q = (k - 1) / 10): keep the scores up to median + TRIM_AT spreads, re-measure, until the kept
 * set stops changing (at most TRIM_STEPS times, never below half). Writes [centre, spread] to out.
 */
export function calibrateScores(z: usize, m: i32, out: usize): void {
  let centre: f64 = 0;
  let spread: f64 = 1;
  if (m >= CALIBRATION_MIN) {
    let kept = m;
    let median: f64 = 0;
    let low: f64 = 0;
    for (let step = 0; ; step++) {
      // z[0..kept) holds the kept smallest scores (selectKth below partitions them there).
      low = selectKth(z, kept, (kept - 1) / 10);
      median = medianInPlace(z, kept);
      if (step == TRIM_STEPS) break;
      const cut = median + TRIM_AT * (median - low) / NORMAL_LOWER;
      let next = 0;
      for (let i = 0; i < m; i++) if (ldf(z, i) <= cut) next++;
      next = max(next, (m + 1) >> 1);
      if (next == kept) break;
      kept = next;
      if (kept < m) selectKth(z, m, kept - 1);
    }
    centre = Math.max(MIN_CENTRE, median - REFERENCE_CENTRE);
    spread = Math.max(1, (median - low) / NORMAL_LOWER / REFERENCE_SPREAD);
  }
  stf(out, 0, centre);
  stf(out, 1, spread);
}

/**
 * D² at normal score z for df degrees of freedom when the covariance came from nu2 + df interviews:
 * the inverse of Paulson's approximation of F(df, nu2) at F = D² / df. Infinite when unreachable.
 */
export function d2AtZ(z: f64, df: f64, nu2: f64): f64 {
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

/** Anchor distances for (df, nu2) under the calibration (centre, spread) into anchors[0..ANCHORS). */
export function fillAnchors(df: f64, nu2: f64, centre: f64, spread: f64, anchors: usize): void {
  for (let i = 0; i < ANCHORS; i++) stf(anchors, i, d2AtZ(centre + spread * unchecked(ANCHOR_Z[i]), df, nu2));
}

/** Score 0..100 of d2 from anchor distances: 100 up to the first, linear between, 0 beyond the last. */
export function scoreFromAnchors(d2: f64, anchors: usize): f64 {
  if (d2 != d2) return NaN;
  let prevD = ldf(anchors, 0);
  if (d2 <= prevD) return unchecked(ANCHOR_S[0]);
  for (let i = 1; i < ANCHORS; i++) {
    const d = ldf(anchors, i);
    if (d2 <= d) return unchecked(ANCHOR_S[i - 1]) + (unchecked(ANCHOR_S[i]) - unchecked(ANCHOR_S[i - 1])) * (d2 - prevD) / (d - prevD);
    prevD = d;
  }
  return unchecked(ANCHOR_S[ANCHORS - 1]);
}

/** D² at which the score equals `score` (inverse of the anchor interpolation). */
export function d2AtScore(score: f64, df: f64, nu2: f64, centre: f64, spread: f64): f64 {
  for (let i = 1; i < ANCHORS; i++) {
    if (score >= unchecked(ANCHOR_S[i])) {
      const d0 = d2AtZ(centre + spread * unchecked(ANCHOR_Z[i - 1]), df, nu2);
      const d1 = d2AtZ(centre + spread * unchecked(ANCHOR_Z[i]), df, nu2);
      return d0 + (d1 - d0) * (unchecked(ANCHOR_S[i - 1]) - score) / (unchecked(ANCHOR_S[i - 1]) - unchecked(ANCHOR_S[i]));
    }
  }
  return Infinity;
}

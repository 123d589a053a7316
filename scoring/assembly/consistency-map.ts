// Consistency score (scoring/README.md, "Consistency score"): from a squared distance on its
// degrees of freedom to the 0..100 score (anchors at normal scores of the F tail, linear in D²
// between them), shared by the fit (the label cut) and the row kernels.
// scoring/reference-consistency.ts holds the same formulas.
import { ldf, stf } from './mem';

// Score anchors: at normal score z the score is s (see the README).
export const ANCHOR_Z: StaticArray<f64> = [3, 4, 5, 6, 7];
export const ANCHOR_S: StaticArray<f64> = [100, 70, 35, 10, 0];
export const ANCHORS: i32 = 5;

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

/** Anchor distances for (df, nu2) into anchors[0..5). */
export function fillAnchors(df: f64, nu2: f64, anchors: usize): void {
  for (let i = 0; i < ANCHORS; i++) stf(anchors, i, d2AtZ(unchecked(ANCHOR_Z[i]), df, nu2));
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
export function d2AtScore(score: f64, df: f64, nu2: f64): f64 {
  for (let i = 1; i < ANCHORS; i++) {
    if (score >= unchecked(ANCHOR_S[i])) {
      const d0 = d2AtZ(unchecked(ANCHOR_Z[i - 1]), df, nu2);
      const d1 = d2AtZ(unchecked(ANCHOR_Z[i]), df, nu2);
      return d0 + (d1 - d0) * (unchecked(ANCHOR_S[i - 1]) - score) / (unchecked(ANCHOR_S[i - 1]) - unchecked(ANCHOR_S[i]));
    }
  }
  return Infinity;
}

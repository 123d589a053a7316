// Order statistics and distribution functions used by the scores.
import { ldf, stf } from './mem';

/** Swaps two f64 slots of an array at `base`. */
// @ts-ignore: decorator
@inline
function swap(base: usize, i: i32, j: i32): void {
  const t = ldf(base, i);
  stf(base, i, ldf(base, j));
  stf(base, j, t);
}

/**
 * Rearranges a[0..n) so that a[k] holds the k-th smallest value, everything left of it is <= and
 * everything right of it is >= (Hoare quickselect with median-of-three; O(n) on average). The
 * median of a million durations must not cost a full sort.
 */
export function selectKth(base: usize, n: i32, k: i32): f64 {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const mid = lo + ((hi - lo) >> 1);
    if (ldf(base, mid) < ldf(base, lo)) swap(base, mid, lo);
    if (ldf(base, hi) < ldf(base, lo)) swap(base, hi, lo);
    if (ldf(base, hi) < ldf(base, mid)) swap(base, hi, mid);
    const pivot = ldf(base, mid);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (ldf(base, i) < pivot) i++;
      while (ldf(base, j) > pivot) j--;
      if (i <= j) {
        swap(base, i, j);
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return ldf(base, k);
}

/** Median of a[0..n) (mean of the two middle values for even n); reorders the array. NaN if n = 0. */
export function medianInPlace(base: usize, n: i32): f64 {
  if (n <= 0) return NaN;
  const h = n >> 1;
  const upper = selectKth(base, n, h);
  if (n & 1) return upper;
  // After selection every slot left of h is <= a[h]; the lower middle is their maximum.
  let lower = ldf(base, 0);
  for (let i = 1; i < h; i++) {
    const v = ldf(base, i);
    if (v > lower) lower = v;
  }
  return (lower + upper) * 0.5;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7); accurate to about 1e-15, enough for a chi-square quantile. */
export function lnGamma(x: f64): f64 {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
  x -= 1;
  let a: f64 = 0.99999999999980993;
  const t = x + 7.5;
  a += 676.5203681218851 / (x + 1);
  a += -1259.1392167224028 / (x + 2);
  a += 771.32342877765313 / (x + 3);
  a += -176.61502916214059 / (x + 4);
  a += 12.507343278686905 / (x + 5);
  a += -0.13857109526572012 / (x + 6);
  a += 9.9843695780195716e-6 / (x + 7);
  a += 1.5056327351493116e-7 / (x + 8);
  return 0.9189385332046727 + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularised lower incomplete gamma P(a, x), by series below a+1 and continued fraction above. */
export function gammaP(a: f64, x: f64): f64 {
  if (x <= 0) return 0;
  const gln = lnGamma(a);
  if (x < a + 1) {
    let ap = a;
    let sum = 1.0 / a;
    let del = sum;
    for (let n = 0; n < 1000; n++) {
      ap += 1;
      del *= x / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * 1e-16) break;
    }
    return sum * Math.exp(-x + a * Math.log(x) - gln);
  }
  let b = x + 1 - a;
  let c: f64 = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -<f64>i * (<f64>i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return 1 - Math.exp(-x + a * Math.log(x) - gln) * h;
}

/**
 * Quantile of the chi-square distribution with `df` degrees of freedom at probability `p` (0 < p < 1),
 * by bisection on P(df/2, x/2). Deterministic, 200 halvings reach double precision.
 */
export function chiSquareQuantile(p: f64, df: f64): f64 {
  if (df <= 0) return NaN;
  let lo: f64 = 0;
  let hi: f64 = Math.max(1.0, df);
  while (gammaP(df * 0.5, hi * 0.5) < p) hi *= 2;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) * 0.5;
    if (mid == lo || mid == hi) break;
    if (gammaP(df * 0.5, mid * 0.5) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) * 0.5;
}

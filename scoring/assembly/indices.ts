// Diagnostic indices of the R package `careless`. Shown in the UI, never part of the IBS.
// Missing answers (-999, NaN) are removed before run lengths and spreads are taken, keeping order.
import { isMissing, ldf, stf, ldi, sti, take, release } from './mem';
import { chiSquareQuantile } from './stats';

let pairCorr: f64 = NaN;

/**
 * Pairwise-complete covariance (n - 1) of columns a and b, as R's cov(use = "pairwise"); also leaves
 * their correlation in `pairCorr`. NaN with fewer than 2 complete rows.
 */
function pairCov(colA: usize, colB: usize, n: i32): f64 {
  let sa: f64 = 0;
  let sb: f64 = 0;
  let cnt = 0;
  for (let i = 0; i < n; i++) {
    const a = ldf(colA, i);
    const b = ldf(colB, i);
    if (isMissing(a) || isMissing(b)) continue;
    sa += a;
    sb += b;
    cnt++;
  }
  if (cnt < 2) {
    pairCorr = NaN;
    return NaN;
  }
  const ma = sa / <f64>cnt;
  const mb = sb / <f64>cnt;
  let sab: f64 = 0;
  let saa: f64 = 0;
  let sbb: f64 = 0;
  for (let i = 0; i < n; i++) {
    const a = ldf(colA, i);
    const b = ldf(colB, i);
    if (isMissing(a) || isMissing(b)) continue;
    sab += (a - ma) * (b - mb);
    saa += (a - ma) * (a - ma);
    sbb += (b - mb) * (b - mb);
  }
  pairCorr = saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : NaN;
  return sab / <f64>(cnt - 1);
}

/** Pearson correlation of paired values u[0..m), v[0..m); NaN if either has zero variance. */
function corr(u: usize, v: usize, m: i32): f64 {
  let su: f64 = 0;
  let sv: f64 = 0;
  for (let i = 0; i < m; i++) {
    su += ldf(u, i);
    sv += ldf(v, i);
  }
  const mu = su / <f64>m;
  const mv = sv / <f64>m;
  let suv: f64 = 0;
  let suu: f64 = 0;
  let svv: f64 = 0;
  for (let i = 0; i < m; i++) {
    const a = ldf(u, i) - mu;
    const b = ldf(v, i) - mv;
    suv += a * b;
    suu += a * a;
    svv += b * b;
  }
  return suu > 0 && svv > 0 ? suv / Math.sqrt(suu * svv) : NaN;
}

/** Relative pivot below which a covariance direction counts as dependent (constant or collinear items). */
const PIVOT_TOL: f64 = 1e-9;

/**
 * The lower triangle (and its mirror) of the pairwise covariance into `cov` (k x k), NaN as 0. Pairs
 * of columns without missing answers take the direct path: their pairwise means are the column
 * means, and four covariances accumulate side by side (each still sums its own products in row order,
 * so every value is the one `pairCov` gives, only without waiting on one sum at a time).
 */
function covariance(x: usize, n: i32, k: i32, complete: usize, cmean: usize, cov: usize): void {
  const group = take(<usize>k << 2);
  for (let a = 0; a < k; a++) {
    const colA = x + ((<usize>a * <usize>n) << 3);
    let g = 0;
    for (let b = 0; b <= a; b++) {
      if (n >= 2 && load<u8>(complete + a) && load<u8>(complete + b)) {
        store<i32>(group + (<usize>g << 2), b);
        g++;
        continue;
      }
      let v = pairCov(colA, x + ((<usize>b * <usize>n) << 3), n);
      if (v != v) v = 0;
      stf(cov, a * k + b, v);
      stf(cov, b * k + a, v);
    }
    const ma = ldf(cmean, a);
    const div = <f64>(n - 1);
    let q = 0;
    for (; q + 4 <= g; q += 4) {
      const b0 = ldi(group, q), b1 = ldi(group, q + 1), b2 = ldi(group, q + 2), b3 = ldi(group, q + 3);
      const c0 = x + ((<usize>b0 * <usize>n) << 3), c1 = x + ((<usize>b1 * <usize>n) << 3);
      const c2 = x + ((<usize>b2 * <usize>n) << 3), c3 = x + ((<usize>b3 * <usize>n) << 3);
      const m0 = ldf(cmean, b0), m1 = ldf(cmean, b1), m2 = ldf(cmean, b2), m3 = ldf(cmean, b3);
      let s0: f64 = 0, s1: f64 = 0, s2: f64 = 0, s3: f64 = 0;
      for (let i = 0; i < n; i++) {
        const da = ldf(colA, i) - ma;
        s0 += da * (ldf(c0, i) - m0);
        s1 += da * (ldf(c1, i) - m1);
        s2 += da * (ldf(c2, i) - m2);
        s3 += da * (ldf(c3, i) - m3);
      }
      setCov(cov, k, a, b0, s0 / div);
      setCov(cov, k, a, b1, s1 / div);
      setCov(cov, k, a, b2, s2 / div);
      setCov(cov, k, a, b3, s3 / div);
    }
    for (; q < g; q++) {
      const b0 = ldi(group, q);
      const c0 = x + ((<usize>b0 * <usize>n) << 3);
      const m0 = ldf(cmean, b0);
      let s0: f64 = 0;
      for (let i = 0; i < n; i++) s0 += (ldf(colA, i) - ma) * (ldf(c0, i) - m0);
      setCov(cov, k, a, b0, s0 / div);
    }
  }
  release(group);
}

// @ts-ignore: decorator
@inline
function setCov(cov: usize, k: i32, a: i32, b: i32, v: f64): void {
  stf(cov, a * k + b, v);
  stf(cov, b * k + a, v);
}

/**
 * D² of rows [i, i + 4) of a column-major matrix (row stride n): two rows per f64x2 vector, each lane
 * running the scalar arithmetic of one row (missing answers deviate by zero, forward substitution
 * through the kept directions of the Cholesky factor). Rows without any valid answer get NaN.
 * `packed` holds the factor's kept entries row by row, each splatted into both lanes, the diagonal last.
 */
function d2Block(
  x: usize, n: i32, i: i32, k: i32, means: usize, kept: usize, rank: i32, packed: usize, y: usize,
  crit: f64, outD2: usize, outFlag: usize,
): void {
  const zero = f64x2.splat(0);
  const missing = f64x2.splat(-999);
  const stride = <usize>n << 3;
  let anyA = zero, anyB = zero;
  // Deviations from the means go into z (kept directions only); y reuses its slots as it is solved.
  let p = x + (<usize>i << 3);
  for (let j = 0; j < k; j++) {
    const va = v128.load(p);
    const vb = v128.load(p, 16);
    p += stride;
    const m = f64x2.splat(ldf(means, j));
    const okA = v128.and(f64x2.eq(va, va), f64x2.ne(va, missing));
    const okB = v128.and(f64x2.eq(vb, vb), f64x2.ne(vb, missing));
    anyA = v128.or(anyA, okA);
    anyB = v128.or(anyB, okB);
    v128.store(y + (<usize>j << 5), v128.and(f64x2.sub(va, m), okA));
    v128.store(y + (<usize>j << 5), v128.and(f64x2.sub(vb, m), okB), 16);
  }
  let d2A = zero, d2B = zero;
  let at = packed;
  for (let jj = 0; jj < rank; jj++) {
    const j = ldi(kept, jj);
    let sA = v128.load(y + (<usize>j << 5));
    let sB = v128.load(y + (<usize>j << 5), 16);
    for (let tt = 0; tt < jj; tt++) {
      const t = ldi(kept, tt);
      const l = v128.load(at);
      at += 16;
      sA = f64x2.sub(sA, f64x2.mul(l, v128.load(y + (<usize>t << 5))));
      sB = f64x2.sub(sB, f64x2.mul(l, v128.load(y + (<usize>t << 5), 16)));
    }
    const diag = v128.load(at);
    at += 16;
    const yA = f64x2.div(sA, diag);
    const yB = f64x2.div(sB, diag);
    v128.store(y + (<usize>j << 5), yA);
    v128.store(y + (<usize>j << 5), yB, 16);
    d2A = f64x2.add(d2A, f64x2.mul(yA, yA));
    d2B = f64x2.add(d2B, f64x2.mul(yB, yB));
  }
  const nan = f64x2.splat(NaN);
  const vcrit = f64x2.splat(crit);
  const one = f64x2.splat(1);
  d2A = v128.bitselect(d2A, nan, anyA);
  d2B = v128.bitselect(d2B, nan, anyB);
  // The flag is 1 above the quantile, 0 otherwise, NaN where D² is NaN (a NaN quantile flags nothing).
  const flagA = v128.bitselect(v128.and(one, f64x2.gt(d2A, vcrit)), nan, anyA);
  const flagB = v128.bitselect(v128.and(one, f64x2.gt(d2B, vcrit)), nan, anyB);
  v128.store(outD2 + (<usize>i << 3), d2A);
  v128.store(outD2 + (<usize>i << 3), d2B, 16);
  v128.store(outFlag + (<usize>i << 3), flagA);
  v128.store(outFlag + (<usize>i << 3), flagB, 16);
}

/**
 * Squared Mahalanobis distance D² of each row from the column means with the pairwise sample
 * covariance (as careless::mahad / psych::outlier report it). Missing answers contribute zero
 * deviation. A constant item or a singular covariance is handled by a Cholesky factorisation that skips
 * dependent directions: the distance is then the one in the space the data actually spans (what a
 * pseudo-inverse gives), never NaN. Rows without any valid answer get NaN. `outFlag` is 1 where D²
 * exceeds the chi-square quantile at `confidence` with df = the covariance rank (the number of items
 * when the covariance is regular). Returns that rank.
 */
export function mahad(x: usize, n: i32, k: i32, confidence: f64, outD2: usize, outFlag: usize): i32 {
  const means = take(<usize>k << 3);
  const complete = take(<usize>k);
  const cov = take(<usize>(k * k) << 3);
  const lower = take(<usize>(k * k) << 3);
  const keep = take(<usize>k << 2);
  for (let j = 0; j < k; j++) {
    let s: f64 = 0;
    let c = 0;
    for (let i = 0; i < n; i++) {
      const v = ldf(x, j * n + i);
      if (isMissing(v)) continue;
      s += v;
      c++;
    }
    stf(means, j, c == 0 ? 0 : s / <f64>c);
    store<u8>(complete + j, c == n ? 1 : 0);
  }
  covariance(x, n, k, complete, means, cov);
  let maxDiag: f64 = 0;
  for (let j = 0; j < k; j++) maxDiag = Math.max(maxDiag, ldf(cov, j * k + j));
  let rank = 0;
  for (let j = 0; j < k; j++) {
    let d = ldf(cov, j * k + j);
    for (let t = 0; t < j; t++) if (load<i32>(keep + (<usize>t << 2))) d -= ldf(lower, j * k + t) * ldf(lower, j * k + t);
    const ok = maxDiag > 0 && d > PIVOT_TOL * maxDiag;
    store<i32>(keep + (<usize>j << 2), ok ? 1 : 0);
    if (!ok) continue;
    rank++;
    const ljj = Math.sqrt(d);
    stf(lower, j * k + j, ljj);
    for (let r = j + 1; r < k; r++) {
      let s = ldf(cov, r * k + j);
      for (let t = 0; t < j; t++) if (load<i32>(keep + (<usize>t << 2))) s -= ldf(lower, r * k + t) * ldf(lower, j * k + t);
      stf(lower, r * k + j, s / ljj);
    }
  }
  const crit = rank > 0 ? chiSquareQuantile(confidence, <f64>rank) : NaN;
  // The kept directions in order and the factor's kept entries in the order the substitution reads them.
  const kept = take(<usize>k << 2);
  const packed = take(<usize>(((rank * (rank + 1)) >> 1) + 1) << 4);
  let r = 0;
  let at = packed;
  for (let j = 0; j < k; j++) {
    if (!load<i32>(keep + (<usize>j << 2))) continue;
    sti(kept, r++, j);
    for (let t = 0; t < j; t++) {
      if (!load<i32>(keep + (<usize>t << 2))) continue;
      v128.store(at, f64x2.splat(ldf(lower, j * k + t)));
      at += 16;
    }
    v128.store(at, f64x2.splat(ldf(lower, j * k + j)));
    at += 16;
  }
  const y = take(<usize>k << 5);
  const full = n & ~3;
  for (let i = 0; i < full; i += 4) d2Block(x, n, i, k, means, kept, rank, packed, y, crit, outD2, outFlag);
  if (full < n) {
    // The last rows run through the same block as a 4-row matrix padded with missing rows.
    const tail = take(<usize>k << 5);
    const tD2 = take(32);
    const tFlag = take(32);
    for (let j = 0; j < k; j++)
      for (let t = 0; t < 4; t++) stf(tail, j * 4 + t, full + t < n ? ldf(x, j * n + full + t) : NaN);
    d2Block(tail, 4, 0, k, means, kept, rank, packed, y, crit, tD2, tFlag);
    for (let t = 0; full + t < n; t++) {
      stf(outD2, full + t, ldf(tD2, t));
      stf(outFlag, full + t, ldf(tFlag, t));
    }
    release(tail);
    release(tD2);
    release(tFlag);
  }
  release(means);
  release(complete);
  release(cov);
  release(lower);
  release(keep);
  release(kept);
  release(packed);
  release(y);
  return rank;
}

/**
 * Even-odd consistency (careless >= 1.2: sign flipped so higher = more careless), -1..1. `factors`
 * holds nf i32 scale lengths over consecutive items. Per person, the odd-position and even-position
 * means of each scale are correlated across scales, Spearman-Brown corrected (2r / (1 + r), bounded
 * at -1) and negated. NaN with fewer than 2 usable scales or zero variance.
 */
export function evenodd(x: usize, n: i32, k: i32, factors: usize, nf: i32, out: usize): void {
  const odd = take(<usize>nf << 3);
  const even = take(<usize>nf << 3);
  for (let i = 0; i < n; i++) {
    let used = 0;
    let offset = 0;
    for (let f = 0; f < nf; f++) {
      const len = ldi(factors, f);
      let so: f64 = 0;
      let co = 0;
      let se: f64 = 0;
      let ce = 0;
      for (let t = 0; t < len && offset + t < k; t++) {
        const v = ldf(x, (offset + t) * n + i);
        if (isMissing(v)) continue;
        if ((t & 1) == 0) {
          so += v;
          co++;
        } else {
          se += v;
          ce++;
        }
      }
      offset += len;
      if (co > 0 && ce > 0) {
        stf(odd, used, so / <f64>co);
        stf(even, used, se / <f64>ce);
        used++;
      }
    }
    if (used < 2) {
      stf(out, i, NaN);
      continue;
    }
    const r = corr(odd, even, used);
    if (r != r) {
      stf(out, i, NaN);
      continue;
    }
    let sb = (2 * r) / (1 + r);
    if (!(sb >= -1)) sb = -1;
    stf(out, i, -sb);
  }
  release(odd);
  release(even);
}

/**
 * Psychometric synonyms (anto = 0, pairs with sample correlation > crit) or antonyms (anto = 1, pairs
 * with correlation < -crit). Per person: the correlation of the two answer columns over the pairs that
 * person completed; NaN with fewer than 3 complete pairs or zero variance. Returns the pair count.
 */
export function psychsyn(x: usize, n: i32, k: i32, crit: f64, anto: i32, out: usize): i32 {
  const pairs = take(<usize>(k * k) << 3);
  let np = 0;
  for (let a = 0; a < k; a++) {
    for (let b = a + 1; b < k; b++) {
      pairCov(x + ((<usize>a * <usize>n) << 3), x + ((<usize>b * <usize>n) << 3), n);
      const r = pairCorr;
      if (r != r) continue;
      if ((anto == 0 && r > crit) || (anto != 0 && r < -crit)) {
        store<i32>(pairs + (<usize>np << 3), a);
        store<i32>(pairs + (<usize>np << 3) + 4, b);
        np++;
      }
    }
  }
  const u = take(<usize>np << 3);
  const v = take(<usize>np << 3);
  for (let i = 0; i < n; i++) {
    let m = 0;
    for (let p = 0; p < np; p++) {
      const a = load<i32>(pairs + (<usize>p << 3));
      const b = load<i32>(pairs + (<usize>p << 3) + 4);
      const va = ldf(x, a * n + i);
      const vb = ldf(x, b * n + i);
      if (isMissing(va) || isMissing(vb)) continue;
      stf(u, m, va);
      stf(v, m, vb);
      m++;
    }
    stf(out, i, m < 3 ? NaN : corr(u, v, m));
  }
  release(pairs);
  release(u);
  release(v);
  return np;
}

// Diagnostic indices of the R package `careless`. Shown in the UI, never part of the IBS.
// Missing answers (-999, NaN) are removed before run lengths and spreads are taken, keeping order.
import { isMissing, ldf, stf, ldi, take, release } from './mem';
import { chiSquareQuantile } from './stats';

/**
 * longstring (longest run of identical consecutive answers) and avgstr (mean run length) per row of a
 * column-major n x k matrix. NaN for rows without any valid answer.
 */
export function longstring(x: usize, n: i32, k: i32, outLong: usize, outAvg: usize): void {
  for (let i = 0; i < n; i++) {
    let longest = 0;
    let runs = 0;
    let valid = 0;
    let run = 0;
    let prev: f64 = NaN;
    for (let j = 0; j < k; j++) {
      const v = ldf(x, j * n + i);
      if (isMissing(v)) continue;
      valid++;
      if (run > 0 && v == prev) run++;
      else {
        if (run > 0) runs++;
        run = 1;
      }
      if (run > longest) longest = run;
      prev = v;
    }
    if (run > 0) runs++;
    stf(outLong, i, valid == 0 ? NaN : <f64>longest);
    stf(outAvg, i, valid == 0 ? NaN : <f64>valid / <f64>runs);
  }
}

/**
 * Intra-individual response variability: the standard deviation (n - 1) of each row's valid answers.
 * NaN with fewer than 2 valid answers.
 */
export function irv(x: usize, n: i32, k: i32, out: usize): void {
  for (let i = 0; i < n; i++) {
    let sum: f64 = 0;
    let cnt = 0;
    for (let j = 0; j < k; j++) {
      const v = ldf(x, j * n + i);
      if (isMissing(v)) continue;
      sum += v;
      cnt++;
    }
    if (cnt < 2) {
      stf(out, i, NaN);
      continue;
    }
    const mean = sum / <f64>cnt;
    let ss: f64 = 0;
    for (let j = 0; j < k; j++) {
      const v = ldf(x, j * n + i);
      if (isMissing(v)) continue;
      ss += (v - mean) * (v - mean);
    }
    stf(out, i, Math.sqrt(ss / <f64>(cnt - 1)));
  }
}

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
  const cov = take(<usize>(k * k) << 3);
  const lower = take(<usize>(k * k) << 3);
  const keep = take(<usize>k << 2);
  const z = take(<usize>k << 3);
  const y = take(<usize>k << 3);
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
  }
  for (let a = 0; a < k; a++) {
    for (let b = 0; b <= a; b++) {
      let v = pairCov(x + ((<usize>a * <usize>n) << 3), x + ((<usize>b * <usize>n) << 3), n);
      if (v != v) v = 0;
      stf(cov, a * k + b, v);
      stf(cov, b * k + a, v);
    }
  }
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
  for (let i = 0; i < n; i++) {
    let valid = 0;
    for (let j = 0; j < k; j++) {
      const v = ldf(x, j * n + i);
      if (isMissing(v)) stf(z, j, 0);
      else {
        stf(z, j, v - ldf(means, j));
        valid++;
      }
    }
    if (valid == 0) {
      stf(outD2, i, NaN);
      stf(outFlag, i, NaN);
      continue;
    }
    let d2: f64 = 0;
    for (let j = 0; j < k; j++) {
      if (!load<i32>(keep + (<usize>j << 2))) continue;
      let s = ldf(z, j);
      for (let t = 0; t < j; t++) if (load<i32>(keep + (<usize>t << 2))) s -= ldf(lower, j * k + t) * ldf(y, t);
      const yj = s / ldf(lower, j * k + j);
      stf(y, j, yj);
      d2 += yj * yj;
    }
    stf(outD2, i, d2);
    stf(outFlag, i, crit == crit && d2 > crit ? 1 : 0);
  }
  release(means);
  release(cov);
  release(lower);
  release(keep);
  release(z);
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

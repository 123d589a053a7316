// Reference of the consistency score (see scoring/README.md "Consistency score"): a robust
// Mahalanobis distance per item battery, calibrated on the sample and mapped to 0..100. Written as
// plain loops in the same operation order as the WASM kernels (scoring/assembly/consistency*.ts),
// so that both produce the same doubles: the fit in double precision, the row distances from
// integer answers and weights (exact sums) and single-precision sums of squares, which the
// reference reproduces with Math.fround (correct for +, -, * of floats: double rounding is
// innocuous when the wider format has at least 2p + 2 bits). The constants and the map from D² to
// the score are in reference-consistency-map.ts, re-exported here.
import { chiSquareQuantile, isMissing } from './reference-core.ts';
import type { ColumnMajor } from './types.ts';
import {
  CONSISTENCY,
  calibrateScores,
  consistencyScoreOf,
  d2AtScore,
  zOfD2,
  type Calibration,
} from './reference-consistency-map.ts';
import { calibrateSections, sectionScoreOf, sectionStatistic } from './reference-consistency-section.ts';

export {
  CONSISTENCY,
  calibrateScores,
  consistencyScoreOf,
  cubeRoot,
  d2AtScore,
  d2AtZ,
  zOfD2,
  type Calibration,
} from './reference-consistency-map.ts';

/** The fitted model of one grid. */
export interface ConsistencyFit {
  /** False when the sample was too small or without variation: the grid gives no consistency. */
  fitted: boolean;
  /** Complete interviews the fit used. */
  sample: number;
  /** Covariance rank = degrees of freedom of the grid's D². */
  rank: number;
  /** Interviews in the reweighted core the final covariance comes from. */
  core: number;
  /** Location (f32 values). */
  mean: Float64Array;
  /** Answer scale B and weight scale A (powers of two) of the integer form. */
  zScale: number;
  wScale: number;
  /**
   * The inverse Cholesky factor scaled by the calibration, as integers round(w 2^A): row-major lower
   * triangle, k rows of kp = k rounded up to even (zero above the diagonal and in the padding).
   */
  wq: Int16Array;
  /** Degrees of freedom of the covariance estimate: core - rank (Paulson's nu2). */
  nu2: number;
  /** Calibration of the grid's own normal scores on the whole sample's final distances. */
  calibration: Calibration;
  /** D² above which the grid's own score falls below `labelBelow` (the 'Inconsistent' label). */
  labelCut: number;
}

/**
 * Integer form of the distances (scoring/assembly/consistency-fit.ts): answers zq = round((f32(v) -
 * mean) 2^B) clamped to +-32767, B the largest power keeping every answer of the scale (of the sample,
 * without bounds) within 16384; weights wq = round(w 2^A), A the largest power keeping every row's
 * sum of |wq| within 65535 - k and every |wq| within 32766, so that sum_t wq zq stays an exact i32.
 */
const ZQ_MAX = 32767,
  ZQ_FIT = 16384,
  WQ_SUM = 65535,
  WQ_MAX = 32766;

/** Largest integer e in [-30, 30] with x 2^e <= limit (0 for x <= 0). */
function scaleFor(x: number, limit: number): number {
  if (!(x > 0)) return 0;
  let e = 0;
  while (e > -30 && x * 2 ** e > limit) e--;
  while (e < 30 && x * 2 ** (e + 1) <= limit) e++;
  return e;
}

/** Integer answer of a valid code v for an item with mean `mean` (an f32 value) at answer scale zs = 2^B. */
export function quantiseAnswer(v: number, mean: number, zs: number): number {
  const q = Math.floor((Math.fround(v) - mean) * zs + 0.5);
  return q > ZQ_MAX ? ZQ_MAX : q < -ZQ_MAX ? -ZQ_MAX : q;
}

/** An answer the measure uses: present, inside the scale and at most 2^24 in magnitude. */
const validCode = (v: number, low: number, high: number) =>
  !isMissing(v) && v >= low && v <= high && Math.abs(v) <= CONSISTENCY.maxCode;

const minSampleFor = (k: number) => Math.max(CONSISTENCY.minSample, CONSISTENCY.perItem * k);

/** Mean and covariance (n - 1) of the flagged rows of a row-major m x k block; lower triangle. */
function meanCov(a: Float64Array, m: number, k: number, flag: Uint8Array, mu: Float64Array, cov: Float64Array): number {
  let cnt = 0;
  for (let j = 0; j < k; j++) mu[j] = 0;
  for (let i = 0; i < m; i++) {
    if (!flag[i]) continue;
    cnt++;
    for (let j = 0; j < k; j++) mu[j]! += a[i * k + j]!;
  }
  for (let j = 0; j < k; j++) mu[j] = mu[j]! / cnt;
  for (let p = 0; p < k * k; p++) cov[p] = 0;
  for (let i = 0; i < m; i++) {
    if (!flag[i]) continue;
    for (let r = 0; r < k; r++) {
      const dr = a[i * k + r]! - mu[r]!;
      for (let c = 0; c <= r; c++) cov[r * k + c]! += dr * (a[i * k + c]! - mu[c]!);
    }
  }
  for (let r = 0; r < k; r++) for (let c = 0; c <= r; c++) cov[r * k + c] = cov[r * k + c]! / (cnt - 1);
  return cnt;
}

/**
 * Inverse of the pivoted Cholesky factor of a covariance (lower triangle): w = L^-1 on the kept
 * directions, zero rows and columns elsewhere (a constant or collinear item adds nothing). Returns the rank.
 */
function inverseCholesky(cov: Float64Array, k: number, w: Float64Array, lower: Float64Array, keep: Uint8Array): number {
  let maxDiag = 0;
  for (let j = 0; j < k; j++) maxDiag = Math.max(maxDiag, cov[j * k + j]!);
  let rank = 0;
  for (let p = 0; p < k * k; p++) {
    lower[p] = 0;
    w[p] = 0;
  }
  for (let j = 0; j < k; j++) {
    let d = cov[j * k + j]!;
    for (let t = 0; t < j; t++) if (keep[t]) d -= lower[j * k + t]! * lower[j * k + t]!;
    const ok = maxDiag > 0 && d > CONSISTENCY.pivotTolerance * maxDiag;
    keep[j] = ok ? 1 : 0;
    if (!ok) continue;
    rank++;
    const ljj = Math.sqrt(d);
    lower[j * k + j] = ljj;
    for (let r = j + 1; r < k; r++) {
      let s = cov[r * k + j]!;
      for (let t = 0; t < j; t++) if (keep[t]) s -= lower[r * k + t]! * lower[j * k + t]!;
      lower[r * k + j] = s / ljj;
    }
  }
  // Forward substitution, column by column: w_cc = 1 / l_cc, w_jc = -(sum_{c <= t < j} l_jt w_tc) / l_jj.
  for (let c = 0; c < k; c++) {
    if (!keep[c]) continue;
    w[c * k + c] = 1 / lower[c * k + c]!;
    for (let j = c + 1; j < k; j++) {
      if (!keep[j]) continue;
      let s = 0;
      for (let t = c; t < j; t++) if (keep[t]) s += lower[j * k + t]! * w[t * k + c]!;
      w[j * k + c] = -s / lower[j * k + j]!;
    }
  }
  return rank;
}

/** D² (double precision) of every row of the block under mean mu and inverse factor w. */
function distances(
  a: Float64Array,
  m: number,
  k: number,
  mu: Float64Array,
  w: Float64Array,
  z: Float64Array,
  out: Float64Array,
): void {
  for (let i = 0; i < m; i++) {
    for (let t = 0; t < k; t++) z[t] = a[i * k + t]! - mu[t]!;
    let d = 0;
    for (let j = 0; j < k; j++) {
      let y = 0;
      for (let t = 0; t <= j; t++) y += w[j * k + t]! * z[t]!;
      d += y * y;
    }
    out[i] = d;
  }
}

/** Median of the flagged values (mean of the two middle ones for an even count). */
function flaggedMedian(d: Float64Array, m: number, flag: Uint8Array | null): number {
  const v: number[] = [];
  for (let i = 0; i < m; i++) if (!flag || flag[i]) v.push(d[i]!);
  v.sort((x, y) => x - y);
  const h = v.length >> 1;
  return v.length % 2 ? v[h]! : (v[h - 1]! + v[h]!) * 0.5;
}

/**
 * Robust fit of one grid (a reweighted minimum covariance determinant estimate). Interviews that
 * answered every item of the grid inside the scale form the sample (at most sampleLimit, in runs
 * evenly spread over the file); C-steps on at most searchLimit of them (evenly spread) go from the classical estimate to the
 * h = (m + rank + 1) / 2 rows of smallest distance (ties: earlier row first) until the subset repeats;
 * the h-subset's median distance calibrates that raw estimate against its chi-square quantile; then
 * the whole sample is reweighted: the rows within the raw 97.5 % quantile give the next mean and
 * covariance, calibrated again by their median distance, whose 97.5 % quantile gives the next rows,
 * until they repeat (at most reweightSteps times).
 */
export function fitConsistency(m: ColumnMajor, lo = Number.NaN, hi = Number.NaN): ConsistencyFit {
  const { rows: n, cols: k, data } = m;
  const low = Number.isNaN(lo) ? -Infinity : lo,
    high = Number.isNaN(hi) ? Infinity : hi;
  const unfitted = (sample: number): ConsistencyFit => ({
    fitted: false,
    sample,
    rank: 0,
    core: 0,
    nu2: 0,
    calibration: { centre: 0, spread: 1 },
    labelCut: Infinity,
    mean: new Float64Array(k),
    zScale: 0,
    wScale: 0,
    wq: new Int16Array(k * (k + (k & 1))),
  });
  const take = Math.min(n, CONSISTENCY.sampleLimit);
  const rows: number[] = [];
  for (let t = 0; t < take; t++) {
    const i = sampleRow(t, n);
    let complete = true;
    for (let j = 0; j < k && complete; j++) {
      const v = data[j * n + i]!;
      if (!validCode(v, low, high)) complete = false;
    }
    if (complete) rows.push(i);
  }
  const cnt = rows.length;
  if (k === 0 || cnt < minSampleFor(k)) return unfitted(cnt);
  const a = new Float64Array(cnt * k);
  rows.forEach((i, r) => {
    for (let j = 0; j < k; j++) a[r * k + j] = data[j * n + i]!;
  });
  // The C-steps run on the search sample: at most searchLimit rows of the sample, evenly spread.
  const m2 = Math.min(cnt, CONSISTENCY.searchLimit);
  const s2 = new Float64Array(m2 * k);
  for (let t = 0; t < m2; t++) {
    const r = cnt <= CONSISTENCY.searchLimit ? t : Math.floor((t * cnt) / CONSISTENCY.searchLimit);
    for (let j = 0; j < k; j++) s2[t * k + j] = a[r * k + j]!;
  }
  const mu = new Float64Array(k),
    cov = new Float64Array(k * k),
    w = new Float64Array(k * k),
    lower = new Float64Array(k * k);
  const keep = new Uint8Array(k),
    z = new Float64Array(k),
    d = new Float64Array(cnt),
    d2 = new Float64Array(m2);
  let sel: Uint8Array = new Uint8Array(m2).fill(1);
  meanCov(s2, m2, k, sel, mu, cov);
  let rank = inverseCholesky(cov, k, w, lower, keep);
  if (rank === 0) return unfitted(cnt);
  const h = (m2 + rank + 1) >> 1;
  for (let step = 0; step < CONSISTENCY.maxSteps; step++) {
    distances(s2, m2, k, mu, w, z, d2);
    const next = smallest(d2, m2, h);
    if (step > 0 && next.every((f, i) => f === sel[i])) break;
    sel = next;
    meanCov(s2, m2, k, sel, mu, cov);
    rank = inverseCholesky(cov, k, w, lower, keep);
    if (rank === 0) return unfitted(cnt);
  }
  // Raw calibration on the search sample, then the reweighting over the whole sample.
  distances(s2, m2, k, mu, w, z, d2);
  const c = flaggedMedian(d2, m2, sel) / chiSquareQuantile((0.5 * h) / m2, rank);
  if (!(c > 0)) return unfitted(cnt);
  distances(a, cnt, k, mu, w, z, d);
  // Reweighting until the rows inside stop changing: one step from the raw fit lands wherever the
  // C-steps ended, and with careless rows in the file they end elsewhere than without them.
  let inside = new Uint8Array(cnt);
  let scale = c;
  let core = 0;
  let c2 = 0;
  for (let step = 0; step < CONSISTENCY.reweightSteps; step++) {
    const cut = chiSquareQuantile(CONSISTENCY.reweight, rank) * scale;
    const next = new Uint8Array(cnt);
    core = 0;
    for (let i = 0; i < cnt; i++) {
      next[i] = d[i]! <= cut ? 1 : 0;
      core += next[i]!;
    }
    if (core <= rank) return unfitted(cnt);
    if (step > 0 && next.every((f, i) => f === inside[i])) break;
    inside = next;
    meanCov(a, cnt, k, inside, mu, cov);
    rank = inverseCholesky(cov, k, w, lower, keep);
    if (rank === 0) return unfitted(cnt);
    distances(a, cnt, k, mu, w, z, d);
    c2 = flaggedMedian(d, cnt, inside) / chiSquareQuantile(0.5 * CONSISTENCY.reweight, rank);
    if (!(c2 > 0)) return unfitted(cnt);
    scale = c2;
  }
  const s = 1 / Math.sqrt(c2);
  const calibration = calibrateScores(Array.from(d, (v) => zOfD2(v / c2, rank, core - rank)));
  const mean = Float64Array.from(mu, (v) => Math.fround(v));
  let zmax = 0;
  for (let j = 0; j < k; j++) {
    if (!Number.isNaN(lo) && !Number.isNaN(hi))
      zmax = Math.max(zmax, Math.max(Math.abs(lo - mean[j]!), Math.abs(hi - mean[j]!)));
    else for (let i = 0; i < cnt; i++) zmax = Math.max(zmax, Math.abs(Math.fround(a[i * k + j]!) - mean[j]!));
  }
  const zScale = scaleFor(zmax, ZQ_FIT);
  let rowMax = 0,
    wMax = 0;
  for (let j = 0; j < k; j++) {
    let sum = 0;
    for (let c = 0; c <= j; c++) {
      const v = Math.abs(w[j * k + c]! * s);
      sum += v;
      wMax = Math.max(wMax, v);
    }
    rowMax = Math.max(rowMax, sum);
  }
  const wScale = Math.min(scaleFor(rowMax, WQ_SUM - k), scaleFor(wMax, WQ_MAX));
  const kp = k + (k & 1);
  const wq = new Int16Array(k * kp);
  for (let j = 0; j < k; j++)
    for (let c = 0; c <= j; c++) wq[j * kp + c] = Math.floor(w[j * k + c]! * s * 2 ** wScale + 0.5);
  return {
    fitted: true,
    sample: cnt,
    rank,
    core,
    nu2: core - rank,
    calibration,
    labelCut: d2AtScore(CONSISTENCY.labelBelow, rank, core - rank, calibration),
    mean,
    zScale,
    wScale,
    wq,
  };
}

/**
 * Row of sample slot t of an n-row file: t itself up to sampleLimit rows, else row floor(b n /
 * sampleBlocks) + r of run b = t / 16, r = t % 16.
 */
export function sampleRow(t: number, n: number): number {
  const limit = CONSISTENCY.sampleLimit;
  const run = limit / CONSISTENCY.sampleBlocks;
  return n <= limit ? t : Math.floor((Math.floor(t / run) * n) / CONSISTENCY.sampleBlocks) + (t % run);
}

/** Flags of the h smallest values (ties: earlier index first). */
function smallest(d: Float64Array, m: number, h: number): Uint8Array {
  const order = Array.from({ length: m }, (_, i) => i).sort((x, y) => d[x]! - d[y]! || x - y);
  const flag = new Uint8Array(m);
  for (let t = 0; t < h; t++) flag[order[t]!] = 1;
  return flag;
}

/**
 * D² of every interview under a fit, as the WASM kernels compute it: y_j = sum_t wq_jt zq_t exactly
 * (integers), D² = 2^-2(A+B) sum_j y_j^2 summed in single precision in order of j; NaN with fewer than
 * 5 valid answers (missing and out-of-scale answers have zq = 0: no deviation).
 */
export function rowDistances(fit: ConsistencyFit, m: ColumnMajor, lo = Number.NaN, hi = Number.NaN): Float64Array {
  const { rows: n, cols: k, data } = m;
  const low = Number.isNaN(lo) ? -Infinity : lo,
    high = Number.isNaN(hi) ? Infinity : hi;
  const out = new Float64Array(n).fill(Number.NaN);
  if (!fit.fitted) return out;
  const f = Math.fround;
  const kp = k + (k & 1);
  const zs = 2 ** fit.zScale;
  const scale = f(2 ** (-2 * (fit.zScale + fit.wScale)));
  const z = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    let valid = 0;
    for (let t = 0; t < k; t++) {
      const v = data[t * n + i]!;
      if (!validCode(v, low, high)) z[t] = 0;
      else {
        z[t] = quantiseAnswer(v, fit.mean[t]!, zs);
        valid++;
      }
    }
    if (valid < CONSISTENCY.minAnswers) continue;
    let d = 0;
    for (let j = 0; j < k; j++) {
      let y = 0;
      for (let t = 0; t <= j; t++) y += fit.wq[j * kp + t]! * z[t]!;
      const yf = f(y);
      d = f(d + f(yf * yf));
    }
    out[i] = f(d * scale);
  }
  return out;
}

/** Sum of an interview's D² over its fitted grids, their ranks and the smallest nu2 (grid order). */
function interviewSum(
  fits: readonly Pick<ConsistencyFit, 'fitted' | 'rank' | 'nu2'>[],
  d2: readonly Float64Array[],
  i: number,
) {
  let sum = 0,
    df = 0,
    nu2 = Infinity,
    dp = 0;
  fits.forEach((f, g) => {
    const v = d2[g]![i]!;
    if (!f.fitted || Number.isNaN(v)) return;
    sum += v;
    df += f.rank;
    nu2 = Math.min(nu2, f.nu2);
    dp++;
  });
  return { sum, df, nu2, dp };
}

/**
 * Calibration of the interviews' normal scores: over the rows the fit samples (sampleRow), the normal
 * score of each row's D² summed over its fitted grids.
 */
export function calibrateInterviews(
  fits: readonly Pick<ConsistencyFit, 'fitted' | 'rank' | 'nu2'>[],
  d2: readonly Float64Array[],
  n: number,
): Calibration {
  const z: number[] = [];
  for (let t = 0; t < Math.min(n, CONSISTENCY.sampleLimit); t++) {
    const { sum, df, nu2 } = interviewSum(fits, d2, sampleRow(t, n));
    if (df > 0) z.push(zOfD2(sum, df, nu2));
  }
  return calibrateScores(z);
}

/** The grid's own score and the interview's (the lower of the sum's and its end sections', see the README). */
export function aggregateConsistency(
  fits: readonly ConsistencyFit[],
  d2: readonly Float64Array[],
  n: number,
): { score: Float64Array; dataPoints: Float64Array; grids: Float64Array[] } {
  const score = new Float64Array(n).fill(Number.NaN),
    dataPoints = new Float64Array(n);
  const grids = fits.map((f, g) =>
    Float64Array.from(d2[g]!, (v) => consistencyScoreOf(v, f.rank, f.nu2, f.calibration)),
  );
  const cal = calibrateInterviews(fits, d2, n);
  const rows = Array.from({ length: Math.min(n, CONSISTENCY.sampleLimit) }, (_, t) => sampleRow(t, n));
  const sections = { whole: cal, ratio: calibrateSections(fits, d2, rows) };
  for (let i = 0; i < n; i++) {
    const { sum, df, nu2, dp } = interviewSum(fits, d2, i);
    dataPoints[i] = dp;
    if (dp) score[i] = consistencyScoreOf(sum, df, nu2, cal);
    if (dp >= 2 && sections.ratio.centre < Infinity)
      score[i] = Math.min(score[i]!, sectionScoreOf(sectionStatistic(fits, d2, i, sections)));
  }
  return { score, dataPoints, grids };
}

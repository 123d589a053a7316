// Consistency score (scoring/README.md, "Consistency score"), part 1: the robust fit of one item
// battery. A reweighted minimum covariance determinant estimate (C-steps from the classical
// estimate, calibration, reweighting until the rows inside repeat) over the interviews that answered every item inside
// the scale, written into a model block that the row kernels (consistency.ts, grid-simd16.ts) read.
// scoring/reference-consistency.ts is the same computation in TypeScript; the operation order is
// kept identical so the doubles agree.
import { ldf, stf, take, release } from './mem';
import { chiSquareQuantile, medianInPlace, selectKth } from './stats';
import { calibrateScores, d2AtScore, zOfD2 } from './consistency-map';

/**
 * The fit uses every interview up to this many, else this many in SAMPLE_BLOCKS runs of consecutive
 * rows evenly spread over the file (a run shares cache lines: single rows far apart would each cost
 * a cache miss per answer on a large file).
 */
export const SAMPLE_LIMIT: i32 = 2048;
export const SAMPLE_BLOCKS: i32 = 128;
/** The C-steps search the robust core among at most this many of them (evenly spread). */
export const SEARCH_LIMIT: i32 = 1000;
/** Minimum complete interviews: max(MIN_SAMPLE, PER_ITEM x items). */
export const MIN_SAMPLE: i32 = 50;
export const PER_ITEM: i32 = 10;
/** A grid is scored for an interview with at least this many valid answers (as the grid score). */
export const MIN_ANSWERS: i32 = 5;
const MAX_STEPS: i32 = 20;
const REWEIGHT: f64 = 0.975;
/** Most reweighting steps (until the rows inside repeat). */
const REWEIGHT_STEPS: i32 = 10;
const PIVOT_TOL: f64 = 1e-7;
/** Answers beyond this magnitude count as missing: single precision holds whole numbers only up to 2^24. */
export const MAX_CODE: f64 = 16777216;
/** A grid whose own score is below this is labelled Inconsistent. */
const LABEL_BELOW: f64 = 40;

// Model block (f64 slots, then i16): fitted, sample, core, rank, nu2, label cut, answer scale B,
// weight scale A, calibration centre and spread of the grid's normal scores, mean[k], then the
// integer weights wq[k][kp] (kp = k rounded up to even).
export const M_FITTED: i32 = 0;
export const M_SAMPLE: i32 = 1;
export const M_CORE: i32 = 2;
export const M_RANK: i32 = 3;
export const M_NU2: i32 = 4;
export const M_CUT: i32 = 5;
export const M_ZSCALE: i32 = 6;
export const M_WSCALE: i32 = 7;
export const M_CENTRE: i32 = 8;
export const M_SPREAD: i32 = 9;
export const M_MEAN: i32 = 10;

/** Items rounded up to an even count: the weights are read in pairs of items. */
// @ts-ignore: decorator
@inline
export function evenItems(k: i32): i32 {
  return k + (k & 1);
}

/** Bytes of the model block of a k-item grid. */
export function consistencyModelBytes(k: i32): i32 {
  return (M_MEAN + k) * 8 + k * evenItems(k) * 2;
}

/**
 * Integer form of the distances. Answers become zq = round((f32(v) - mean) 2^B), clamped to
 * +-ZQ_MAX, with B the largest power that keeps every answer of the scale (or of the sample, without
 * bounds) within ZQ_FIT; weights become wq = round(w 2^A) with A the largest power that keeps every row's
 * sum of |wq| within WQ_SUM, so that sum_t wq zq never leaves i32. Products and sums are then exact
 * integers (pairs of them per i32x4.dot_i16x8_s), only y^2 is summed in single precision.
 */
export const ZQ_MAX: f64 = 32767;
const ZQ_FIT: f64 = 16384;
const WQ_SUM: f64 = 65535;
const WQ_MAX: f64 = 32766;

/** Whether a model block holds a fit. */
export function modelFitted(model: usize): bool {
  return ldf(model, M_FITTED) != 0;
}

/** Address of the i16 weights (row-major lower triangle, k x kp) inside a model block. */
// @ts-ignore: decorator
@inline
export function modelWeights(model: usize, k: i32): usize {
  return model + (<usize>(M_MEAN + k) << 3);
}

/** 2^e exactly (|e| < 1000), from the exponent bits. */
// @ts-ignore: decorator
@inline
export function pow2(e: i32): f64 {
  return reinterpret<f64>(<u64>(1023 + e) << 52);
}

/** Largest integer e in [-30, 30] with x 2^e <= limit (0 for x <= 0). */
function scaleFor(x: f64, limit: f64): i32 {
  if (!(x > 0)) return 0;
  let e = 0;
  while (e > -30 && x * pow2(e) > limit) e--;
  while (e < 30 && x * pow2(e + 1) <= limit) e++;
  return e;
}

/** Integer answer of a valid code v for an item with mean `mean` (an f32 value) at answer scale 2^zs. */
// @ts-ignore: decorator
@inline
export function quantiseAnswer(v: f64, mean: f64, zs: f64): i32 {
  const q = Math.floor((<f64><f32>v - mean) * zs + 0.5);
  return <i32>(q > ZQ_MAX ? ZQ_MAX : q < -ZQ_MAX ? -ZQ_MAX : q);
}

// @ts-ignore: decorator
@inline
export function validCode(v: f64, lo: f64, hi: f64): bool {
  return !(v != v) && v != -999 && v >= lo && v <= hi && Math.abs(v) <= MAX_CODE;
}

/**
 * Mean and covariance (n - 1, lower triangle) of the flagged rows of a row-major m x k block; returns
 * the count. Two columns per f64x2: every element is still summed over the rows in row order, so the
 * doubles equal the scalar loops of the reference. `dz` is scratch for k + 1 doubles.
 */
function meanCov(a: usize, m: i32, k: i32, flag: usize, mu: usize, cov: usize, dz: usize): i32 {
  let cnt = 0;
  memory.fill(mu, 0, <usize>k << 3);
  const pairs = k & ~1;
  for (let i = 0; i < m; i++) {
    if (!load<u8>(flag + <usize>i)) continue;
    cnt++;
    const row = a + (<usize>(i * k) << 3);
    let j = 0;
    for (; j < pairs; j += 2) v128.store(mu + (<usize>j << 3), f64x2.add(v128.load(mu + (<usize>j << 3)), v128.load(row + (<usize>j << 3))));
    if (j < k) stf(mu, j, ldf(mu, j) + ldf(row, j));
  }
  for (let j = 0; j < k; j++) stf(mu, j, ldf(mu, j) / <f64>cnt);
  memory.fill(cov, 0, <usize>(k * k) << 3);
  stf(dz, k, 0);
  for (let i = 0; i < m; i++) {
    if (!load<u8>(flag + <usize>i)) continue;
    const row = a + (<usize>(i * k) << 3);
    for (let c = 0; c < k; c++) stf(dz, c, ldf(row, c) - ldf(mu, c));
    for (let r = 0; r < k; r++) {
      // Row r of the lower triangle, c = 0..r, two at a time; an odd r + 1 adds one element past the
      // diagonal (column r + 1 of row r), which is never read and is cleared below.
      const dr = f64x2.splat(ldf(dz, r));
      const cr = cov + (<usize>(r * k) << 3);
      for (let c = 0; c <= r; c += 2) {
        const at = <usize>c << 3;
        v128.store(cr + at, f64x2.add(v128.load(cr + at), f64x2.mul(dr, v128.load(dz + at))));
      }
    }
  }
  for (let r = 0; r < k; r++) {
    for (let c = 0; c <= r; c++) stf(cov, r * k + c, ldf(cov, r * k + c) / <f64>(cnt - 1));
    if (r + 1 < k) stf(cov, r * k + r + 1, 0);
  }
  return cnt;
}

/**
 * Inverse of the pivoted Cholesky factor of a covariance (lower triangle): w = L^-1 on the kept
 * directions, zero elsewhere (a constant or collinear item adds nothing). Returns the rank.
 */
function inverseCholesky(cov: usize, k: i32, w: usize, lower: usize, keep: usize): i32 {
  let maxDiag: f64 = 0;
  for (let j = 0; j < k; j++) maxDiag = Math.max(maxDiag, ldf(cov, j * k + j));
  let rank = 0;
  memory.fill(lower, 0, <usize>(k * k) << 3);
  memory.fill(w, 0, <usize>(k * k) << 3);
  for (let j = 0; j < k; j++) {
    let d = ldf(cov, j * k + j);
    for (let t = 0; t < j; t++) if (load<u8>(keep + <usize>t)) d -= ldf(lower, j * k + t) * ldf(lower, j * k + t);
    const ok = maxDiag > 0 && d > PIVOT_TOL * maxDiag;
    store<u8>(keep + <usize>j, ok ? 1 : 0);
    if (!ok) continue;
    rank++;
    const ljj = Math.sqrt(d);
    stf(lower, j * k + j, ljj);
    for (let r = j + 1; r < k; r++) {
      let s = ldf(cov, r * k + j);
      for (let t = 0; t < j; t++) if (load<u8>(keep + <usize>t)) s -= ldf(lower, r * k + t) * ldf(lower, j * k + t);
      stf(lower, r * k + j, s / ljj);
    }
  }
  for (let c = 0; c < k; c++) {
    if (!load<u8>(keep + <usize>c)) continue;
    stf(w, c * k + c, 1 / ldf(lower, c * k + c));
    for (let j = c + 1; j < k; j++) {
      if (!load<u8>(keep + <usize>j)) continue;
      let s: f64 = 0;
      for (let t = c; t < j; t++) if (load<u8>(keep + <usize>t)) s += ldf(lower, j * k + t) * ldf(w, t * k + c);
      stf(w, j * k + c, -s / ldf(lower, j * k + j));
    }
  }
  return rank;
}

/**
 * D² (double precision) of every row under mean mu and inverse factor w, two rows per f64x2 from the
 * column-major copy `t` (k columns of `pitch` >= m + 1 rows; the row past m is padding): per lane the
 * operations of the reference's scalar loop. `z` is scratch for k f64x2.
 */
function distances(t: usize, pitch: i32, m: i32, k: i32, mu: usize, w: usize, z: usize, out: usize): void {
  for (let i = 0; i < m; i += 2) {
    for (let c = 0; c < k; c++) {
      v128.store(z + (<usize>c << 4), f64x2.sub(v128.load(t + ((<usize>c * <usize>pitch + <usize>i) << 3)), f64x2.splat(ldf(mu, c))));
    }
    let d = f64x2.splat(0);
    for (let j = 0; j < k; j++) {
      const wr = w + (<usize>(j * k) << 3);
      let y = f64x2.splat(0);
      for (let c = 0; c <= j; c++) y = f64x2.add(y, f64x2.mul(v128.load64_splat(wr + (<usize>c << 3)), v128.load(z + (<usize>c << 4))));
      d = f64x2.add(d, f64x2.mul(y, y));
    }
    if (i + 1 < m) v128.store(out + (<usize>i << 3), d);
    else stf(out, i, f64x2.extract_lane(d, 0));
  }
}

/** Flags the h smallest of d[0..m) (ties: earlier index first); returns whether the flags changed. */
function flagSmallest(d: usize, m: i32, h: i32, flag: usize, scratch: usize): bool {
  memory.copy(scratch, d, <usize>m << 3);
  const cut = selectKth(scratch, m, h - 1);
  let below = 0;
  for (let i = 0; i < m; i++) if (ldf(d, i) < cut) below++;
  let ties = h - below;
  let changed = false;
  for (let i = 0; i < m; i++) {
    const v = ldf(d, i);
    let f: u8 = 0;
    if (v < cut) f = 1;
    else if (v == cut && ties > 0) {
      f = 1;
      ties--;
    }
    if (load<u8>(flag + <usize>i) != f) changed = true;
    store<u8>(flag + <usize>i, f);
  }
  return changed;
}

/** Median of the flagged values of d[0..m). */
function flaggedMedian(d: usize, m: i32, flag: usize, scratch: usize): f64 {
  let c = 0;
  for (let i = 0; i < m; i++) if (load<u8>(flag + <usize>i)) stf(scratch, c++, ldf(d, i));
  return medianInPlace(scratch, c);
}

/** Rows of an n-row file that the fit samples: min(n, SAMPLE_LIMIT). */
export function consistencySampleCount(n: i32): i32 {
  return min(n, SAMPLE_LIMIT);
}

/**
 * Row of sample slot t (0 <= t < consistencySampleCount(n)) of an n-row file: t itself up to
 * SAMPLE_LIMIT rows, else row floor(b n / SAMPLE_BLOCKS) + r of run b = t / 16, r = t % 16 (strictly
 * increasing in t). scoreChunked gathers these rows while the chunks pass and fits them as a file of
 * their own, which then uses all of them in this order: the same model.
 */
export function consistencySampleRow(t: i32, n: i32): i32 {
  const run = SAMPLE_LIMIT / SAMPLE_BLOCKS;
  return n <= SAMPLE_LIMIT ? t : <i32>Math.floor(<f64>(t / run) * <f64>n / <f64>SAMPLE_BLOCKS) + t % run;
}

/**
 * Fits one column-major n x k grid (`lo`/`hi` bound the valid codes, NaN = unbounded) into `model`
 * (consistencyModelBytes(k) bytes). Interviews that answered every item inside the scale form the
 * sample: all of them up to SAMPLE_LIMIT rows, else rows floor(b n / 128) + r (b < 128, r < 16).
 * Returns the rank (0 = not fitted: too small a sample, or no variation).
 */
export function consistencyFit(grid: usize, n: i32, k: i32, lo: f64, hi: f64, model: usize): i32 {
  const low = lo == lo ? lo : -Infinity;
  const high = hi == hi ? hi : Infinity;
  memory.fill(model, 0, <usize>consistencyModelBytes(k));
  const count = consistencySampleCount(n);
  const rows = take(<usize>max(count, 1) << 2);
  const complete = take(<usize>max(count, 1));
  for (let t = 0; t < count; t++) store<i32>(rows + (<usize>t << 2), consistencySampleRow(t, n));
  memory.fill(complete, 1, <usize>count);
  // Column by column: the rows of a large file are far apart, and a column read at a steady stride
  // is what the memory prefetcher can follow (row by row, every answer was a cache miss).
  for (let j = 0; j < k; j++) {
    const col = grid + (<usize>j * <usize>n << 3);
    for (let t = 0; t < count; t++) {
      if (!validCode(ldf(col, load<i32>(rows + (<usize>t << 2))), low, high)) store<u8>(complete + <usize>t, 0);
    }
  }
  let cnt = 0;
  for (let t = 0; t < count; t++) {
    if (load<u8>(complete + <usize>t)) store<i32>(rows + (<usize>cnt << 2), load<i32>(rows + (<usize>t << 2))), cnt++;
  }
  release(complete);
  stf(model, M_SAMPLE, <f64>cnt);
  if (k == 0 || cnt < max(MIN_SAMPLE, PER_ITEM * k)) {
    release(rows);
    return 0;
  }
  // The sample (all of it, for the reweighting) and the search sample (at most SEARCH_LIMIT of it,
  // evenly spread, for the C-steps), each row-major for the covariance and column-major for the distances.
  const all = sampleBlock(grid, n, k, rows, cnt, 1);
  release(rows);
  const m2 = min(cnt, SEARCH_LIMIT);
  const picks = take(<usize>m2 << 2);
  for (let t = 0; t < m2; t++) store<i32>(picks + (<usize>t << 2), cnt <= SEARCH_LIMIT ? t : <i32>Math.floor(<f64>t * <f64>cnt / <f64>SEARCH_LIMIT));
  const search = sampleBlock(all, cnt, k, picks, m2, 0);
  release(picks);
  const kk = <usize>(k * k) << 3;
  const mu = take(<usize>k << 3), cov = take(kk + 8), w = take(kk), lower = take(kk), keep = take(<usize>k);
  const z = take(<usize>k << 4), dz = take(<usize>(k + 2) << 3), d = take(<usize>cnt << 3), scratch = take(<usize>cnt << 3);
  const sel = take(<usize>m2), inside = take(<usize>cnt);
  memory.fill(sel, 1, <usize>m2);
  const sa = search, st = search + (<usize>(m2 * k) << 3);
  meanCov(sa, m2, k, sel, mu, cov, dz);
  let rank = inverseCholesky(cov, k, w, lower, keep);
  if (rank > 0) {
    const h = (m2 + rank + 1) >> 1;
    for (let step = 0; step < MAX_STEPS; step++) {
      distances(st, m2 + 1, m2, k, mu, w, z, d);
      const changed = flagSmallest(d, m2, h, sel, scratch);
      if (step > 0 && !changed) break;
      meanCov(sa, m2, k, sel, mu, cov, dz);
      rank = inverseCholesky(cov, k, w, lower, keep);
      if (rank == 0) break;
    }
    if (rank > 0) {
      // Raw calibration: the h-subset's median distance against its chi-square quantile.
      distances(st, m2 + 1, m2, k, mu, w, z, d);
      const c = flaggedMedian(d, m2, sel, scratch) / chiSquareQuantile(0.5 * <f64>h / <f64>m2, <f64>rank);
      const aa = all, at = all + (<usize>(cnt * k) << 3);
      rank = c > 0 ? reweight(aa, at, cnt, k, rank, c, mu, cov, w, lower, keep, z, dz, d, scratch, inside, model, lo, hi) : 0;
    }
  }
  release(all); release(search); release(mu); release(cov); release(w); release(lower); release(keep);
  release(z); release(dz); release(d); release(scratch); release(sel); release(inside);
  return rank;
}

/**
 * Rows of a matrix as one block: row-major (m x k), then column-major with one zero padding row
 * ((m + 1) x k). `fromGrid` = 1 reads rows idx[t] of the column-major n x k grid; 0 reads rows idx[t]
 * of another block's row-major part (n rows).
 */
function sampleBlock(src: usize, n: i32, k: i32, idx: usize, m: i32, fromGrid: i32): usize {
  const pitch = m + 1;
  const b = take(<usize>(m * k + pitch * k) << 3);
  const t = b + (<usize>(m * k) << 3);
  for (let j = 0; j < k; j++) {
    for (let r = 0; r < m; r++) {
      const i = load<i32>(idx + (<usize>r << 2));
      const v = fromGrid ? ldf(src, j * n + i) : ldf(src, i * k + j);
      stf(b, r * k + j, v);
      stf(t, j * pitch + r, v);
    }
  }
  for (let j = 0; j < k; j++) stf(t, j * pitch + m, 0);
  return b;
}

/**
 * Reweighting over the whole sample: the rows within the 97.5 % chi-square quantile of the raw fit
 * (calibrated by c) give the next mean and covariance, calibrated by their median distance, whose 97.5 %
 * quantile gives the next rows, until they repeat (at most REWEIGHT_STEPS times); writes the model
 * block and returns the final rank (0 = no fit).
 */
function reweight(
  a: usize, t: usize, cnt: i32, k: i32, rank: i32, c: f64, mu: usize, cov: usize, w: usize, lower: usize, keep: usize,
  z: usize, dz: usize, d: usize, scratch: usize, inside: usize, model: usize, lo: f64, hi: f64,
): i32 {
  distances(t, cnt + 1, cnt, k, mu, w, z, d);
  // Reweighting until the rows inside stop changing: one step from the raw fit lands wherever the
  // C-steps ended, and with careless rows in the file they end elsewhere than without them.
  let scale = c;
  let kept = 0;
  let c2: f64 = 0;
  for (let step = 0; step < REWEIGHT_STEPS; step++) {
    const cut = chiSquareQuantile(REWEIGHT, <f64>rank) * scale;
    kept = 0;
    let changed = step == 0;
    for (let i = 0; i < cnt; i++) {
      const f: u8 = ldf(d, i) <= cut ? 1 : 0;
      if (f != load<u8>(inside + <usize>i)) changed = true;
      store<u8>(inside + <usize>i, f);
      kept += <i32>f;
    }
    if (kept <= rank) return 0;
    if (!changed) break;
    meanCov(a, cnt, k, inside, mu, cov, dz);
    rank = inverseCholesky(cov, k, w, lower, keep);
    if (rank == 0) return 0;
    distances(t, cnt + 1, cnt, k, mu, w, z, d);
    c2 = flaggedMedian(d, cnt, inside, scratch) / chiSquareQuantile(0.5 * REWEIGHT, <f64>rank);
    if (!(c2 > 0)) return 0;
    scale = c2;
  }
  const s = 1 / Math.sqrt(c2);
  const core = kept;
  const nu2 = <f64>(core - rank);
  stf(model, M_FITTED, 1);
  stf(model, M_CORE, <f64>core);
  stf(model, M_RANK, <f64>rank);
  stf(model, M_NU2, nu2);
  // The grid's own calibration: the normal scores of the whole sample's final distances.
  for (let i = 0; i < cnt; i++) stf(scratch, i, zOfD2(ldf(d, i) / c2, <f64>rank, nu2));
  calibrateScores(scratch, cnt, model + (<usize>M_CENTRE << 3));
  stf(model, M_CUT, d2AtScore(LABEL_BELOW, <f64>rank, nu2, ldf(model, M_CENTRE), ldf(model, M_SPREAD)));
  for (let j = 0; j < k; j++) stf(model, M_MEAN + j, <f64><f32>ldf(mu, j));
  // Answer scale: the largest deviation an answer can have (the scale's ends, or the sample's).
  let zmax: f64 = 0;
  for (let j = 0; j < k; j++) {
    const mean = ldf(model, M_MEAN + j);
    if (lo == lo && hi == hi) zmax = Math.max(zmax, Math.max(Math.abs(lo - mean), Math.abs(hi - mean)));
    else for (let i = 0; i < cnt; i++) zmax = Math.max(zmax, Math.abs(<f64><f32>ldf(a, i * k + j) - mean));
  }
  const zs = scaleFor(zmax, ZQ_FIT);
  // Weight scale: rows of w s, each row's sum of |wq| within WQ_SUM (with room for rounding).
  let rowMax: f64 = 0;
  let wMax: f64 = 0;
  for (let j = 0; j < k; j++) {
    let sum: f64 = 0;
    for (let c = 0; c <= j; c++) {
      const v = Math.abs(ldf(w, j * k + c) * s);
      sum += v;
      wMax = Math.max(wMax, v);
    }
    rowMax = Math.max(rowMax, sum);
  }
  const ws = min(scaleFor(rowMax, WQ_SUM - <f64>k), scaleFor(wMax, WQ_MAX));
  stf(model, M_ZSCALE, <f64>zs);
  stf(model, M_WSCALE, <f64>ws);
  const kp = evenItems(k);
  const wq = modelWeights(model, k);
  const f = pow2(ws);
  for (let j = 0; j < k; j++) {
    for (let c = 0; c < kp; c++) store<i16>(wq + (<usize>(j * kp + c) << 1), c <= j ? <i16>(<i32>Math.floor(ldf(w, j * k + c) * s * f + 0.5)) : 0);
  }
  return rank;
}

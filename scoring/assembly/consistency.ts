// Consistency score (scoring/README.md, "Consistency score"), part 2: the squared distances of the
// interviews under a fitted model (consistency-fit.ts), the grid's own score and the interview's
// score over all grids. Distances are integer sums of integer products (exact in any order) and
// single-precision sums of their squares: row by row here, sixteen rows per block inside the
// sixteen-lane grid kernel (consistency-simd16.ts), so every path (and the reference, through
// Math.fround) gives the same numbers.
import { ldf, stf, take, release } from './mem';
import {
  M_CENTRE, M_CUT, M_FITTED, M_MEAN, M_NU2, M_RANK, M_SPREAD, M_WSCALE, M_ZSCALE, MIN_ANSWERS, consistencySampleCount,
  consistencySampleRow, evenItems, modelWeights, pow2, quantiseAnswer, validCode,
} from './consistency-fit';
import { ANCHOR_S, ANCHORS, calibrateScores, fillAnchors, scoreFromAnchors, zOfD2 } from './consistency-map';
import { sectionCalibrate, sectionScores } from './consistency-section';

/** Label written over OK for a grid whose own consistency is in the red band. */
export const LABEL_INCONSISTENT: u8 = 5;

/** The largest f32 not above `cut`: for every f32 d, d > labelCutF32(cut) exactly when d > cut. */
export function labelCutF32(cut: f64): f32 {
  let c = <f32>cut;
  if (<f64>c > cut) c = reinterpret<f32>(reinterpret<u32>(c) - 1);
  return c;
}

/** 2^-2(A+B) as f32: the factor from the integer y^2 back to D². */
export function distanceScale(model: usize): f32 {
  return <f32>pow2(-2 * (<i32>ldf(model, M_ZSCALE) + <i32>ldf(model, M_WSCALE)));
}

/**
 * D² (f32) of rows [start, end) of a column-major n x k grid under `model` into outD2 (n f32); NaN
 * for rows with fewer than 5 valid answers and for every row of an unfitted grid. When `labels` is
 * not 0, an OK label (1) of a row whose D² exceeds the model's label cut becomes Inconsistent (5).
 * Row by row in integers (see consistency-fit.ts): y_j = sum_t wq_jt zq_t exactly, D² = 2^-2(A+B)
 * sum_j y_j^2 in single precision, in order of j: what the sixteen-lane path computes per lane.
 */
export function consistencyRows(
  grid: usize, n: i32, k: i32, lo: f64, hi: f64, model: usize, start: i32, end: i32, outD2: usize, labels: usize,
): void {
  if (ldf(model, M_FITTED) == 0) {
    for (let i = start; i < end; i++) store<f32>(outD2 + (<usize>i << 2), NaN);
    return;
  }
  const low = lo == lo ? lo : -Infinity;
  const high = hi == hi ? hi : Infinity;
  const kp = evenItems(k);
  const zq = take(<usize>kp << 2);
  const wq = modelWeights(model, k);
  const zs = pow2(<i32>ldf(model, M_ZSCALE));
  const scale = distanceScale(model);
  const cut = ldf(model, M_CUT);
  for (let i = start; i < end; i++) {
    let valid = 0;
    for (let t = 0; t < k; t++) {
      const v = ldf(grid, t * n + i);
      let q = 0;
      if (validCode(v, low, high)) {
        q = quantiseAnswer(v, ldf(model, M_MEAN + t), zs);
        valid++;
      }
      store<i32>(zq + (<usize>t << 2), q);
    }
    let d: f32 = NaN;
    if (valid >= MIN_ANSWERS) {
      d = 0;
      for (let j = 0; j < k; j++) {
        const row = wq + (<usize>(j * kp) << 1);
        let y = 0;
        for (let t = 0; t <= j; t++) y += <i32>load<i16>(row + (<usize>t << 1)) * load<i32>(zq + (<usize>t << 2));
        const yf = <f32>y;
        d += yf * yf;
      }
      d *= scale;
    }
    store<f32>(outD2 + (<usize>i << 2), d);
    if (labels != 0 && load<u8>(labels + <usize>i) == 1 && <f64>d > cut) store<u8>(labels + <usize>i, LABEL_INCONSISTENT);
  }
  release(zq);
}

/** The grid's own consistency score (f64, NaN = null) from its D² column (n f32). */
export function consistencyScores(d2: usize, n: i32, model: usize, out: usize): void {
  const anchors = take(<usize>ANCHORS << 3);
  const fitted = ldf(model, M_FITTED) != 0;
  if (fitted) fillAnchors(ldf(model, M_RANK), ldf(model, M_NU2), ldf(model, M_CENTRE), ldf(model, M_SPREAD), anchors);
  for (let i = 0; i < n; i++) {
    stf(out, i, fitted ? scoreFromAnchors(<f64>load<f32>(d2 + (<usize>i << 2)), anchors) : NaN);
  }
  release(anchors);
}

/**
 * Calibration of the interviews' normal scores (consistencyAggregate): over the rows the fit samples
 * (consistencySampleRow of n; a file of at most 2,048 rows is all of them, in order), the normal score
 * of each row's D² summed over its fitted grids, on the sum of their ranks and the smallest nu2;
 * their centre and spread (calibrateScores) go to out[0..2), those of the rows' worst end sections
 * (consistency-section.ts) to out[2..4). scoreChunked passes the gathered sample itself, which is then
 * all rows of its own n: the same rows in the same order.
 */
export function consistencyCalibrate(d2: usize, n: i32, g: i32, models: usize, out: usize): void {
  const count = consistencySampleCount(n);
  const z = take(<usize>max(count, 1) << 3);
  let m = 0;
  for (let t = 0; t < count; t++) {
    const row = consistencySampleRow(t, n);
    let sum: f64 = 0;
    let df: f64 = 0;
    let nu2: f64 = Infinity;
    for (let j = 0; j < g; j++) {
      const mp = <usize>load<i32>(models + (<usize>j << 2));
      if (ldf(mp, M_FITTED) == 0) continue;
      const v = load<f32>(d2 + ((<usize>j * <usize>n + <usize>row) << 2));
      if (v != v) continue;
      sum += <f64>v;
      df += ldf(mp, M_RANK);
      nu2 = Math.min(nu2, ldf(mp, M_NU2));
    }
    if (df > 0) stf(z, m++, zOfD2(sum, df, nu2));
  }
  calibrateScores(z, m, out);
  release(z);
  sectionCalibrate(d2, n, g, models, out + 16);
}

/**
 * Interview score over g grids: D² (f32 columns, grid j at d2 + j n 4) summed in grid order over the
 * grids the interview has, on the sum of their ranks, with the smallest nu2 among them, under the
 * calibration `cal` (centre, spread from consistencyCalibrate); `models` holds g i32 model addresses.
 * Writes the score (NaN when no grid counts) and the grids used. Four interviews per pass for the sums
 * and counts (a missing grid adds +0); interviews with every fitted grid (nearly all) take the anchors
 * computed once and are mapped without branches, the others one by one with their own anchors. Then
 * each score is lowered to that of the interview's worst end section (cal[2..4), consistency-section.ts).
 */
export function consistencyAggregate(
  d2: usize, n: i32, g: i32, models: usize, cal: usize, outScore: usize, outDp: usize,
): void {
  const centre = ldf(cal, 0);
  const spread = ldf(cal, 1);
  const full = take(<usize>ANCHORS << 3);
  const own = take(<usize>ANCHORS << 3);
  const fitted = take(<usize>max(g, 1) << 2);
  let nf = 0;
  let fullDf: f64 = 0;
  let fullNu2: f64 = Infinity;
  for (let j = 0; j < g; j++) {
    const m = <usize>load<i32>(models + (<usize>j << 2));
    if (ldf(m, M_FITTED) == 0) continue;
    store<i32>(fitted + (<usize>nf << 2), j);
    nf++;
    fullDf += ldf(m, M_RANK);
    fullNu2 = Math.min(fullNu2, ldf(m, M_NU2));
  }
  if (nf > 0) fillAnchors(fullDf, fullNu2, centre, spread, full);
  const first = ldf(full, 0);
  const sums = take(48);
  const zero = f64x2.splat(0);
  const four = n & ~3;
  // Four interviews per pass: f32 columns, f64 sums (two f64x2), i32 counts; four interviews with
  // every fitted grid are scored together.
  // Column addresses of the fitted grids.
  const cols = take(<usize>max(nf, 1) << 2);
  for (let f = 0; f < nf; f++) store<u32>(cols + (<usize>f << 2), <u32>(d2 + ((<usize>load<i32>(fitted + (<usize>f << 2)) * <usize>n) << 2)));
  for (let i = 0; i < four; i += 4) {
    let lo = zero, hi = zero, dp = i32x4.splat(0);
    const at = <usize>i << 2;
    for (let f = 0; f < nf; f++) {
      const v = v128.load(<usize>load<u32>(cols + (<usize>f << 2)) + at);
      const ok = f32x4.eq(v, v);
      const x = v128.and(ok, v);
      lo = f64x2.add(lo, f64x2.promote_low_f32x4(x));
      hi = f64x2.add(hi, f64x2.promote_low_f32x4(i32x4.shuffle(x, x, 2, 3, 2, 3)));
      dp = i32x4.sub(dp, ok);
    }
    const cnt = f64x2.convert_low_i32x4_s(dp);
    const cntHi = f64x2.convert_low_i32x4_s(i32x4.shuffle(dp, dp, 2, 3, 2, 3));
    v128.store(outDp + (<usize>i << 3), cnt);
    v128.store(outDp + (<usize>i << 3), cntHi, 16);
    if (nf > 0 && i32x4.all_true(i32x4.eq(dp, i32x4.splat(nf)))) {
      // Every grid present in all four (nearly always): the mapping branch-free, two per f64x2.
      v128.store(outScore + (<usize>i << 3), scoreLanes(lo, full));
      v128.store(outScore + (<usize>i << 3), scoreLanes(hi, full), 16);
      continue;
    }
    v128.store(sums, lo);
    v128.store(sums, hi, 16);
    for (let l = 0; l < 4; l++) {
      scoreRow(d2, n, g, models, i + l, ldf(sums, l), ldf(outDp, i + l), <f64>nf, full, first, own, centre, spread, outScore);
    }
  }
  for (let i = four; i < n; i++) {
    // The last rows one by one: the same sums in the same order.
    let sum: f64 = 0;
    let c = 0;
    for (let f = 0; f < nf; f++) {
      const v = load<f32>(d2 + ((<usize>load<i32>(fitted + (<usize>f << 2)) * <usize>n + <usize>i) << 2));
      if (v != v) continue;
      sum += <f64>v;
      c++;
    }
    stf(outDp, i, <f64>c);
    scoreRow(d2, n, g, models, i, sum, <f64>c, <f64>nf, full, first, own, centre, spread, outScore);
  }
  release(sums);
  release(cols);
  release(full);
  release(own);
  release(fitted);
  sectionScores(d2, n, g, models, cal, outScore, outDp);
}

/**
 * `scoreFromAnchors` for two sums at once, without branches: every segment's value is computed with
 * the scalar formula and the lowest segment that holds the sum is kept (same operations per lane).
 */
function scoreLanes(d2: v128, anchors: usize): v128 {
  let out = f64x2.splat(unchecked(ANCHOR_S[ANCHORS - 1]));
  for (let i = ANCHORS - 1; i >= 1; i--) {
    const prev = f64x2.splat(ldf(anchors, i - 1));
    const at = f64x2.splat(ldf(anchors, i));
    const value = f64x2.add(f64x2.splat(unchecked(ANCHOR_S[i - 1])),
      f64x2.div(f64x2.mul(f64x2.splat(unchecked(ANCHOR_S[i]) - unchecked(ANCHOR_S[i - 1])), f64x2.sub(d2, prev)), f64x2.sub(at, prev)));
    out = v128.bitselect(value, out, f64x2.le(d2, at));
  }
  return v128.bitselect(f64x2.splat(unchecked(ANCHOR_S[0])), out, f64x2.le(d2, f64x2.splat(ldf(anchors, 0))));
}

/** Score of one interview from its sum of D² and the grids it has (c of nf fitted). */
function scoreRow(
  d2: usize, n: i32, g: i32, models: usize, row: i32, s: f64, c: f64, nf: f64, full: usize, first: f64, own: usize,
  centre: f64, spread: f64, outScore: usize,
): void {
  if (c == 0) {
    stf(outScore, row, NaN);
    return;
  }
  if (c == nf) {
    stf(outScore, row, s <= first ? 100 : scoreFromAnchors(s, full));
    return;
  }
  let df: f64 = 0;
  let nu2: f64 = Infinity;
  for (let j = 0; j < g; j++) {
    const v = load<f32>(d2 + ((<usize>j * <usize>n + <usize>row) << 2));
    if (v != v) continue;
    const m = <usize>load<i32>(models + (<usize>j << 2));
    if (ldf(m, M_FITTED) == 0) continue;
    df += ldf(m, M_RANK);
    nu2 = Math.min(nu2, ldf(m, M_NU2));
  }
  fillAnchors(df, nu2, centre, spread, own);
  stf(outScore, row, scoreFromAnchors(s, own));
}

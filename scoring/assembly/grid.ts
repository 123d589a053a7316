// Grid-Question-Score (IBS): a score per item battery from its answer pattern, then per interview.
import { isMissing, ldf, stf, take, release, pairScratch, takeLane0 } from './mem';
import { gridScoresSimd } from './grid-simd';
import { fitsSimd16, gridScoresSimd16 } from './grid-simd16';
import { consistencyRows } from './consistency';
import { modelFitted } from './consistency-fit';

/** Grid labels as small integers (0 = not scored). */
export const LABEL_NONE: i32 = 0;
export const LABEL_OK: i32 = 1;
export const LABEL_STRAIGHTLINER: i32 = 2;
export const LABEL_PARTIAL: i32 = 3;
export const LABEL_PATTERN: i32 = 4;

/** A grid is scored only with at least this many valid answers (a product rule). */
export const MIN_GRID_ITEMS: i32 = 5;
/** Answer patterns (periods, constant steps) are looked for only from this many valid answers. */
export const MIN_PATTERN_ITEMS: i32 = 7;

// Scratch for the most-frequent-difference count: integer differences in [-DIFF_SPAN, DIFF_SPAN]
// are counted in a table, the rare non-integer or huge ones by a quadratic fallback.
const DIFF_SPAN: i32 = 255;
let diffCounts: usize = 0;

let lastLabel: i32 = 0;

/** Label of the most recent `scoreGridRow` call. */
export function lastGridLabel(): i32 {
  return lastLabel;
}

/** Whether a scale from lo to hi (NaN or infinite: unbounded) has the 3+ codes a walk needs (walkShare). */
// @ts-ignore: decorator
@inline
export function walkScale(lo: f64, hi: f64): bool {
  const span = hi - lo;
  return span >= 2 && span < Infinity;
}

/**
 * Share of the n - 1 differences of the answers x[0..n) (doubles) that continue a walk of single
 * steps: a stair that wraps around the scale (+1, or from the top code to the bottom one; likewise
 * downwards), or a zigzag that turns only at the scale's ends. 0 without a walkScale.
 */
export function walkShareF(x: usize, n: i32, lo: f64, hi: f64): f64 {
  if (!walkScale(lo, hi) || n < 2) return 0;
  const span = hi - lo;
  let up = 0, down = 0, bounce = 0;
  let prev: f64 = 0;
  for (let i = 0; i < n - 1; i++) {
    const a = ldf(x, i);
    const dv = ldf(x, i + 1) - a;
    if (dv == 1 || dv == -span) up++;
    if (dv == -1 || dv == span) down++;
    if ((dv == 1 || dv == -1) && (i == 0 || dv * prev > 0 || a == lo || a == hi)) bounce++;
    prev = dv;
  }
  return <f64>max(up, max(down, bounce)) / <f64>(n - 1);
}

/** walkShareF over whole-number answers x[0..n) (i32): the same counts, so the same share. */
export function walkShareI(x: usize, n: i32, lo: f64, hi: f64): f64 {
  if (!walkScale(lo, hi) || n < 2) return 0;
  const span = hi - lo;
  let up = 0, down = 0, bounce = 0;
  let prev = 0;
  for (let i = 0; i < n - 1; i++) {
    const a = load<i32>(x + (<usize>i << 2));
    const di = load<i32>(x + (<usize>(i + 1) << 2)) - a;
    const dv = <f64>di;
    if (di == 1 || dv == -span) up++;
    if (di == -1 || dv == span) down++;
    if ((di == 1 || di == -1) && (i == 0 || di * prev > 0 || <f64>a == lo || <f64>a == hi)) bounce++;
    prev = di;
  }
  return <f64>max(up, max(down, bounce)) / <f64>(n - 1);
}

/**
 * Score of one grid from its valid answers x[0..n) in display order, 0..100, or NaN when n < 5
 * (patterns only from 7 answers: in 5 or 6 a period or a step is too often chance).
 * `patterns` = false skips the pattern step (randomised order without display order). `d` is
 * scratch for n - 1 differences. `lo`/`hi` bound the scale (infinite: unbounded) for the walks.
 */
export function scoreGridRow(x: usize, n: i32, d: usize, patterns: bool, lo: f64, hi: f64): f64 {
  if (n < MIN_GRID_ITEMS) {
    lastLabel = LABEL_NONE;
    return NaN;
  }
  if (diffCounts == 0) {
    // The counts must start at zero (each use clears what it counted); heap memory is only zero
    // when fresh, and a recycled block holds whatever was there before.
    diffCounts = take(<usize>(2 * DIFF_SPAN + 1) << 2);
    memory.fill(diffCounts, 0, <usize>(2 * DIFF_SPAN + 1) << 2);
  }
  const m = n - 1;
  let changes = 0;
  for (let i = 0; i < m; i++) {
    const di = ldf(x, i + 1) - ldf(x, i);
    stf(d, i, di);
    if (di != 0) changes++;
  }
  const c = <f64>changes / <f64>m;
  if (changes == 0) {
    lastLabel = LABEL_STRAIGHTLINER;
    return 0;
  }
  if (c < 0.35) {
    lastLabel = LABEL_PARTIAL;
    return 30 + 40 * c / 0.35;
  }
  if (!patterns || n < MIN_PATTERN_ITEMS) {
    lastLabel = LABEL_OK;
    return 100;
  }
  // Periodicity a_p for p = 2 .. min(6, floor(n/2)).
  let best: f64 = 0;
  const pmax = min(6, n >> 1);
  for (let p = 2; p <= pmax; p++) {
    let same = 0;
    for (let i = p; i < n; i++) if (ldf(x, i) == ldf(x, i - p)) same++;
    const a = <f64>same / <f64>(n - p);
    if (a > best) best = a;
  }
  // Constant step: share of the most frequent non-zero difference.
  let mode = 0;
  let odd = 0;
  for (let i = 0; i < m; i++) {
    const di = ldf(d, i);
    if (di == 0) continue;
    const f = Math.floor(di);
    if (f == di && di >= -<f64>DIFF_SPAN && di <= <f64>DIFF_SPAN) {
      const slot = diffCounts + (<usize>(<i32>di + DIFF_SPAN) << 2);
      const cnt = load<i32>(slot) + 1;
      store<i32>(slot, cnt);
      if (cnt > mode) mode = cnt;
    } else odd++;
  }
  if (odd > 0) {
    for (let i = 0; i < m; i++) {
      const di = ldf(d, i);
      if (di == 0 || (Math.floor(di) == di && di >= -<f64>DIFF_SPAN && di <= <f64>DIFF_SPAN)) continue;
      let cnt = 0;
      for (let j = 0; j < m; j++) if (ldf(d, j) == di) cnt++;
      if (cnt > mode) mode = cnt;
    }
  }
  for (let i = 0; i < m; i++) {
    const di = ldf(d, i);
    if (Math.floor(di) == di && di >= -<f64>DIFF_SPAN && di <= <f64>DIFF_SPAN) {
      store<i32>(diffCounts + (<usize>(<i32>di + DIFF_SPAN) << 2), 0);
    }
  }
  const s = <f64>mode / <f64>m;
  let r = best > s ? best : s;
  const w = walkShareF(x, n, lo, hi);
  if (w > r) r = w;
  if (r < 0.7) {
    lastLabel = LABEL_OK;
    return 100;
  }
  lastLabel = LABEL_PATTERN;
  return 100 - 90 * (r - 0.7) / 0.3;
}

// Codes within this magnitude take the integer path: exact i32 comparisons and a difference table.
const INT_LIMIT: f64 = 127;

/**
 * Integer fast path of `scoreGridRow` for rows whose valid answers are whole numbers in [-127, 127]
 * (every ordinary rating scale). Same arithmetic on the same values, so the same score.
 */
function scoreGridRowInt(x: usize, n: i32, d: usize, patterns: bool, lo: f64, hi: f64): f64 {
  if (n < MIN_GRID_ITEMS) {
    lastLabel = LABEL_NONE;
    return NaN;
  }
  const m = n - 1;
  let changes = 0;
  let prev = load<i32>(x);
  for (let i = 0; i < m; i++) {
    const next = load<i32>(x + (<usize>(i + 1) << 2));
    const di = next - prev;
    store<i32>(d + (<usize>i << 2), di);
    changes += <i32>(di != 0);
    prev = next;
  }
  const c = <f64>changes / <f64>m;
  if (changes == 0) {
    lastLabel = LABEL_STRAIGHTLINER;
    return 0;
  }
  if (c < 0.35) {
    lastLabel = LABEL_PARTIAL;
    return 30 + 40 * c / 0.35;
  }
  if (!patterns || n < MIN_PATTERN_ITEMS) {
    lastLabel = LABEL_OK;
    return 100;
  }
  // Only regularities of at least 0.7 change the score, so a period stops being counted as soon as
  // it cannot reach 0.7 any more; likewise the constant step only matters as a strict majority of
  // the differences, which a Boyer-Moore vote finds without a table. Both are exact.
  let best: f64 = 0;
  const pmax = min(6, n >> 1);
  for (let p = 2; p <= pmax; p++) {
    const span = n - p;
    let miss = 0;
    let i = p;
    for (; i < n; i++) {
      if (load<i32>(x + (<usize>i << 2)) != load<i32>(x + (<usize>(i - p) << 2))) {
        miss++;
        if (<f64>(span - miss) / <f64>span < 0.7) break;
      }
    }
    if (i < n) continue;
    const a = <f64>(span - miss) / <f64>span;
    if (a > best) best = a;
  }
  let cand = 0;
  let votes = 0;
  for (let i = 0; i < m; i++) {
    const di = load<i32>(d + (<usize>i << 2));
    if (votes == 0) {
      cand = di;
      votes = 1;
    } else votes += di == cand ? 1 : -1;
  }
  let mode = 0;
  if (cand != 0) {
    for (let i = 0; i < m; i++) mode += <i32>(load<i32>(d + (<usize>i << 2)) == cand);
    if (<f64>mode / <f64>m < 0.7) mode = 0;
  }
  const s = <f64>mode / <f64>m;
  let r = best > s ? best : s;
  const w = walkShareI(x, n, lo, hi);
  if (w > r) r = w;
  if (r < 0.7) {
    lastLabel = LABEL_OK;
    return 100;
  }
  lastLabel = LABEL_PATTERN;
  return 100 - 90 * (r - 0.7) / 0.3;
}

// Sentinels in the transposed block: a missing/out-of-range answer, and a valid non-integer one.
const SKIP: i32 = 0x7fffffff;
const FRACTION: i32 = 0x7ffffffe;
const BLOCK: i32 = 256;

/**
 * Grid score and label for every row of a column-major n x k grid. `lo`/`hi` bound the valid codes
 * (NaN = unbounded). Writes scores (0..100, NaN = null) and labels (u8, 0 = none) per row. With a
 * consistency model (consistency-fit.ts; else 0) it also writes each row's D² (f32) to `outD2` and
 * labels OK rows above the model's cut Inconsistent, in the same pass where it can.
 *
 * Rows are handled in blocks of 256: each column's run of the block is read sequentially and written
 * as i32 codes into a small row-major block (L1-resident), because gathering a row straight from
 * column-major memory touches one distant cache line per item.
 */
export function gridScores(
  grid: usize, n: i32, k: i32, lo: f64, hi: f64, patterns: i32, outScore: usize, outLabel: usize,
  model: usize, outD2: usize,
): void {
  if (model != 0 && !modelFitted(model)) {
    // No fit (too small a sample, no variation): every distance is null and no label changes.
    consistencyRows(grid, n, k, lo, hi, model, 0, n, outD2, 0);
    model = 0;
  }
  const xf = take(<usize>k << 3);
  const xi = take(<usize>k << 2);
  const d = take(<usize>k << 3);
  const blk = take(<usize>(BLOCK * k) << 2);
  const low = lo == lo ? lo : -Infinity;
  const high = hi == hi ? hi : Infinity;
  const usePatterns = patterns != 0;
  // Sixteen rows at a time for ordinary scales, then four at a time with SIMD; the scalar loop below
  // takes the remaining rows.
  const wide = fitsSimd16(k, lo, hi) ? gridScoresSimd16(grid, n, k, lo, hi, usePatterns, outScore, outLabel, model, outD2) : 0;
  const done = gridScoresSimd(grid, n, k, low, high, usePatterns, outScore, outLabel, wide);
  for (let start = done; start < n; start += BLOCK) {
    const b = min(BLOCK, n - start);
    for (let j = 0; j < k; j++) {
      let src = grid + ((<usize>j * <usize>n + <usize>start) << 3);
      let dst = blk + (<usize>j << 2);
      const step = <usize>k << 2;
      for (let i = 0; i < b; i++) {
        const v = load<f64>(src);
        src += 8;
        let code = SKIP;
        if (!(v != v || v == -999 || v < low || v > high)) {
          code = FRACTION;
          if (v >= -INT_LIMIT && v <= INT_LIMIT) {
            const iv = <i32>v;
            if (<f64>iv == v) code = iv;
          }
        }
        store<i32>(dst, code);
        dst += step;
      }
    }
    for (let i = 0; i < b; i++) {
      const row = blk + (<usize>(i * k) << 2);
      let cnt = 0;
      let ints = true;
      for (let j = 0; j < k; j++) {
        const code = load<i32>(row + (<usize>j << 2));
        if (code == SKIP) continue;
        if (code == FRACTION) ints = false;
        store<i32>(xi + (<usize>cnt << 2), code);
        cnt++;
      }
      let score: f64;
      if (ints) score = scoreGridRowInt(xi, cnt, d, usePatterns, low, high);
      else {
        // Rare: a valid non-integer answer; redo the row from the doubles.
        let c2 = 0;
        for (let j = 0; j < k; j++) {
          const v = ldf(grid, j * n + start + i);
          if (v != v || v == -999 || v < low || v > high) continue;
          stf(xf, c2++, v);
        }
        score = scoreGridRow(xf, c2, d, usePatterns, low, high);
      }
      stf(outScore, start + i, score);
      store<u8>(outLabel + <usize>(start + i), <u8>lastLabel);
    }
  }
  if (model != 0) consistencyRows(grid, n, k, lo, hi, model, wide, n, outD2, outLabel);
  release(xf);
  release(xi);
  release(d);
  release(blk);
}

/**
 * Scores one row (interview) of a column-major n x k grid by the general double-precision path; used
 * for the rare rows the SIMD path cannot take (non-integer or out-of-range codes).
 */
export function scoreGridRowExact(grid: usize, n: i32, k: i32, lo: f64, hi: f64, patterns: bool, row: i32): f64 {
  const xf = take(<usize>k << 3);
  const d = take(<usize>k << 3);
  let cnt = 0;
  for (let j = 0; j < k; j++) {
    const v = ldf(grid, j * n + row);
    if (v != v || v == -999 || v < lo || v > hi) continue;
    stf(xf, cnt++, v);
  }
  const score = scoreGridRow(xf, cnt, d, patterns, lo, hi);
  release(xf);
  release(d);
  return score;
}

/**
 * IBS per interview from a column-major n x g matrix of grid scores (NaN = null): (mean + min) / 2
 * over the scored grids, NaN when none; data points = scored grids.
 */
export function ibsAggregate(scores: usize, n: i32, g: i32, outIbs: usize, outDp: usize): void {
  const end = n & ~1;
  ibsPairs(scores, n, g, end, outIbs, outDp);
  if (end == n) return;
  const m = pairScratch(scores, n, g, n - 1);
  const ibs = take(16), dp = take(16);
  ibsPairs(m, 2, g, 2, ibs, dp);
  takeLane0(ibs, outIbs, n - 1);
  takeLane0(dp, outDp, n - 1);
  release(m);
}

/** Rows [0, end) (end even) of an n-row matrix, two per f64x2; a null grid adds +0 and leaves the minimum alone. */
function ibsPairs(scores: usize, n: i32, g: i32, end: i32, outIbs: usize, outDp: usize): void {
  const zero = f64x2.splat(0);
  const one = f64x2.splat(1);
  for (let i = 0; i < end; i += 2) {
    let sum = zero;
    let lowest = f64x2.splat(Infinity);
    let cnt = zero;
    for (let j = 0; j < g; j++) {
      const v = v128.load(scores + ((<usize>j * <usize>n + <usize>i) << 3));
      const ok = f64x2.eq(v, v);
      sum = f64x2.add(sum, v128.and(ok, v));
      lowest = v128.bitselect(f64x2.min(lowest, v), lowest, ok);
      cnt = f64x2.add(cnt, v128.and(ok, one));
    }
    const ibs = f64x2.mul(f64x2.add(f64x2.div(sum, cnt), lowest), f64x2.splat(0.5));
    v128.store(outIbs + (<usize>i << 3), v128.bitselect(ibs, f64x2.splat(NaN), f64x2.gt(cnt, zero)));
    v128.store(outDp + (<usize>i << 3), cnt);
  }
}

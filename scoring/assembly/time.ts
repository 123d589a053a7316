// Time-Score (TS): each duration scored against its column's median; per interview the total's score
// and the mean page score count half each (either alone when the other is missing).
import { isMissing, ldf, stf, take, release, pairScratch, takeLane0 } from './mem';
import { selectKth } from './stats';

/**
 * Piecewise-linear time score f(r). `r` is the duration as a share of the median
 * (1.0 = the median); returns 0..100. Continuous, so band edges need no tie rule.
 *
 * Computed as the lower envelope of its lines, without branches, in the same form as the two-lane
 * `timeScoreLanes`: below the median the rising part is concave (slopes 125 then 100 per unit:
 * 50 (r - 0.1) / 0.4 = 125 r - 12.5, and both 50 + 30 (r - 0.5) / 0.3 and 80 + 20 (r - 0.8) / 0.2
 * are 100 r), clamped to [0, 100]; above twice the median the falling part is convex (120 - 10 r,
 * then 100 - 5 r, floor 50). Equal to the piecewise formulas up to rounding (< 1e-13).
 */
export function timeScoreOf(r: f64): f64 {
  if (r != r) return NaN;
  const rising = Math.min(Math.max(Math.min(125 * r - 12.5, 100 * r), 0), 100);
  const falling = Math.max(Math.max(120 - 10 * r, 100 - 5 * r), 50);
  return Math.min(rising, falling);
}

/** `timeScoreOf` for two ratios at once (r >= 0, not NaN). */
// @ts-ignore: decorator
@inline
function timeScoreLanes(r: v128): v128 {
  const rising = f64x2.min(f64x2.max(f64x2.min(f64x2.sub(f64x2.mul(r, f64x2.splat(125)), f64x2.splat(12.5)), f64x2.mul(r, f64x2.splat(100))), f64x2.splat(0)), f64x2.splat(100));
  const falling = f64x2.max(f64x2.max(f64x2.sub(f64x2.splat(120), f64x2.mul(r, f64x2.splat(10))), f64x2.sub(f64x2.splat(100), f64x2.mul(r, f64x2.splat(5)))), f64x2.splat(50));
  return f64x2.min(rising, falling);
}

/** A duration counts only when present, not -999 and greater than 0. */
// @ts-ignore: decorator
@inline
function validDuration(v: f64): bool {
  return !isMissing(v) && v > 0;
}

// Median by a 16-bit histogram of the IEEE bits (positive doubles sort like their bit patterns):
// one pass counts, a second collects only the bucket(s) holding the middle ranks, and a quickselect
// finishes inside them. Exact, and about three times faster than selecting over every duration.
// scoreChunked streams the same median over chunks of rows (scoring/streaming-median.ts): keep the
// two in step (validity, ranks lo/hi, (lower + upper) * 0.5).
const HIST_BUCKETS: i32 = 1 << 16;
let hist: usize = 0;

/** Exact median of the valid durations of one column; NaN below `minRecords`. */
function columnMedian(col: usize, n: i32, minRecords: i32, scratch: usize): f64 {
  if (hist == 0) hist = take(<usize>HIST_BUCKETS << 2);
  memory.fill(hist, 0, <usize>HIST_BUCKETS << 2);
  let cnt = 0;
  for (let i = 0; i < n; i++) {
    const v = ldf(col, i);
    if (!validDuration(v)) continue;
    const b = <usize>(reinterpret<u64>(v) >> 48);
    store<u32>(hist + (b << 2), load<u32>(hist + (b << 2)) + 1);
    cnt++;
  }
  if (cnt < minRecords || cnt == 0) return NaN;
  const hi = cnt >> 1;
  const lo = cnt & 1 ? hi : hi - 1;
  // Buckets holding ranks lo and hi, and the number of values below the first of them.
  let seen = 0;
  let bLo = -1;
  let bHi = -1;
  let before = 0;
  for (let b = 0; b < HIST_BUCKETS; b++) {
    const c = <i32>load<u32>(hist + (<usize>b << 2));
    if (bLo < 0 && seen + c > lo) {
      bLo = b;
      before = seen;
    }
    if (seen + c > hi) {
      bHi = b;
      break;
    }
    seen += c;
  }
  let m = 0;
  for (let i = 0; i < n; i++) {
    const v = ldf(col, i);
    if (!validDuration(v)) continue;
    const b = <i32>(reinterpret<u64>(v) >> 48);
    if (b >= bLo && b <= bHi) stf(scratch, m++, v);
  }
  const upper = selectKth(scratch, m, hi - before);
  if (lo == hi) return upper;
  // After selection everything left of the upper middle is <= it; the lower middle is their maximum.
  let lower = ldf(scratch, 0);
  for (let i = 1; i < hi - before; i++) {
    const v = ldf(scratch, i);
    if (v > lower) lower = v;
  }
  return (lower + upper) * 0.5;
}

/**
 * Median of each metric column over the valid durations; NaN when fewer than `minRecords` are valid.
 * `dur` is column-major n x k (seconds); writes k medians to `outMedians`.
 */
export function timeMedians(dur: usize, n: i32, k: i32, minRecords: i32, outMedians: usize): void {
  const scratch = take(<usize>n << 3);
  for (let j = 0; j < k; j++) {
    stf(outMedians, j, columnMedian(dur + ((<usize>j * <usize>n) << 3), n, minRecords, scratch));
  }
  release(scratch);
}

/**
 * Time score per interview: half the total's score plus half the mean page score, or whichever
 * exists. `dur` is column-major n x k; column `totalIdx` (or -1) is the total duration, the others
 * are pages. Writes TS (NaN = null), data points (metric scores used) and an "extremely slow" flag
 * (some metric above 1000 % of its median) per row; k medians too. Two interviews per f64x2 lane
 * pair; an invalid duration adds 0 to the page sum, which leaves it unchanged, so the sums and the
 * final formula are those of one interview at a time.
 */
export function timeScores(
  dur: usize, n: i32, k: i32, totalIdx: i32, minRecords: i32,
  outTs: usize, outDp: usize, outSlow: usize, outMedians: usize,
): void {
  timeMedians(dur, n, k, minRecords, outMedians);
  timeScoresGiven(dur, n, k, totalIdx, outMedians, outTs, outDp, outSlow);
}

/**
 * `timeScores` with the k medians given (`medians`, NaN = metric not scored) instead of taken from
 * these rows: every row is scored on its own, so a file scored chunk by chunk with the whole file's
 * medians (scoreChunked) gets the numbers of one call.
 */
export function timeScoresGiven(
  dur: usize, n: i32, k: i32, totalIdx: i32, medians: usize,
  outTs: usize, outDp: usize, outSlow: usize,
): void {
  const end = n & ~1;
  timePairs(dur, n, k, totalIdx, medians, end, outTs, outDp, outSlow);
  if (end == n) return;
  const m = pairScratch(dur, n, k, n - 1);
  const ts = take(16), dp = take(16), slow = take(16);
  timePairs(m, 2, k, totalIdx, medians, 2, ts, dp, slow);
  takeLane0(ts, outTs, n - 1);
  takeLane0(dp, outDp, n - 1);
  takeLane0(slow, outSlow, n - 1);
  release(m);
}

/** Rows [0, end) (end even) of an n-row duration matrix, two per f64x2. */
function timePairs(
  dur: usize, n: i32, k: i32, totalIdx: i32, medians: usize, end: i32,
  outTs: usize, outDp: usize, outSlow: usize,
): void {
  const zero = f64x2.splat(0);
  const one = f64x2.splat(1);
  const half = f64x2.splat(0.5);
  const ten = f64x2.splat(10);
  const nan = f64x2.splat(NaN);
  for (let i = 0; i < end; i += 2) {
    let total = nan;
    let pageSum = zero;
    let pages = zero;
    let slow = zero;
    for (let j = 0; j < k; j++) {
      const med = ldf(medians, j);
      if (med != med) continue;
      const v = v128.load(dur + ((<usize>j * <usize>n + <usize>i) << 3));
      // A valid duration is > 0 (rejects NaN and -999); medians of valid durations are > 0.
      const valid = f64x2.gt(v, zero);
      const r = f64x2.div(v, f64x2.splat(med));
      slow = v128.or(slow, v128.and(valid, f64x2.gt(r, ten)));
      const sc = v128.and(valid, timeScoreLanes(v128.and(valid, r)));
      if (j == totalIdx) total = v128.bitselect(sc, nan, valid);
      else {
        pageSum = f64x2.add(pageSum, sc);
        pages = f64x2.add(pages, v128.and(valid, one));
      }
    }
    const pageMean = f64x2.div(pageSum, pages);
    const hasTotal = f64x2.eq(total, total);
    const both = f64x2.add(f64x2.mul(half, total), f64x2.mul(half, pageMean));
    const ts = v128.bitselect(v128.bitselect(both, total, f64x2.gt(pages, zero)), pageMean, hasTotal);
    v128.store(outTs + (<usize>i << 3), ts);
    v128.store(outDp + (<usize>i << 3), f64x2.add(pages, v128.and(hasTotal, one)));
    v128.store(outSlow + (<usize>i << 3), v128.and(slow, one));
  }
}

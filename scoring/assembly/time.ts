// Time-Score (scoring.md section 3).
import { isMissing, ldf, stf, take, release } from './mem';
import { selectKth } from './stats';

/**
 * Piecewise-linear time score f(r) of section 3.3. `r` is the duration as a share of the median
 * (1.0 = the median); returns 0..100. Continuous, so band edges need no tie rule.
 */
export function timeScoreOf(r: f64): f64 {
  if (r != r) return NaN;
  if (r < 0.1) return 0;
  if (r < 0.5) return 50 * (r - 0.1) / 0.4;
  if (r < 0.8) return 50 + 30 * (r - 0.5) / 0.3;
  if (r < 1.0) return 80 + 20 * (r - 0.8) / 0.2;
  if (r <= 2.0) return 100;
  if (r <= 4.0) return 100 - 20 * (r - 2.0) / 2.0;
  if (r <= 10.0) return 80 - 30 * (r - 4.0) / 6.0;
  return 50;
}

// The same eight pieces as a table, f(r) = a + b * (r - c) / d with piece index = thresholds passed,
// so the per-interview loop has no unpredictable branches. Each piece performs the operations of
// `timeScoreOf` on the same doubles (a - x = a + -x, and 0 * x / 1 = 0 for finite x): same results.
const PIECES: StaticArray<f64> = [
  0, 0, 0, 1,
  0, 50, 0.1, 0.4,
  50, 30, 0.5, 0.3,
  80, 20, 0.8, 0.2,
  100, 0, 0, 1,
  100, -20, 2.0, 2.0,
  80, -30, 4.0, 6.0,
  50, 0, 0, 1,
];

/** `timeScoreOf` for a finite r >= 0 (every duration ratio), without branches. */
// @ts-ignore: decorator
@inline
function timeScoreTabled(r: f64): f64 {
  const idx = <i32>(r >= 0.1) + <i32>(r >= 0.5) + <i32>(r >= 0.8) + <i32>(r >= 1.0) + <i32>(r > 2.0) + <i32>(r > 4.0) + <i32>(r > 10.0);
  const p = changetype<usize>(PIECES) + (<usize>idx << 5);
  return load<f64>(p) + load<f64>(p, 8) * (r - load<f64>(p, 16)) / load<f64>(p, 24);
}

/** A duration counts only when present, not -999 and greater than 0 (section 3.2). */
// @ts-ignore: decorator
@inline
function validDuration(v: f64): bool {
  return !isMissing(v) && v > 0;
}

// Median by a 16-bit histogram of the IEEE bits (positive doubles sort like their bit patterns):
// one pass counts, a second collects only the bucket(s) holding the middle ranks, and a quickselect
// finishes inside them. Exact, and about three times faster than selecting over every duration.
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
 * Time score per interview (section 3.4). `dur` is column-major n x k; column `totalIdx` (or -1) is
 * the total duration, the others are pages. Writes TS (NaN = null), data points (metric scores used)
 * and an "extremely slow" flag (some metric above 1000 % of its median) per row; k medians too.
 */
export function timeScores(
  dur: usize, n: i32, k: i32, totalIdx: i32, minRecords: i32,
  outTs: usize, outDp: usize, outSlow: usize, outMedians: usize,
): void {
  timeMedians(dur, n, k, minRecords, outMedians);
  for (let i = 0; i < n; i++) {
    let total: f64 = NaN;
    let pageSum: f64 = 0;
    let pages = 0;
    let slow: f64 = 0;
    for (let j = 0; j < k; j++) {
      const med = ldf(outMedians, j);
      if (med != med) continue;
      const v = ldf(dur + ((<usize>j * <usize>n) << 3), i);
      if (!validDuration(v)) continue;
      const r = v / med;
      if (r > 10.0) slow = 1;
      // Valid durations and medians are positive, so r > 0; r = Infinity only for absurd inputs.
      const s = r < Infinity ? timeScoreTabled(r) : timeScoreOf(r);
      if (j == totalIdx) total = s;
      else {
        pageSum += s;
        pages++;
      }
    }
    let ts: f64 = NaN;
    let dp = 0;
    if (total == total && pages > 0) {
      ts = 0.5 * total + 0.5 * (pageSum / <f64>pages);
      dp = pages + 1;
    } else if (total == total) {
      ts = total;
      dp = 1;
    } else if (pages > 0) {
      ts = pageSum / <f64>pages;
      dp = pages;
    }
    stf(outTs, i, ts);
    stf(outDp, i, <f64>dp);
    stf(outSlow, i, slow);
  }
}

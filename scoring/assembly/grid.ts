// Grid-Question-Score (IBS), section 4.
import { isMissing, ldf, stf, take, release } from './mem';

/** Grid labels as small integers (0 = not scored). */
export const LABEL_NONE: i32 = 0;
export const LABEL_OK: i32 = 1;
export const LABEL_STRAIGHTLINER: i32 = 2;
export const LABEL_PARTIAL: i32 = 3;
export const LABEL_PATTERN: i32 = 4;

/** A grid is scored only with at least this many valid answers (FACT-PRODUCT). */
export const MIN_GRID_ITEMS: i32 = 7;

// Scratch for the most-frequent-difference count: integer differences in [-DIFF_SPAN, DIFF_SPAN]
// are counted in a table, the rare non-integer or huge ones by a quadratic fallback.
const DIFF_SPAN: i32 = 255;
let diffCounts: usize = 0;

let lastLabel: i32 = 0;

/** Label of the most recent `scoreGridRow` call. */
export function lastGridLabel(): i32 {
  return lastLabel;
}

/**
 * Score of one grid from its valid answers x[0..n) in display order (section 4.3), 0..100, or NaN
 * when n < 7. `patterns` = false skips the pattern step (randomised order without display order).
 * `d` is scratch for n - 1 differences.
 */
export function scoreGridRow(x: usize, n: i32, d: usize, patterns: bool): f64 {
  if (n < MIN_GRID_ITEMS) {
    lastLabel = LABEL_NONE;
    return NaN;
  }
  if (diffCounts == 0) diffCounts = take(<usize>(2 * DIFF_SPAN + 1) << 2);
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
  if (!patterns) {
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
  const r = best > s ? best : s;
  if (r < 0.7) {
    lastLabel = LABEL_OK;
    return 100;
  }
  lastLabel = LABEL_PATTERN;
  return 100 - 90 * (r - 0.7) / 0.3;
}

// Rows are processed in blocks: a block is first transposed into row-major scratch, so the column-major
// input is read as long contiguous runs instead of one cache line per item per row.
const BLOCK: i32 = 128;

/**
 * Grid score and label for every row of a column-major n x k grid. `lo`/`hi` bound the valid codes
 * (NaN = unbounded). Writes scores (0..100, NaN = null) and labels (as f64) per row.
 */
export function gridScores(
  grid: usize, n: i32, k: i32, lo: f64, hi: f64, patterns: i32, outScore: usize, outLabel: usize,
): void {
  const block = take(<usize>(BLOCK * k) << 3);
  const row = take(<usize>k << 3);
  const d = take(<usize>k << 3);
  const hasLo = lo == lo;
  const hasHi = hi == hi;
  for (let start = 0; start < n; start += BLOCK) {
    const b = min(BLOCK, n - start);
    for (let j = 0; j < k; j++) {
      const col = grid + ((<usize>j * <usize>n + <usize>start) << 3);
      for (let i = 0; i < b; i++) stf(block, i * k + j, ldf(col, i));
    }
    for (let i = 0; i < b; i++) {
      const src = block + (<usize>(i * k) << 3);
      let cnt = 0;
      for (let j = 0; j < k; j++) {
        const v = ldf(src, j);
        if (isMissing(v) || (hasLo && v < lo) || (hasHi && v > hi)) continue;
        stf(row, cnt++, v);
      }
      stf(outScore, start + i, scoreGridRow(row, cnt, d, patterns != 0));
      stf(outLabel, start + i, <f64>lastLabel);
    }
  }
  release(block);
  release(row);
  release(d);
}

/**
 * IBS per interview (section 4.4) from a column-major n x g matrix of grid scores (NaN = null):
 * (mean + min) / 2 over the scored grids, NaN when none; data points = scored grids.
 */
export function ibsAggregate(scores: usize, n: i32, g: i32, outIbs: usize, outDp: usize): void {
  for (let i = 0; i < n; i++) {
    let sum: f64 = 0;
    let lowest: f64 = Infinity;
    let cnt = 0;
    for (let j = 0; j < g; j++) {
      const v = ldf(scores, j * n + i);
      if (v != v) continue;
      sum += v;
      if (v < lowest) lowest = v;
      cnt++;
    }
    stf(outIbs, i, cnt == 0 ? NaN : (sum / <f64>cnt + lowest) * 0.5);
    stf(outDp, i, <f64>cnt);
  }
}

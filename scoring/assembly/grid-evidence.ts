// The interview's grid score (IBS) weighs a straight or partly straight line by the evidence its grid
// gives: a line on a short grid, or on a grid that many respondents of the same file answer in one
// line while answering other grids differently, is weak evidence of careless answering; a line that
// runs over every scored grid of the interview counts in full, however short the grids.
import { ldf, ldi, release, stf, sti, take } from './mem';
import { LABEL_PARTIAL, LABEL_STRAIGHTLINER, ibsAggregate } from './grid';

/** A grid of this many items or fewer gives no evidence by its line alone ... */
const ITEMS_NONE: f64 = 3;
/** ... and from this many items its line counts in full (as far as the file's own share allows). */
const ITEMS_FULL: f64 = 7;
/** A line that at most this share of the file's respondents draw in isolation counts in full ... */
const SHARE_FULL: f64 = 0.015;
/** ... one that this share or more draw counts CHANCE_FLOOR; in between, by the logarithm of the share. */
const SHARE_LOW: f64 = 0.06;
/** A straight line is never no evidence: the least a line weighs by its share. */
const CHANCE_FLOOR: f64 = 0.25;
/** Below this many scored rows a grid's share is not read (the line weighs by its items alone). */
export const EVIDENCE_MIN_ROWS: f64 = 50;

/** Counted per grid, in this order: rows scored, rows with an isolated straight line, isolated straight or partly straight. */
export const LINE_COUNTS: i32 = 3;

// @ts-ignore: decorator
@inline
function isLine(label: i32): bool {
  return label == LABEL_STRAIGHTLINER || label == LABEL_PARTIAL;
}

/** True when row i of the u8 labels (g columns of n) has a scored grid and every scored grid is a straight or partly straight line. */
function lineEverywhere(labels: usize, n: i32, g: i32, i: i32): bool {
  let any = false;
  for (let j = 0; j < g; j++) {
    const l = <i32>load<u8>(labels + <usize>j * <usize>n + <usize>i);
    if (l == 0) continue;
    if (!isLine(l)) return false;
    any = true;
  }
  return any;
}

/** Bit t set when row i + t of sixteen (i + 16 <= n) has a straight or partly straight line on some grid. */
// @ts-ignore: decorator
@inline
function lineRows16(labels: usize, n: i32, g: i32, i: i32): i32 {
  const straight = i8x16.splat(<i8>LABEL_STRAIGHTLINER);
  const partial = i8x16.splat(<i8>LABEL_PARTIAL);
  let any = i8x16.splat(0);
  for (let j = 0; j < g; j++) {
    const v = v128.load(labels + <usize>j * <usize>n + <usize>i);
    any = v128.or(any, v128.or(i8x16.eq(v, straight), i8x16.eq(v, partial)));
  }
  return i8x16.bitmask(any);
}

/** Adds row i's isolated lines to the i32 tallies (LINE_COUNTS per grid), unless its line runs everywhere. */
function tallyLines(labels: usize, n: i32, g: i32, i: i32, tally: usize): void {
  if (lineEverywhere(labels, n, g, i)) return;
  for (let j = 0; j < g; j++) {
    const l = <i32>load<u8>(labels + <usize>j * <usize>n + <usize>i);
    if (!isLine(l)) continue;
    const at = j * LINE_COUNTS;
    if (l == LABEL_STRAIGHTLINER) sti(tally, at + 1, ldi(tally, at + 1) + 1);
    sti(tally, at + 2, ldi(tally, at + 2) + 1);
  }
}

/**
 * Adds to `counts` (LINE_COUNTS doubles per grid) what rows [0, n) of the u8 labels (g columns of n)
 * hold: per grid its scored rows, and those with a straight (resp. straight or partly straight) line
 * there while some other scored grid of theirs has none. Called once per chunk in a chunked pass, so
 * the counts only ever add up. Sixteen rows at a time: lines are rare, so most blocks only count.
 */
export function ibsLineCounts(labels: usize, n: i32, g: i32, counts: usize): void {
  const tally = take(<usize>(g * LINE_COUNTS) << 2);
  memory.fill(tally, 0, <usize>(g * LINE_COUNTS) << 2);
  const zero = i8x16.splat(0);
  let i = 0;
  for (; i + 16 <= n; i += 16) {
    for (let j = 0; j < g; j++) {
      const v = v128.load(labels + <usize>j * <usize>n + <usize>i);
      const scored = <i32>popcnt(i8x16.bitmask(v128.not(i8x16.eq(v, zero))));
      sti(tally, j * LINE_COUNTS, ldi(tally, j * LINE_COUNTS) + scored);
    }
    let m = lineRows16(labels, n, g, i);
    while (m != 0) {
      tallyLines(labels, n, g, i + ctz(m), tally);
      m &= m - 1;
    }
  }
  for (; i < n; i++) {
    for (let j = 0; j < g; j++) {
      const l = <i32>load<u8>(labels + <usize>j * <usize>n + <usize>i);
      sti(tally, j * LINE_COUNTS, ldi(tally, j * LINE_COUNTS) + <i32>(l != 0));
    }
    tallyLines(labels, n, g, i, tally);
  }
  for (let t = 0; t < g * LINE_COUNTS; t++) stf(counts, t, ldf(counts, t) + <f64>ldi(tally, t));
  release(tally);
}

/** Weight 0..1 of a line drawn in isolation by `count` of `rows` scored respondents. */
function chanceWeight(count: f64, rows: f64): f64 {
  if (rows < EVIDENCE_MIN_ROWS) return 1;
  const p = count / rows;
  if (p <= SHARE_FULL) return 1;
  if (p >= SHARE_LOW) return CHANCE_FLOOR;
  return CHANCE_FLOOR + ((1 - CHANCE_FLOOR) * Math.log(SHARE_LOW / p)) / Math.log(SHARE_LOW / SHARE_FULL);
}

/**
 * Per grid, from its number of items (i32 per grid) and its line counts (ibsLineCounts), the weight of
 * a straight line (out[2j]) and of a partly straight one (out[2j + 1]), 0..1.
 */
export function ibsLineWeights(counts: usize, g: i32, items: usize, out: usize): void {
  for (let j = 0; j < g; j++) {
    const k = <f64>load<i32>(items + (<usize>j << 2));
    const byItems = max(0, min(1, (k - ITEMS_NONE) / (ITEMS_FULL - ITEMS_NONE)));
    const at = j * LINE_COUNTS;
    const rows = ldf(counts, at);
    stf(out, 2 * j, byItems * chanceWeight(ldf(counts, at + 1), rows));
    stf(out, 2 * j + 1, byItems * chanceWeight(ldf(counts, at + 2), rows));
  }
}

/**
 * IBS per interview from a column-major n x g matrix of grid scores (NaN = null), their u8 labels and
 * the line weights (ibsLineWeights): (mean + min) / 2 over the scored grids, where a straight or partly
 * straight grid's shortfall from 100 counts by its weight w, raised towards 1 by the share of the
 * interview's other scored grids that are lines too: w + (1 - w) (lines - 1) / (scored - 1). So a line
 * over every scored grid counts in full, one line among many grids by its own weight. NaN when no grid
 * is scored; data points = scored grids.
 */
export function ibsAggregateWeighted(
  scores: usize, labels: usize, n: i32, g: i32, weights: usize, outIbs: usize, outDp: usize,
): void {
  // Without a line the weighing changes nothing: the plain blend for every row, then the rows with a
  // line again (the same additions in the same order, so the same numbers as one pass).
  ibsAggregate(scores, n, g, outIbs, outDp);
  let i = 0;
  for (; i + 16 <= n; i += 16) {
    let m = lineRows16(labels, n, g, i);
    while (m != 0) {
      weighRow(scores, labels, n, g, weights, i + ctz(m), outIbs);
      m &= m - 1;
    }
  }
  for (; i < n; i++) weighRow(scores, labels, n, g, weights, i, outIbs);
}

/** IBS of row i with its lines weighed (a row without a line gets the plain blend). */
function weighRow(scores: usize, labels: usize, n: i32, g: i32, weights: usize, i: i32, outIbs: usize): void {
  let scored = 0;
  let lines = 0;
  for (let j = 0; j < g; j++) {
    const l = <i32>load<u8>(labels + <usize>j * <usize>n + <usize>i);
    if (l == 0) continue;
    scored++;
    if (isLine(l)) lines++;
  }
  if (lines == 0) return;
  const joint = scored > 1 ? <f64>(lines - 1) / <f64>(scored - 1) : 1;
  let sum: f64 = 0;
  let lowest: f64 = Infinity;
  let cnt = 0;
  for (let j = 0; j < g; j++) {
    let v = ldf(scores, j * n + i);
    if (v != v) continue;
    const l = <i32>load<u8>(labels + <usize>j * <usize>n + <usize>i);
    if (isLine(l)) {
      const w = ldf(weights, 2 * j + (l == LABEL_STRAIGHTLINER ? 0 : 1));
      v = 100 - (w + (1 - w) * joint) * (100 - v);
    }
    sum += v;
    if (v < lowest) lowest = v;
    cnt++;
  }
  stf(outIbs, i, cnt > 0 ? (sum / <f64>cnt + lowest) * 0.5 : NaN);
}

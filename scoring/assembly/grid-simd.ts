// SIMD path of the grid score: four interviews per i32x4 vector, reading the column-major grid in
// place. Every lane runs the same state machine the scalar path would run over its compacted answers
// (valid count, changes, matches at periods 2..6, a majority vote over the differences), so the final
// per-lane arithmetic in `finishLane` is the scalar formula on the same integers: identical scores.
import { scoreGridRowExact, lastGridLabel, walkScale } from './grid';
import { ldf, stf } from './mem';

// A history slot that no valid code (|code| <= 127) can equal: periods not reached yet never match.
const SENTINEL: i32 = 0x40000000;

/**
 * Scores rows [start, n - n % 4) (start a multiple of 4) of a column-major n x k grid four at a time; returns the first row left
 * for the scalar path. Lanes holding a valid non-integer or out-of-range code are redone by the
 * scalar path (`scoreGridRowExact`), as are lanes whose constant step may reach 0.7 (the exact count).
 */
export function gridScoresSimd(
  grid: usize, n: i32, k: i32, lo: f64, hi: f64, patterns: bool, outScore: usize, outLabel: usize, start: i32,
): i32 {
  const vlo = f64x2.splat(lo);
  const vhi = f64x2.splat(hi);
  const vmissing = f64x2.splat(-999);
  const vlimit = f64x2.splat(127);
  const sentinel = i32x4.splat(SENTINEL);
  const one = i32x4.splat(1);
  const minusOne = i32x4.splat(-1);
  const zero = i32x4.splat(0);
  const stride = <usize>n << 3;
  const end = n & ~3;
  // Finite bounds inside (-999, 2^29] make the cheap validity test exact; otherwise check everything.
  const tight = lo > -999 && hi <= 536870912;
  // The walks of walkShareI, counted per lane with the same tests: a bound that is not a whole code
  // (or a span no two codes reach) is a value no difference or code equals.
  const walkOn = patterns && walkScale(lo, hi);
  const walkMask = walkOn ? minusOne : zero;
  const span = hi - lo;
  const vspan = i32x4.splat(walkOn && span == Math.floor(span) && span <= 254 ? <i32>span : SENTINEL);
  const vnspan = i32x4.neg(vspan);
  const vlow = i32x4.splat(walkOn && lo == Math.floor(lo) && lo >= -999 && lo <= 999 ? <i32>lo : SENTINEL);
  const vhigh = i32x4.splat(walkOn && hi == Math.floor(hi) && hi >= -999 && hi <= 999 ? <i32>hi : SENTINEL);
  for (let i = start; i < end; i += 4) {
    let cnt = zero;
    let changes = zero;
    let s2 = zero, s3 = zero, s4 = zero, s5 = zero, s6 = zero;
    let h1 = sentinel, h2 = sentinel, h3 = sentinel, h4 = sentinel, h5 = sentinel, h6 = sentinel;
    let cand = zero;
    let votes = zero;
    let odd = zero;
    let up = zero, down = zero, bounce = zero, prevd = zero;
    let p = grid + (<usize>i << 3);
    for (let j = 0; j < k; j++) {
      const a = v128.load(p);
      const b = v128.load(p, 16);
      p += stride;
      // Valid: present and inside [lo, hi]; with finite bounds above -999 the range test alone rejects
      // NaN and -999 (comparisons with NaN are false). Whole numbers survive a round trip through i32.
      const ta = i32x4.trunc_sat_f64x2_s_zero(a);
      const tb = i32x4.trunc_sat_f64x2_s_zero(b);
      let va = v128.and(f64x2.ge(a, vlo), f64x2.le(a, vhi));
      let vb = v128.and(f64x2.ge(b, vlo), f64x2.le(b, vhi));
      let ia = f64x2.eq(f64x2.convert_low_i32x4_s(ta), a);
      let ib = f64x2.eq(f64x2.convert_low_i32x4_s(tb), b);
      if (!tight) {
        va = v128.and(va, v128.and(f64x2.eq(a, a), f64x2.ne(a, vmissing)));
        vb = v128.and(vb, v128.and(f64x2.eq(b, b), f64x2.ne(b, vmissing)));
        ia = v128.and(ia, f64x2.le(f64x2.abs(a), vlimit));
        ib = v128.and(ib, f64x2.le(f64x2.abs(b), vlimit));
      }
      const m = i8x16.shuffle(va, vb, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
      const ints = i8x16.shuffle(ia, ib, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
      odd = v128.or(odd, v128.andnot(m, ints));
      const v = i8x16.shuffle(ta, tb, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
      // Differences exist from the second valid answer on.
      const e = v128.and(m, i32x4.ne(h1, sentinel));
      const d = i32x4.sub(v, h1);
      changes = i32x4.sub(changes, v128.and(e, i32x4.ne(d, zero)));
      const w = v128.and(e, walkMask);
      const plus = i32x4.eq(d, one), minus = i32x4.eq(d, minusOne);
      up = i32x4.sub(up, v128.and(w, v128.or(plus, i32x4.eq(d, vnspan))));
      down = i32x4.sub(down, v128.and(w, v128.or(minus, i32x4.eq(d, vspan))));
      const onward = v128.or(v128.or(i32x4.eq(h2, sentinel), v128.or(v128.and(plus, i32x4.gt_s(prevd, zero)), v128.and(minus, i32x4.lt_s(prevd, zero)))),
        v128.or(i32x4.eq(h1, vlow), i32x4.eq(h1, vhigh)));
      bounce = i32x4.sub(bounce, v128.and(v128.and(w, v128.or(plus, minus)), onward));
      prevd = v128.bitselect(d, prevd, e);
      s2 = i32x4.sub(s2, v128.and(m, i32x4.eq(v, h2)));
      s3 = i32x4.sub(s3, v128.and(m, i32x4.eq(v, h3)));
      s4 = i32x4.sub(s4, v128.and(m, i32x4.eq(v, h4)));
      s5 = i32x4.sub(s5, v128.and(m, i32x4.eq(v, h5)));
      s6 = i32x4.sub(s6, v128.and(m, i32x4.eq(v, h6)));
      // Boyer-Moore vote over the differences.
      const fresh = i32x4.eq(votes, zero);
      const agree = v128.or(fresh, i32x4.eq(d, cand));
      cand = v128.bitselect(d, cand, v128.and(e, fresh));
      votes = i32x4.add(votes, v128.and(e, v128.bitselect(one, minusOne, agree)));
      h6 = v128.bitselect(h5, h6, m);
      h5 = v128.bitselect(h4, h5, m);
      h4 = v128.bitselect(h3, h4, m);
      h3 = v128.bitselect(h2, h3, m);
      h2 = v128.bitselect(h1, h2, m);
      h1 = v128.bitselect(v, h1, m);
      cnt = i32x4.sub(cnt, m);
    }
    finishLane(grid, n, k, lo, hi, patterns, i, i32x4.extract_lane(odd, 0), i32x4.extract_lane(cnt, 0), i32x4.extract_lane(changes, 0),
      i32x4.extract_lane(s2, 0), i32x4.extract_lane(s3, 0), i32x4.extract_lane(s4, 0), i32x4.extract_lane(s5, 0), i32x4.extract_lane(s6, 0),
      i32x4.extract_lane(cand, 0), i32x4.extract_lane(votes, 0), max(i32x4.extract_lane(up, 0), max(i32x4.extract_lane(down, 0), i32x4.extract_lane(bounce, 0))), outScore, outLabel);
    finishLane(grid, n, k, lo, hi, patterns, i + 1, i32x4.extract_lane(odd, 1), i32x4.extract_lane(cnt, 1), i32x4.extract_lane(changes, 1),
      i32x4.extract_lane(s2, 1), i32x4.extract_lane(s3, 1), i32x4.extract_lane(s4, 1), i32x4.extract_lane(s5, 1), i32x4.extract_lane(s6, 1),
      i32x4.extract_lane(cand, 1), i32x4.extract_lane(votes, 1), max(i32x4.extract_lane(up, 1), max(i32x4.extract_lane(down, 1), i32x4.extract_lane(bounce, 1))), outScore, outLabel);
    finishLane(grid, n, k, lo, hi, patterns, i + 2, i32x4.extract_lane(odd, 2), i32x4.extract_lane(cnt, 2), i32x4.extract_lane(changes, 2),
      i32x4.extract_lane(s2, 2), i32x4.extract_lane(s3, 2), i32x4.extract_lane(s4, 2), i32x4.extract_lane(s5, 2), i32x4.extract_lane(s6, 2),
      i32x4.extract_lane(cand, 2), i32x4.extract_lane(votes, 2), max(i32x4.extract_lane(up, 2), max(i32x4.extract_lane(down, 2), i32x4.extract_lane(bounce, 2))), outScore, outLabel);
    finishLane(grid, n, k, lo, hi, patterns, i + 3, i32x4.extract_lane(odd, 3), i32x4.extract_lane(cnt, 3), i32x4.extract_lane(changes, 3),
      i32x4.extract_lane(s2, 3), i32x4.extract_lane(s3, 3), i32x4.extract_lane(s4, 3), i32x4.extract_lane(s5, 3), i32x4.extract_lane(s6, 3),
      i32x4.extract_lane(cand, 3), i32x4.extract_lane(votes, 3), max(i32x4.extract_lane(up, 3), max(i32x4.extract_lane(down, 3), i32x4.extract_lane(bounce, 3))), outScore, outLabel);
  }
  return end;
}

/** Labels as in grid.ts. */
const NONE: f64 = 0, OK: f64 = 1, STRAIGHT: f64 = 2, PARTIAL: f64 = 3, PATTERN: f64 = 4;

/** The scalar end of one lane (shared with grid-simd16.ts): the per-grid score's formulas on its counts. */
export function finishLane(
  grid: usize, n: i32, k: i32, lo: f64, hi: f64, patterns: bool, row: i32, odd: i32, cnt: i32, changes: i32,
  s2: i32, s3: i32, s4: i32, s5: i32, s6: i32, cand: i32, votes: i32, walk: i32, outScore: usize, outLabel: usize,
): void {
  if (odd != 0) {
    stf(outScore, row, scoreGridRowExact(grid, n, k, lo, hi, patterns, row));
    store<u8>(outLabel + <usize>row, <u8>(<f64>lastGridLabel()));
    return;
  }
  if (cnt < 5) {
    stf(outScore, row, NaN);
    store<u8>(outLabel + <usize>row, <u8>(NONE));
    return;
  }
  const m = cnt - 1;
  if (changes == 0) {
    stf(outScore, row, 0);
    store<u8>(outLabel + <usize>row, <u8>(STRAIGHT));
    return;
  }
  const c = <f64>changes / <f64>m;
  if (c < 0.35) {
    stf(outScore, row, 30 + 40 * c / 0.35);
    store<u8>(outLabel + <usize>row, <u8>(PARTIAL));
    return;
  }
  if (!patterns || cnt < 7) {
    stf(outScore, row, 100);
    store<u8>(outLabel + <usize>row, <u8>(OK));
    return;
  }
  // Only periods with a share of at least 0.7 can change the score; 10 s >= 7 (n - p) is that test in
  // integers (exact), so the division runs only for them.
  const pmax = min(6, cnt >> 1);
  let best: f64 = 0;
  if (pmax >= 2 && 10 * s2 >= 7 * (cnt - 2)) best = Math.max(best, <f64>s2 / <f64>(cnt - 2));
  if (pmax >= 3 && 10 * s3 >= 7 * (cnt - 3)) best = Math.max(best, <f64>s3 / <f64>(cnt - 3));
  if (pmax >= 4 && 10 * s4 >= 7 * (cnt - 4)) best = Math.max(best, <f64>s4 / <f64>(cnt - 4));
  if (pmax >= 5 && 10 * s5 >= 7 * (cnt - 5)) best = Math.max(best, <f64>s5 / <f64>(cnt - 5));
  if (pmax >= 6 && 10 * s6 >= 7 * (cnt - 6)) best = Math.max(best, <f64>s6 / <f64>(cnt - 6));
  // A step shared by >= 70 % of the differences is a strict majority, so the vote found it and kept a
  // margin of at least 0.4 m; only then is it counted exactly.
  let s: f64 = 0;
  if (cand != 0 && 5 * votes >= 2 * m) {
    const mode = countDifference(grid, n, k, lo, hi, row, cand);
    if (<f64>mode / <f64>m >= 0.7) s = <f64>mode / <f64>m;
  }
  let r = best > s ? best : s;
  // `walk`: the differences of the lane's longest walk (walkShareI's count).
  if (10 * walk >= 7 * m) {
    const w = <f64>walk / <f64>m;
    if (w > r) r = w;
  }
  if (r < 0.7) {
    stf(outScore, row, 100);
    store<u8>(outLabel + <usize>row, <u8>(OK));
    return;
  }
  stf(outScore, row, 100 - 90 * (r - 0.7) / 0.3);
  store<u8>(outLabel + <usize>row, <u8>(PATTERN));
}

/** How often the difference `delta` occurs between consecutive valid answers of one row. */
function countDifference(grid: usize, n: i32, k: i32, lo: f64, hi: f64, row: i32, delta: i32): i32 {
  let prev: i32 = SENTINEL;
  let count = 0;
  for (let j = 0; j < k; j++) {
    const v = ldf(grid, j * n + row);
    if (v != v || v == -999 || v < lo || v > hi) continue;
    const iv = <i32>v;
    if (prev != SENTINEL && iv - prev == delta) count++;
    prev = iv;
  }
  return count;
}


// Sixteen-lane SIMD path of the grid score for ordinary rating scales (whole-number bounds inside
// [-127, 126], at most 127 items): sixteen interviews per i8x16 vector. Each lane runs the state
// machine of grid-simd.ts (valid count, changes, matches at periods 2..6, a majority vote over the
// differences) on the same integer codes, so the results are the same. The common outcomes (too few
// answers, straightliner, no regularity) are decided for all sixteen lanes at once in integers; only
// the other lanes (partial straightliners, possible patterns) go through the scalar `finishLane`.
import { finishLane } from './grid-simd';
import { take, release } from './mem';
import { walkScale } from './grid';
import { M_CUT, evenItems, modelWeights } from './consistency-fit';
import { consistencyRows, distanceScale, labelCutF32 } from './consistency';
import { answerTables, answersByTable, distances16 } from './consistency-simd16';

const NONE: u8 = 0, OK: u8 = 1, STRAIGHT: u8 = 2;

/** Whether `gridScoresSimd16` can take a grid with these bounds and this many items. */
export function fitsSimd16(k: i32, lo: f64, hi: f64): bool {
  return k <= 127 && lo == Math.floor(lo) && hi == Math.floor(hi) && lo >= -127 && hi <= 126 && hi - lo <= 127;
}

/**
 * Scores rows [0, n - n % 16) of a column-major n x k grid (see `fitsSimd16`); returns the first row
 * left for the narrower paths. With a fitted consistency `model` (else 0), the same pass also writes
 * each row's D² (f32) to `outD2` and turns OK labels above the model's cut into Inconsistent: the codes
 * are already in registers, so the distances cost no second read of the grid.
 *
 * Conversion: each double is first raised to at least lo - 1 with `pmax` (NaN, -999 and anything
 * below the scale become lo - 1, an invalid code), then truncated and narrowed with saturation to
 * i8 (anything above 127 stays invalid). A valid lane is one whose code lies in [lo, hi]. Truncation
 * is only faithful for whole numbers, so every raised double is also tested for being whole; a block
 * holding any other value (e.g. 2.5, which would pass as 2) is redone lane by lane exactly.
 */
export function gridScoresSimd16(
  grid: usize, n: i32, k: i32, lo: f64, hi: f64, patterns: bool, outScore: usize, outLabel: usize,
  model: usize, outD2: usize,
): i32 {
  const fuse = model != 0;
  // The block's codes per item (code - lo, invalid lanes 0x80; a zero padding item for an odd k),
  // then its integer answers, four i16x8 per pair of items, looked up in per-pair tables. Scales of
  // more than 16 points have no table: their blocks go row by row (consistencyRows).
  const kp = evenItems(k);
  const codes = take(fuse ? <usize>kp << 4 : 16);
  const zbuf = take(fuse ? <usize>kp << 5 : 16);
  const byTable = fuse && hi - lo <= 15;
  const tables = take(byTable ? <usize>kp << 5 : 16);
  if (byTable) answerTables(model, k, lo, hi, tables);
  if (fuse && kp > k) v128.store(codes + (<usize>k << 4), i8x16.splat(-128));
  const weights = fuse ? modelWeights(model, k) : 0;
  const scale = fuse ? distanceScale(model) : 1;
  const cut: f32 = fuse ? labelCutF32(load<f64>(model, M_CUT << 3)) : 0;
  const vfloor = f64x2.splat(lo - 1);
  const vlo = i8x16.splat(<i8>(<i32>lo));
  const vhi = i8x16.splat(<i8>(<i32>hi));
  // A history slot no valid code equals (valid codes are >= lo >= -127): periods not reached never match.
  const sentinel = i8x16.splat(-128);
  const zero = i8x16.splat(0);
  const one = i8x16.splat(1);
  const minusOne = i8x16.splat(-1);
  const usePatterns = patterns ? minusOne : zero;
  // The walks of walkShareI, counted per lane with the same tests (a span under 2 walks nowhere).
  const walkMask = patterns && walkScale(lo, hi) ? minusOne : zero;
  const vspan = i8x16.splat(<i8>(<i32>(hi - lo)));
  const vnspan = i8x16.neg(vspan);
  const stride = <usize>n << 3;
  const end = n & ~15;
  const lanes = take(16 * 10);
  const byLabel = take(8 * 3);
  store<f64>(byLabel, NaN);
  store<f64>(byLabel, 100, 8);
  store<f64>(byLabel, 0, 16);
  for (let i = 0; i < end; i += 16) {
    let cnt = zero;
    let changes = zero;
    let s2 = zero, s3 = zero, s4 = zero, s5 = zero, s6 = zero;
    let h1 = sentinel, h2 = sentinel, h3 = sentinel, h4 = sentinel, h5 = sentinel, h6 = sentinel;
    let cand = zero;
    let votes = zero;
    let up = zero, down = zero, bounce = zero, prevd = zero;
    let whole = minusOne;
    let p = grid + (<usize>i << 3);
    for (let j = 0; j < k; j++) {
      const c0 = f64x2.pmax(vfloor, v128.load(p));
      const c1 = f64x2.pmax(vfloor, v128.load(p, 16));
      const c2 = f64x2.pmax(vfloor, v128.load(p, 32));
      const c3 = f64x2.pmax(vfloor, v128.load(p, 48));
      const c4 = f64x2.pmax(vfloor, v128.load(p, 64));
      const c5 = f64x2.pmax(vfloor, v128.load(p, 80));
      const c6 = f64x2.pmax(vfloor, v128.load(p, 96));
      const c7 = f64x2.pmax(vfloor, v128.load(p, 112));
      p += stride;
      whole = v128.and(whole, v128.and(
        v128.and(v128.and(f64x2.eq(f64x2.floor(c0), c0), f64x2.eq(f64x2.floor(c1), c1)), v128.and(f64x2.eq(f64x2.floor(c2), c2), f64x2.eq(f64x2.floor(c3), c3))),
        v128.and(v128.and(f64x2.eq(f64x2.floor(c4), c4), f64x2.eq(f64x2.floor(c5), c5)), v128.and(f64x2.eq(f64x2.floor(c6), c6), f64x2.eq(f64x2.floor(c7), c7))),
      ));
      // [a0 a1 0 0 | b0 b1 0 0] per pair, then bytes, then the sixteen codes in row order.
      const w01 = i16x8.narrow_i32x4_s(i32x4.trunc_sat_f64x2_s_zero(c0), i32x4.trunc_sat_f64x2_s_zero(c1));
      const w23 = i16x8.narrow_i32x4_s(i32x4.trunc_sat_f64x2_s_zero(c2), i32x4.trunc_sat_f64x2_s_zero(c3));
      const w45 = i16x8.narrow_i32x4_s(i32x4.trunc_sat_f64x2_s_zero(c4), i32x4.trunc_sat_f64x2_s_zero(c5));
      const w67 = i16x8.narrow_i32x4_s(i32x4.trunc_sat_f64x2_s_zero(c6), i32x4.trunc_sat_f64x2_s_zero(c7));
      const v = i8x16.shuffle(i8x16.narrow_i16x8_s(w01, w23), i8x16.narrow_i16x8_s(w45, w67),
        0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29);
      const m = v128.and(i8x16.ge_s(v, vlo), i8x16.le_s(v, vhi));
      // Only a store here: the loop already holds more vectors than there are registers.
      if (fuse) v128.store(codes + (<usize>j << 4), v128.bitselect(i8x16.sub(v, vlo), i8x16.splat(-128), m));
      // Differences exist from the second valid answer on; they fit in i8 because hi - lo <= 127.
      const e = v128.and(m, i8x16.ne(h1, sentinel));
      const d = i8x16.sub(v, h1);
      changes = i8x16.sub(changes, v128.and(e, i8x16.ne(d, zero)));
      const w = v128.and(e, walkMask);
      const plus = i8x16.eq(d, one), minus = i8x16.eq(d, minusOne);
      up = i8x16.sub(up, v128.and(w, v128.or(plus, i8x16.eq(d, vnspan))));
      down = i8x16.sub(down, v128.and(w, v128.or(minus, i8x16.eq(d, vspan))));
      const onward = v128.or(v128.or(i8x16.eq(h2, sentinel), v128.or(v128.and(plus, i8x16.gt_s(prevd, zero)), v128.and(minus, i8x16.lt_s(prevd, zero)))),
        v128.or(i8x16.eq(h1, vlo), i8x16.eq(h1, vhi)));
      bounce = i8x16.sub(bounce, v128.and(v128.and(w, v128.or(plus, minus)), onward));
      prevd = v128.bitselect(d, prevd, e);
      s2 = i8x16.sub(s2, v128.and(m, i8x16.eq(v, h2)));
      s3 = i8x16.sub(s3, v128.and(m, i8x16.eq(v, h3)));
      s4 = i8x16.sub(s4, v128.and(m, i8x16.eq(v, h4)));
      s5 = i8x16.sub(s5, v128.and(m, i8x16.eq(v, h5)));
      s6 = i8x16.sub(s6, v128.and(m, i8x16.eq(v, h6)));
      // Boyer-Moore vote over the differences.
      const fresh = i8x16.eq(votes, zero);
      const agree = v128.or(fresh, i8x16.eq(d, cand));
      cand = v128.bitselect(d, cand, v128.and(e, fresh));
      votes = i8x16.add(votes, v128.and(e, v128.bitselect(one, minusOne, agree)));
      h6 = v128.bitselect(h5, h6, m);
      h5 = v128.bitselect(h4, h5, m);
      h4 = v128.bitselect(h3, h4, m);
      h3 = v128.bitselect(h2, h3, m);
      h2 = v128.bitselect(h1, h2, m);
      h1 = v128.bitselect(v, h1, m);
      cnt = i8x16.sub(cnt, m);
    }
    // Lanes decided here: fewer than 5 answers (none), no change (straightliner), or neither a partial
    // straightliner nor (from 7 answers) any regularity that could reach 0.7 (ok, 100). The rest: `finishLane`.
    const scored = i8x16.gt_s(cnt, i8x16.splat(4));
    const straight = i8x16.eq(changes, zero);
    const rest = v128.and(scored, v128.not(straight));
    const stepped = i8x16.ne(cand, zero);
    const walk = i8x16.max_s(up, i8x16.max_s(down, bounce));
    const open = v128.and(rest, i8x16.narrow_i16x8_s(
      openLanes(i16x8.extend_low_i8x16_s(stepped), i16x8.extend_low_i8x16_s(cnt), i16x8.extend_low_i8x16_s(changes), i16x8.extend_low_i8x16_s(s2), i16x8.extend_low_i8x16_s(s3),
        i16x8.extend_low_i8x16_s(s4), i16x8.extend_low_i8x16_s(s5), i16x8.extend_low_i8x16_s(s6), i16x8.extend_low_i8x16_s(votes), i16x8.extend_low_i8x16_s(walk), usePatterns),
      openLanes(i16x8.extend_high_i8x16_s(stepped), i16x8.extend_high_i8x16_s(cnt), i16x8.extend_high_i8x16_s(changes), i16x8.extend_high_i8x16_s(s2), i16x8.extend_high_i8x16_s(s3),
        i16x8.extend_high_i8x16_s(s4), i16x8.extend_high_i8x16_s(s5), i16x8.extend_high_i8x16_s(s6), i16x8.extend_high_i8x16_s(votes), i16x8.extend_high_i8x16_s(walk), usePatterns),
    ));
    const label = v128.bitselect(i8x16.splat(STRAIGHT), v128.and(scored, i8x16.splat(OK)), v128.and(scored, straight));
    v128.store(outLabel + <usize>i, label);
    for (let l = 0; l < 16; l++) {
      store<f64>(outScore + (<usize>(i + l) << 3), load<f64>(byLabel + (<usize>load<u8>(outLabel + <usize>(i + l)) << 3)));
    }
    const allWhole = i64x2.all_true(whole);
    const pending = allWhole ? i8x16.bitmask(open) : 0xffff;
    if (pending != 0) finishPending(grid, n, k, lo, hi, patterns, i, allWhole, pending, lanes, cnt, changes, s2, s3, s4, s5, s6, cand, votes, walk, outScore, outLabel);
    if (!fuse) continue;
    // Labels are final here (the pending lanes are finished). A block with a non-whole answer is
    // redone from the doubles.
    if (!allWhole || !byTable) consistencyRows(grid, n, k, lo, hi, model, i, i + 16, outD2, outLabel);
    else {
      for (let p = 0; p < kp; p += 2) {
        answersByTable(v128.load(codes + (<usize>p << 4)), v128.load(codes + (<usize>(p + 1) << 4)), tables + (<usize>p << 5), zbuf + (<usize>p << 5));
      }
      v128.store(lanes, cnt);
      distances16(k, weights, zbuf, lanes, scale, cut, outD2 + (<usize>i << 2), outLabel + <usize>i);
    }
  }
  release(lanes);
  release(byLabel);
  release(codes);
  release(zbuf);
  release(tables);
  return end;
}

/** Finishes the lanes the block could not decide (partial straightliners, possible patterns) one by one. */
function finishPending(
  grid: usize, n: i32, k: i32, lo: f64, hi: f64, patterns: bool, i: i32, allWhole: bool, pending: i32, lanes: usize,
  cnt: v128, changes: v128, s2: v128, s3: v128, s4: v128, s5: v128, s6: v128, cand: v128, votes: v128, walk: v128,
  outScore: usize, outLabel: usize,
): void {
  v128.store(lanes, cnt);
  v128.store(lanes, changes, 16);
  v128.store(lanes, s2, 32);
  v128.store(lanes, s3, 48);
  v128.store(lanes, s4, 64);
  v128.store(lanes, s5, 80);
  v128.store(lanes, s6, 96);
  v128.store(lanes, cand, 112);
  v128.store(lanes, votes, 128);
  v128.store(lanes, walk, 144);
  while (pending != 0) {
    const l = ctz(pending);
    pending &= pending - 1;
    const at = lanes + <usize>l;
    finishLane(grid, n, k, lo, hi, patterns, i + l, allWhole ? 0 : 1, <i32>load<i8>(at), <i32>load<i8>(at, 16),
      <i32>load<i8>(at, 32), <i32>load<i8>(at, 48), <i32>load<i8>(at, 64), <i32>load<i8>(at, 80), <i32>load<i8>(at, 96),
      <i32>load<i8>(at, 112), <i32>load<i8>(at, 128), <i32>load<i8>(at, 144), outScore, outLabel);
  }
}

/**
 * For eight lanes in i16 (all products fit): -1 where the scalar finish could give anything but 100,
 * i.e. a partial straightliner (changes / (cnt - 1) < 0.35, as 20 changes < 7 (cnt - 1)) or, with
 * patterns on, a period p <= min(6, cnt / 2) matching at least 70 % (10 s_p >= 7 (cnt - p)) or a
 * vote for a non-zero step with the margin a 70 % majority would leave (5 votes >= 2 (cnt - 1); a
 * zero step is no change and never counts), or a walk over 70 % of the differences (10 walk >= 7 (cnt - 1)). Exact integer
 * forms of the tests in `finishLane`.
 */
// @ts-ignore: decorator
@inline
function openLanes(stepped: v128, cnt: v128, changes: v128, s2: v128, s3: v128, s4: v128, s5: v128, s6: v128, votes: v128, walk: v128, usePatterns: v128): v128 {
  const m = i16x8.sub(cnt, i16x8.splat(1));
  const partial = i16x8.lt_s(i16x8.mul(changes, i16x8.splat(20)), i16x8.mul(m, i16x8.splat(7)));
  const half = i16x8.shr_s(cnt, 1);
  const ten = i16x8.splat(10), seven = i16x8.splat(7);
  const p2 = i16x8.ge_s(i16x8.mul(s2, ten), i16x8.mul(i16x8.sub(cnt, i16x8.splat(2)), seven));
  const p3 = i16x8.ge_s(i16x8.mul(s3, ten), i16x8.mul(i16x8.sub(cnt, i16x8.splat(3)), seven));
  const p4 = v128.and(i16x8.ge_s(half, i16x8.splat(4)), i16x8.ge_s(i16x8.mul(s4, ten), i16x8.mul(i16x8.sub(cnt, i16x8.splat(4)), seven)));
  const p5 = v128.and(i16x8.ge_s(half, i16x8.splat(5)), i16x8.ge_s(i16x8.mul(s5, ten), i16x8.mul(i16x8.sub(cnt, i16x8.splat(5)), seven)));
  const p6 = v128.and(i16x8.ge_s(half, i16x8.splat(6)), i16x8.ge_s(i16x8.mul(s6, ten), i16x8.mul(i16x8.sub(cnt, i16x8.splat(6)), seven)));
  const vote = v128.and(stepped, i16x8.ge_s(i16x8.mul(votes, i16x8.splat(5)), i16x8.mul(m, i16x8.splat(2))));
  const walked = i16x8.ge_s(i16x8.mul(walk, ten), i16x8.mul(m, seven));
  const regular = v128.or(v128.or(v128.or(p2, p3), v128.or(p4, p5)), v128.or(v128.or(p6, vote), walked));
  // Patterns count only from 7 answers (finishLane gives 100 below that).
  const long = i16x8.gt_s(cnt, i16x8.splat(6));
  return v128.or(partial, v128.and(v128.and(usePatterns, long), regular));
}

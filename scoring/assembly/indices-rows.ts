// Per-row indices of the R package `careless` that read each row alone: longstring, avgstr and irv.
// The rows go two at a time through SIMD lanes over the column-major cells in place; each lane does the
// same operations in the same order as the row-at-a-time functions beside them (used for the last,
// odd row), so every result is the same double.
import { isMissing, ldf, stf } from './mem';

/**
 * longstring (longest run of identical consecutive answers) and avgstr (mean run length) per row of a
 * column-major n x k matrix. NaN for rows without any valid answer.
 */
export function longstring(x: usize, n: i32, k: i32, outLong: usize, outAvg: usize): void {
  // Two rows at a time, one lane each, reading the column-major cells in place: the counts are whole
  // numbers in doubles (exact), and each lane does what longstringRow does for its row.
  const stride = <usize>n << 3;
  const zero = f64x2.splat(0);
  const one = f64x2.splat(1);
  const missing = f64x2.splat(-999);
  const nan = f64x2.splat(NaN);
  const end = n & ~1;
  for (let i = 0; i < end; i += 2) {
    let longest = zero,
      runs = zero,
      valid = zero,
      run = zero,
      prev = zero;
    let p = x + (<usize>i << 3);
    for (let j = 0; j < k; j++) {
      const v = v128.load(p);
      p += stride;
      const ok = v128.and(f64x2.eq(v, v), f64x2.ne(v, missing));
      const started = f64x2.gt(run, zero);
      // The run goes on (a valid answer equal to the previous valid one), or a new one starts and the
      // one before, if any, is counted.
      const more = v128.and(ok, v128.and(started, f64x2.eq(v, prev)));
      const fresh = v128.andnot(ok, more);
      runs = f64x2.add(runs, v128.and(v128.and(fresh, started), one));
      run = v128.bitselect(f64x2.add(run, one), v128.bitselect(one, run, fresh), more);
      longest = f64x2.max(longest, run);
      valid = f64x2.add(valid, v128.and(ok, one));
      prev = v128.bitselect(v, prev, ok);
    }
    runs = f64x2.add(runs, v128.and(f64x2.gt(run, zero), one));
    const none = f64x2.eq(valid, zero);
    v128.store(outLong + (<usize>i << 3), v128.bitselect(nan, longest, none));
    v128.store(outAvg + (<usize>i << 3), v128.bitselect(nan, f64x2.div(valid, runs), none));
  }
  for (let i = end; i < n; i++) longstringRow(x, n, k, i, outLong, outAvg);
}

function longstringRow(x: usize, n: i32, k: i32, i: i32, outLong: usize, outAvg: usize): void {
  let longest = 0;
  let runs = 0;
  let valid = 0;
  let run = 0;
  let prev: f64 = NaN;
  for (let j = 0; j < k; j++) {
    const v = ldf(x, j * n + i);
    if (isMissing(v)) continue;
    valid++;
    if (run > 0 && v == prev) run++;
    else {
      if (run > 0) runs++;
      run = 1;
    }
    if (run > longest) longest = run;
    prev = v;
  }
  if (run > 0) runs++;
  stf(outLong, i, valid == 0 ? NaN : <f64>longest);
  stf(outAvg, i, valid == 0 ? NaN : <f64>valid / <f64>runs);
}

/**
 * Intra-individual response variability: the standard deviation (n - 1) of each row's valid answers.
 * NaN with fewer than 2 valid answers.
 */
export function irv(x: usize, n: i32, k: i32, out: usize): void {
  // Two rows at a time as in longstring; each lane adds the same values in the same order as irvRow,
  // so every result is the same double.
  const stride = <usize>n << 3;
  const zero = f64x2.splat(0);
  const one = f64x2.splat(1);
  const two = f64x2.splat(2);
  const missing = f64x2.splat(-999);
  const nan = f64x2.splat(NaN);
  const end = n & ~1;
  for (let i = 0; i < end; i += 2) {
    const base = x + (<usize>i << 3);
    let sum = zero,
      cnt = zero;
    let p = base;
    for (let j = 0; j < k; j++) {
      const v = v128.load(p);
      p += stride;
      const ok = v128.and(f64x2.eq(v, v), f64x2.ne(v, missing));
      sum = v128.bitselect(f64x2.add(sum, v), sum, ok);
      cnt = f64x2.add(cnt, v128.and(ok, one));
    }
    const mean = f64x2.div(sum, cnt);
    let ss = zero;
    p = base;
    for (let j = 0; j < k; j++) {
      const v = v128.load(p);
      p += stride;
      const ok = v128.and(f64x2.eq(v, v), f64x2.ne(v, missing));
      const d = f64x2.sub(v, mean);
      ss = v128.bitselect(f64x2.add(ss, f64x2.mul(d, d)), ss, ok);
    }
    const sd = f64x2.sqrt(f64x2.div(ss, f64x2.sub(cnt, one)));
    v128.store(out + (<usize>i << 3), v128.bitselect(nan, sd, f64x2.lt(cnt, two)));
  }
  for (let i = end; i < n; i++) irvRow(x, n, k, i, out);
}

function irvRow(x: usize, n: i32, k: i32, i: i32, out: usize): void {
  let sum: f64 = 0;
  let cnt = 0;
  for (let j = 0; j < k; j++) {
    const v = ldf(x, j * n + i);
    if (isMissing(v)) continue;
    sum += v;
    cnt++;
  }
  if (cnt < 2) {
    stf(out, i, NaN);
    return;
  }
  const mean = sum / <f64>cnt;
  let ss: f64 = 0;
  for (let j = 0; j < k; j++) {
    const v = ldf(x, j * n + i);
    if (isMissing(v)) continue;
    ss += (v - mean) * (v - mean);
  }
  stf(out, i, Math.sqrt(ss / <f64>(cnt - 1)));
}

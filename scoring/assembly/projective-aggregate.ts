// Per-interview projective aggregation: PS, CS, IS and SDS means over the questions (the per-question
// columns come from projective.ts), the Marlowe-Crowne SDS (the scale variant) and row means.
import { ldf, stf, take, release, pairScratch } from './mem';

/**
 * Marlowe-Crowne short form C (Reynolds 1982) as SDS. `x` is column-major n x 13 with answers coded
 * `trueCode` / `falseCode` (anything else is missing). SDS = 100 - 100 * MC' / 13, prorated with up
 * to 2 missing items; NaN with more.
 */
export function mcSds(x: usize, n: i32, trueCode: f64, falseCode: f64, out: usize): void {
  for (let i = 0; i < n; i++) {
    let mc = 0;
    let answered = 0;
    for (let j = 0; j < 13; j++) {
      const v = ldf(x, j * n + i);
      const isTrue = v == trueCode;
      const isFalse = v == falseCode;
      if (!isTrue && !isFalse) continue;
      answered++;
      // Items 5, 7, 9, 10, 13 (1-based) are keyed true; the others false.
      const item = j + 1;
      const keyedTrue = item == 5 || item == 7 || item == 9 || item == 10 || item == 13;
      if (keyedTrue ? isTrue : isFalse) mc++;
    }
    if (13 - answered > 2) {
      stf(out, i, NaN);
      continue;
    }
    const prorated = <f64>mc * 13 / <f64>answered;
    stf(out, i, 100 - 100 * prorated / 13);
  }
}

/**
 * Per-interview PS, CS, IS and SDS from the per-question columns (column-major n x q, NaN = null): the
 * mean over the questions where each exists; IS over information questions (purpose bit 0) and SDS
 * over social-desirability ones (bit 1) of `collective`. Data points = questions with a PS.
 */
export function projectiveAggregate(
  ps: usize, cs: usize, collective: usize, purposes: usize, n: i32, q: i32,
  outPs: usize, outCs: usize, outIs: usize, outSds: usize, outDp: usize,
): void {
  const end = n & ~1;
  aggregatePairs(ps, cs, collective, purposes, n, q, end, outPs, outCs, outIs, outSds, outDp);
  if (end == n) return;
  const last = n - 1;
  const a = pairScratch(ps, n, q, last), b = pairScratch(cs, n, q, last), c = pairScratch(collective, n, q, last);
  const o = take(16 * 5);
  aggregatePairs(a, b, c, purposes, 2, q, 2, o, o + 16, o + 32, o + 48, o + 64);
  stf(outPs, last, ldf(o, 0));
  stf(outCs, last, ldf(o, 2));
  stf(outIs, last, ldf(o, 4));
  stf(outSds, last, ldf(o, 6));
  stf(outDp, last, ldf(o, 8));
  release(o); release(a); release(b); release(c);
}

/** Rows [0, end) (end even) of n-row matrices, two per f64x2: a null adds +0 and nothing to the count. */
function aggregatePairs(
  ps: usize, cs: usize, collective: usize, purposes: usize, n: i32, q: i32, end: i32,
  outPs: usize, outCs: usize, outIs: usize, outSds: usize, outDp: usize,
): void {
  const zero = f64x2.splat(0);
  const one = f64x2.splat(1);
  const nan = f64x2.splat(NaN);
  for (let i = 0; i < end; i += 2) {
    let sp = zero, sc = zero, si = zero, ss = zero;
    let cp = zero, cc = zero, ci = zero, cs2 = zero;
    for (let j = 0; j < q; j++) {
      const off = (<usize>j * <usize>n + <usize>i) << 3;
      const a = v128.load(ps + off);
      const okA = f64x2.eq(a, a);
      sp = f64x2.add(sp, v128.and(okA, a));
      cp = f64x2.add(cp, v128.and(okA, one));
      const b = v128.load(cs + off);
      const okB = f64x2.eq(b, b);
      sc = f64x2.add(sc, v128.and(okB, b));
      cc = f64x2.add(cc, v128.and(okB, one));
      const c = v128.load(collective + off);
      const okC = f64x2.eq(c, c);
      if (load<u8>(purposes + <usize>j) == 1) {
        ss = f64x2.add(ss, v128.and(okC, c));
        cs2 = f64x2.add(cs2, v128.and(okC, one));
      } else {
        si = f64x2.add(si, v128.and(okC, c));
        ci = f64x2.add(ci, v128.and(okC, one));
      }
    }
    const at = <usize>i << 3;
    v128.store(outPs + at, v128.bitselect(f64x2.div(sp, cp), nan, f64x2.gt(cp, zero)));
    v128.store(outCs + at, v128.bitselect(f64x2.div(sc, cc), nan, f64x2.gt(cc, zero)));
    v128.store(outIs + at, v128.bitselect(f64x2.div(si, ci), nan, f64x2.gt(ci, zero)));
    v128.store(outSds + at, v128.bitselect(f64x2.div(ss, cs2), nan, f64x2.gt(cs2, zero)));
    v128.store(outDp + at, cp);
  }
}

/** Row means over the non-NaN entries of a column-major n x k matrix; counts go to `outCount`. */
export function rowMeans(x: usize, n: i32, k: i32, outMean: usize, outCount: usize): void {
  for (let i = 0; i < n; i++) {
    let s: f64 = 0;
    let c = 0;
    for (let j = 0; j < k; j++) {
      const v = ldf(x, j * n + i);
      if (v != v) continue;
      s += v;
      c++;
    }
    stf(outMean, i, c == 0 ? NaN : s / <f64>c);
    stf(outCount, i, <f64>c);
  }
}

// Projective questions: Prediction-Score (7), Certainty-Score (8), Information-Score (9) and the
// projective Social-Desirability-Score (10.1), all built on the data model of section 6.
import { isMissing, ldf, stf, take, release, pairScratch } from './mem';

/** Floor for a predicted share before renormalising, so that no log(0) arises (section 6). */
const EPS: f64 = 0.01;

let lnTable: usize = 0;

let pctTable: usize = 0;

function fillTables(): void {
  lnTable = take(101 << 3);
  pctTable = take(101 << 3);
  for (let i = 1; i <= 100; i++) {
    stf(pctTable, i, <f64>i / 100);
    stf(lnTable, i, Math.log(<f64>i / 100));
  }
}

/** pct / 100 as the double the formula produces, for pct = 1..100. */
function percentOf(pct: i32): f64 {
  if (pctTable == 0) fillTables();
  return ldf(pctTable, pct);
}

/** ln(pct / 100) for pct = 1..100, computed once. */
function lnPercent(pct: i32): f64 {
  if (lnTable == 0) fillTables();
  return ldf(lnTable, pct);
}

/** Purpose codes of a projective question. */
export const PURPOSE_INFORMATION: i32 = 0;
export const PURPOSE_SOCIAL_DESIRABILITY: i32 = 1;

/**
 * Scores one projective question for every respondent.
 *
 * `choice` (n f64) holds the chosen option 1..m; `pred` is column-major n x predCols of predicted
 * percentages 0..100 (predCols = m, or 1 for a binary question whose second option is 100 - y).
 * A prediction is valid if every value is present and in [0, 100] and the sum is within 5 of 100
 * (then rescaled to 100). Sample statistics use respondents with a valid choice and prediction;
 * with fewer than `minN` of them everything is NaN (null).
 *
 * Outputs per respondent: PS_q, CS_q and the collective value of the chosen option (IS_k for an
 * information question, SDS_k for a social-desirability one). Per option (m values): x̄_k, ȳ^geo_k,
 * ȳ^ari_k and IS_k (or SDS_k). Returns N_q.
 */
export function projectiveQuestion(
  choice: usize, pred: usize, n: i32, m: i32, predCols: i32, purpose: i32, lambda: f64, minN: i32,
  outPs: usize, outCs: usize, outCollective: usize,
  outShare: usize, outGeo: usize, outAri: usize, outOption: usize,
): i32 {
  if (m == 2) {
    return binaryQuestion(choice, pred, n, predCols, purpose, lambda, minN, outPs, outCs, outCollective, outShare, outGeo, outAri, outOption);
  }
  return generalQuestion(choice, pred, n, m, predCols, purpose, lambda, minN, outPs, outCs, outCollective, outShare, outGeo, outAri, outOption);
}

// Key of the whole-percent prediction of the last `rowShares` call (pct_0 * 101 + pct_1 ...), or -1.
let lastKey: i32 = -1;

/**
 * Validates row i and writes its normalised predicted shares p_k to `y` and ln p_k to `ly` (section
 * 6); returns the chosen option 0..m-1, or -1 when the choice or the prediction is invalid.
 */
function rowShares(choice: usize, pred: usize, n: i32, m: i32, predCols: i32, i: i32, y: usize, ly: usize): i32 {
  lastKey = -1;
  const c = ldf(choice, i);
  if (isMissing(c) || c != Math.floor(c) || c < 1 || c > <f64>m) return -1;
  const binarySingle = predCols == 1 && m == 2;
  let sum: f64 = 0;
  for (let k = 0; k < m; k++) {
    let v: f64;
    if (binarySingle) {
      const y0 = ldf(pred, i);
      if (isMissing(y0)) return -1;
      v = k == 0 ? y0 : 100 - y0;
    } else {
      v = ldf(pred, k * n + i);
      if (isMissing(v)) return -1;
    }
    if (!(v >= 0 && v <= 100)) return -1;
    stf(y, k, v);
    sum += v;
  }
  if (Math.abs(sum - 100) > 5) return -1;
  // Renormalise only when the floor changed something: otherwise the shares already sum to 1, and
  // dividing by a total of 1 +- 1 ulp would only blur whole percentages (and miss the log table).
  let total: f64 = 0;
  let floored = false;
  const scale = 100 / sum;
  for (let k = 0; k < m; k++) {
    const raw = (ldf(y, k) * scale) / 100;
    const q = Math.max(raw, EPS);
    if (q != raw) floored = true;
    stf(y, k, q);
    total += q;
  }
  if (!floored) total = 1;
  let key = 0;
  for (let k = 0; k < m; k++) {
    const q = ldf(y, k) / total;
    // Whole-percent predictions repeat endlessly: their logarithms come from a table filled with
    // the same Math.log of the same double, so the result is bit-identical, only cheaper.
    const pct = <i32>(q * 100 + 0.5);
    const tabled = pct >= 1 && pct <= 100 && percentOf(pct) == q;
    key = tabled && key >= 0 && key < 0x100000 ? key * 101 + pct : -1;
    stf(y, k, q);
    stf(ly, k, tabled ? lnPercent(pct) : Math.log(q));
  }
  lastKey = key;
  return <i32>c - 1;
}

/**
 * Per-option statistics (x̄_k, ȳ^geo_k, ȳ^ari_k, IS_k or SDS_k) from the sample sums, and ln x̄_k to
 * `lshare`; NaN everywhere when the sample is too small.
 */
function optionStats(
  k: i32, enough: bool, count: f64, logs: f64, sumP: f64, nq: i32, purpose: i32,
  outShare: usize, outGeo: usize, outAri: usize, outOption: usize, lshare: usize,
): void {
  if (!enough) {
    stf(outShare, k, NaN);
    stf(outGeo, k, NaN);
    stf(outAri, k, NaN);
    stf(outOption, k, NaN);
    return;
  }
  const share = count / <f64>nq;
  const geo = Math.exp(logs / <f64>nq);
  stf(outShare, k, share);
  stf(lshare, k, share > 0 ? Math.log(share) : 0);
  stf(outGeo, k, geo);
  stf(outAri, k, sumP / <f64>nq);
  stf(outOption, k, purpose == PURPOSE_SOCIAL_DESIRABILITY ? 100 * geo / (share + geo) : 100 * share / (share + geo));
}

/** PS from a row's ln p_k (section 7): 100 exp(-lambda KL(x̄ || p)). */
function predictionScore(m: i32, outShare: usize, lshare: usize, ly: usize, lambda: f64): f64 {
  let kl: f64 = 0;
  for (let k = 0; k < m; k++) {
    const share = ldf(outShare, k);
    if (share > 0) kl += share * (ldf(lshare, k) - ldf(ly, k));
  }
  return 100 * Math.exp(-lambda * kl);
}

/**
 * The binary question (m = 2), the common case, in two passes without per-row columns: pass 1 sums
 * the sample statistics in row order and keeps one i32 per row; pass 2 writes PS, CS and the
 * collective value. Rows with whole-percent predictions summing to 100 (nearly all) take a table
 * path: their p_k, ln p_k are the tabled doubles `rowShares` would produce (100 / 100 = 1 scales
 * nothing, y / 100 is the table entry), and PS is memoised by (pct_0, pct_1). Other rows go through
 * `rowShares` in both passes, which computes the same doubles twice. Same sums in the same order as
 * `generalQuestion`, so the same results bit for bit.
 */
function binaryQuestion(
  choice: usize, pred: usize, n: i32, predCols: i32, purpose: i32, lambda: f64, minN: i32,
  outPs: usize, outCs: usize, outCollective: usize,
  outShare: usize, outGeo: usize, outAri: usize, outOption: usize,
): i32 {
  if (pctTable == 0) fillTables();
  // Per row: -1 invalid; else chosen option (bit 0) + 2 * (key + 1), key + 1 = 0 for the other rows.
  const code = take(<usize>n << 2);
  const y = take(16);
  const ly = take(16);
  const lshare = take(16);
  const memo = take(<usize>(101 * 101) << 3);
  for (let t = 0; t < 101 * 101; t++) stf(memo, t, NaN);
  const second = predCols == 1 ? pred : pred + (<usize>n << 3);
  let nq = 0, count0 = 0, count1 = 0;
  let logs0: f64 = 0, logs1: f64 = 0, sum0: f64 = 0, sum1: f64 = 0;
  for (let i = 0; i < n; i++) {
    const c = ldf(choice, i);
    const a = ldf(pred, i);
    const b = predCols == 1 ? 100 - a : ldf(second, i);
    // Range first: the conversions below are only defined for in-range values.
    const ia = a >= 1 && a <= 99 ? <i32>a : 0;
    const ib = b >= 1 && b <= 99 ? <i32>b : 0;
    // Branch-free: the choice is as unpredictable as the respondents.
    const ic = select<i32>(1, select<i32>(2, 0, c == 2), c == 1);
    if (ia != 0 && ib != 0 && ic != 0 && <f64>ia == a && <f64>ib == b && ia + ib == 100) {
      logs0 += ldf(lnTable, ia);
      logs1 += ldf(lnTable, ib);
      sum0 += ldf(pctTable, ia);
      sum1 += ldf(pctTable, ib);
      count0 += <i32>(ic == 1);
      count1 += <i32>(ic == 2);
      store<i32>(code + (<usize>i << 2), (ic - 1) | (select<i32>(ia, ib, ic == 1) << 1) | ((ia * 101 + ib + 1) << 8));
      nq++;
      continue;
    }
    const ck = rowShares(choice, pred, n, 2, predCols, i, y, ly);
    if (ck < 0) {
      store<i32>(code + (<usize>i << 2), -1);
      continue;
    }
    logs0 += ldf(ly, 0);
    logs1 += ldf(ly, 1);
    sum0 += ldf(y, 0);
    sum1 += ldf(y, 1);
    count0 += <i32>(ck == 0);
    count1 += <i32>(ck == 1);
    store<i32>(code + (<usize>i << 2), ck);
    nq++;
  }
  const enough = nq >= minN && nq > 0;
  optionStats(0, enough, <f64>count0, logs0, sum0, nq, purpose, outShare, outGeo, outAri, outOption, lshare);
  optionStats(1, enough, <f64>count1, logs1, sum1, nq, purpose, outShare, outGeo, outAri, outOption, lshare);
  // CS and the collective value of every (chosen option, whole percent) pair: the same expressions
  // on the same doubles as per row, so looking them up changes nothing.
  const csTable = take(2 * 101 * 8);
  for (let k = 0; k < 2; k++) {
    for (let pct = 1; pct <= 100; pct++) stf(csTable, k * 101 + pct, 100 * Math.min(1, ldf(pctTable, pct) / ldf(outAri, k)));
  }
  for (let i = 0; i < n; i++) {
    const r = load<i32>(code + (<usize>i << 2));
    if (!enough || r < 0) {
      stf(outPs, i, NaN);
      stf(outCs, i, NaN);
      stf(outCollective, i, NaN);
      continue;
    }
    // r = chosen option (bit 0) | its whole percent (bits 1-7) | key + 1 (bits 8-), or the option alone.
    const ck = r & 1;
    const key = (r >> 8) - 1;
    let ps: f64, cs: f64;
    if (key >= 0) {
      cs = ldf(csTable, ck * 101 + ((r >> 1) & 127));
      ps = ldf(memo, key);
      if (ps != ps) {
        const pa = key / 101;
        stf(ly, 0, ldf(lnTable, pa));
        stf(ly, 1, ldf(lnTable, key - pa * 101));
        ps = predictionScore(2, outShare, lshare, ly, lambda);
        stf(memo, key, ps);
      }
    } else {
      rowShares(choice, pred, n, 2, predCols, i, y, ly);
      ps = predictionScore(2, outShare, lshare, ly, lambda);
      cs = 100 * Math.min(1, ldf(y, ck) / ldf(outAri, ck));
    }
    stf(outPs, i, ps);
    stf(outCs, i, cs);
    stf(outCollective, i, ldf(outOption, ck));
  }
  release(csTable);
  release(code);
  release(y);
  release(ly);
  release(lshare);
  release(memo);
  return nq;
}

/** Any number of options: per-row p_k and ln p_k are kept column-major between the passes. */
function generalQuestion(
  choice: usize, pred: usize, n: i32, m: i32, predCols: i32, purpose: i32, lambda: f64, minN: i32,
  outPs: usize, outCs: usize, outCollective: usize,
  outShare: usize, outGeo: usize, outAri: usize, outOption: usize,
): i32 {
  // Pass 1 writes p and ln p column-major (k * n + i) and the chosen option (-1 = invalid row); the
  // sample sums then run column by column in row order, without a loop-carried store per row.
  const pcol = take(<usize>(n * m) << 3);
  const lp = take(<usize>(n * m) << 3);
  const chosen = take(<usize>n << 2);
  const y = take(<usize>m << 3);
  const ly = take(<usize>m << 3);
  let nq = 0;
  for (let i = 0; i < n; i++) {
    const ck = rowShares(choice, pred, n, m, predCols, i, y, ly);
    store<i32>(chosen + (<usize>i << 2), ck);
    if (ck < 0) continue;
    for (let k = 0; k < m; k++) {
      stf(pcol, k * n + i, ldf(y, k));
      stf(lp, k * n + i, ldf(ly, k));
    }
    nq++;
  }
  const enough = nq >= minN && nq > 0;
  const lshare = take(<usize>m << 3);
  for (let k = 0; k < m; k++) {
    let count: f64 = 0;
    let logs: f64 = 0;
    let sumP: f64 = 0;
    if (enough) {
      const pk = pcol + ((<usize>k * <usize>n) << 3);
      const lk = lp + ((<usize>k * <usize>n) << 3);
      for (let i = 0; i < n; i++) {
        const ck = load<i32>(chosen + (<usize>i << 2));
        if (ck < 0) continue;
        if (ck == k) count += 1;
        logs += ldf(lk, i);
        sumP += ldf(pk, i);
      }
    }
    optionStats(k, enough, count, logs, sumP, nq, purpose, outShare, outGeo, outAri, outOption, lshare);
  }
  for (let i = 0; i < n; i++) {
    const ck = load<i32>(chosen + (<usize>i << 2));
    if (!enough || ck < 0) {
      stf(outPs, i, NaN);
      stf(outCs, i, NaN);
      stf(outCollective, i, NaN);
      continue;
    }
    for (let k = 0; k < m; k++) stf(ly, k, ldf(lp, k * n + i));
    stf(outPs, i, predictionScore(m, outShare, lshare, ly, lambda));
    stf(outCs, i, 100 * Math.min(1, ldf(pcol, ck * n + i) / ldf(outAri, ck)));
    stf(outCollective, i, ldf(outOption, ck));
  }
  release(pcol);
  release(lp);
  release(chosen);
  release(y);
  release(ly);
  release(lshare);
  return nq;
}

/**
 * Marlowe-Crowne short form C (Reynolds 1982) as SDS (section 10.2). `x` is column-major n x 13 with
 * answers coded `trueCode` / `falseCode` (anything else is missing). SDS = 100 - 100 * MC' / 13,
 * prorated with up to 2 missing items; NaN with more.
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

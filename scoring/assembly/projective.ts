// Projective questions: Prediction-Score (7), Certainty-Score (8), Information-Score (9) and the
// projective Social-Desirability-Score (10.1), all built on the data model of section 6.
import { isMissing, ldf, stf, take, release } from './mem';

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
  // Pass 1 writes p and ln p column-major (k * n + i) and the chosen option (-1 = invalid row); the
  // sample sums then run column by column in row order, without a loop-carried store per row.
  const pcol = take(<usize>(n * m) << 3);
  const lp = take(<usize>(n * m) << 3);
  const chosen = take(<usize>n << 2);
  const y = take(<usize>m << 3);
  // Binary questions with whole-percent predictions have at most 101 x 101 distinct rows: their PS is
  // memoised by (pct0, pct1), computed by the same expression on the same doubles (bit-identical).
  const memoKey = m == 2 ? take(<usize>n << 2) : 0;
  const memo = m == 2 ? take(<usize>(101 * 101) << 3) : 0;
  if (m == 2) for (let t = 0; t < 101 * 101; t++) stf(memo, t, NaN);
  let nq = 0;
  const binarySingle = predCols == 1 && m == 2;
  for (let i = 0; i < n; i++) {
    const c = ldf(choice, i);
    let ok = !isMissing(c) && c == Math.floor(c) && c >= 1 && c <= <f64>m;
    let sum: f64 = 0;
    if (ok) {
      for (let k = 0; k < m; k++) {
        let v: f64;
        if (binarySingle) {
          const y0 = ldf(pred, i);
          v = k == 0 ? y0 : 100 - y0;
          if (isMissing(y0)) ok = false;
        } else {
          v = ldf(pred, k * n + i);
          if (isMissing(v)) ok = false;
        }
        if (!(v >= 0 && v <= 100)) ok = false;
        stf(y, k, v);
        sum += v;
      }
      if (ok && Math.abs(sum - 100) > 5) ok = false;
    }
    if (!ok) {
      store<i32>(chosen + (<usize>i << 2), -1);
      continue;
    }
    store<i32>(chosen + (<usize>i << 2), <i32>c - 1);
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
      const l = tabled ? lnPercent(pct) : Math.log(q);
      key = tabled && key >= 0 ? key * 101 + pct : -1;
      stf(pcol, k * n + i, q);
      stf(lp, k * n + i, l);
    }
    if (m == 2) store<i32>(memoKey + (<usize>i << 2), key);
    nq++;
  }
  const enough = nq >= minN && nq > 0;
  const lshare = take(<usize>m << 3);
  for (let k = 0; k < m; k++) {
    if (!enough) {
      stf(outShare, k, NaN);
      stf(outGeo, k, NaN);
      stf(outAri, k, NaN);
      stf(outOption, k, NaN);
      continue;
    }
    let count: f64 = 0;
    let logs: f64 = 0;
    let sumP: f64 = 0;
    const pk = pcol + ((<usize>k * <usize>n) << 3);
    const lk = lp + ((<usize>k * <usize>n) << 3);
    for (let i = 0; i < n; i++) {
      const ck = load<i32>(chosen + (<usize>i << 2));
      if (ck < 0) continue;
      if (ck == k) count += 1;
      logs += ldf(lk, i);
      sumP += ldf(pk, i);
    }
    const share = count / <f64>nq;
    const geo = Math.exp(logs / <f64>nq);
    stf(outShare, k, share);
    stf(lshare, k, share > 0 ? Math.log(share) : 0);
    stf(outGeo, k, geo);
    stf(outAri, k, sumP / <f64>nq);
    stf(outOption, k, purpose == PURPOSE_SOCIAL_DESIRABILITY ? 100 * geo / (share + geo) : 100 * share / (share + geo));
  }
  for (let i = 0; i < n; i++) {
    const ck = load<i32>(chosen + (<usize>i << 2));
    if (!enough || ck < 0) {
      stf(outPs, i, NaN);
      stf(outCs, i, NaN);
      stf(outCollective, i, NaN);
      continue;
    }
    const key = m == 2 ? load<i32>(memoKey + (<usize>i << 2)) : -1;
    let ps = key >= 0 ? ldf(memo, key) : NaN;
    if (ps != ps) {
      let kl: f64 = 0;
      for (let k = 0; k < m; k++) {
        const share = ldf(outShare, k);
        if (share > 0) kl += share * (ldf(lshare, k) - ldf(lp, k * n + i));
      }
      ps = 100 * Math.exp(-lambda * kl);
      if (key >= 0) stf(memo, key, ps);
    }
    stf(outPs, i, ps);
    stf(outCs, i, 100 * Math.min(1, ldf(pcol, ck * n + i) / ldf(outAri, ck)));
    stf(outCollective, i, ldf(outOption, ck));
  }
  release(pcol);
  release(lp);
  release(chosen);
  release(y);
  release(lshare);
  if (m == 2) {
    release(memoKey);
    release(memo);
  }
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
  for (let i = 0; i < n; i++) {
    let sp: f64 = 0, sc: f64 = 0, si: f64 = 0, ss: f64 = 0;
    let cp = 0, cc = 0, ci = 0, cs2 = 0;
    for (let j = 0; j < q; j++) {
      const off = j * n + i;
      const a = ldf(ps, off);
      if (a == a) { sp += a; cp++; }
      const b = ldf(cs, off);
      if (b == b) { sc += b; cc++; }
      const c = ldf(collective, off);
      if (c == c) {
        if (load<u8>(purposes + <usize>j) == 1) { ss += c; cs2++; } else { si += c; ci++; }
      }
    }
    stf(outPs, i, cp == 0 ? NaN : sp / <f64>cp);
    stf(outCs, i, cc == 0 ? NaN : sc / <f64>cc);
    stf(outIs, i, ci == 0 ? NaN : si / <f64>ci);
    stf(outSds, i, cs2 == 0 ? NaN : ss / <f64>cs2);
    stf(outDp, i, <f64>cp);
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

// Projective questions: Prediction-Score, Certainty-Score, Information-Score and the projective
// Social-Desirability-Score, all built on one data model: each respondent's chosen option and their
// predicted shares of the others' choices.
import { isMissing, ldf, stf, take, release } from './mem';

/** Floor for a predicted share before renormalising, so that no log(0) arises. */
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
 *
 * Two passes: the sample sums (the accumulator below), the per-option statistics from them
 * (`projectiveFinish`), then the rows. scoreChunked runs the same passes over chunks of rows
 * (`projectiveAccumulate` per chunk, `projectiveFinish`, `projectiveApply` per chunk): the sums are
 * added in row order in both, so the results are the same bit for bit.
 */
export function projectiveQuestion(
  choice: usize, pred: usize, n: i32, m: i32, predCols: i32, purpose: i32, lambda: f64, minN: i32,
  outPs: usize, outCs: usize, outCollective: usize,
  outShare: usize, outGeo: usize, outAri: usize, outOption: usize,
): i32 {
  const acc = take(<usize>projectiveAccumulatorBytes(m));
  memory.fill(acc, 0, <usize>projectiveAccumulatorBytes(m));
  let nq: i32;
  if (m == 2) {
    // One i32 per row between the passes (see binaryPass1).
    const code = take(<usize>n << 2);
    binaryPass1(choice, pred, n, predCols, acc, code);
    nq = projectiveFinish(acc, 2, purpose, minN, outShare, outGeo, outAri, outOption);
    binaryPass2(choice, pred, n, predCols, lambda, outShare, outAri, outOption, code, outPs, outCs, outCollective);
    release(code);
  } else {
    // p and ln p column-major (k * n + i) and the chosen option (-1 = invalid row) between the passes.
    const pcol = take(<usize>(n * m) << 3);
    const lp = take(<usize>(n * m) << 3);
    const chosen = take(<usize>n << 2);
    generalSums(pcol, lp, chosen, n, m, generalPass1(choice, pred, n, m, predCols, pcol, lp, chosen), acc);
    nq = projectiveFinish(acc, m, purpose, minN, outShare, outGeo, outAri, outOption);
    generalPass2(pcol, lp, chosen, n, m, lambda, outShare, outAri, outOption, outPs, outCs, outCollective);
    release(pcol);
    release(lp);
    release(chosen);
  }
  release(acc);
  return nq;
}

/**
 * Bytes of the sample-sum accumulator of an m-option question: f64 slots N_q, then per option k the
 * count choosing it, the sum of ln p_k and the sum of p_k (slots 1 + 3k, 2 + 3k, 3 + 3k). Starts at 0.
 */
export function projectiveAccumulatorBytes(m: i32): i32 {
  return (1 + 3 * m) << 3;
}

/**
 * Adds the rows of one chunk (n rows; same layout as `projectiveQuestion`) to the sample sums in
 * `acc`. Chunks must come in row order: every sum then sees the additions of one whole-file pass.
 */
export function projectiveAccumulate(choice: usize, pred: usize, n: i32, m: i32, predCols: i32, acc: usize): void {
  if (m == 2) {
    const code = take(<usize>n << 2);
    binaryPass1(choice, pred, n, predCols, acc, code);
    release(code);
    return;
  }
  const pcol = take(<usize>(n * m) << 3);
  const lp = take(<usize>(n * m) << 3);
  const chosen = take(<usize>n << 2);
  generalSums(pcol, lp, chosen, n, m, generalPass1(choice, pred, n, m, predCols, pcol, lp, chosen), acc);
  release(pcol);
  release(lp);
  release(chosen);
}

/**
 * Per-option statistics (x̄_k, ȳ^geo_k, ȳ^ari_k, IS_k or SDS_k; m each) from the sample sums in
 * `acc`: NaN everywhere when N_q < minN (or 0). Returns N_q.
 */
export function projectiveFinish(
  acc: usize, m: i32, purpose: i32, minN: i32, outShare: usize, outGeo: usize, outAri: usize, outOption: usize,
): i32 {
  const nq = <i32>ldf(acc, 0);
  const enough = nq >= minN && nq > 0;
  for (let k = 0; k < m; k++) {
    optionStats(k, enough, ldf(acc, 1 + 3 * k), ldf(acc, 2 + 3 * k), ldf(acc, 3 + 3 * k), nq, purpose, outShare, outGeo, outAri, outOption);
  }
  return nq;
}

/**
 * PS, CS and the collective value of the rows of one chunk from the per-option statistics of the
 * whole file (`projectiveFinish`: share, ari and option value, m each; a NaN share means too small a
 * sample, and every row is NaN). The same arithmetic as the second pass of `projectiveQuestion`.
 */
export function projectiveApply(
  choice: usize, pred: usize, n: i32, m: i32, predCols: i32, lambda: f64, share: usize, ari: usize, option: usize,
  outPs: usize, outCs: usize, outCollective: usize,
): void {
  if (m == 2) {
    // The row codes of pass 1 (its sums go to a scratch accumulator and are dropped).
    const acc = take(<usize>projectiveAccumulatorBytes(2));
    memory.fill(acc, 0, <usize>projectiveAccumulatorBytes(2));
    const code = take(<usize>n << 2);
    binaryPass1(choice, pred, n, predCols, acc, code);
    binaryPass2(choice, pred, n, predCols, lambda, share, ari, option, code, outPs, outCs, outCollective);
    release(code);
    release(acc);
    return;
  }
  const pcol = take(<usize>(n * m) << 3);
  const lp = take(<usize>(n * m) << 3);
  const chosen = take(<usize>n << 2);
  generalPass1(choice, pred, n, m, predCols, pcol, lp, chosen);
  generalPass2(pcol, lp, chosen, n, m, lambda, share, ari, option, outPs, outCs, outCollective);
  release(pcol);
  release(lp);
  release(chosen);
}

// Key of the whole-percent prediction of the last `rowShares` call (pct_0 * 101 + pct_1 ...), or -1.
let lastKey: i32 = -1;

/**
 * Validates row i and writes its normalised predicted shares p_k to `y` and ln p_k to `ly`;
 * returns the chosen option 0..m-1, or -1 when the choice or the prediction is invalid.
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

/** Per-option statistics (x̄_k, ȳ^geo_k, ȳ^ari_k, IS_k or SDS_k) from the sample sums; NaN when the sample is too small. */
function optionStats(
  k: i32, enough: bool, count: f64, logs: f64, sumP: f64, nq: i32, purpose: i32,
  outShare: usize, outGeo: usize, outAri: usize, outOption: usize,
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
  stf(outGeo, k, geo);
  stf(outAri, k, sumP / <f64>nq);
  stf(outOption, k, purpose == PURPOSE_SOCIAL_DESIRABILITY ? 100 * geo / (share + geo) : 100 * share / (share + geo));
}

/** ln x̄_k of every option into `lshare` (0 for an empty option); whether the sample was large enough. */
function shareLogs(m: i32, share: usize, lshare: usize): bool {
  for (let k = 0; k < m; k++) {
    const s = ldf(share, k);
    stf(lshare, k, s > 0 ? Math.log(s) : 0);
  }
  // A share is count / N_q, never NaN with a sample: NaN marks too small a one.
  return m > 0 && ldf(share, 0) == ldf(share, 0);
}

/** PS from a row's ln p_k: 100 exp(-lambda KL(x̄ || p)). */
function predictionScore(m: i32, outShare: usize, lshare: usize, ly: usize, lambda: f64): f64 {
  let kl: f64 = 0;
  for (let k = 0; k < m; k++) {
    const share = ldf(outShare, k);
    if (share > 0) kl += share * (ldf(lshare, k) - ldf(ly, k));
  }
  return 100 * Math.exp(-lambda * kl);
}

/**
 * The binary question (m = 2), the common case, without per-row columns: pass 1 adds the sample
 * statistics to `acc` in row order and keeps one i32 per row in `code`; pass 2 writes PS, CS and the
 * collective value. Rows with whole-percent predictions summing to 100 (nearly all) take a table
 * path: their p_k, ln p_k are the tabled doubles `rowShares` would produce (100 / 100 = 1 scales
 * nothing, y / 100 is the table entry), and PS is memoised by (pct_0, pct_1). Other rows go through
 * `rowShares` in both passes, which computes the same doubles twice. Same sums in the same order as
 * the general path, so the same results bit for bit.
 */
function binaryPass1(choice: usize, pred: usize, n: i32, predCols: i32, acc: usize, code: usize): void {
  if (pctTable == 0) fillTables();
  // Per row: -1 invalid; else chosen option (bit 0) + 2 * (key + 1), key + 1 = 0 for the other rows.
  const y = take(16);
  const ly = take(16);
  const second = predCols == 1 ? pred : pred + (<usize>n << 3);
  // The sums go on from the accumulator (0 at the start of a file): the same additions in row order.
  let nq = <i32>ldf(acc, 0), count0 = <i32>ldf(acc, 1), count1 = <i32>ldf(acc, 4);
  let logs0 = ldf(acc, 2), logs1 = ldf(acc, 5), sum0 = ldf(acc, 3), sum1 = ldf(acc, 6);
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
  stf(acc, 0, <f64>nq);
  stf(acc, 1, <f64>count0);
  stf(acc, 2, logs0);
  stf(acc, 3, sum0);
  stf(acc, 4, <f64>count1);
  stf(acc, 5, logs1);
  stf(acc, 6, sum1);
  release(y);
  release(ly);
}

/** Pass 2 of the binary question: PS, CS and the collective value from the row codes of pass 1. */
function binaryPass2(
  choice: usize, pred: usize, n: i32, predCols: i32, lambda: f64, outShare: usize, outAri: usize, outOption: usize,
  code: usize, outPs: usize, outCs: usize, outCollective: usize,
): void {
  if (pctTable == 0) fillTables();
  const y = take(16);
  const ly = take(16);
  const lshare = take(16);
  const enough = shareLogs(2, outShare, lshare);
  const memo = take(<usize>(101 * 101) << 3);
  for (let t = 0; t < 101 * 101; t++) stf(memo, t, NaN);
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
  release(y);
  release(ly);
  release(lshare);
  release(memo);
}

/**
 * Pass 1 of any number of options: p and ln p of every valid row column-major (k * n + i) and the
 * chosen option (-1 = invalid row). Returns the valid rows.
 */
function generalPass1(choice: usize, pred: usize, n: i32, m: i32, predCols: i32, pcol: usize, lp: usize, chosen: usize): i32 {
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
  release(y);
  release(ly);
  return nq;
}

/**
 * Adds pass 1's rows (nq of them valid) to the sample sums in `acc`, column by column in row order,
 * without a loop-carried store per row.
 */
function generalSums(pcol: usize, lp: usize, chosen: usize, n: i32, m: i32, nq: i32, acc: usize): void {
  stf(acc, 0, ldf(acc, 0) + <f64>nq);
  for (let k = 0; k < m; k++) {
    let count = ldf(acc, 1 + 3 * k);
    let logs = ldf(acc, 2 + 3 * k);
    let sumP = ldf(acc, 3 + 3 * k);
    const pk = pcol + ((<usize>k * <usize>n) << 3);
    const lk = lp + ((<usize>k * <usize>n) << 3);
    for (let i = 0; i < n; i++) {
      const ck = load<i32>(chosen + (<usize>i << 2));
      if (ck < 0) continue;
      if (ck == k) count += 1;
      logs += ldf(lk, i);
      sumP += ldf(pk, i);
    }
    stf(acc, 1 + 3 * k, count);
    stf(acc, 2 + 3 * k, logs);
    stf(acc, 3 + 3 * k, sumP);
  }
}

/** Pass 2 of any number of options: PS, CS and the collective value from pass 1's columns. */
function generalPass2(
  pcol: usize, lp: usize, chosen: usize, n: i32, m: i32, lambda: f64, outShare: usize, outAri: usize, outOption: usize,
  outPs: usize, outCs: usize, outCollective: usize,
): void {
  const ly = take(<usize>m << 3);
  const lshare = take(<usize>m << 3);
  const enough = shareLogs(m, outShare, lshare);
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
  release(ly);
  release(lshare);
}

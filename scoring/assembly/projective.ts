// Projective questions: Prediction-Score (7), Certainty-Score (8), Information-Score (9) and the
// projective Social-Desirability-Score (10.1), all built on the data model of section 6.
import { isMissing, ldf, stf, take, release } from './mem';

/** Floor for a predicted share before renormalising, so that no log(0) arises (section 6). */
const EPS: f64 = 0.01;

let lnTable: usize = 0;

/** ln(pct / 100) for pct = 1..100, computed once. */
function lnPercent(pct: i32): f64 {
  if (lnTable == 0) {
    lnTable = take(101 << 3);
    for (let i = 1; i <= 100; i++) stf(lnTable, i, Math.log(<f64>i / 100));
  }
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
  // lp holds ln p (row-major n x m) so the second pass needs no logarithm; pc is p of the chosen option.
  const lp = take(<usize>(n * m) << 3);
  const pc = take(<usize>n << 3);
  const valid = take(<usize>n);
  const y = take(<usize>m << 3);
  let nq = 0;
  for (let k = 0; k < m; k++) {
    stf(outShare, k, 0);
    stf(outGeo, k, 0);
    stf(outAri, k, 0);
  }
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
    store<u8>(valid + <usize>i, ok ? 1 : 0);
    if (!ok) continue;
    let total: f64 = 0;
    for (let k = 0; k < m; k++) {
      const q = Math.max((ldf(y, k) * (100 / sum)) / 100, EPS);
      stf(y, k, q);
      total += q;
    }
    const ck = <i32>c - 1;
    for (let k = 0; k < m; k++) {
      const q = ldf(y, k) / total;
      // Whole-percent predictions repeat endlessly: their logarithms come from a table filled with
      // the same Math.log of the same double, so the result is bit-identical, only cheaper.
      const pct = <i32>(q * 100 + 0.5);
      const l = pct >= 1 && pct <= 100 && <f64>pct / 100 == q ? lnPercent(pct) : Math.log(q);
      stf(lp, i * m + k, l);
      stf(outGeo, k, ldf(outGeo, k) + l);
      stf(outAri, k, ldf(outAri, k) + q);
      if (k == ck) stf(pc, i, q);
    }
    stf(outShare, ck, ldf(outShare, ck) + 1);
    nq++;
  }
  const enough = nq >= minN && nq > 0;
  // ln x̄_k, once per option: KL = Σ x̄_k (ln x̄_k - ln p_k) over the chosen-by-someone options.
  const lshare = take(<usize>m << 3);
  for (let k = 0; k < m; k++) {
    if (!enough) {
      stf(outShare, k, NaN);
      stf(outGeo, k, NaN);
      stf(outAri, k, NaN);
      stf(outOption, k, NaN);
      continue;
    }
    const share = ldf(outShare, k) / <f64>nq;
    const geo = Math.exp(ldf(outGeo, k) / <f64>nq);
    stf(outShare, k, share);
    stf(lshare, k, share > 0 ? Math.log(share) : 0);
    stf(outGeo, k, geo);
    stf(outAri, k, ldf(outAri, k) / <f64>nq);
    stf(outOption, k, purpose == PURPOSE_SOCIAL_DESIRABILITY ? 100 * geo / (share + geo) : 100 * share / (share + geo));
  }
  for (let i = 0; i < n; i++) {
    if (!enough || load<u8>(valid + <usize>i) == 0) {
      stf(outPs, i, NaN);
      stf(outCs, i, NaN);
      stf(outCollective, i, NaN);
      continue;
    }
    let kl: f64 = 0;
    for (let k = 0; k < m; k++) {
      const share = ldf(outShare, k);
      if (share > 0) kl += share * (ldf(lshare, k) - ldf(lp, i * m + k));
    }
    stf(outPs, i, 100 * Math.exp(-lambda * kl));
    const ck = <i32>ldf(choice, i) - 1;
    stf(outCs, i, 100 * Math.min(1, ldf(pc, i) / ldf(outAri, ck)));
    stf(outCollective, i, ldf(outOption, ck));
  }
  release(lp);
  release(pc);
  release(y);
  release(lshare);
  release(valid);
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

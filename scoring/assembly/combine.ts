// Open-ended aggregation per respondent, combined score, certificate level and credits per interview.
import { ldf, stf, ldi, pairScratch, release, take, takeLane0 } from './mem';

/** Score of an open-ended category code (scoring/text.ts names them); NaN for "not scored" (0) and unknown codes. */
export function categoryScore(code: i32): f64 {
  switch (code) {
    case 1: return 100;
    case 4: case 5: return 50;
    case 6: case 7: return 10;
    case 8: case 12: case 13: case 14: case -2: return 0;
    case 9: case 10: case 11: return 20;
    default: return NaN;
  }
}

/**
 * Categories that count towards the "at least 2 bad answers" OES cleaning rule: Bad Language,
 * Nonsense, Wrong Topic, Wrong Language, Copy Paste, Fake Answer, AI Suspect.
 */
export function isBadCategory(code: i32): bool {
  return code == 6 || code == 7 || code == 10 || code == 11 || code == 12 || code == 13 || code == 14;
}

/**
 * OES per interview from a column-major n x q matrix of i32 category codes (0 = not scored): the mean
 * category score, NaN when nothing is scored. Also the data points and the count of bad categories.
 */
export function oesAggregate(cat: usize, n: i32, q: i32, outOes: usize, outDp: usize, outBad: usize): void {
  for (let i = 0; i < n; i++) {
    let s: f64 = 0;
    let c = 0;
    let bad = 0;
    for (let j = 0; j < q; j++) {
      const code = ldi(cat, j * n + i);
      const v = categoryScore(code);
      if (v != v) continue;
      s += v;
      c++;
      if (isBadCategory(code)) bad++;
    }
    stf(outOes, i, c == 0 ? NaN : s / <f64>c);
    stf(outDp, i, <f64>c);
    stf(outBad, i, <f64>bad);
  }
}

/**
 * Combined score for n interviews from seven columns (NaN = null): weighted mean of the
 * existing subscores, capped at (lowest core score among OES, TS, IBS, CON) + cap. `cap` < 0 switches
 * the cap off. The consistency score (CON) is a core score like TS and IBS; with weight 0 it
 * is left out entirely (not averaged, not capping, not counted). The behaviour score (BAS) is
 * averaged like PS and CS (not a core score: paradata are recorded for some answers only); an
 * interview without it, or weight 0, scores as without the column. Writes the combined score
 * (0..100, NaN when no subscore exists) and n_subscores.
 */
export function combinedScores(
  oes: usize, ts: usize, ibs: usize, ps: usize, cs: usize, con: usize, bas: usize, n: i32,
  wOes: f64, wTs: f64, wIbs: f64, wPs: f64, wCs: f64, wCon: f64, wBas: f64, cap: f64,
  outCombined: usize, outCount: usize,
): void {
  const end = n & ~1;
  combinedPairs(oes, ts, ibs, ps, cs, con, bas, end, wOes, wTs, wIbs, wPs, wCs, wCon, wBas, cap, outCombined, outCount);
  if (end == n) return;
  const last = n - 1;
  const o = pairScratch(oes, n, 1, last), t = pairScratch(ts, n, 1, last), b = pairScratch(ibs, n, 1, last);
  const p = pairScratch(ps, n, 1, last), c = pairScratch(cs, n, 1, last), k = pairScratch(con, n, 1, last);
  const a = pairScratch(bas, n, 1, last);
  const outC = take(16), outN = take(16);
  combinedPairs(o, t, b, p, c, k, a, 2, wOes, wTs, wIbs, wPs, wCs, wCon, wBas, cap, outC, outN);
  takeLane0(outC, outCombined, last);
  takeLane0(outN, outCount, last);
  release(o); release(t); release(b); release(p); release(c); release(k); release(a);
}

// @ts-ignore: decorator
@inline
function addSubscore(num: v128, v: v128, ok: v128, w: f64): v128 {
  return f64x2.add(num, v128.and(ok, f64x2.mul(f64x2.splat(w), v)));
}

/**
 * Rows [0, end) (end even), two interviews per f64x2: a missing subscore adds +0 to the sums, which
 * leaves them unchanged, so each lane is the weighted mean of its existing subscores.
 */
function combinedPairs(
  oes: usize, ts: usize, ibs: usize, ps: usize, cs: usize, con: usize, bas: usize, end: i32,
  wOes: f64, wTs: f64, wIbs: f64, wPs: f64, wCs: f64, wCon: f64, wBas: f64, cap: f64,
  outCombined: usize, outCount: usize,
): void {
  const conOn = wCon > 0 ? f64x2.splat(0) : f64x2.splat(NaN);
  const basOn = wBas > 0 ? f64x2.splat(0) : f64x2.splat(NaN);
  const inf = f64x2.splat(Infinity);
  const zero = f64x2.splat(0);
  const one = f64x2.splat(1);
  const capOn = cap >= 0;
  const vcap = f64x2.splat(cap);
  for (let i = 0; i < end; i += 2) {
    const at = <usize>i << 3;
    const vo = v128.load(oes + at), vt = v128.load(ts + at), vb = v128.load(ibs + at), vp = v128.load(ps + at), vc = v128.load(cs + at);
    // A switched-off consistency score reads as null (+ NaN).
    const vk = f64x2.add(v128.load(con + at), conOn);
    const va = f64x2.add(v128.load(bas + at), basOn);
    const ko = f64x2.eq(vo, vo), kt = f64x2.eq(vt, vt), kb = f64x2.eq(vb, vb), kp = f64x2.eq(vp, vp), kc = f64x2.eq(vc, vc), kk = f64x2.eq(vk, vk);
    const ka = f64x2.eq(va, va);
    const num = addSubscore(addSubscore(addSubscore(addSubscore(addSubscore(addSubscore(addSubscore(zero, vo, ko, wOes), vt, kt, wTs), vb, kb, wIbs), vp, kp, wPs), vc, kc, wCs), vk, kk, wCon), va, ka, wBas);
    const den = addSubscore(addSubscore(addSubscore(addSubscore(addSubscore(addSubscore(addSubscore(zero, one, ko, wOes), one, kt, wTs), one, kb, wIbs), one, kp, wPs), one, kc, wCs), one, kk, wCon), one, ka, wBas);
    const count = addSubscore(addSubscore(addSubscore(addSubscore(addSubscore(addSubscore(addSubscore(zero, one, ko, 1), one, kt, 1), one, kb, 1), one, kp, 1), one, kc, 1), one, kk, 1), one, ka, 1);
    // The cap uses the lowest core score (OES, TS, IBS, CON) that exists.
    let core = inf;
    core = v128.bitselect(f64x2.min(core, vo), core, ko);
    core = v128.bitselect(f64x2.min(core, vt), core, kt);
    core = v128.bitselect(f64x2.min(core, vb), core, kb);
    core = v128.bitselect(f64x2.min(core, vk), core, kk);
    let out = f64x2.div(num, den);
    if (capOn) {
      const capped = f64x2.add(core, vcap);
      out = v128.bitselect(capped, out, v128.and(f64x2.ne(core, inf), f64x2.lt(capped, out)));
    }
    out = v128.bitselect(out, f64x2.splat(NaN), v128.and(f64x2.gt(count, zero), f64x2.gt(den, zero)));
    v128.store(outCombined + at, out);
    v128.store(outCount + at, count);
  }
}

/** Score-kind bits used by the certificate: how many kinds a project used decides the level. */
export const KIND_TS: i32 = 1;
export const KIND_IBS: i32 = 2;
export const KIND_OES: i32 = 4;
export const KIND_PS: i32 = 8;
export const KIND_CS: i32 = 16;

/**
 * Certificate level 0..3 (0 = none) of the cleaned data (the kept interviews); each level needs the
 * one below plus a higher mean, more score kinds and a higher lowest score. `combined` and `kept`
 * (1 = kept) are n f64 columns; `kinds` is a bit set of the score kinds used in the project.
 * `outStats` gets [n_kept, mean combined of kept, share of kept with a combined score, lowest kept
 * combined].
 */
export function certificateLevel(combined: usize, kept: usize, n: i32, kinds: i32, outStats: usize): i32 {
  let nk = 0;
  let scored = 0;
  let sum: f64 = 0;
  let lowest: f64 = Infinity;
  for (let i = 0; i < n; i++) {
    if (ldf(kept, i) != 1) continue;
    nk++;
    const v = ldf(combined, i);
    if (v != v) continue;
    scored++;
    sum += v;
    if (v < lowest) lowest = v;
  }
  const mean = scored > 0 ? sum / <f64>scored : NaN;
  const share = nk > 0 ? <f64>scored / <f64>nk : 0;
  stf(outStats, 0, <f64>nk);
  stf(outStats, 1, mean);
  stf(outStats, 2, share);
  stf(outStats, 3, scored > 0 ? lowest : NaN);
  const nKinds = popcnt<i32>(kinds & 31);
  if (!(nk >= 30 && mean > 70 && share >= 0.95 && nKinds >= 1)) return 0;
  if (!(mean >= 75 && nKinds >= 2 && lowest >= 40)) return 1;
  if (!(mean >= 80 && nKinds >= 3 && (kinds & KIND_OES) != 0 && lowest >= 60)) return 2;
  return 3;
}

/** Per-interview credit bounds: below 4 the difference is charged in addition, above 10 nothing more. */
export const CREDITS_MIN: i32 = 4;
export const CREDITS_MAX: i32 = 10;

/**
 * Credits per interview: one per scored data point, clamped to [4, 10]. `dataPoints` is a
 * column-major n x k matrix of data-point counts (TS metrics, grids, answers, projective questions).
 * Writes the credits per interview and returns the sum over the file.
 */
export function credits(dataPoints: usize, n: i32, k: i32, out: usize): f64 {
  let total: f64 = 0;
  for (let i = 0; i < n; i++) {
    let s: f64 = 0;
    for (let j = 0; j < k; j++) {
      const v = ldf(dataPoints, j * n + i);
      if (v == v && v > 0) s += Math.floor(v);
    }
    const c = s < <f64>CREDITS_MIN ? <f64>CREDITS_MIN : s > <f64>CREDITS_MAX ? <f64>CREDITS_MAX : s;
    stf(out, i, c);
    total += c;
  }
  return total;
}

// Cleaning and review: OR rules (any rule that fires excludes), manual decisions, quota and
// target-size trimming.
import { ldf, stf, ldi, sti, take, release } from './mem';
import { selectKth } from './stats';

/**
 * Exclusion reason codes in the order of the product list; the primary reason is the lowest code
 * that fired.
 */
export const REASON_MANUAL: i32 = 0;
export const REASON_COMBINED: i32 = 1;
export const REASON_QUOTA: i32 = 2;
// 3 IS, 4 PS, 5 CS, 6 SDS, 7 TS, 8 IBS, 9 OES, 10 CON (consistency: added after the product's list),
// 12 BAS (behaviour: added after 'target', so every earlier reason keeps its bit)
export const REASON_OES: i32 = 9;
/**
 * Trimmed to the target sample size. Not 'combined': the trimmed interviews may pass the
 * combined-score threshold (they are only the lowest of those kept), and every surface that names
 * reasons (worksheet, report, exports, reject list) must not attribute them to a threshold.
 */
export const REASON_TARGET: i32 = 11;

export const REASON_BAS: i32 = 12;
/**
 * A duplicate respondent (the same device or panel ID earlier in the organisation). Who matches whom
 * needs the organisation's history, so the caller passes the outcome per row (`dup`, 1 = remove);
 * it is not a score check: it removes on its own, whatever the k-of-n setting, and a manual keep
 * overrides it.
 */
export const REASON_DUP: i32 = 13;
/** Coherence (the optional AI judge's contradictions, off by default): after DUP, so every earlier reason keeps its bit. */
export const REASON_COH: i32 = 14;

/** Number of score columns the rules read: combined, IS, PS, CS, SDS, TS, IBS, OES, CON, BAS, COH. */
export const RULE_SCORES: i32 = 11;
const RULE_BAS: i32 = 9;
const RULE_COH: i32 = 10;

// Reason code of each score column.
// @ts-ignore: decorator
@inline
function reasonOf(s: i32): i32 {
  return s == 0 ? REASON_COMBINED : s == RULE_BAS ? REASON_BAS : s == RULE_COH ? REASON_COH : s + 2;
}

/**
 * Length of the f64 configuration block read by `clean`: 3 per score column, then 5 (bad answers
 * rule on, its minimum, target size, trim, and the least number of failing checks that removes).
 */
export const CLEAN_CONFIG_LENGTH: i32 = RULE_SCORES * 3 + 5;
const CFG_BAD = RULE_SCORES * 3;
/** Check bit of the bad-answers rule in `outChecks` (the score rules take bits 0..RULE_SCORES-1). */
export const CHECK_BAD_ANSWERS: i32 = RULE_SCORES;

/**
 * Drops `drop` of the candidates idx[0..m) (ascending row order) with the lowest combined score:
 * null (NaN) counts as lowest, and among equal scores the later row goes first. Marks them excluded
 * with `reason`. O(m) through selection instead of a sort, so a slider can move freely.
 */
function trimLowest(idx: usize, m: i32, drop: i32, combined: usize, keys: usize, outKept: usize, outReasons: usize, outPrimary: usize, reason: i32): void {
  if (drop <= 0 || m <= 0) return;
  if (drop > m) drop = m;
  for (let t = 0; t < m; t++) {
    const v = ldf(combined, ldi(idx, t));
    stf(keys, t, v != v ? -1 : v);
  }
  const cut = selectKth(keys, m, drop - 1);
  let below = 0;
  for (let t = 0; t < m; t++) {
    const i = ldi(idx, t);
    const v = ldf(combined, i);
    const key = v != v ? -1 : v;
    if (key < cut) {
      excludeRow(i, reason, outKept, outReasons, outPrimary);
      below++;
    }
  }
  let ties = drop - below;
  for (let t = m - 1; t >= 0 && ties > 0; t--) {
    const i = ldi(idx, t);
    const v = ldf(combined, i);
    const key = v != v ? -1 : v;
    if (key == cut) {
      excludeRow(i, reason, outKept, outReasons, outPrimary);
      ties--;
    }
  }
}

// @ts-ignore: decorator
@inline
function excludeRow(i: i32, reason: i32, outKept: usize, outReasons: usize, outPrimary: usize): void {
  stf(outKept, i, 0);
  stf(outReasons, i, <f64>(<i32>ldf(outReasons, i) | (1 << reason)));
  const p = ldf(outPrimary, i);
  if (p < 0 || <f64>reason < p) stf(outPrimary, i, <f64>reason);
}

/**
 * Runs the cleaning rules over n interviews.
 *
 * `scores` and `dps` are column-major n x 11 (combined, IS, PS, CS, SDS, TS, IBS, OES, CON, BAS, COH; NaN = null)
 * with the scores and their data points; `bad` counts answers in categories {6,7,10,11,12,13}; `manual`
 * is 0 (none), 1 (exclude) or 2 (keep); `dup` is 1 for a duplicate respondent to remove (REASON_DUP); `cell` is the quota cell 0..nc-1 (else none) with targets in
 * `targets`. `config` (CLEAN_CONFIG_LENGTH f64): per score column [enabled, threshold, minimum data
 * points], then [bad-answers rule enabled, minimum bad answers, target sample size (<= 0: none), trim
 * to target, least failing checks k]. Each enabled score rule and the bad-answers rule is one check;
 * the automatic rules remove an interview when at least k of them fail (k <= 1: any, the OR rule).
 *
 * Outputs per row: kept (1/0), the bit set of reasons that removed it (bit = reason code), the primary
 * reason (-1 none) and the bit set of the checks that failed whether or not they removed it (bit s for
 * score column s, CHECK_BAD_ANSWERS for the bad answers). A manual decision overrides every automatic
 * rule, trimming included. Returns the number kept.
 */
export function clean(
  scores: usize, dps: usize, bad: usize, manual: usize, dup: usize, cell: usize, targets: usize, nc: i32, n: i32,
  config: usize, outKept: usize, outReasons: usize, outPrimary: usize, outChecks: usize,
): i32 {
  const badOn = ldf(config, CFG_BAD) != 0;
  const badMin = ldf(config, CFG_BAD + 1);
  const least = Math.max(1, ldf(config, CFG_BAD + 4));
  for (let i = 0; i < n; i++) {
    let reasons = 0;
    let checks = 0;
    let failing = 0;
    for (let s = 0; s < RULE_SCORES; s++) {
      if (ldf(config, s * 3) == 0) continue;
      const v = ldf(scores, s * n + i);
      if (v != v) continue;
      if (v < ldf(config, s * 3 + 1) && ldf(dps, s * n + i) >= ldf(config, s * 3 + 2)) {
        reasons |= 1 << reasonOf(s);
        checks |= 1 << s;
        failing++;
      }
    }
    // The OES reason also fires on enough answers in the bad categories (a check of its own).
    if (badOn && ldf(bad, i) >= badMin) {
      reasons |= 1 << REASON_OES;
      checks |= 1 << CHECK_BAD_ANSWERS;
      failing++;
    }
    if (<f64>failing < least) reasons = 0;
    if (ldf(dup, i) == 1) reasons |= 1 << REASON_DUP;
    const decision = ldf(manual, i);
    if (decision == 1) reasons |= 1 << REASON_MANUAL;
    const kept = decision == 2 || reasons == 0;
    stf(outKept, i, kept ? 1 : 0);
    stf(outReasons, i, <f64>(decision == 2 ? 0 : reasons));
    stf(outPrimary, i, decision == 2 || reasons == 0 ? -1 : <f64>ctz<i32>(reasons));
    stf(outChecks, i, <f64>checks);
  }
  const idx = take(<usize>n << 2);
  const keys = take(<usize>n << 3);
  if (nc > 0) {
    // Counting sort of the trimmable kept rows by cell keeps quota trimming O(n + cells).
    const start = take(<usize>(nc + 1) << 2);
    const keptIn = take(<usize>nc << 2);
    for (let c = 0; c <= nc; c++) sti(start, c, 0);
    for (let c = 0; c < nc; c++) sti(keptIn, c, 0);
    for (let i = 0; i < n; i++) {
      const cv = ldf(cell, i);
      if (!(cv >= 0 && cv < <f64>nc) || ldf(outKept, i) != 1) continue;
      const c = <i32>cv;
      sti(keptIn, c, ldi(keptIn, c) + 1);
      if (ldf(manual, i) != 2) sti(start, c + 1, ldi(start, c + 1) + 1);
    }
    for (let c = 0; c < nc; c++) sti(start, c + 1, ldi(start, c + 1) + ldi(start, c));
    const fill = take(<usize>nc << 2);
    for (let c = 0; c < nc; c++) sti(fill, c, ldi(start, c));
    for (let i = 0; i < n; i++) {
      const cv = ldf(cell, i);
      if (!(cv >= 0 && cv < <f64>nc) || ldf(outKept, i) != 1 || ldf(manual, i) == 2) continue;
      const c = <i32>cv;
      sti(idx, ldi(fill, c), i);
      sti(fill, c, ldi(fill, c) + 1);
    }
    for (let c = 0; c < nc; c++) {
      const target = ldf(targets, c);
      const over = ldi(keptIn, c) - <i32>Math.floor(target);
      if (!(target >= 0) || over <= 0) continue;
      const s = ldi(start, c);
      trimLowest(idx + (<usize>s << 2), ldi(start, c + 1) - s, over, scores, keys, outKept, outReasons, outPrimary, REASON_QUOTA);
    }
    release(start);
    release(keptIn);
    release(fill);
  }
  let keptCount = 0;
  for (let i = 0; i < n; i++) if (ldf(outKept, i) == 1) keptCount++;
  const target = ldf(config, CFG_BAD + 2);
  if (target > 0 && ldf(config, CFG_BAD + 3) != 0 && <f64>keptCount > target) {
    let m = 0;
    for (let i = 0; i < n; i++) if (ldf(outKept, i) == 1 && ldf(manual, i) != 2) sti(idx, m++, i);
    const drop = keptCount - <i32>Math.floor(target);
    trimLowest(idx, m, drop, scores, keys, outKept, outReasons, outPrimary, REASON_TARGET);
    keptCount = 0;
    for (let i = 0; i < n; i++) if (ldf(outKept, i) == 1) keptCount++;
  }
  release(idx);
  release(keys);
  return keptCount;
}

// Behaviour score (BAS): how each open answer came about, from the paradata the live snippet (or a
// file's paradata columns) records, never from the text. A category per answer, then the mean of
// the categories' scores per interview, like the OES.
import { ldf, stf, ldi, sti } from './mem';

/** Measures per answer, the columns of the n x BEHAVIOUR_MEASURES input (NaN = not recorded). */
export const M_LENGTH: i32 = 0;
export const M_KEYS: i32 = 1;
export const M_IKI_MEDIAN: i32 = 2;
export const M_IKI_IQR: i32 = 3;
export const M_REGULAR: i32 = 4;
export const M_PASTED_CHARS: i32 = 5;
export const M_PASTES_AFTER_SWITCH: i32 = 6;
export const M_UNEXPLAINED: i32 = 7;
export const BEHAVIOUR_MEASURES: i32 = 8;

/** Thresholds, the f64 block `cfg` (scoring/types.ts BEHAVIOUR_THRESHOLDS names them). */
const C_MIN_CHARS: i32 = 0;
const C_SHARE: i32 = 1;
const C_REGULAR: i32 = 2;
const C_FASTEST_MEDIAN: i32 = 3;
const C_LEAST_SPREAD: i32 = 4;
export const BEHAVIOUR_CONFIG_LENGTH: i32 = 5;

/** Categories: 0 not scored, 1 natural, 2 unnatural rhythm, 3 pasted, 4 filled without typing, 5 switched away then pasted. */
export function behaviourCategoryScore(code: i32): f64 {
  switch (code) {
    case 1: return 100;
    case 2: case 3: return 10;
    case 4: case 5: return 0;
    default: return NaN;
  }
}

// A count that was not recorded reads as none.
// @ts-ignore: decorator
@inline
function count(v: f64): f64 {
  return v == v && v > 0 ? v : 0;
}

/**
 * The category of one answer. Text that appeared without keys or a paste (a script, an extension)
 * comes first, then a substantial paste (after leaving the tab, or not), then a rhythm no person
 * types in: nearly every interval the same, faster than people type, or without spread.
 * "Substantial" is at least `minChars` characters and at least `share` of the answer's length
 * (when the length is known). An answer without any key, paste or unexplained text is not scored:
 * the recorder did not see the field.
 */
export function behaviourCategory(m: usize, n: i32, i: i32, cfg: usize): i32 {
  const len = ldf(m, M_LENGTH * n + i);
  const keys = ldf(m, M_KEYS * n + i);
  const pasted = count(ldf(m, M_PASTED_CHARS * n + i));
  const unexplained = count(ldf(m, M_UNEXPLAINED * n + i));
  if (keys != keys && pasted == 0 && unexplained == 0) return 0;
  if (len == 0) return 0;
  const minChars = ldf(cfg, C_MIN_CHARS);
  const least = len == len ? Math.max(minChars, ldf(cfg, C_SHARE) * len) : minChars;
  if (unexplained >= least) return 4;
  if (pasted >= least) return count(ldf(m, M_PASTES_AFTER_SWITCH * n + i)) >= 1 ? 5 : 3;
  // Text came, but neither keys nor enough paste or unexplained text account for it.
  if (count(keys) == 0) return 0;
  const median = ldf(m, M_IKI_MEDIAN * n + i);
  if (median == median) {
    const regular = ldf(m, M_REGULAR * n + i);
    const iqr = ldf(m, M_IKI_IQR * n + i);
    if (regular == regular && regular >= ldf(cfg, C_REGULAR)) return 2;
    if (median < ldf(cfg, C_FASTEST_MEDIAN)) return 2;
    if (iqr == iqr && iqr < ldf(cfg, C_LEAST_SPREAD) * median) return 2;
  }
  return 1;
}

/** Categories of n answers (column-major n x BEHAVIOUR_MEASURES f64 measures) into `out` (i32). */
export function behaviourClassify(m: usize, n: i32, cfg: usize, out: usize): void {
  for (let i = 0; i < n; i++) sti(out, i, behaviourCategory(m, n, i, cfg));
}

/**
 * BAS per interview from a column-major n x q matrix of i32 categories (0 = not scored): the mean
 * category score, NaN when no answer is scored; the scored answers are its data points.
 */
export function behaviourAggregate(cat: usize, n: i32, q: i32, outScore: usize, outDp: usize): void {
  for (let i = 0; i < n; i++) {
    let s: f64 = 0;
    let c = 0;
    for (let j = 0; j < q; j++) {
      const v = behaviourCategoryScore(ldi(cat, j * n + i));
      if (v != v) continue;
      s += v;
      c++;
    }
    stf(outScore, i, c == 0 ? NaN : s / <f64>c);
    stf(outDp, i, <f64>c);
  }
}

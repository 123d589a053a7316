// Missing-value codes a file uses that step 1 does not know yet: -99, -9, -1, 99, 999 and their kin,
// frequent in a column and outside the range of its other values (-99 under hours of child care,
// 99 over a 1-5 scale). Counted as an answer they would be scored and charged; step 2 suggests them.
import type { Cell } from '../types';
import { numericValue } from '../validate/collector';

/** The codes looked for, as survey tools and codebooks use them. */
export const SENTINEL_CODES = [-9999, -999, -99, -98, -9, -1, 99, 999, 9999] as const;

export interface SentinelSuggestion {
  /** The code as step 1 takes it. */
  code: string;
  /** Columns where it stands out, and how often it was seen there. */
  columns: string[];
  count: number;
}

/** How often each candidate code occurs in a column, and the range of the column's other numbers. */
function scan(values: readonly Cell[]): { counts: Map<number, number>; min: number; max: number; others: number } {
  const codes = new Set<number>(SENTINEL_CODES);
  const counts = new Map<number, number>();
  let min = Infinity,
    max = -Infinity,
    others = 0;
  for (const c of values) {
    const v = numericValue(c);
    if (v === undefined || Number.isNaN(v)) continue;
    if (codes.has(v)) counts.set(v, (counts.get(v) ?? 0) + 1);
    else {
      others++;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return { counts, min, max, others };
}

/** A code stands apart from a column's values: below a range of non-negative values, or far above it. */
function outside(code: number, min: number, max: number): boolean {
  // -1 (Ipsos' refused or skipped) sits right under a scale: a code only where the scale starts at 1,
  // since on a scale with 0 (-1, 0, 1) it is an answer.
  if (code === -1) return min >= 1;
  if (code < 0) return code < min && (min >= 0 || code <= min - 10 * Math.max(1, max - min));
  return code > max && code >= 10 * Math.max(1, Math.abs(max));
}

/**
 * Codes to suggest as missing values, from the sampled rows of each column: seen at least twice (and
 * in at least 1 % of the column's numbers) beside at least five other numbers, all on one side of it.
 */
export function suggestSentinels(columns: readonly string[], rows: readonly Cell[][]): SentinelSuggestion[] {
  const found = new Map<number, SentinelSuggestion>();
  columns.forEach((name, j) => {
    const { counts, min, max, others } = scan(rows.map((r) => r[j] ?? null));
    if (others < 5) return;
    for (const [code, count] of counts) {
      if (count < 2 || count < (others + count) * 0.01 || !outside(code, min, max)) continue;
      const s = found.get(code) ?? { code: String(code), columns: [], count: 0 };
      s.columns.push(name);
      s.count += count;
      found.set(code, s);
    }
  });
  return [...found.values()].sort((a, b) => b.count - a.count);
}

/** The sentinel values as numbers, to leave out of the suggestions' statistics. */
export const sentinelSet = (list: readonly SentinelSuggestion[]) => new Set(list.map((s) => Number(s.code)));

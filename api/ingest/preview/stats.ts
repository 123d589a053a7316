// What step 2's suggestions know of a column: counts of filled, missing, numeric and whole values,
// the range, distinct values (the first few kept) and how much of it looks like text or dates.
import type { Cell } from '../types';
import { numericValue } from '../validate/collector';

export interface ColumnStats {
  filled: number;
  missing: number;
  numeric: number;
  integers: number;
  min: number | null;
  max: number | null;
  /** Numbers below 0. */
  negatives: number;
  /** The first number seen that is not whole, if any. */
  fraction?: number;
  /** Distinct values seen (counted up to 2,000). */
  distinct: number;
  meanTextLength: number;
  /** Share of values that look like dates or instants (ISO, or d/m/y with a time). */
  instants: number;
  /** Share of the text values that are JSON or markup (a file upload's record, HTML), never an answer. */
  structured: number;
  /**
   * Mostly lists of a few options joined by ", " ("Excel, Python, SPSS"): a check-all question as
   * Google Forms exports it, not an open answer.
   */
  choiceList: boolean;
  /** Share of the text values that another row gives too (case and spaces aside). */
  repeated: number;
  /** Words per text value. */
  meanWords: number;
  /** Whole numbers seen, up to 13 (a scale has at most 11 points). */
  values: number[];
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** 5/10/18 4:01, 24.12.2023 10:00, 1/31/2024: dates a form tool wrote in its own order. */
const LOCAL_DATE = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AP]M)?)?$/i;
const STRUCTURED = /^\s*(?:\[\s*\{|\{\s*"|<[a-z!/])/i;
const DISTINCT_CAP = 2000;

export const ISO_INSTANT_TEXT = ISO_INSTANT;

/** Stats of one column's sampled cells; `skip` are values to count as missing (suspected missing-value codes). */
export function statsOf(values: readonly Cell[], skip?: ReadonlySet<number>): ColumnStats {
  const seen = new Set<string>();
  const wholes = new Set<number>();
  let filled = 0,
    missing = 0,
    numeric = 0,
    integers = 0,
    negatives = 0,
    instants = 0,
    structured = 0,
    textLen = 0,
    texts = 0,
    lists = 0,
    parts = 0,
    words = 0;
  const distinctParts = new Set<string>();
  const textCounts = new Map<string, number>();
  let min = Infinity,
    max = -Infinity,
    fraction: number | undefined;
  for (const c of values) {
    if (c === null) continue;
    if (typeof c === 'number' && Number.isNaN(c)) {
      missing++;
      continue;
    }
    const v = numericValue(c);
    if (v !== undefined && skip?.has(v)) {
      missing++;
      continue;
    }
    filled++;
    if (seen.size < DISTINCT_CAP) seen.add(String(c));
    if (v !== undefined) {
      numeric++;
      if (Number.isInteger(v)) {
        integers++;
        if (wholes.size <= 12) wholes.add(v);
      } else fraction ??= v;
      if (v < min) min = v;
      if (v > max) max = v;
      if (v < 0) negatives++;
    } else {
      const s = String(c);
      const t = s.trim();
      textLen += s.length;
      texts++;
      if (ISO_INSTANT.test(t) || LOCAL_DATE.test(t)) instants++;
      if (STRUCTURED.test(t)) structured++;
      words += t.split(/\s+/).length;
      const key = t.toLowerCase();
      if (textCounts.size < DISTINCT_CAP || textCounts.has(key)) textCounts.set(key, (textCounts.get(key) ?? 0) + 1);
      if (t.includes(', ')) lists++;
      for (const part of t.split(', ')) {
        parts++;
        if (distinctParts.size < DISTINCT_CAP) distinctParts.add(part.trim().toLowerCase());
      }
    }
  }
  return {
    filled,
    missing,
    numeric,
    integers,
    min: numeric ? min : null,
    max: numeric ? max : null,
    negatives,
    ...(fraction !== undefined ? { fraction } : {}),
    distinct: seen.size,
    meanTextLength: texts ? textLen / texts : 0,
    instants: filled ? instants / filled : 0,
    structured: texts ? structured / texts : 0,
    // Half the answers are lists and their parts repeat (one in five different at most): options ticked.
    choiceList: texts > 0 && lists >= texts * 0.5 && distinctParts.size <= parts * 0.2,
    meanWords: texts ? words / texts : 0,
    repeated: texts ? [...textCounts.values()].reduce((n, c) => (c > 1 ? n + c : n), 0) / texts : 0,
    values: [...wholes].sort((a, b) => a - b),
  };
}

/** A column of whole numbers on a short scale (at most 11 points): what a grid item holds. */
export function scaleLike(s: ColumnStats): boolean {
  return (
    s.filled > 0 &&
    s.numeric === s.filled &&
    s.integers === s.filled &&
    s.min !== null &&
    s.max !== null &&
    s.max - s.min <= 10 &&
    s.values.length <= 11
  );
}

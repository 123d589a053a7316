// Which stored score columns the cleaning rules read. The worksheet (browser, Web Worker) and the
// server's authoritative re-run both build their CleaningInput here, from the columns of a revision's
// scores.arrow (layout 1, api/ingest/README.md), so the two sides cannot read different
// columns for the same rule: a mismatch between their counts would be a bug, not a difference of taste.
import type { CleaningInput, RuleKey } from './types.ts';
import { RULE_KEYS } from './types.ts';

/** Score column and data-point column of each rule key in scores.arrow. */
export const CLEANING_COLUMNS: Readonly<Record<RuleKey, { score: string; dataPoints: string }>> = {
  // "Minimum data points" of the combined rule counts the subscores the combined score rests on.
  combined: { score: 'combined', dataPoints: 'combined.n_subscores' },
  // The four projective scores share one count: the projective questions scored.
  is: { score: 'is', dataPoints: 'projective.data_points' },
  ps: { score: 'ps', dataPoints: 'projective.data_points' },
  cs: { score: 'cs', dataPoints: 'projective.data_points' },
  sds: { score: 'sds', dataPoints: 'projective.data_points' },
  ts: { score: 'ts', dataPoints: 'ts.data_points' },
  ibs: { score: 'ibs', dataPoints: 'ibs.data_points' },
  oes: { score: 'oes', dataPoints: 'oes.data_points' },
  // The consistency score; revisions written before it have no such column: the rule reads null.
  con: { score: 'con', dataPoints: 'con.data_points' },
  // The behaviour score: only live respondents have one so far (per request); revisions lack the
  // column and the rule reads null.
  bas: { score: 'bas', dataPoints: 'bas.data_points' },
  // The coherence judge's score (optional, api/modules/coherence-judge): its data points are the open
  // answers it read; revisions without the judge lack both columns and the rule reads null.
  coh: { score: 'coh', dataPoints: 'coh.data_points' },
};

/** Answers in the bad open-ended categories per interview (the OES count rule). */
export const BAD_ANSWERS_COLUMN = 'oes.bad_answers';
/** The record id of each interview (text). */
export const RECORD_ID_COLUMN = 'record_id';

/** Every numeric column the cleaning reads, without repeats (ask the blob route for exactly these). */
export function cleaningColumnNames(): string[] {
  const names = new Set<string>();
  for (const key of RULE_KEYS) {
    names.add(CLEANING_COLUMNS[key].score);
    names.add(CLEANING_COLUMNS[key].dataPoints);
  }
  names.add(BAD_ANSWERS_COLUMN);
  return [...names];
}

/**
 * The cleaning input of `rows` interviews from named Float64 columns (NaN = null). A column the
 * revision lacks is left out: the facade then reads that score as null (rule never fires) and its
 * data points as 0. Columns shared by several keys are passed as the same array.
 */
export function cleaningInputFromColumns(
  rows: number,
  column: (name: string) => Float64Array | undefined,
  extras: Pick<CleaningInput, 'manual' | 'quota' | 'duplicate'> = {},
): CleaningInput {
  const scores: CleaningInput['scores'] = {};
  const dataPoints: NonNullable<CleaningInput['dataPoints']> = {};
  for (const key of RULE_KEYS) {
    const s = column(CLEANING_COLUMNS[key].score);
    const dp = column(CLEANING_COLUMNS[key].dataPoints);
    if (s) scores[key] = checkLength(s, rows, CLEANING_COLUMNS[key].score);
    if (dp) dataPoints[key] = checkLength(dp, rows, CLEANING_COLUMNS[key].dataPoints);
  }
  const bad = column(BAD_ANSWERS_COLUMN);
  return {
    rows,
    scores,
    dataPoints,
    ...(bad ? { badAnswers: checkLength(bad, rows, BAD_ANSWERS_COLUMN) } : {}),
    ...(extras.manual ? { manual: checkLength(extras.manual, rows, 'manual') } : {}),
    ...(extras.quota ? { quota: extras.quota } : {}),
    ...(extras.duplicate ? { duplicate: checkLength(extras.duplicate, rows, 'duplicate') } : {}),
  };
}

function checkLength(values: Float64Array, rows: number, name: string): Float64Array {
  if (values.length !== rows)
    throw new RangeError(`cleaning column ${name} has ${values.length} values, expected ${rows}`);
  return values;
}

/** The cells of a grouping (quota characteristic) column: one per distinct value. */
export interface GroupCells {
  /** Cell per interview, -1 for none (null, NaN, empty text). */
  cells: Int32Array;
  /** The value of each cell: numbers ascending, or texts in code-point order (the same on every engine). */
  values: (number | string)[];
  /** Display text per cell: an SPSS value label of the code when there is one, else the value. */
  labels: string[];
}

/**
 * Groups interviews by the values of one column. Browser and server number the cells alike, so
 * quota targets given per value land on the same cells on both sides.
 */
export function groupCells(
  values: ArrayLike<number | string | null | undefined>,
  valueLabels: Record<string, string> = {},
): GroupCells {
  const n = values.length;
  const present = (v: number | string | null | undefined): v is number | string =>
    v !== null && v !== undefined && v !== '' && !(typeof v === 'number' && Number.isNaN(v));
  const distinct = new Set<number | string>();
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (present(v)) distinct.add(v);
  }
  const sorted = [...distinct].sort((a, b) => {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  });
  const index = new Map(sorted.map((v, c) => [v, c]));
  const cells = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    cells[i] = present(v) ? index.get(v)! : -1;
  }
  return { cells, values: sorted, labels: sorted.map((v) => valueLabels[String(v)] ?? String(v)) };
}

// Upload step 2: a preview of the first rows and, per column, a SUGGESTED type from the data and the
// header name (numeric range, text length, distinct values; names like id/respid, duration/time/sec,
// Q1_1..Q1_10 grids, vote/prediction). The user confirms or changes every suggestion: nothing here
// decides.
import type { Cell, ColumnInfo, DataPoint, DataPointType, TableHeader, TableSource } from '../types';
import { numericValue } from '../validate/collector';

export interface ColumnStats {
  filled: number;
  missing: number;
  numeric: number;
  integers: number;
  min: number | null;
  max: number | null;
  /** Distinct values seen (counted up to 51). */
  distinct: number;
  meanTextLength: number;
  /** Share of values that look like dates or instants. */
  instants: number;
}

export interface ColumnSuggestion {
  column: string;
  label?: string;
  valueLabels?: Record<string, string>;
  type: DataPointType;
  /** Why, in a word: 'name', 'values', 'pattern'. */
  basis: 'name' | 'values' | 'pattern' | 'default';
  stats: ColumnStats;
  /** For grids and projective questions: the group this column belongs to. */
  group?: string;
}

export interface UploadPreview {
  header: TableHeader;
  /** First rows as read (missing codes shown as null), with their row numbers. */
  rows: Cell[][];
  rowNumbers: number[];
  /** Rows looked at for the suggestions. */
  sampled: number;
  columns: ColumnSuggestion[];
  /** The suggestions as a mapping draft (one data point per column or group). */
  suggestedMapping: DataPoint[];
}

const ID_NAME =
  /^(?:resp(?:ondent)?[_ ]?id|respid|id|record[_ ]?id|case[_ ]?id|response[_ ]?id|interview[_ ]?id|lfdn|serial|uuid|participant[_ ]?id|teilnehmer[_ ]?id|ResponseId)$/i;
const DURATION_NAME =
  /(?:duration|dauer|^time|time_|_time|zeit|sec(?:onds)?\b|seconds|sekunden|\bloi\b|timer|interview_?length)/i;
const TOTAL_NAME = /(?:total|loi|gesamt|interview|overall|duration(?:_in_seconds)?$|^duration)/i;
const INSTANT_NAME = /(?:start|end|begin|submit|finish|date|datum|timestamp|recorded)/i;
const VOTE_NAME = /(?:vote|choice|wahl|own|self|selbst)/i;
const PREDICTION_NAME = /(?:pred|predict|prognos|schätz|schaetz|estimate|others|andere|share|anteil)/i;
const GROUP_NAME =
  /(?:gender|sex|geschlecht|age|alter|region|bundesland|quota|quote|country|land|segment|group|gruppe|device|education|bildung|income|einkommen)/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** Q1_1, q1.10, F3-2, item_4, Q12r3: stem + item number. */
const GRID_NAME = /^(.*?[A-Za-z][A-Za-z0-9]*?)[_.-]?(?:r|_r|item|i)?(\d+)$/i;

function statsOf(values: Cell[]): ColumnStats {
  const seen = new Set<string>();
  let filled = 0,
    missing = 0,
    numeric = 0,
    integers = 0,
    instants = 0,
    textLen = 0,
    texts = 0;
  let min = Infinity,
    max = -Infinity;
  for (const c of values) {
    if (c === null) continue;
    if (typeof c === 'number' && Number.isNaN(c)) {
      missing++;
      continue;
    }
    filled++;
    if (seen.size <= 50) seen.add(String(c));
    const v = numericValue(c);
    if (v !== undefined) {
      numeric++;
      if (Number.isInteger(v)) integers++;
      if (v < min) min = v;
      if (v > max) max = v;
    } else {
      const s = String(c);
      textLen += s.length;
      texts++;
      if (ISO_INSTANT.test(s.trim())) instants++;
    }
  }
  return {
    filled,
    missing,
    numeric,
    integers,
    min: numeric ? min : null,
    max: numeric ? max : null,
    distinct: seen.size,
    meanTextLength: texts ? textLen / texts : 0,
    instants: filled ? instants / filled : 0,
  };
}

function suggestOne(
  c: ColumnInfo,
  s: ColumnStats,
  index: number,
): { type: DataPointType; basis: ColumnSuggestion['basis'] } {
  const name = c.name;
  const allNumeric = s.filled > 0 && s.numeric === s.filled;
  const unique = s.filled > 0 && s.distinct >= Math.min(51, s.filled);
  if (
    ID_NAME.test(name) ||
    (index === 0 && unique && s.missing === 0 && (allNumeric ? s.integers === s.filled : s.meanTextLength < 40))
  ) {
    return { type: 'RECORD_ID', basis: ID_NAME.test(name) ? 'name' : 'values' };
  }
  if (s.filled === 0) return { type: 'IGNORE', basis: 'default' };
  if (s.instants > 0.9 && INSTANT_NAME.test(name)) return { type: 'TIMESTAMP', basis: 'name' };
  if (allNumeric && DURATION_NAME.test(name) && (s.min ?? 0) >= 0) return { type: 'DURATION', basis: 'name' };
  if (allNumeric && PREDICTION_NAME.test(name) && (s.min ?? 0) >= 0 && (s.max ?? 0) <= 100)
    return { type: 'PROJECTIVE', basis: 'name' };
  if (allNumeric && VOTE_NAME.test(name) && s.integers === s.filled && s.distinct <= 12)
    return { type: 'VOTE', basis: 'name' };
  if (!allNumeric && s.numeric < s.filled * 0.5 && s.meanTextLength >= 12 && s.distinct > 10)
    return { type: 'OPEN_ENDED', basis: 'values' };
  if (GROUP_NAME.test(name) && s.distinct <= 20) return { type: 'GROUPING', basis: 'name' };
  return { type: 'IGNORE', basis: 'default' };
}

/** Columns named stem + number with small whole-number scales: grid items, in file order. */
function gridGroups(columns: ColumnInfo[], stats: ColumnStats[], taken: Set<number>): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  columns.forEach((c, i) => {
    if (taken.has(i)) return;
    const m = GRID_NAME.exec(c.name);
    const s = stats[i]!;
    const scale =
      s.filled > 0 &&
      s.numeric === s.filled &&
      s.integers === s.filled &&
      (s.min ?? 0) >= -1 &&
      (s.max ?? 0) <= 11 &&
      s.distinct <= 12;
    if (!m || !scale) return;
    const stem = m[1]!;
    const list = groups.get(stem) ?? [];
    list.push(i);
    groups.set(stem, list);
  });
  for (const [stem, list] of groups) if (list.length < 2) groups.delete(stem);
  return groups;
}

/** Reads the first rows of a table (at most `sampleRows`) and suggests a type for every column. */
export async function previewTable(
  table: TableSource,
  options: { previewRows?: number; sampleRows?: number } = {},
): Promise<UploadPreview> {
  const previewRows = options.previewRows ?? 20;
  const sampleRows = options.sampleRows ?? 2000;
  const rows: Cell[][] = [];
  const rowNumbers: number[] = [];
  for await (const batch of table.batches()) {
    for (let k = 0; k < batch.rows.length && rows.length < sampleRows; k++) {
      rows.push(batch.rows[k]!);
      rowNumbers.push(batch.rowNumbers[k]!);
    }
    if (rows.length >= sampleRows) break;
  }
  const columns = table.header.columns;
  const stats = columns.map((_, j) => statsOf(rows.map((r) => r[j] ?? null)));
  const suggestions: ColumnSuggestion[] = columns.map((c, j) => ({
    column: c.name,
    ...(c.label ? { label: c.label } : {}),
    ...(c.valueLabels ? { valueLabels: c.valueLabels } : {}),
    ...suggestOne(c, stats[j]!, j),
    stats: stats[j]!,
  }));
  const dataPoints: DataPoint[] = [];
  const taken = new Set<number>();
  const idIndex = suggestions.findIndex((s) => s.type === 'RECORD_ID');
  // One record ID: the first candidate (by name before by values).
  const byName = suggestions.findIndex((s) => s.type === 'RECORD_ID' && s.basis === 'name');
  const id = byName >= 0 ? byName : idIndex;
  suggestions.forEach((s, j) => {
    if (s.type === 'RECORD_ID' && j !== id) s.type = 'IGNORE';
  });
  if (id >= 0) {
    dataPoints.push({ type: 'RECORD_ID', column: columns[id]!.name });
    taken.add(id);
  }
  for (const [stem, list] of gridGroups(columns, stats, taken)) {
    const items = list.map((i) => columns[i]!.name);
    const mins = list.map((i) => stats[i]!.min ?? 0);
    const maxs = list.map((i) => stats[i]!.max ?? 0);
    for (const i of list) {
      suggestions[i]!.type = 'ITEM_BATTERY';
      suggestions[i]!.basis = 'pattern';
      suggestions[i]!.group = stem;
      taken.add(i);
    }
    // Fewer than 7 items is still shown as a grid: the user sees why it cannot be scored.
    dataPoints.push({
      type: 'ITEM_BATTERY',
      id: stem,
      title: stem,
      items,
      min: Math.min(...mins),
      max: Math.max(...maxs),
    });
  }
  // Durations: the one named like a total (else the largest median) is the total, the rest pages.
  const durations = suggestions.map((s, j) => (s.type === 'DURATION' && !taken.has(j) ? j : -1)).filter((j) => j >= 0);
  const total =
    durations.find((j) => TOTAL_NAME.test(columns[j]!.name)) ??
    durations.reduce((a, j) => ((stats[j]!.max ?? 0) > (stats[a]!.max ?? 0) ? j : a), durations[0] ?? -1);
  durations.forEach((j, k) => {
    dataPoints.push({
      type: 'DURATION',
      column: columns[j]!.name,
      role: j === total ? 'TOTAL' : 'PAGE',
      unit: 's',
      ...(j === total ? {} : { pageNumber: k + 1 }),
    });
    taken.add(j);
  });
  // Instants: pair start/end by name.
  const instants = suggestions.map((s, j) => (s.type === 'TIMESTAMP' ? j : -1)).filter((j) => j >= 0);
  const start = instants.find((j) => /start|begin/i.test(columns[j]!.name));
  const end = instants.find((j) => /end|submit|finish/i.test(columns[j]!.name));
  if (start !== undefined && end !== undefined) {
    dataPoints.push({
      type: 'TIMESTAMP',
      start: columns[start]!.name,
      end: columns[end]!.name,
      role: durations.length && total !== undefined && total >= 0 ? 'PAGE' : 'TOTAL',
    });
    taken.add(start);
    taken.add(end);
  }
  // Projective: a vote column and the prediction columns sharing its stem (name before the last separator).
  const stemOf = (n: string) => n.replace(/[_.\-\s]?[^_.\-\s]*$/, '');
  const preds = suggestions.map((s, j) => (s.type === 'PROJECTIVE' ? j : -1)).filter((j) => j >= 0);
  suggestions.forEach((s, j) => {
    if (s.type !== 'VOTE') return;
    const stem = stemOf(columns[j]!.name);
    const mine = preds.filter((p) => stemOf(columns[p]!.name) === stem || stemOf(stemOf(columns[p]!.name)) === stem);
    if (!mine.length) {
      dataPoints.push({ type: 'VOTE', column: columns[j]!.name });
      return;
    }
    for (const p of [j, ...mine]) {
      suggestions[p]!.type = 'PROJECTIVE';
      suggestions[p]!.group = stem;
      taken.add(p);
    }
    dataPoints.push({
      type: 'PROJECTIVE',
      id: stem,
      title: stem,
      vote: columns[j]!.name,
      predictions: mine.map((p) => columns[p]!.name),
      algorithms: ['PS', 'CS', 'IS'],
    });
  });
  suggestions.forEach((s, j) => {
    if (s.type === 'PROJECTIVE' && !taken.has(j)) s.type = 'IGNORE';
    if (s.type === 'OPEN_ENDED')
      dataPoints.push({
        type: 'OPEN_ENDED',
        column: s.column,
        questionTitle: s.label ?? s.column,
        duplicateCheck: true,
      });
    if (s.type === 'GROUPING') dataPoints.push({ type: 'GROUPING', column: s.column });
  });
  return {
    header: table.header,
    rows: rows.slice(0, previewRows),
    rowNumbers: rowNumbers.slice(0, previewRows),
    sampled: rows.length,
    columns: suggestions,
    suggestedMapping: dataPoints,
  };
}

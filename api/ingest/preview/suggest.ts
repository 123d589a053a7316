// Upload step 2: a preview of the first rows and, per column, a SUGGESTED type from the data and the
// header name (a record ID only where a column is unique and complete, else the row number; grids
// from stems and scales; durations and timestamps only with 30 valid records; open questions where
// the answers are mostly different texts). The suggested mapping is run through the same checks as
// the saved one on the rows read, and a data point they refuse is withdrawn with its reason: what
// is suggested passes the check, or the preview says why not. The user confirms every suggestion.
import type { ErrorCode } from '../../kernel/errors/error-codes';
import {
  ROW_NUMBER_ID,
  SCORABLE_TYPES,
  columnsOf,
  type Cell,
  type ColumnInfo,
  type DataPoint,
  type DataPointType,
  type DateOrder,
  type DurationUnit,
  type TableHeader,
  type TableSource,
} from '../types';
import { createCollector, numericValue } from '../validate/collector';
import { MIN_TIME_RECORDS, type ValidationIssue } from '../validate/mapping';
import { dateOrderOf, instantSeconds } from '../validate/instants';
import { fractionGrid, gridRuns, isFullGrid, wordGrid, type GridGroup } from './grids';
import { suggestSentinels, type SentinelSuggestion } from './sentinels';
import { statsOf, type ColumnStats } from './stats';

export type { ColumnStats } from './stats';

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
  /** A suggestion the check on the rows read refused, withdrawn (the column is then ignored). */
  withdrawn?: ErrorCode;
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
  /** Groups of fewer than 5 items on one scale, which the user may merge into a grid. */
  gridCandidates: { id: string; items: string[]; min: number; max: number }[];
  /** Codes the file seems to use for missing answers, not yet among step 1's codes. */
  missingValueSuggestions: SentinelSuggestion[];
  /**
   * What the check says of the suggested mapping on the rows read: empty, or why it cannot be
   * processed; and what was left out for the user to decide (a start/end pair whose date order no
   * value decides).
   */
  suggestionIssues: ValidationIssue[];
}

const ID_NAME =
  /^(?:resp(?:ondent)?[_ ]?id|respid|id|record[_ ]?id|case[_ ]?id|response[_ ]?id|interview[_ ]?id|lfdn|serial|uuid|participant[_ ]?id|teilnehmer[_ ]?id|ResponseId)$/i;
const DURATION_NAME =
  /(?:duration|dauer|^time|time_|_time|zeit|sec(?:onds)?\b|seconds|sekunden|\bloi\b|timer|interview_?length|page[ _]?submit|question time|group time|total time)/i;
/** Qualtrics' timing columns besides the page time: clicks are not durations. */
const NOT_DURATION_NAME = /(?:first[ _]?click|last[ _]?click|click[ _]?count)/i;
const TOTAL_NAME =
  /(?:total|loi|gesamt|interview|overall|duration(?:_in_seconds)?$|^duration|duration \(in seconds\))/i;
const INSTANT_NAME = /(?:start|end|begin|submit|finish|date|datum|timestamp|recorded)/i;
const VOTE_NAME = /(?:^|[\W_])(?:vote|choice|wahl)(?:$|[\W_])/i;
const PREDICTION_NAME = /(?:pred|predict|prognos|schätz|schaetz|estimate|others|andere|share|anteil)/i;
const GROUP_NAME =
  /(?:^|[\W_])(?:gender|sex|geschlecht|age|alter|region|bundesland|quota|quote|country|land|segment|group|gruppe|device|education|bildung|income|einkommen)\d*(?:$|[\W_])/i;
const ID_TEXT_MAX = 64;
/** Distinct values a duration column shows at least. */
const MIN_DURATION_VALUES = 10;

type Suggested = { type: DataPointType; basis: ColumnSuggestion['basis'] };

/** A column that identifies records: every sampled row has a value, all different, no dates or fractions. */
function uniqueAndComplete(s: ColumnStats, sampled: number): boolean {
  return (
    sampled > 0 &&
    s.filled === sampled &&
    s.missing === 0 &&
    s.distinct === s.filled &&
    s.instants === 0 &&
    s.integers === s.numeric &&
    (s.numeric === s.filled || s.meanTextLength < ID_TEXT_MAX)
  );
}

function suggestOne(c: ColumnInfo, s: ColumnStats, index: number, sampled: number): Suggested {
  const name = c.name;
  if (uniqueAndComplete(s, sampled) && (ID_NAME.test(name) || index === 0))
    return { type: 'RECORD_ID', basis: ID_NAME.test(name) ? 'name' : 'values' };
  if (s.filled === 0) return { type: 'IGNORE', basis: 'default' };
  const allNumeric = s.numeric === s.filled;
  if (s.instants > 0.9 && INSTANT_NAME.test(name)) return { type: 'TIMESTAMP', basis: 'name' };
  // A rare negative time (an end before its start, a clock put back) is an invalid record, not a
  // reason to drop the column. Respondents take their own time: a "time" of a few values shared by everyone (MSQ_Time: 9.17,
  // 15.3) is a session's clock time or a condition, not how long an interview took.
  if (
    allNumeric &&
    DURATION_NAME.test(name) &&
    !NOT_DURATION_NAME.test(name) &&
    s.negatives <= s.numeric * 0.01 &&
    s.distinct >= MIN_DURATION_VALUES
  )
    return { type: 'DURATION', basis: 'name' };
  if (allNumeric && PREDICTION_NAME.test(name) && (s.min ?? 0) >= 0 && (s.max ?? 0) <= 100)
    return { type: 'PROJECTIVE', basis: 'name' };
  if (allNumeric && VOTE_NAME.test(name) && s.integers === s.filled && s.distinct <= 12)
    return { type: 'VOTE', basis: 'name' };
  // Open answers are mostly different from one another: a category list (income bands) is not, nor
  // are short labels typed by hand that many share with someone (job titles, package names: under 4
  // words, 40 % of them given by two or more), which the duplicate-answer rule would flag as copies;
  // a sentence that many give alike stays an open answer, whose copies are what that rule is for.
  if (
    s.numeric < s.filled * 0.5 &&
    s.meanTextLength >= 12 &&
    s.distinct > 10 &&
    s.distinct >= s.filled * 0.5 &&
    s.instants < 0.5 &&
    s.structured < 0.5 &&
    !s.choiceList &&
    !(s.meanWords < 4 && s.repeated > 0.4)
  )
    return { type: 'OPEN_ENDED', basis: 'values' };
  if (GROUP_NAME.test(name) && s.distinct <= 20) return { type: 'GROUPING', basis: 'name' };
  return { type: 'IGNORE', basis: 'default' };
}

/** The unit a duration's name gives (duration_min, time_ms, Dauer_Stunden); seconds otherwise. */
function unitOf(name: string): DurationUnit {
  if (/(?:^|[\W_])(?:ms|millis(?:econds?)?)(?:$|[\W_])/i.test(name)) return 'ms';
  if (/(?:^|[\W_])(?:min|mins|minutes?|minuten)(?:$|[\W_])/i.test(name)) return 'm';
  if (/(?:^|[\W_])(?:h|hrs?|hours?|stunden)(?:$|[\W_])/i.test(name)) return 'h';
  return 's';
}

/** Valid durations a column (or a start/end pair) gives in the rows read: the time score needs 30. */
function validTimes(rows: readonly Cell[][], read: (r: Cell[]) => number): number {
  let n = 0;
  for (const r of rows) if (read(r) > 0) n++;
  return n;
}

const num = (c: Cell | undefined) => numericValue(c ?? null) ?? Number.NaN;
const instant = (c: Cell | undefined, order?: DateOrder) =>
  c === null || c === undefined ? Number.NaN : instantSeconds(c, order);

/** The data points of the suggestions, before the check. */
function draftMapping(
  columns: readonly ColumnInfo[],
  stats: readonly ColumnStats[],
  suggestions: ColumnSuggestion[],
  rows: readonly Cell[][],
  grids: readonly GridGroup[],
  notes: ValidationIssue[],
): DataPoint[] {
  const dataPoints: DataPoint[] = [];
  const taken = new Set<number>();
  // A column that starts a grid is an item, whatever its values (five answers can all differ).
  const inGrid = new Set(grids.flatMap((g) => g.items));
  suggestions.forEach((s, j) => {
    if (s.type === 'RECORD_ID' && s.basis === 'values' && inGrid.has(j)) s.type = 'IGNORE';
  });
  const byName = suggestions.findIndex((s) => s.type === 'RECORD_ID' && s.basis === 'name');
  const id = byName >= 0 ? byName : suggestions.findIndex((s) => s.type === 'RECORD_ID');
  suggestions.forEach((s, j) => {
    if (s.type === 'RECORD_ID' && j !== id) s.type = 'IGNORE';
  });
  dataPoints.push(id >= 0 ? { type: 'RECORD_ID', column: columns[id]!.name } : { ...ROW_NUMBER_ID });
  if (id >= 0) taken.add(id);
  for (const g of grids) {
    if (g.items.some((i) => taken.has(i))) continue;
    for (const i of g.items) {
      suggestions[i]!.type = 'ITEM_BATTERY';
      suggestions[i]!.basis = 'pattern';
      suggestions[i]!.group = g.id;
      taken.add(i);
    }
    dataPoints.push({
      type: 'ITEM_BATTERY',
      id: g.id,
      title: g.title,
      items: g.items.map((i) => columns[i]!.name),
      ...(g.min < g.max ? { min: g.min, max: g.max } : {}),
    });
  }
  // Durations with 30 valid times: the one named like a total (else the largest) is the total, the rest pages.
  const durations = suggestions
    .map((s, j) => (s.type === 'DURATION' && !taken.has(j) ? j : -1))
    .filter((j) => j >= 0 && validTimes(rows, (r) => num(r[j])) >= MIN_TIME_RECORDS);
  suggestions.forEach((s, j) => {
    if (s.type === 'DURATION' && !durations.includes(j)) s.type = 'IGNORE';
  });
  const total =
    durations.find((j) => TOTAL_NAME.test(columns[j]!.name)) ??
    durations.reduce((a, j) => ((stats[j]!.max ?? 0) > (stats[a]!.max ?? 0) ? j : a), durations[0] ?? -1);
  durations.forEach((j, k) => {
    dataPoints.push({
      type: 'DURATION',
      column: columns[j]!.name,
      role: j === total ? 'TOTAL' : 'PAGE',
      unit: unitOf(columns[j]!.name),
      ...(j === total ? {} : { pageNumber: k + 1 }),
    });
    taken.add(j);
  });
  // Instants: start and end paired by name, when 30 records have both. Local dates (5/10/18 4:01)
  // in the order both columns' values decide; where none decides it, the pair is not suggested and
  // the preview says to choose the order (a guess would be wrong for half the world's files).
  const instants = suggestions.map((s, j) => (s.type === 'TIMESTAMP' ? j : -1)).filter((j) => j >= 0);
  const start = instants.find((j) => /start|begin/i.test(columns[j]!.name));
  const end = instants.find((j) => /end|submit|finish/i.test(columns[j]!.name));
  const reading =
    start !== undefined && end !== undefined
      ? dateOrderOf(rows.flatMap((r) => [r[start] ?? null, r[end] ?? null]))
      : undefined;
  const order = reading && 'order' in reading ? reading.order : undefined;
  const timed = (o: DateOrder | undefined) =>
    start !== undefined &&
    end !== undefined &&
    validTimes(rows, (r) => instant(r[end], o) - instant(r[start], o)) >= MIN_TIME_RECORDS;
  const paired = timed(order);
  if (!paired && reading && 'undecided' in reading && timed('MDY'))
    notes.push({
      code: 'TIMESTAMP_COLUMN_NOT_NUMERIC',
      reason: 'DATE_ORDER_REQUIRED',
      column: columns[start!]!.name,
      value: reading.example,
    });
  suggestions.forEach((s, j) => {
    if (s.type === 'TIMESTAMP' && (!paired || (j !== start && j !== end))) s.type = 'IGNORE';
  });
  if (paired && start !== undefined && end !== undefined) {
    dataPoints.push({
      type: 'TIMESTAMP',
      start: columns[start]!.name,
      end: columns[end]!.name,
      role: durations.length && total >= 0 ? 'PAGE' : 'TOTAL',
      ...(order ? { dateOrder: order } : {}),
    });
    taken.add(start);
    taken.add(end);
  }
  projective(columns, suggestions, dataPoints, taken);
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
  return dataPoints;
}

/** A vote column and the prediction columns sharing its stem (the name before the last separator). */
function projective(
  columns: readonly ColumnInfo[],
  suggestions: ColumnSuggestion[],
  dataPoints: DataPoint[],
  taken: Set<number>,
): void {
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
}

/** Issues of a mapping on the rows read, as the check would give them on those rows. */
function checkOnRows(header: TableHeader, mapping: DataPoint[], rows: Cell[][], rowNumbers: number[]) {
  const collector = createCollector(header, { dataPoints: mapping });
  if (collector.early.length) return collector.early;
  collector.accept({ rows, rowNumbers });
  return collector.finish().issues;
}

/** The data point an issue names (its column, its grid, its duration pair), if any. */
function pointOf(mapping: readonly DataPoint[], issue: ValidationIssue): DataPoint | undefined {
  if (issue.column === undefined) return undefined;
  return mapping.find((d) => {
    const cols = columnsOf(d);
    return (
      cols.includes(issue.column!) ||
      cols.join('..') === issue.column ||
      ((d.type === 'ITEM_BATTERY' || d.type === 'PROJECTIVE') && (d.title === issue.column || d.id === issue.column))
    );
  });
}

/**
 * Withdraws every suggested data point the check refuses on the rows read (a record ID becomes the
 * row number), until it passes or only issues no withdrawal can mend are left (those are returned).
 */
function passCheck(
  header: TableHeader,
  mapping: DataPoint[],
  suggestions: ColumnSuggestion[],
  rows: Cell[][],
  rowNumbers: number[],
) {
  for (let round = 0; round < 20; round++) {
    const issues = checkOnRows(header, mapping, rows, rowNumbers);
    const points = new Set(issues.map((i) => pointOf(mapping, i)).filter((d): d is DataPoint => d !== undefined));
    if (!points.size) return issues;
    for (const dp of points) {
      const code = issues.find((i) => pointOf(mapping, i) === dp)!.code;
      for (const c of columnsOf(dp)) {
        const s = suggestions.find((x) => x.column === c);
        if (!s) continue;
        Object.assign(s, { type: 'IGNORE', basis: 'default', withdrawn: code });
        delete s.group;
      }
      mapping.splice(mapping.indexOf(dp), 1, ...(dp.type === 'RECORD_ID' ? [{ ...ROW_NUMBER_ID }] : []));
    }
  }
  return checkOnRows(header, mapping, rows, rowNumbers);
}

/** Nothing to score, but a grid whose answers are words: say that numbers are needed, and where. */
function wordsInstead(columns: readonly ColumnInfo[], rows: readonly Cell[][]): ValidationIssue | undefined {
  const grid = wordGrid(columns, rows);
  if (!grid) return undefined;
  const shown = grid.words.slice(0, 3).map((w) => `“${w}”`);
  return {
    code: 'NO_SCORABLE_DATA_POINT',
    reason: 'ANSWERS_AS_WORDS',
    column: grid.first,
    value: grid.words.length > 3 ? `${shown.join(', ')} …` : shown.join(', '),
  };
}

/** A grid whose answers include means (3.31) instead of answers: said instead of "nothing scorable". */
function notWhole(columns: readonly ColumnInfo[], stats: readonly ColumnStats[]): ValidationIssue | undefined {
  const grid = fractionGrid(columns, stats);
  return grid && { code: 'NO_SCORABLE_DATA_POINT', reason: 'ANSWERS_NOT_WHOLE', column: grid.first, value: grid.value };
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
  const sentinels = suggestSentinels(
    columns.map((c) => c.name),
    rows,
  );
  // A suspected missing-value code is left out of the statistics: the suggestions then fit the file
  // once the code is set, and the scale bounds make the scoring treat it as missing until then.
  const stats = columns.map((c, j) =>
    statsOf(
      rows.map((r) => r[j] ?? null),
      new Set(sentinels.filter((s) => s.columns.includes(c.name)).map((s) => Number(s.code))),
    ),
  );
  const suggestions: ColumnSuggestion[] = columns.map((c, j) => ({
    column: c.name,
    ...(c.label ? { label: c.label } : {}),
    ...(c.valueLabels ? { valueLabels: c.valueLabels } : {}),
    ...suggestOne(c, stats[j]!, j, rows.length),
    stats: stats[j]!,
  }));
  const taken = new Set(suggestions.flatMap((s, j) => (s.type === 'RECORD_ID' && s.basis === 'name' ? [j] : [])));
  const runs = gridRuns(columns, stats, rows, taken);
  const notes: ValidationIssue[] = [];
  const suggestedMapping = draftMapping(columns, stats, suggestions, rows, runs.filter(isFullGrid), notes);
  const suggestionIssues = [
    ...notes,
    ...passCheck(table.header, suggestedMapping, suggestions, rows, rowNumbers).map((i) =>
      i.code === 'NO_SCORABLE_DATA_POINT' ? (wordsInstead(columns, rows) ?? notWhole(columns, stats) ?? i) : i,
    ),
  ];
  return {
    header: table.header,
    rows: rows.slice(0, previewRows),
    rowNumbers: rowNumbers.slice(0, previewRows),
    sampled: rows.length,
    columns: suggestions,
    suggestedMapping,
    gridCandidates: runs
      .filter((g) => !isFullGrid(g) && g.items.every((i) => suggestions[i]!.type === 'IGNORE'))
      .map((g) => ({ id: g.id, items: g.items.map((i) => columns[i]!.name), min: g.min, max: g.max })),
    missingValueSuggestions: sentinels,
    suggestionIssues,
  };
}

/** True when the suggested data points yield a score. */
export const scorable = (mapping: readonly DataPoint[]) => mapping.some((d) => SCORABLE_TYPES.has(d.type));

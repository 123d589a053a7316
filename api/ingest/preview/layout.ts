// Where the table sits in a file, found in its raw rows (step 2 suggests it, the user confirms): the
// header row (title rows above it skipped), a row of sub-labels below it (a question over the first
// column of its block, the options below), the first and the last data row (notes below the table
// left out), and files that are not one row per respondent (a table of percentages, a questionnaire
// definition). Known layouts first: Qualtrics' current and legacy exports.
import { isQualtricsLegacy } from '../parse/csv';
import type { RawRow } from '../parse/table';
import type { Cell, UploadFormat } from '../types';
import { numericValue } from '../validate/collector';

export type NotSurveyData = 'AGGREGATED_TABLE' | 'SURVEY_STRUCTURE';

export interface LayoutSuggestion {
  headerRow: number;
  firstDataRow: number;
  /** Set when notes follow the table (the rows below it are left out). */
  lastDataRow?: number;
  /** The row below the header holds sub-labels (question texts, a block's options). */
  labelRow?: number;
  /** A layout recognised by its marks. */
  kind?: 'QUALTRICS' | 'QUALTRICS_LEGACY';
  /** Why the file is not respondent-level survey data, when it plainly is not. */
  notSurveyData?: NotSurveyData;
}

const filled = (c: Cell | undefined) =>
  c !== null && c !== undefined && !(typeof c === 'number' && Number.isNaN(c)) && String(c).trim() !== '';
const isText = (c: Cell | undefined) => typeof c === 'string' && numericValue(c) === undefined;
const indexesOf = (r: RawRow | undefined) => new Set((r?.cells ?? []).flatMap((c, j) => (filled(c) ? [j] : [])));
const IMPORT_ID = /^\{\s*["']ImportId["']\s*:/;
const PERCENT = /^[+-]?\d+(?:[.,]\d+)?\s?%$/;
const STRUCTURE_HEADER = ['class', 'type/scale', 'name', 'relevance', 'text'];
/** Rows below a candidate header that tell which columns hold data. */
const LOOK_AHEAD = 50;
/** Header rows are looked for among the first rows of the file. */
const HEADER_SEARCH = 30;

/** Columns filled in at least half of the rows. */
function requiredColumns(rows: readonly RawRow[]): Set<number> {
  const counts = new Map<number, number>();
  for (const r of rows) for (const j of indexesOf(r)) counts.set(j, (counts.get(j) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n >= rows.length / 2).map(([j]) => j));
}

/** A row that can name columns: mostly text, its names mostly distinct. */
function namesRow(r: RawRow | undefined): boolean {
  const cells = (r?.cells ?? []).filter(filled);
  if (cells.length < 2) return false;
  const texts = cells.filter(isText);
  return texts.length >= cells.length * 0.7 && new Set(texts.map((c) => String(c).trim())).size >= texts.length * 0.8;
}

/**
 * The names cover every column holding data; only the first may be unnamed when it holds numbers
 * below (R's write.csv leaves its row-number column without a name).
 */
function covers(names: Set<number>, required: Set<number>, below?: RawRow): boolean {
  if (required.size < 2) return false;
  const first = Math.min(...required);
  return [...required].every((j) => names.has(j) || (j === first && typeof below?.cells[j] === 'number'));
}

/** The header (and a sub-label row below it) among the first rows: the first row that names every column holding data. */
function findHeader(rows: readonly RawRow[]): { header: number; label?: number } | undefined {
  const byNumber = new Map(rows.map((r, k) => [r.number, k]));
  for (let k = 0; k < Math.min(rows.length, HEADER_SEARCH); k++) {
    const h = rows[k]!;
    const next = rows[byNumber.get(h.number + 1) ?? -1];
    const single = requiredColumns(rows.slice(k + 1, k + 1 + LOOK_AHEAD));
    if (namesRow(h) && covers(indexesOf(h), single, rows[k + 1])) return { header: h.number };
    // Two header rows: a question over the first column of its block, the options (or "Response") below.
    if (!next || namesRow(next) || indexesOf(h).size === 0) continue;
    const cells = next.cells.filter(filled);
    if (cells.length < 2 || cells.filter(isText).length < cells.length * 0.7) continue;
    const top = indexesOf(h);
    const both = new Set([...top, ...indexesOf(next)]);
    // The sub-labels fill the header's gaps with text (a data row would put its values there).
    const gaps = [...indexesOf(next)].filter((j) => !top.has(j));
    const fillsGaps = gaps.length > 0 && gaps.every((j) => isText(next.cells[j]));
    if (fillsGaps && covers(both, requiredColumns(rows.slice(k + 2, k + 2 + LOOK_AHEAD))))
      return { header: h.number, label: next.number };
  }
  return undefined;
}

/** Columns whose data are mostly numbers (a note row has none there). */
function numericColumns(rows: readonly RawRow[]): Set<number> {
  const numbers = new Map<number, number>();
  const counts = new Map<number, number>();
  for (const r of rows)
    r.cells.forEach((c, j) => {
      if (!filled(c)) return;
      counts.set(j, (counts.get(j) ?? 0) + 1);
      if (!isText(c)) numbers.set(j, (numbers.get(j) ?? 0) + 1);
    });
  return new Set([...numbers].filter(([j, n]) => n >= (counts.get(j) ?? 0) * 0.8).map(([j]) => j));
}

/** The last data row when notes follow the table (read to its end), else undefined. */
function lastDataRow(data: readonly RawRow[], width: number): number | undefined {
  const numeric = numericColumns(data.slice(0, Math.max(1, data.length - 10)));
  if (!numeric.size) return undefined;
  let notes = 0;
  for (let k = data.length - 1; k > 0; k--) {
    const r = data[k]!;
    const cells = indexesOf(r);
    // A note: a line or two of text, nothing where the table has numbers.
    const note = cells.size <= Math.min(2, width / 2) && ![...cells].some((j) => numeric.has(j) && !isText(r.cells[j]));
    if (!note) return notes ? r.number : undefined;
    if (cells.size) notes++;
  }
  return undefined;
}

/** A table of percentages or proportions (a crosstab), not one row per respondent. */
function aggregated(data: readonly RawRow[]): boolean {
  let cells = 0,
    shares = 0;
  for (const r of data.slice(0, 300))
    for (const c of r.cells) {
      if (!filled(c)) continue;
      cells++;
      if ((typeof c === 'string' && PERCENT.test(c.trim())) || (typeof c === 'number' && c > 0 && c < 1)) shares++;
    }
  return cells > 0 && shares >= cells * 0.4;
}

/**
 * The layout of a file from its first raw rows (`complete`: the rows reach the end of the file, so
 * notes below the table can be found). SPSS files have no layout to find: names in row 1, cases below.
 */
export function detectLayout(format: UploadFormat, rows: readonly RawRow[], complete: boolean): LayoutSuggestion {
  if (format === 'sav') return { headerRow: 1, firstDataRow: 2 };
  const [first, second, third] = rows;
  if (first?.number === 1 && second?.number === 2 && third?.number === 3) {
    const ids = third.cells.filter((c) => typeof c === 'string' && IMPORT_ID.test(c)).length;
    if (ids > 0 && ids >= third.cells.filter(filled).length * 0.8)
      return { headerRow: 1, firstDataRow: 4, labelRow: 2, kind: 'QUALTRICS' };
    if (isQualtricsLegacy(first.cells, second.cells))
      return { headerRow: 1, firstDataRow: 3, labelRow: 2, kind: 'QUALTRICS_LEGACY' };
  }
  const found = findHeader(rows);
  const headerRow = found?.header ?? rows.find((r) => indexesOf(r).size > 0)?.number ?? 1;
  const firstDataRow = (found?.label ?? headerRow) + 1;
  const header = rows.find((r) => r.number === headerRow);
  const data = rows.filter((r) => r.number >= firstDataRow);
  const names = (header?.cells ?? []).map((c) =>
    String(c ?? '')
      .trim()
      .toLowerCase(),
  );
  const width = Math.max(indexesOf(header).size, ...data.slice(0, LOOK_AHEAD).map((r) => indexesOf(r).size));
  const last = complete ? lastDataRow(data, width) : undefined;
  const notSurveyData: NotSurveyData | undefined = STRUCTURE_HEADER.every((n) => names.includes(n))
    ? 'SURVEY_STRUCTURE'
    : aggregated(last ? data.filter((r) => r.number <= last) : data)
      ? 'AGGREGATED_TABLE'
      : undefined;
  return {
    headerRow,
    firstDataRow,
    ...(found?.label ? { labelRow: found.label } : {}),
    ...(last !== undefined ? { lastDataRow: last } : {}),
    ...(notSurveyData ? { notSurveyData } : {}),
  };
}

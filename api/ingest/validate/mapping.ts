// Checks of a confirmed mapping that need no data: known and unique columns, a record ID, at least
// one data point that yields a score, grids of at least 5 items, projective questions that do not
// combine IS with SDS, at most 15 keywords.
import { RowSample } from '../../kernel/errors/upload-errors';
import type { ErrorCode } from '../../kernel/errors/error-codes';
import type { RefusalReason } from '../../kernel/errors/refusal-reasons';
import { BEHAVIOUR_FIELD_BOUNDS, type BehaviourField } from '../../../scoring/index';
import { SOURCE_ROW_COLUMN } from '../columnar/layout';
import {
  BEHAVIOUR_COLUMN_TYPES,
  columnsOf,
  isBehaviourDataPoint,
  SCORABLE_TYPES,
  type ColumnMapping,
  type DataPoint,
  type DateOrder,
  type TableHeader,
} from '../types';

/** One refusal: a catalogue code and the plain `{ column, rows }` details (plus a reason where useful). */
export interface ValidationIssue {
  code: ErrorCode;
  column?: string;
  rows?: number[];
  reason?: RefusalReason;
  columns?: string[];
  limit?: number;
  value?: number | string;
}

/**
 * Grids are scored from 5 items (straightlining and consistency); answer patterns only from 7. The
 * original rule was 7 for everything: docs/decisions.md, "Grids of 5 and 6 items".
 */
export const MIN_GRID_ITEMS = 5;
export const MIN_PATTERN_ITEMS = 7;
export const MAX_KEYWORDS = 15;
export const MIN_TIME_RECORDS = 30;

/**
 * Names raw.arrow gives its own columns. A user's column of the same name would be a second field of
 * that name, which every reader (by name) takes for the platform's and every export leaves out, so
 * the user's data would be lost without a word: such a file is refused at step 2, naming the column
 * (docs/uploads.md, "Column names").
 */
export const RESERVED_COLUMN_NAMES: ReadonlySet<string> = new Set([SOURCE_ROW_COLUMN]);

/**
 * Header names unique, non-empty and none of the platform's own (empty names are refused only where
 * the column holds data: see the collector).
 */
export function headerIssues(header: TableHeader): ValidationIssue[] {
  const seen = new Map<string, number>();
  const issues: ValidationIssue[] = [];
  header.columns.forEach((c, i) => {
    if (c.name === '') return;
    const key = c.name;
    if (RESERVED_COLUMN_NAMES.has(key))
      issues.push({
        code: 'HEADER_ROW_HAS_DUPLICATES',
        column: key,
        reason: 'RESERVED_HEADER_NAME',
        rows: [header.headerRow],
        value: String(i + 1),
      });
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else if (!issues.some((x) => x.column === key)) {
      issues.push({
        code: 'HEADER_ROW_HAS_DUPLICATES',
        column: key,
        reason: 'DUPLICATE_HEADER_NAME',
        rows: [header.headerRow],
        value: `${first + 1}, ${i + 1}`,
      });
    }
  });
  return issues;
}

/** Label of a data point in messages: the grid or question id, else its column. */
export function dataPointName(dp: DataPoint): string {
  return dp.type === 'ITEM_BATTERY' || dp.type === 'PROJECTIVE' ? dp.title || dp.id : columnsOf(dp)[0]!;
}

export function mappingIssues(header: TableHeader, mapping: ColumnMapping): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const names = new Set(header.columns.map((c) => c.name));
  const used = new Map<string, DataPoint>();
  const ids = mapping.dataPoints.filter((d) => d.type === 'RECORD_ID');
  if (ids.length === 0) issues.push({ code: 'INCOMPLETE_INPUT', reason: 'RECORD_ID_COLUMN_REQUIRED' });
  // A record ID alone (or with groupings and votes) would be charged without a single score.
  if (ids.length <= 1 && !mapping.dataPoints.some((d) => SCORABLE_TYPES.has(d.type)))
    issues.push({ code: 'NO_SCORABLE_DATA_POINT' });
  if (ids.length > 1)
    issues.push({
      code: 'INVALID_PARAMETERS',
      reason: 'ONE_RECORD_ID_COLUMN',
      columns: ids.map((d) => columnsOf(d)[0]!),
    });
  const totals = mapping.dataPoints.filter(
    (d) => (d.type === 'DURATION' || d.type === 'TIMESTAMP') && d.role === 'TOTAL',
  );
  if (totals.length > 1)
    issues.push({
      code: 'INVALID_PARAMETERS',
      reason: 'ONE_TOTAL_DURATION',
      columns: totals.map((d) => columnsOf(d).join('..')),
    });
  const openColumns = new Set(mapping.dataPoints.flatMap((d) => (d.type === 'OPEN_ENDED' ? [d.column] : [])));
  const measures = new Set<string>();
  for (const dp of mapping.dataPoints) {
    // Paradata describes one mapped open question, each measure once per question.
    if (isBehaviourDataPoint(dp)) {
      if (!openColumns.has(dp.question))
        issues.push({
          code: 'INVALID_PARAMETERS',
          // None chosen is a different thing to tell the user than a choice that is not an open question.
          reason: dp.question.trim() === '' ? 'BEHAVIOUR_QUESTION_REQUIRED' : 'BEHAVIOUR_QUESTION_UNKNOWN',
          column: dp.column,
          value: dp.question,
        });
      const key = `${dp.question}\u0000${dp.type}`;
      if (measures.has(key))
        issues.push({
          code: 'INVALID_PARAMETERS',
          reason: 'BEHAVIOUR_MEASURE_TWICE',
          column: dp.column,
          value: dp.question,
        });
      measures.add(key);
    }
    for (const col of columnsOf(dp)) {
      if (!names.has(col)) issues.push({ code: 'INVALID_PARAMETERS', reason: 'UNKNOWN_COLUMN', column: col });
      const before = used.get(col);
      if (before && before !== dp && dp.type !== 'IGNORE')
        issues.push({ code: 'INVALID_PARAMETERS', reason: 'COLUMN_MAPPED_TWICE', column: col });
      used.set(col, dp);
    }
    if (dp.type === 'ITEM_BATTERY') {
      if (dp.items.length < MIN_GRID_ITEMS) {
        issues.push({
          code: 'ITEM_BATTERY_UNDER_MINIMUM_ITEMS',
          reason: 'GRID_TOO_FEW_ITEMS',
          column: dataPointName(dp),
          columns: [...dp.items],
          limit: MIN_GRID_ITEMS,
          value: dp.items.length,
        });
      }
      if (dp.min !== undefined && dp.max !== undefined && !(dp.min < dp.max)) {
        issues.push({
          code: 'INVALID_PARAMETERS',
          reason: 'SCALE_BOUNDS',
          column: dataPointName(dp),
          value: `${dp.min}..${dp.max}`,
        });
      }
    }
    if (dp.type === 'OPEN_ENDED') {
      if (!dp.questionTitle?.trim())
        issues.push({ code: 'INCOMPLETE_INPUT', reason: 'QUESTION_TITLE_REQUIRED', column: dp.column });
      if ((dp.keywords?.length ?? 0) > MAX_KEYWORDS) {
        issues.push({
          code: 'INVALID_PARAMETERS',
          reason: 'TOO_MANY_KEYWORDS',
          column: dp.column,
          limit: MAX_KEYWORDS,
          value: dp.keywords!.length,
        });
      }
    }
    if (dp.type === 'PROJECTIVE') {
      const a = new Set(dp.algorithms);
      if (a.has('IS') && a.has('SDS'))
        issues.push({ code: 'INVALID_PARAMETERS', reason: 'IS_WITH_SDS', column: dataPointName(dp) });
      if (a.size === 0)
        issues.push({ code: 'INCOMPLETE_INPUT', reason: 'PROJECTIVE_ALGORITHM_REQUIRED', column: dataPointName(dp) });
      const m = dp.options ?? (dp.predictions.length === 1 ? 2 : dp.predictions.length);
      if (dp.predictions.length === 0 || m < 2 || (dp.predictions.length !== 1 && dp.predictions.length !== m)) {
        issues.push({
          code: 'INVALID_PARAMETERS',
          reason: 'PREDICTION_COLUMNS',
          column: dataPointName(dp),
          columns: [...dp.predictions],
        });
      }
    }
  }
  return issues;
}

/** What one column's cells must be, and the codes for its two failures. */
export interface ColumnRule {
  column: string;
  index: number;
  /** `answer`: a grid item's code of a scale point, a whole number. */
  kind: 'id' | 'number' | 'answer' | 'instant' | 'text' | 'any' | 'behaviour';
  noData: ErrorCode;
  bad?: ErrorCode;
  /** Instants: the order of local dates (5/10/18) in this column. */
  dateOrder?: DateOrder;
  /** Grid items: the grid's name (its refusal is said once per grid). */
  grid?: string;
  /** Behaviour columns: the measure whose bounds every cell keeps (an empty column is allowed: nothing recorded). */
  measure?: BehaviourField;
}

export interface ColumnState {
  rule: ColumnRule;
  filled: number;
  bad: RowSample;
  /** Open-ended: non-empty cells that are numbers. */
  numeric: RowSample;
  /** Grid items: rows whose answer is a number but not a whole one, and the first such answer. */
  fraction?: { rows: RowSample; value: number };
  /** Instants: the first bad cell that is a local date, and whether the column's order was missing. */
  badDate?: { value: string; orderMissing: boolean };
}

/** The rule each mapped column follows: what its type needs, and the catalogue code when it does not. */
export function columnRules(header: TableHeader, mapping: ColumnMapping): ColumnRule[] {
  const index = new Map(header.columns.map((c, i) => [c.name, i]));
  const rules: ColumnRule[] = [];
  const add = (
    column: string,
    kind: ColumnRule['kind'],
    noData: ErrorCode,
    bad?: ErrorCode,
    more: Pick<ColumnRule, 'dateOrder' | 'grid'> = {},
  ) => {
    const i = index.get(column);
    if (i !== undefined) rules.push({ column, index: i, kind, noData, ...(bad ? { bad } : {}), ...more });
  };
  const ordered = (order: DateOrder | undefined) => (order ? { dateOrder: order } : {});
  for (const dp of mapping.dataPoints) {
    switch (dp.type) {
      case 'RECORD_ID':
        if (!dp.rowNumber) add(dp.column, 'id', 'RECORD_ID_COLUMN_NO_DATA');
        break;
      case 'DURATION':
        add(dp.column, 'number', 'TIMESTAMP_COLUMN_NO_DATA', 'TIMESTAMP_COLUMN_NOT_NUMERIC');
        break;
      case 'TIMESTAMP':
        add(dp.start, 'instant', 'TIMESTAMP_COLUMN_NO_DATA', 'TIMESTAMP_COLUMN_NOT_NUMERIC', ordered(dp.dateOrder));
        add(dp.end, 'instant', 'TIMESTAMP_COLUMN_NO_DATA', 'TIMESTAMP_COLUMN_NOT_NUMERIC', ordered(dp.dateOrder));
        break;
      case 'ITEM_BATTERY':
        for (const item of dp.items)
          add(item, 'answer', 'ITEMS_COLUMN_EMPTY', 'ITEMS_NOT_NUMERIC', { grid: dataPointName(dp) });
        break;
      case 'OPEN_ENDED':
        add(dp.column, 'text', 'OPEN_ENDED_COLUMN_NO_DATA', 'OPEN_ENDED_COLUMN_ONLY_NUMBERS');
        break;
      case 'PROJECTIVE':
        add(dp.vote, 'number', 'VOTE_COLUMN_NO_DATA', 'VOTE_COLUMN_NOT_NUMERIC');
        for (const p of dp.predictions) add(p, 'number', 'PREDICTION_COLUMN_NO_DATA', 'PREDICTION_COLUMN_NOT_NUMERIC');
        break;
      case 'VOTE':
        add(dp.column, 'number', 'VOTE_COLUMN_NO_DATA', 'VOTE_COLUMN_NOT_NUMERIC');
        break;
      case 'GROUPING':
        add(dp.column, 'any', 'GROUPING_COLUMN_NO_DATA');
        break;
      default:
        if (isBehaviourDataPoint(dp)) {
          const i = index.get(dp.column);
          if (i !== undefined)
            rules.push({
              column: dp.column,
              index: i,
              kind: 'behaviour',
              noData: 'INVALID_PARAMETERS',
              bad: 'INVALID_PARAMETERS',
              measure: BEHAVIOUR_COLUMN_TYPES[dp.type],
            });
        }
        break;
    }
  }
  return rules;
}

/** The refusal of a behaviour column whose cells leave the measure's bounds (or are no numbers). */
export function behaviourRangeIssue(rule: ColumnRule, rows: number[], count: number): ValidationIssue {
  return {
    code: 'INVALID_PARAMETERS',
    reason: 'BEHAVIOUR_OUT_OF_RANGE',
    column: rule.column,
    rows,
    limit: BEHAVIOUR_FIELD_BOUNDS[rule.measure!].max,
    value: count,
  };
}

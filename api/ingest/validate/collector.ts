// One streaming pass over the data rows that validates a confirmed mapping (every rule of spec
// sections 5 and 8, with the column and the first offending rows) and, for processing, keeps the
// score inputs compactly: numbers in 64k-row Float64Array chunks and record ids in 64k chunks (both
// spilled to a temporary file when given one), open answers as strings (the classifier needs every
// answer of a question). Duplicate record ids are found from 64-bit hashes (8 bytes per row, not a
// set of strings). Raw cells are not kept: they stream on into the Arrow writer.
import { RowSample } from '../../kernel/errors/upload-errors';
import {
  DURATION_UNITS,
  isBehaviourDataPoint,
  type BehaviourDataPoint,
  type Cell,
  type ColumnMapping,
  type DataPoint,
  type RowBatch,
  type TableHeader,
} from '../types';
import { columnLetters } from '../parse/table';
import { ChunkedF64, ChunkedText, GrowingU32, type SpillFile } from '../columnar/spill';
import { hasRepeats, pushRecordIdHash } from '../processing/record-ids';
import { behaviourValueValid } from '../../../scoring/index';
import {
  behaviourRangeIssue,
  columnRules,
  headerIssues,
  mappingIssues,
  MIN_TIME_RECORDS,
  type ColumnState,
  type ValidationIssue,
} from './mapping';
import { instantSeconds, localDateParts, needsDateOrder } from './instants';

const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A cell as a number: numbers as they are, numeric text parsed (numbers stored as text), else undefined. */
export function numericValue(cell: Cell): number | undefined {
  if (typeof cell === 'number') return cell;
  if (cell === null) return undefined;
  const t = cell.trim();
  if (NUMERIC_TEXT.test(t)) return Number(t);
  if (/^[+-]?\d+,\d+$/.test(t)) return Number(t.replace(',', '.'));
  return undefined;
}

export interface DurationMetric {
  name: string;
  role: 'TOTAL' | 'PAGE';
  values: ChunkedF64;
  valid: number;
}

export interface ScoreInputs {
  rows: number;
  /** Record ids in row order. */
  ids: ChunkedText;
  /** 64-bit hashes of the record ids in row order (record-ids.ts). */
  idHashes: BigUint64Array;
  durations: DurationMetric[];
  grids: { dp: Extract<DataPoint, { type: 'ITEM_BATTERY' }>; items: ChunkedF64[] }[];
  open: { dp: Extract<DataPoint, { type: 'OPEN_ENDED' }>; answers: (string | null)[] }[];
  projective: { dp: Extract<DataPoint, { type: 'PROJECTIVE' }>; vote: ChunkedF64; predictions: ChunkedF64[] }[];
  /** Paradata columns (one behaviour measure of one open question each), NaN where empty. */
  behaviour: { dp: BehaviourDataPoint; values: ChunkedF64 }[];
  /**
   * Behaviour category per answer of each open question that has paradata, set from `behaviour` and
   * the answers' lengths before the answers are let go (processing/behaviour.ts).
   */
  behaviourCategories?: { question: string; categories: Int32Array }[];
}

export interface CollectorResult {
  issues: ValidationIssue[];
  rows: number;
  inputs?: ScoreInputs;
}

export interface Collector {
  /** Mapping-level problems, known before any row is read. */
  readonly early: ValidationIssue[];
  accept(batch: RowBatch): void;
  /** The open answers collected so far: one live array per open question (mapping order); none without `collect`. */
  openAnswers(): readonly (readonly (string | null)[])[];
  /** The paradata (behaviour) columns collected so far, growing with the rows; none without `collect`. */
  behaviourColumns(): ScoreInputs['behaviour'];
  finish(): CollectorResult;
}

/**
 * Validates `mapping` against the rows it is given; with `collect` it also keeps the score inputs.
 * A missing-value code arrives as NaN, an empty cell as null (parse/table.ts).
 */
export function createCollector(
  header: TableHeader,
  mapping: ColumnMapping,
  options: { collect?: boolean; spill?: SpillFile } = {},
): Collector {
  const early = [...headerIssues(header), ...mappingIssues(header, mapping)];
  const index = new Map(header.columns.map((c, i) => [c.name, i]));
  const col = (name: string) => index.get(name) ?? -1;
  const rules: ColumnState[] = columnRules(header, mapping).map((rule) => ({
    rule,
    filled: 0,
    bad: new RowSample(),
    numeric: new RowSample(),
  }));
  const emptyNamed = header.columns.map((c, i) => (c.name === '' ? i : -1)).filter((i) => i >= 0);
  const unnamedData = new Map<number, RowSample>();
  const idDp = mapping.dataPoints.find((d) => d.type === 'RECORD_ID');
  const idCol = idDp && !idDp.rowNumber ? col(idDp.column) : -1;
  const byRowNumber = idDp?.rowNumber === true;
  // Per non-empty id: its hash (two u32, low first) and its source row, for the duplicate check.
  const idHashes = new GrowingU32();
  const idRows = new GrowingU32();
  const spill = options.spill;
  const idList = new ChunkedText(spill);
  const idEmpty = new RowSample();
  const idMissing = new RowSample();
  const idDuplicate = new RowSample();
  let rows = 0;

  const collect = options.collect === true && early.length === 0;
  const metrics: (DurationMetric & { read: (r: Cell[]) => number })[] = [];
  for (const dp of mapping.dataPoints) {
    if (dp.type === 'DURATION') {
      const j = col(dp.column);
      const f = DURATION_UNITS[dp.unit ?? 's'];
      metrics.push({
        name: dp.column,
        role: dp.role,
        values: new ChunkedF64(spill),
        valid: 0,
        read: (r) => (numericValue(r[j]!) ?? Number.NaN) * f,
      });
    } else if (dp.type === 'TIMESTAMP') {
      const a = col(dp.start);
      const b = col(dp.end);
      const read = (r: Cell[]) => {
        const s = r[a];
        const e = r[b];
        if (s === null || e === null || s === undefined || e === undefined) return Number.NaN;
        return instantSeconds(numericValue(e) ?? e, dp.dateOrder) - instantSeconds(numericValue(s) ?? s, dp.dateOrder);
      };
      metrics.push({ name: `${dp.start}..${dp.end}`, role: dp.role, values: new ChunkedF64(spill), valid: 0, read });
    }
  }
  const inputs: ScoreInputs | undefined = collect
    ? {
        rows: 0,
        ids: idList,
        idHashes: new BigUint64Array(0),
        durations: metrics,
        grids: mapping.dataPoints
          .filter((d) => d.type === 'ITEM_BATTERY')
          .map((dp) => ({ dp, items: dp.items.map(() => new ChunkedF64(spill)) })),
        open: mapping.dataPoints.filter((d) => d.type === 'OPEN_ENDED').map((dp) => ({ dp, answers: [] })),
        projective: mapping.dataPoints
          .filter((d) => d.type === 'PROJECTIVE')
          .map((dp) => ({
            dp,
            vote: new ChunkedF64(spill),
            predictions: dp.predictions.map(() => new ChunkedF64(spill)),
          })),
        behaviour: mapping.dataPoints.filter(isBehaviourDataPoint).map((dp) => ({ dp, values: new ChunkedF64(spill) })),
      }
    : undefined;
  const gridCols = inputs?.grids.map((g) => g.dp.items.map(col)) ?? [];
  const openCols = inputs?.open.map((o) => col(o.dp.column)) ?? [];
  const behaviourCols = inputs?.behaviour.map((b) => col(b.dp.column)) ?? [];
  const projCols = inputs?.projective.map((p) => ({ vote: col(p.dp.vote), preds: p.dp.predictions.map(col) })) ?? [];
  const num = (c: Cell | undefined) => (c === null || c === undefined ? Number.NaN : (numericValue(c) ?? Number.NaN));

  function checkRule(s: ColumnState, cell: Cell, row: number): void {
    if (cell === null || (typeof cell === 'number' && Number.isNaN(cell))) return;
    s.filled++;
    switch (s.rule.kind) {
      case 'number':
        if (numericValue(cell) === undefined) s.bad.add(row);
        break;
      case 'answer': {
        const v = numericValue(cell);
        if (v === undefined) s.bad.add(row);
        else if (!Number.isInteger(v)) (s.fraction ??= { rows: new RowSample(), value: v }).rows.add(row);
        break;
      }
      case 'instant':
        if (numericValue(cell) === undefined && Number.isNaN(instantSeconds(cell, s.rule.dateOrder))) {
          s.bad.add(row);
          // A local date is named with the fix: choose the column's order, or the other one.
          if (!s.badDate && typeof cell === 'string' && localDateParts(cell))
            s.badDate = { value: cell.trim(), orderMissing: !s.rule.dateOrder && needsDateOrder(cell) };
        }
        break;
      case 'text':
        if (numericValue(cell) !== undefined) s.numeric.add(row);
        break;
      case 'behaviour': {
        const v = numericValue(cell);
        if (v === undefined || !behaviourValueValid(s.rule.measure!, v)) s.bad.add(row);
        break;
      }
      default:
        break;
    }
  }

  return {
    early,
    accept(batch) {
      const { rows: data, rowNumbers } = batch;
      for (let k = 0; k < data.length; k++) {
        const r = data[k]!;
        const row = rowNumbers[k]!;
        rows++;
        for (const s of rules) checkRule(s, r[s.rule.index] ?? null, row);
        for (const j of emptyNamed) {
          const c = r[j];
          if (c !== null && c !== undefined && !(typeof c === 'number' && Number.isNaN(c))) {
            let sample = unnamedData.get(j);
            if (!sample) unnamedData.set(j, (sample = new RowSample()));
            sample.add(row);
          }
        }
        if (idCol >= 0) {
          const c = r[idCol];
          if (c === null || c === undefined) idEmpty.add(row);
          else if (typeof c === 'number' && Number.isNaN(c)) idMissing.add(row);
          else {
            const id = typeof c === 'number' ? String(c) : c.trim();
            pushRecordIdHash(id, idHashes);
            idRows.push(row);
            if (inputs) idList.push(id);
          }
          if (inputs && (c === null || c === undefined || (typeof c === 'number' && Number.isNaN(c)))) idList.push('');
        } else if (byRowNumber) {
          // The row number is unique and never empty: nothing to refuse.
          const id = String(row);
          pushRecordIdHash(id, idHashes);
          idRows.push(row);
          if (inputs) idList.push(id);
        }
        for (const m of metrics) {
          const v = m.read(r);
          if (inputs) m.values.push(v);
          if (v > 0) m.valid++;
        }
        if (!inputs) continue;
        // Indexed loops: closures made per row and column cost the parse thread measurably at 100,000 rows.
        for (let gi = 0; gi < inputs.grids.length; gi++) {
          const items = inputs.grids[gi]!.items;
          const cols = gridCols[gi]!;
          for (let j = 0; j < items.length; j++) items[j]!.push(num(r[cols[j]!]));
        }
        for (let q = 0; q < inputs.open.length; q++) {
          const c = r[openCols[q]!];
          inputs.open[q]!.answers.push(
            c === null || c === undefined || (typeof c === 'number' && Number.isNaN(c)) ? null : String(c),
          );
        }
        for (let j = 0; j < inputs.behaviour.length; j++) inputs.behaviour[j]!.values.push(num(r[behaviourCols[j]!]));
        for (let q = 0; q < inputs.projective.length; q++) {
          const p = inputs.projective[q]!;
          const cols = projCols[q]!;
          p.vote.push(num(r[cols.vote]));
          for (let j = 0; j < p.predictions.length; j++) p.predictions[j]!.push(num(r[cols.preds[j]!]));
        }
      }
    },
    openAnswers() {
      return inputs?.open.map((o) => o.answers) ?? [];
    },
    behaviourColumns() {
      return inputs?.behaviour ?? [];
    },
    finish() {
      const issues: ValidationIssue[] = [...early];
      if (rows === 0) issues.push({ code: 'NO_RECORDS_FOUND', rows: [header.firstDataRow] });
      for (const [j, sample] of unnamedData) {
        issues.push({
          code: 'HEADER_ROW_HAS_DUPLICATES',
          reason: 'EMPTY_HEADER_NAME',
          column: `(${columnLetters(j)})`,
          rows: [header.headerRow, ...sample.rows].slice(0, 5),
        });
      }
      const hashes = new BigUint64Array(idHashes.view().slice().buffer);
      if (idCol >= 0 && rows > 0) {
        const name = header.columns[idCol]!.name;
        findDuplicates(hashes, idRows.view(), idDuplicate);
        if (hashes.length === 0) issues.push({ code: 'RECORD_ID_COLUMN_NO_DATA', column: name });
        else {
          if (idEmpty.count)
            issues.push({
              code: 'RECORD_ID_COLUMN_EMPTY_VALUES',
              column: name,
              rows: idEmpty.rows,
              value: idEmpty.count,
            });
          if (idMissing.count)
            issues.push({
              code: 'RECORD_ID_COLUMN_MISSING_VALUES',
              column: name,
              rows: idMissing.rows,
              value: idMissing.count,
            });
          if (idDuplicate.count)
            issues.push({
              code: 'RECORD_ID_COLUMN_DUPLICATES',
              column: name,
              rows: idDuplicate.rows,
              value: idDuplicate.count,
            });
        }
      }
      // A grid's averages (3.31 where the answer was missing) are said once per grid, at its first such item.
      const fractionSaid = new Set<string>();
      for (const s of rules) {
        if (s.rule.kind === 'id' || rows === 0) continue;
        if (s.rule.kind === 'behaviour') {
          if (s.bad.count) issues.push(behaviourRangeIssue(s.rule, s.bad.rows, s.bad.count));
          continue;
        }
        if (s.fraction && !s.bad.count && !fractionSaid.has(s.rule.grid ?? s.rule.column)) {
          fractionSaid.add(s.rule.grid ?? s.rule.column);
          issues.push({
            code: 'ITEMS_NOT_NUMERIC',
            reason: 'GRID_ANSWERS_NOT_WHOLE',
            column: s.rule.column,
            rows: s.fraction.rows.rows,
            value: String(s.fraction.value),
          });
        }
        if (s.filled === 0) issues.push({ code: s.rule.noData, column: s.rule.column });
        else if (s.bad.count && s.rule.bad && s.badDate)
          issues.push({
            code: s.rule.bad,
            reason: s.badDate.orderMissing ? 'DATE_ORDER_REQUIRED' : 'NOT_A_DATE_IN_ORDER',
            column: s.rule.column,
            rows: s.bad.rows,
            value: s.badDate.value,
          });
        else if (s.bad.count && s.rule.bad)
          issues.push({ code: s.rule.bad, column: s.rule.column, rows: s.bad.rows, value: s.bad.count });
        else if (s.rule.kind === 'text' && s.numeric.count === s.filled && s.rule.bad) {
          issues.push({ code: s.rule.bad, column: s.rule.column, rows: s.numeric.rows });
        }
      }
      if (!issues.length) {
        for (const m of metrics) {
          if (m.valid < MIN_TIME_RECORDS)
            issues.push({
              code: 'DURATION_TOO_FEW_RECORDS',
              column: m.name,
              limit: MIN_TIME_RECORDS,
              value: m.valid,
            });
        }
      }
      if (inputs) {
        inputs.rows = rows;
        inputs.idHashes = hashes;
      }
      return { issues, rows, ...(inputs && !issues.length ? { inputs } : {}) };
    },
  };
}

/** Adds every repeat of an earlier id (its source row) to `out`, in row order, from the ids' hashes. */
function findDuplicates(hashes: BigUint64Array, rows: Uint32Array, out: RowSample): void {
  const sorted = hashes.slice().sort();
  if (!hasRepeats(sorted)) return;
  const repeated = new Set<bigint>();
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) repeated.add(sorted[i]!);
  if (!repeated.size) return;
  const seen = new Set<bigint>();
  for (let i = 0; i < hashes.length; i++) {
    const h = hashes[i]!;
    if (!repeated.has(h)) continue;
    if (seen.has(h)) out.add(rows[i]!);
    else seen.add(h);
  }
}

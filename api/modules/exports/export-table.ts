// One export's columns, whatever the file format: the raw data as uploaded, every score, then the
// decision and its reason per interview. Labels ride along as extra text columns: a coded column with
// SPSS value labels (or a score code with category names, e.g. grid labels) is followed by
// `<name>_label` holding the label of each code, so the numbers stay numbers and the meaning stays
// visible in Excel, where a header note would be lost on the first sort.
import { Type, type Field, type Table } from 'apache-arrow';
import { REASONS, RECORD_ID_COLUMN, type CleaningResult } from '../../../scoring/index';
import { translate, type Locale } from '../../lib/i18n';
import { vectorToFloat64 } from '../cleaning';

/** The raw file's first column (the row in the upload): internal, not exported. */
const SOURCE_ROW_COLUMN = '__source_row';

export type ExportColumn =
  | { name: string; kind: 'number'; values: Float64Array; field?: Field }
  | { name: string; kind: 'text'; values: (string | null)[]; field?: Field; recordId?: boolean };

export interface ExportTable {
  rows: number;
  columns: ExportColumn[];
}

export interface Decisions {
  kept: Uint8Array;
  primary: Int8Array;
  reasons: Uint16Array;
}

export const DECISION_COLUMNS = {
  decision: 'decision',
  reason: 'reason',
  reasonCode: 'reason_code',
  reasons: 'reason_codes',
} as const;

function labelsOf(field: Field): Record<string, string> | null {
  const json = field.metadata.get('value_labels') ?? field.metadata.get('categories');
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as Record<string, string>;
    return parsed && typeof parsed === 'object' && Object.keys(parsed).length > 0 ? parsed : null;
  } catch {
    return null;
  }
}

function isNumeric(field: Field): boolean {
  return field.type.typeId === Type.Int || field.type.typeId === Type.Float;
}

function columnsOf(table: Table, skip: (name: string) => boolean, recordIdColumn: string | null): ExportColumn[] {
  const out: ExportColumn[] = [];
  for (const field of table.schema.fields) {
    if (skip(field.name)) continue;
    const vector = table.getChild(field.name)!;
    if (isNumeric(field)) {
      const values = vectorToFloat64(vector);
      out.push({ name: field.name, kind: 'number', values, field });
      const labels = labelsOf(field);
      if (labels)
        out.push({
          name: `${field.name}_label`,
          kind: 'text',
          values: Array.from(values, (v) => (v === v ? (labels[String(v)] ?? null) : null)),
        });
    } else {
      const values = Array.from(vector.toArray() as ArrayLike<unknown>, (v) =>
        v === null || v === undefined ? null : String(v),
      );
      out.push({
        name: field.name,
        kind: 'text',
        values,
        field,
        ...(field.name === recordIdColumn ? { recordId: true } : {}),
      });
    }
  }
  return out;
}

/** The record id column of the raw file, from its mapping (schema metadata), if it names one. */
export function recordIdColumnOf(raw: Table): string | null {
  try {
    const mapping = JSON.parse(raw.schema.metadata.get('mapping') ?? '{}') as {
      dataPoints?: { type: string; column?: string }[];
    };
    return mapping.dataPoints?.find((dp) => dp.type === 'RECORD_ID')?.column ?? null;
  } catch {
    return null;
  }
}

/**
 * Raw columns, score columns (record_id only once: the raw file has it under its uploaded name),
 * then decision (kept/removed in the workbook's language), the primary reason (name and code) and
 * every reason that fired (codes joined by '|').
 */
export function buildExportTable(raw: Table, scores: Table, decisions: Decisions, locale: Locale): ExportTable {
  if (raw.numRows !== scores.numRows || decisions.kept.length !== raw.numRows) {
    throw new Error(
      `export: raw ${raw.numRows}, scores ${scores.numRows} and decisions ${decisions.kept.length} rows differ`,
    );
  }
  const recordIdColumn = recordIdColumnOf(raw);
  const columns = [
    ...columnsOf(raw, (name) => name === SOURCE_ROW_COLUMN, recordIdColumn),
    ...columnsOf(
      scores,
      (name) => name === RECORD_ID_COLUMN && recordIdColumn !== null,
      recordIdColumn === null ? RECORD_ID_COLUMN : null,
    ),
  ];
  const kept = translate(locale, 'worksheet.kept'),
    removed = translate(locale, 'worksheet.removed');
  const reasonNames = REASONS.map((r) => translate(locale, `worksheet.reasons.${r}`));
  const n = raw.numRows;
  const decision = new Array<string>(n),
    reason = new Array<string | null>(n),
    code = new Array<string | null>(n),
    all = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const p = decisions.primary[i]!;
    decision[i] = decisions.kept[i] === 1 ? kept : removed;
    reason[i] = p >= 0 ? reasonNames[p]! : null;
    code[i] = p >= 0 ? REASONS[p]! : null;
    const bits = decisions.reasons[i]!;
    all[i] = bits === 0 ? null : REASONS.filter((_, k) => (bits & (1 << k)) !== 0).join('|');
  }
  columns.push(
    { name: DECISION_COLUMNS.decision, kind: 'text', values: decision },
    { name: DECISION_COLUMNS.reason, kind: 'text', values: reason },
    { name: DECISION_COLUMNS.reasonCode, kind: 'text', values: code },
    { name: DECISION_COLUMNS.reasons, kind: 'text', values: all },
  );
  return { rows: n, columns };
}

/** Record ids per row straight from the files: the raw record id column, else scores' record_id. */
export function recordIdsOfRevision(raw: Table, scores: Table): (string | null)[] {
  const name = recordIdColumnOf(raw);
  const vector = name !== null ? raw.getChild(name) : scores.getChild(RECORD_ID_COLUMN);
  if (!vector) throw new Error('export: no record id column');
  return Array.from(vector.toArray() as ArrayLike<unknown>, (v) => (v === null || v === undefined ? null : String(v)));
}

/** Record ids per row of an export table. */
export function recordIds(table: ExportTable): (string | null)[] {
  const column = table.columns.find(
    (c): c is Extract<ExportColumn, { kind: 'text' }> => c.kind === 'text' && c.recordId === true,
  );
  if (!column) throw new Error('export: no record id column');
  return column.values;
}

export type { CleaningResult };

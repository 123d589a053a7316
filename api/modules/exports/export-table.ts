// One export's columns, whatever the file format: the raw data as uploaded, every score, then the
// decision and its reason per interview. Each column keeps its technical name (the identifier
// scripts use) and carries what a person reads, in the export's language: a header, a longer label,
// the texts of its codes, its measurement level. Two shapes: for spreadsheets (xlsx, CSV) a coded
// column is followed by `<name>_label` holding the text of each code, so the numbers stay numbers
// and the meaning stays visible in Excel, where a header note would be lost on the first sort; for
// SPSS the codes keep their value labels, decisions are coded, and each main score gets its band.
import { Type, type Field, type Table } from 'apache-arrow';
import { REASONS, RECORD_ID_COLUMN, type CleaningResult } from '../../../scoring/index';
import { translate, type Locale } from '../../lib/i18n';
import { SOURCE_ROW_COLUMN } from '../../ingest';
import { vectorToFloat64 } from '../cleaning';
import {
  bandLabels,
  bandOf,
  isMainScore,
  mappingTitles,
  scoreHeader,
  scoreValueLabels,
  type MappingTitles,
} from './export-texts';

export type Measure = 'nominal' | 'ordinal' | 'scale';

export interface ColumnMeta {
  /** Readable header in the export's language (raw columns: their name as uploaded). */
  header: string;
  /** Longer description: a raw column's own label (SPSS variable label), else the header. */
  label: string;
  /** Code -> text in the export's language (raw columns: as uploaded). */
  valueLabels?: Record<string, string>;
  measure: Measure;
  /** A score of 0..100: shown with the export's score decimals. */
  score?: boolean;
  /** SPSS sources: their user-missing declaration. */
  missing?: { values: number[]; low?: number; high?: number };
}

export type ExportColumn =
  | ({ name: string; kind: 'number'; values: Float64Array } & ColumnMeta)
  | ({ name: string; kind: 'text'; values: (string | null)[]; recordId?: boolean } & ColumnMeta);

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

export type ExportShape = 'sheet' | 'sav';

function json<T>(text: string | undefined): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function labelsOf(field: Field): Record<string, string> | null {
  const parsed = json<Record<string, string>>(field.metadata.get('value_labels') ?? field.metadata.get('categories'));
  return parsed && typeof parsed === 'object' && Object.keys(parsed).length > 0 ? parsed : null;
}

function isNumeric(field: Field): boolean {
  return field.type.typeId === Type.Int || field.type.typeId === Type.Float;
}

interface Context {
  locale: Locale;
  shape: ExportShape;
  titles: MappingTitles;
  recordIdColumn: string | null;
  /** True for the scores file: headers and code texts come from the export's language. */
  scores: boolean;
}

function columnsOf(table: Table, skip: (name: string) => boolean, cx: Context): ExportColumn[] {
  const out: ExportColumn[] = [];
  for (const field of table.schema.fields) {
    if (skip(field.name)) continue;
    const vector = table.getChild(field.name)!;
    const own = field.metadata.get('label');
    const header = (cx.scores ? scoreHeader(field.name, cx.locale, cx.titles) : null) ?? field.name;
    const label = cx.scores ? header : own || field.name;
    if (isNumeric(field)) {
      const stored = labelsOf(field);
      const valueLabels = stored && cx.scores ? scoreValueLabels(field.name, stored, cx.locale) : stored;
      const values = vectorToFloat64(vector);
      // The source's own level, else: answers of an item battery are ordered, other coded values are categories.
      const measure =
        (field.metadata.get('measure') as Measure | undefined) ??
        (field.metadata.get('column_type') === 'ITEM_BATTERY' ? 'ordinal' : valueLabels ? 'nominal' : 'scale');
      const missing = json<ColumnMeta['missing']>(field.metadata.get('missing_values'));
      const score = cx.scores && isMainScore(field.name);
      out.push({
        name: field.name,
        kind: 'number',
        values,
        header,
        label,
        measure,
        ...(valueLabels ? { valueLabels } : {}),
        ...(score ? { score } : {}),
        ...(missing ? { missing } : {}),
      });
      if (valueLabels && cx.shape === 'sheet')
        out.push({
          name: `${field.name}_label`,
          kind: 'text',
          values: Array.from(values, (v) => (v === v ? (valueLabels[String(v)] ?? null) : null)),
          header: translate(cx.locale, 'exports.columns.labelOf', { column: header }),
          label: translate(cx.locale, 'exports.columns.labelOf', { column: label }),
          measure: 'nominal',
        });
      if (score && cx.shape === 'sav' && !field.name.startsWith('grid.'))
        out.push({
          name: `${field.name}.band`,
          kind: 'number',
          values: values.map(bandOf),
          header: translate(cx.locale, 'exports.columns.band', { score: header }),
          label: translate(cx.locale, 'exports.columns.band', { score: header }),
          valueLabels: bandLabels(cx.locale),
          measure: 'ordinal',
        });
    } else {
      const values = Array.from(vector.toArray() as ArrayLike<unknown>, (v) =>
        v === null || v === undefined ? null : String(v),
      );
      const valueLabels = labelsOf(field);
      out.push({
        name: field.name,
        kind: 'text',
        values,
        header,
        label,
        measure: (field.metadata.get('measure') as Measure | undefined) ?? 'nominal',
        ...(valueLabels ? { valueLabels } : {}),
        ...(field.name === cx.recordIdColumn ? { recordId: true } : {}),
      });
    }
  }
  return out;
}

/**
 * The record id column of the raw file, from its mapping (schema metadata), if it names one. The
 * row-number ID names none (its column is ''): the scores' record_id then is the record id.
 */
export function recordIdColumnOf(raw: Table): string | null {
  const mapping = json<{ dataPoints?: { type: string; column?: string }[] }>(raw.schema.metadata.get('mapping'));
  return mapping?.dataPoints?.find((dp) => dp.type === 'RECORD_ID')?.column || null;
}

function decisionColumns(decisions: Decisions, locale: Locale, shape: ExportShape): ExportColumn[] {
  const t = (key: string) => translate(locale, key);
  const n = decisions.kept.length;
  const reasonNames = REASONS.map((r) => t(`worksheet.reasons.${r}`));
  const code = new Array<string | null>(n),
    all = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const p = decisions.primary[i]!;
    code[i] = p >= 0 ? REASONS[p]! : null;
    const bits = decisions.reasons[i]!;
    all[i] = bits === 0 ? null : REASONS.filter((_, k) => (bits & (1 << k)) !== 0).join('|');
  }
  const head = (key: string) => ({ header: t(`exports.columns.${key}`), label: t(`exports.columns.${key}`) });
  const codes: ExportColumn[] = [
    { name: DECISION_COLUMNS.reasonCode, kind: 'text', values: code, measure: 'nominal', ...head('reasonCode') },
    { name: DECISION_COLUMNS.reasons, kind: 'text', values: all, measure: 'nominal', ...head('reasonCodes') },
  ];
  if (shape === 'sav') {
    return [
      {
        name: DECISION_COLUMNS.decision,
        kind: 'number',
        values: Float64Array.from(decisions.kept),
        valueLabels: { 0: t('worksheet.removed'), 1: t('worksheet.kept') },
        measure: 'nominal',
        ...head('decision'),
      },
      {
        name: DECISION_COLUMNS.reason,
        kind: 'number',
        values: Float64Array.from(decisions.primary, (p) => (p >= 0 ? p + 1 : Number.NaN)),
        valueLabels: Object.fromEntries(reasonNames.map((r, k) => [String(k + 1), r])),
        measure: 'nominal',
        ...head('reason'),
      },
      ...codes,
    ];
  }
  const kept = t('worksheet.kept'),
    removed = t('worksheet.removed');
  return [
    {
      name: DECISION_COLUMNS.decision,
      kind: 'text',
      values: Array.from(decisions.kept, (k) => (k === 1 ? kept : removed)),
      measure: 'nominal',
      ...head('decision'),
    },
    {
      name: DECISION_COLUMNS.reason,
      kind: 'text',
      values: Array.from(decisions.primary, (p) => (p >= 0 ? reasonNames[p]! : null)),
      measure: 'nominal',
      ...head('reason'),
    },
    ...codes,
  ];
}

/** Readable headers made unique (a raw column may be called like a score): later ones get " (2)". */
function uniqueHeaders(columns: ExportColumn[]): void {
  const seen = new Set<string>();
  for (const c of columns) {
    let h = c.header;
    for (let k = 2; seen.has(h.toLowerCase()); k++) h = `${c.header} (${k})`;
    seen.add(h.toLowerCase());
    c.header = h;
  }
}

/**
 * Raw columns, score columns (record_id only once: the raw file has it under its uploaded name),
 * then decision (kept/removed in the export's language), the primary reason (name and code) and
 * every reason that fired (codes joined by '|').
 */
export function buildExportTable(
  raw: Table,
  scores: Table,
  decisions: Decisions,
  locale: Locale,
  shape: ExportShape = 'sheet',
): ExportTable {
  if (raw.numRows !== scores.numRows || decisions.kept.length !== raw.numRows) {
    throw new Error(
      `export: raw ${raw.numRows}, scores ${scores.numRows} and decisions ${decisions.kept.length} rows differ`,
    );
  }
  const recordIdColumn = recordIdColumnOf(raw);
  const base = { locale, shape, titles: mappingTitles(raw.schema.metadata.get('mapping')) };
  const columns = [
    // The row in the uploaded file (raw.arrow's first column) is internal: never exported.
    ...columnsOf(raw, (name) => name === SOURCE_ROW_COLUMN, { ...base, recordIdColumn, scores: false }),
    ...columnsOf(scores, (name) => name === RECORD_ID_COLUMN && recordIdColumn !== null, {
      ...base,
      recordIdColumn: recordIdColumn === null ? RECORD_ID_COLUMN : null,
      scores: true,
    }),
    ...decisionColumns(decisions, locale, shape),
  ];
  uniqueHeaders(columns);
  return { rows: raw.numRows, columns };
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

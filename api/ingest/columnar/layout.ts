// The columnar layout of one datafile revision under datafiles/<id>/<rev>/:
//   raw.arrow       every column of the file as uploaded (Arrow IPC file format), in row order
//   scores.arrow    every per-interview output of scoreAll, same row order
//   record-ids.bin  sorted 64-bit hashes of every record id charged up to this revision
//   manifest.json   written last: a revision without it is not published (half-written)
// Both Arrow files carry schema metadata (layout version, content, scoring version, datafile,
// revision, rows) and field metadata (label, value labels, column type), so pyarrow/polars/R read
// them as they are: the stored data is also an export format.
import { Field, Float64, Int32, Schema, Utf8 } from 'apache-arrow';
import { BEHAVIOUR_CATEGORIES, GRID_LABELS } from '../../../scoring/index';
import {
  BEHAVIOUR_COLUMN_TYPES,
  columnsOf,
  IDENTITY_TYPES,
  type ColumnMapping,
  type DataPointType,
  type TableHeader,
} from '../types';
import { field } from './arrow-io';

export const LAYOUT_VERSION = '1';
export const RAW_FILE = 'raw.arrow';
export const SCORES_FILE = 'scores.arrow';
export const RECORD_IDS_FILE = 'record-ids.bin';
export const MANIFEST_FILE = 'manifest.json';
/** First column of raw.arrow: the 1-based row of each interview in the uploaded file. */
export const SOURCE_ROW_COLUMN = '__source_row';

/** Schema metadata keys (both files). */
export const META = {
  layout: 'layout_version',
  content: 'content',
  scoringVersion: 'scoring_version',
  datafileId: 'datafile_id',
  revision: 'revision',
  rows: 'rows',
  format: 'source_format',
  sheet: 'source_sheet',
  headerRow: 'header_row',
  firstDataRow: 'first_data_row',
  mapping: 'mapping',
} as const;

/** Field metadata keys. */
export const FIELD_META = {
  label: 'label',
  valueLabels: 'value_labels',
  columnType: 'column_type',
  dataPoint: 'data_point',
  sourceIndex: 'source_index',
  categories: 'categories',
  /** SPSS sources: measurement level and the user-missing declaration (JSON), for the .sav export. */
  measure: 'measure',
  missing: 'missing_values',
} as const;

export interface RevisionStamp {
  datafileId: string;
  revision: number;
  scoringVersion: string;
}

/** How each raw column is stored: numbers where the mapping or the source says numeric, else text. */
export type RawPlan = { index: number; name: string; numeric: boolean }[];

const NUMERIC_TYPES = new Set<DataPointType>([
  'DURATION',
  'ITEM_BATTERY',
  'PROJECTIVE',
  'VOTE',
  ...(Object.keys(BEHAVIOUR_COLUMN_TYPES) as DataPointType[]),
]);

export function rawLayout(
  header: TableHeader,
  mapping: ColumnMapping,
  stamp: RevisionStamp,
): { schema: Schema; plan: RawPlan } {
  const role = new Map<string, { type: DataPointType; id?: string }>();
  for (const dp of mapping.dataPoints) {
    for (const c of columnsOf(dp)) {
      if (dp.type === 'TIMESTAMP') role.set(c, { type: dp.type });
      else role.set(c, { type: dp.type, ...('id' in dp ? { id: dp.id } : {}) });
    }
  }
  const plan: RawPlan = [];
  const fields: Field[] = [field(SOURCE_ROW_COLUMN, new Int32(), { [FIELD_META.label]: 'Row in the uploaded file' })];
  header.columns.forEach((c, index) => {
    if (c.name === '') return;
    const r = role.get(c.name);
    // CSV and xlsx have no column types; text keeps every cell exactly (numbers as their shortest
    // round-trip text). Columns the scores read, and SPSS numeric variables, are stored as numbers.
    const numeric =
      (r !== undefined && NUMERIC_TYPES.has(r.type)) ||
      (c.sourceType === 'number' &&
        r?.type !== 'RECORD_ID' &&
        r?.type !== 'OPEN_ENDED' &&
        !(r && IDENTITY_TYPES.has(r.type)));
    plan.push({ index, name: c.name, numeric });
    fields.push(
      field(c.name, numeric ? new Float64() : new Utf8(), {
        [FIELD_META.label]: c.label,
        [FIELD_META.valueLabels]: c.valueLabels ? JSON.stringify(c.valueLabels) : undefined,
        [FIELD_META.columnType]: r?.type ?? 'IGNORE',
        [FIELD_META.dataPoint]: r?.id,
        [FIELD_META.sourceIndex]: String(index),
        [FIELD_META.measure]: c.measure,
        [FIELD_META.missing]: c.missing ? JSON.stringify(c.missing) : undefined,
      }),
    );
  });
  const meta = new Map<string, string>([
    [META.layout, LAYOUT_VERSION],
    [META.content, 'raw'],
    [META.scoringVersion, stamp.scoringVersion],
    [META.datafileId, stamp.datafileId],
    [META.revision, String(stamp.revision)],
    [META.format, header.format],
    [META.headerRow, String(header.headerRow)],
    [META.firstDataRow, String(header.firstDataRow)],
    [META.mapping, JSON.stringify(mapping)],
  ]);
  if (header.sheet !== undefined) meta.set(META.sheet, header.sheet);
  return { schema: new Schema(fields, meta), plan };
}

/** Names of the score columns, in file order (documented in the README of this module). */
export const SCORE_COLUMNS = {
  recordId: 'record_id',
  ts: 'ts',
  tsDataPoints: 'ts.data_points',
  extremelySlow: 'ts.extremely_slow',
  grid: (id: string) => ({ score: `grid.${id}.score`, label: `grid.${id}.label` }),
  ibs: 'ibs',
  ibsDataPoints: 'ibs.data_points',
  con: 'con',
  conDataPoints: 'con.data_points',
  /** Behaviour category of each open answer with paradata (scoring's BEHAVIOUR_CATEGORIES). */
  behaviour: (column: string) => `bas.${column}.category`,
  bas: 'bas',
  basDataPoints: 'bas.data_points',
  /** Coherence of the interview (0..100, null = not judged) and its contradictions as JSON. */
  coh: 'coh',
  cohDataPoints: 'coh.data_points',
  cohContradictions: 'coh.contradictions',
  open: (column: string) => ({
    category: `oes.${column}.category`,
    duplicateOf: `oes.${column}.duplicate_of`,
    source: `oes.${column}.source`,
    effort: `oes.${column}.effort`,
    aiReasons: `oes.${column}.ai_reasons`,
  }),
  oes: 'oes',
  oesDataPoints: 'oes.data_points',
  badAnswers: 'oes.bad_answers',
  ps: 'ps',
  cs: 'cs',
  is: 'is',
  sds: 'sds',
  projectiveDataPoints: 'projective.data_points',
  combined: 'combined',
  nSubscores: 'combined.n_subscores',
  dataPoints: 'data_points',
  credits: 'credits',
} as const;

export const BEHAVIOUR_CATEGORY_NAMES = JSON.stringify(Object.fromEntries(BEHAVIOUR_CATEGORIES.map((l, i) => [i, l])));
export const GRID_LABEL_CATEGORIES = JSON.stringify(Object.fromEntries(GRID_LABELS.map((l, i) => [i, l])));

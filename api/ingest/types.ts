// Shapes shared by the upload engine: readers produce a header and rows of typed cells, step 2
// confirms a mapping of columns to data-point types, processing turns both into scored columns.
import type { BehaviourField } from '../../scoring/index';

/**
 * One cell as every reader hands it on. Numbers are numbers, text is text, `null` is an empty cell
 * and NaN a missing-value code (step 1's codes, SPSS user-missing values): both are missing, but
 * the record ID rules tell them apart. Dates are ISO 8601 text (`2024-03-01T10:15:00.000Z`,
 * or `2024-03-01` for whole days): readable in the preview and the exports, and accepted by
 * duration/timestamp columns, which turn instants into seconds.
 */
export type Cell = number | string | null;

export type UploadFormat = 'xlsx' | 'csv' | 'sav';

/** Step 1 options. Rows are 1-based, as the user sees them in a spreadsheet. */
export interface ReadOptions {
  /** xlsx: sheet name; default the first sheet. */
  sheet?: string;
  /** 1-based row of the header names (default 1). */
  headerRow?: number;
  /** 1-based first data row (default headerRow + 1; must be greater than headerRow). */
  firstDataRow?: number;
  /** 1-based last data row (default: to the end); notes below the table stay out. */
  lastDataRow?: number;
  /** Cells equal to one of these codes (as number or as text) become missing (default ['-999']). */
  missingValues?: readonly string[];
  /** CSV only: force a delimiter or an encoding instead of detecting them. */
  delimiter?: string;
  encoding?: 'utf-8' | 'windows-1252';
}

/** What a reader knows about a column besides its cells. */
export interface ColumnInfo {
  /** Header name as in the file (unique and non-empty once validated). */
  name: string;
  /** Longer label: SPSS variable label, Qualtrics question text. */
  label?: string;
  /** SPSS value labels: code -> label. */
  valueLabels?: Record<string, string>;
  /** Storage type the source declares: numeric or text (SPSS); unknown for CSV and xlsx. */
  sourceType?: 'number' | 'string';
  /** SPSS measurement level, kept so that a .sav exported again declares it as the source did. */
  measure?: 'nominal' | 'ordinal' | 'scale';
  /** SPSS user-missing declaration of a numeric variable (discrete codes and an optional range). */
  missing?: { values: number[]; low?: number; high?: number };
}

/** A file's header and how its rows were read. */
export interface TableHeader {
  format: UploadFormat;
  columns: ColumnInfo[];
  /** xlsx: the sheet read; sav/csv: undefined. */
  sheet?: string;
  /** 1-based header row and first data row actually used. */
  headerRow: number;
  firstDataRow: number;
  lastDataRow?: number;
  /** CSV: what was detected. */
  delimiter?: string;
  encoding?: string;
  /** CSV: a Qualtrics export (three header rows) was recognised. */
  qualtrics?: boolean;
}

/** Rows in file order; `rowNumbers[i]` is the 1-based row (line) of rows[i] in the source. */
export interface RowBatch {
  rows: Cell[][];
  rowNumbers: number[];
}

/** A readable table: the header, then row batches (streamed for CSV). */
export interface TableSource {
  header: TableHeader;
  batches(): AsyncIterable<RowBatch>;
  /** Share of the source read so far (0..1), where the reader knows it. */
  progress?: () => number;
}

export const PROJECTIVE_ALGORITHMS = ['PS', 'CS', 'IS', 'SDS'] as const;
export type ProjectiveAlgorithm = (typeof PROJECTIVE_ALGORITHMS)[number];

/** Seconds per unit of duration columns (s, m, h, d, w). */
export const DURATION_UNITS = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400, w: 604800 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;
/** The order of a local date's parts (5/10/18): month first (MDY) or day first (DMY). */
export const DATE_ORDERS = ['MDY', 'DMY'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

/** Column types of upload step 2, as the user confirmed them. */
export type DataPoint =
  /**
   * The record ID: a column's values, or (`rowNumber`, `column` empty) each record's row number in
   * the file, which stays the same across re-uploads as long as the rows keep their positions.
   */
  | { type: 'RECORD_ID'; column: string; rowNumber?: boolean }
  /** Seconds (or `unit`) spent on the whole interview (TOTAL) or on one page (PAGE). */
  | {
      type: 'DURATION';
      column: string;
      role: 'TOTAL' | 'PAGE';
      unit?: DurationUnit;
      pageNumber?: number;
      pageTitle?: string;
    }
  /**
   * Start and end instants (ISO text, epoch seconds, or local dates such as 5/10/18 4:01 read in
   * `dateOrder`); duration = end - start.
   */
  | {
      type: 'TIMESTAMP';
      start: string;
      end: string;
      role: 'TOTAL' | 'PAGE';
      dateOrder?: DateOrder;
      pageNumber?: number;
      pageTitle?: string;
    }
  /** Item columns in the order shown to respondents; scale bounds optional. */
  | {
      type: 'ITEM_BATTERY';
      id: string;
      title?: string;
      items: string[];
      min?: number;
      max?: number;
      randomised?: boolean;
    }
  | {
      type: 'OPEN_ENDED';
      column: string;
      questionTitle: string;
      keywords?: string[];
      languages?: string[];
      duplicateCheck?: boolean;
      copyPasteCheck?: boolean;
      topicCheck?: boolean;
    }
  /** Own choice (vote, codes 1..m) and one prediction column per option (or one for a binary question). */
  | {
      type: 'PROJECTIVE';
      id: string;
      title?: string;
      vote: string;
      predictions: string[];
      options?: number;
      algorithms: ProjectiveAlgorithm[];
    }
  | { type: 'GROUPING'; column: string; title?: string }
  /** A vote column kept for the record and the exports (numeric), not tied to a projective question. */
  | { type: 'VOTE'; column: string }
  /**
   * Who the respondent is, for the duplicate checks: a device fingerprint a tool or vendor exported,
   * the panel's respondent ID, or the sample source (supplier). Kept as text; the first two are
   * stored only as keyed hashes (docs/duplicates.md).
   */
  | { type: 'DEVICE_FINGERPRINT' | 'PANEL_ID' | 'SAMPLE_SOURCE'; column: string }
  /**
   * One behaviour measure (paradata) of the open question in column `question`, as a tool that
   * records it exports it: one column per measure and question (BEHAVIOUR_COLUMN_TYPES).
   */
  | { type: BehaviourColumnType; column: string; question: string }
  | { type: 'IGNORE'; column: string };

/** The behaviour column types and the measure each carries (scoring's BEHAVIOUR_FIELD_BOUNDS). */
export const BEHAVIOUR_COLUMN_TYPES = {
  BEHAVIOUR_KEYS: 'keys',
  BEHAVIOUR_DELETIONS: 'deletions',
  BEHAVIOUR_FIRST_KEY_MS: 'firstKeyMs',
  BEHAVIOUR_TYPING_MS: 'typingMs',
  BEHAVIOUR_IKI_MEDIAN_MS: 'ikiMedianMs',
  BEHAVIOUR_IKI_IQR_MS: 'ikiIqrMs',
  BEHAVIOUR_REGULAR_SHARE: 'regularShare',
  BEHAVIOUR_PASTES: 'pastes',
  BEHAVIOUR_PASTED_CHARS: 'pastedChars',
  BEHAVIOUR_PASTES_AFTER_SWITCH: 'pastesAfterSwitch',
  BEHAVIOUR_UNEXPLAINED_CHARS: 'unexplainedChars',
  BEHAVIOUR_FOCUS_LOSSES: 'focusLosses',
  BEHAVIOUR_HIDDEN: 'hidden',
  BEHAVIOUR_TRANSLATED: 'translated',
} as const satisfies Record<string, BehaviourField>;
export type BehaviourColumnType = keyof typeof BEHAVIOUR_COLUMN_TYPES;
export type BehaviourDataPoint = Extract<DataPoint, { question: string }>;
export const isBehaviourDataPoint = (dp: DataPoint): dp is BehaviourDataPoint => dp.type in BEHAVIOUR_COLUMN_TYPES;

export type DataPointType = DataPoint['type'];

export interface ColumnMapping {
  dataPoints: DataPoint[];
}

/** The record ID of a file without an ID column: each record's row number. */
export const ROW_NUMBER_ID: DataPoint = { type: 'RECORD_ID', column: '', rowNumber: true };

/** Column types that identify the respondent or its source (never scored, never charged). */
export const IDENTITY_TYPES: ReadonlySet<DataPointType> = new Set(['DEVICE_FINGERPRINT', 'PANEL_ID', 'SAMPLE_SOURCE']);

/** Data point types that yield a score (a record ID, groupings, votes and ignored columns do not). */
export const SCORABLE_TYPES: ReadonlySet<DataPointType> = new Set([
  'DURATION',
  'TIMESTAMP',
  'ITEM_BATTERY',
  'OPEN_ENDED',
  'PROJECTIVE',
]);

/** Columns a data point reads, in order. */
export function columnsOf(dp: DataPoint): string[] {
  switch (dp.type) {
    case 'RECORD_ID':
      return dp.rowNumber ? [] : [dp.column];
    case 'TIMESTAMP':
      return [dp.start, dp.end];
    case 'ITEM_BATTERY':
      return [...dp.items];
    case 'PROJECTIVE':
      return [dp.vote, ...dp.predictions];
    default:
      return [dp.column];
  }
}

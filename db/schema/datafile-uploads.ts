import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id, instant } from './columns';
import { datafiles, type UploadSourceFormat, UPLOAD_SOURCE_FORMATS } from './datafiles';
import { users } from './users';

export const UPLOAD_KINDS = ['UPLOAD', 'UPDATE'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_STATUSES = ['DRAFT', 'PROCESSING', 'READY', 'ERROR'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** What the reader detected about a source, and the header names: the structure a re-upload must match. */
export type UploadSourceInfo = { delimiter?: string; encoding?: string; qualtrics?: boolean };

/**
 * One upload of a datafile: the first upload (UPLOAD) or a re-upload (UPDATE). A row is the draft
 * of upload steps 1-3 (the stored file, the reading options, the data points of step 2), then the
 * processing attempt, then the history: who uploaded when, how many records, how many were charged.
 * Cells never live here: a READY upload's revision is in the blob store
 * (datafiles/<datafileId>/<revision>/, api/ingest/README.md).
 */
export const datafileUploads = sqliteTable(
  'datafile_uploads',
  {
    id: id(),
    datafileId: text('datafile_id')
      .notNull()
      .references(() => datafiles.id),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    status: text('status', { enum: UPLOAD_STATUSES }).notNull().default('DRAFT'),
    /**
     * Revision number, handed out when the upload is confirmed (datafiles.last_revision + 1, never
     * reused): the charge key is upload:<datafileId>:<revision>. Null while a draft.
     */
    revision: integer('revision'),
    progress: integer('progress').notNull().default(0),
    /** The stored file (uploads/<companyId>/<userId>/<generated>.<ext>) and what it is. */
    sourceKey: text('source_key').notNull(),
    sourceFormat: text('source_format', { enum: UPLOAD_SOURCE_FORMATS }).$type<UploadSourceFormat>().notNull(),
    /** The name of the file on the user's disk (shown in the summary; never used as a path). */
    sourceFileName: text('source_file_name').notNull(),
    sourceBytes: integer('source_bytes').notNull(),
    // Step 1's reading options.
    sheetName: text('sheet_name'),
    headerRow: integer('header_row').notNull(),
    firstDataRow: integer('first_data_row').notNull(),
    /** The last data row (null: to the end of the file); notes below the table stay out. */
    lastDataRow: integer('last_data_row'),
    missingValues: text('missing_values', { mode: 'json' }).$type<string[]>().notNull(),
    /** Filled once the file was read: delimiter, encoding, Qualtrics layout. */
    sourceInfo: text('source_info', { mode: 'json' }).$type<UploadSourceInfo>(),
    /** Header names in file order (set when READY): what a re-upload must match. */
    columns: text('columns', { mode: 'json' }).$type<string[]>(),
    /** The job that checks the saved data points against the whole file and estimates the credits (step 2 -> 3). */
    checkJobId: text('check_job_id'),
    /** The processing job (upload kind). */
    jobId: text('job_id'),
    /** The estimate the user confirmed (creditAmount of changeDatafileUploadingProgressStatus). */
    creditEstimate: integer('credit_estimate'),
    // Outcome (READY): records of this revision, records charged now (new ids), credits charged.
    numberOfRecords: integer('number_of_records'),
    chargedRecords: integer('charged_records'),
    creditsCharged: integer('credits_charged'),
    chargeId: text('charge_id'),
    meanCombinedScore: real('mean_combined_score'),
    // Outcome (ERROR): a catalogue code and the refusal's details (reason, column, rows, limit, value).
    errorCode: text('error_code'),
    errorDetails: text('error_details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: instant('updated_at'),
    confirmedBy: text('confirmed_by').references(() => users.id),
    confirmedAt: instant('confirmed_at'),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    uniqueIndex('datafile_uploads_revision_uq')
      .on(t.datafileId, t.revision)
      .where(sql`${t.revision} is not null`),
    index('datafile_uploads_datafile_idx').on(t.datafileId, t.createdAt),
    // UPLOAD_GOING_ON: does this user have an upload processing?
    index('datafile_uploads_processing_idx').on(t.confirmedBy, t.status),
    uniqueIndex('datafile_uploads_source_uq').on(t.sourceKey),
  ],
);

export const DATA_POINT_TYPES = [
  'RECORD_ID',
  'DURATION',
  'TIMESTAMP',
  'ITEM_BATTERY',
  'OPEN_ENDED',
  'PROJECTIVE',
  'GROUPING',
  'VOTE',
  'DEVICE_FINGERPRINT',
  'PANEL_ID',
  'SAMPLE_SOURCE',
  'BEHAVIOUR_KEYS',
  'BEHAVIOUR_DELETIONS',
  'BEHAVIOUR_FIRST_KEY_MS',
  'BEHAVIOUR_TYPING_MS',
  'BEHAVIOUR_IKI_MEDIAN_MS',
  'BEHAVIOUR_IKI_IQR_MS',
  'BEHAVIOUR_REGULAR_SHARE',
  'BEHAVIOUR_PASTES',
  'BEHAVIOUR_PASTED_CHARS',
  'BEHAVIOUR_PASTES_AFTER_SWITCH',
  'BEHAVIOUR_UNEXPLAINED_CHARS',
  'BEHAVIOUR_FOCUS_LOSSES',
  'BEHAVIOUR_HIDDEN',
  'BEHAVIOUR_TRANSLATED',
  'IGNORE',
] as const;
export type DataPointTypeValue = (typeof DATA_POINT_TYPES)[number];

/** The quality-score algorithms a data point feeds (algorithms{IS,PS,SDS,TS,IBS,CS,OES}). */
export type DataPointAlgorithms = {
  IS: boolean;
  PS: boolean;
  SDS: boolean;
  TS: boolean;
  IBS: boolean;
  CS: boolean;
  OES: boolean;
};

/** Settings of one data-point type beyond the fields every data point has (api/ingest/types.ts DataPoint). */
export type DataPointSettings = {
  role?: 'TOTAL' | 'PAGE';
  unit?: string;
  /** Timestamp: the order of local dates (5/10/18) in its columns. */
  dateOrder?: 'MDY' | 'DMY';
  min?: number;
  max?: number;
  randomised?: boolean;
  keywords?: string[];
  languages?: string[];
  duplicateCheck?: boolean;
  topicCheck?: boolean;
  options?: number;
  /** Record ID: each record's row number in the file (the point reads no column). */
  rowNumber?: boolean;
  /** Behaviour measure: the open question's column it describes. */
  question?: string;
};

/**
 * The data points of an upload (a draft datafile's datapointsMetadata), one row per column or
 * column group in the order of step 2. `columns` are the header names the point reads (a grid's
 * items in the order shown to respondents; a projective question's vote, then its predictions; a
 * timestamp's start, then its end). The published upload's rows describe the stored columns for the
 * result pages.
 */
export const datafileDatapoints = sqliteTable(
  'datafile_datapoints',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => datafileUploads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    dataPointIdentifier: text('data_point_identifier').notNull(),
    dataPointType: text('data_point_type', { enum: DATA_POINT_TYPES }).notNull(),
    questionTitle: text('question_title'),
    isEnableCopyPasteCheck: integer('is_enable_copy_paste_check', { mode: 'boolean' }).notNull().default(false),
    /** Live import: the page a respondent starts on; always false for uploads. */
    startingQuestion: integer('starting_question', { mode: 'boolean' }).notNull().default(false),
    algorithms: text('algorithms', { mode: 'json' }).$type<DataPointAlgorithms>().notNull(),
    pageNumber: integer('page_number'),
    pageTitle: text('page_title'),
    columns: text('columns', { mode: 'json' }).$type<string[]>().notNull(),
    settings: text('settings', { mode: 'json' })
      .$type<DataPointSettings>()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.position] })],
);

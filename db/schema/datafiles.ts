import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { createdAt, id, instant } from './columns';
import { users } from './users';

export const IMPORT_TYPES = ['MANUAL', 'LIVE'] as const;
export const DATAFILE_STATUSES = ['DRAFT', 'PROCESSING', 'READY', 'ERROR', 'STOPPED'] as const;

/** JSON shapes kept with the datafile (metadata, cleaningSettings, weightingMethod). */
export type DatafileMetadata = {
  dataRecordIdColumn?: string;
  headerRow?: number;
  lastDataRow?: number;
  dataRecordStartRow?: number;
  missingValues?: string[];
  sheetName?: string;
  /** The published revision's source: format and what the reader detected (CSV delimiter and encoding, a Qualtrics export). */
  sourceFormat?: UploadSourceFormat;
  delimiter?: string;
  encoding?: string;
  qualtrics?: boolean;
};
export const UPLOAD_SOURCE_FORMATS = ['xlsx', 'csv', 'sav'] as const;
export type UploadSourceFormat = (typeof UPLOAD_SOURCE_FORMATS)[number];
/** `minDataPoints` was added by the worksheet (optional: settings saved before it read as 0). */
export type ScoreThreshold = {
  key: string;
  name: string;
  isEnable: boolean;
  threshold: number;
  minDataPoints?: number;
};
/** Quota setting: characteristic column, its display name, options with target values, show flag. */
export type QuotaSetting = {
  column: string;
  rename: string | null;
  show: boolean;
  options: { value: string; label: string; target: number | null }[];
};
/**
 * A datafile's cleaningSettings (score thresholds, target sample size); the worksheet added the
 * optional parts (open-answer count rule, quota setting) so the form reloads as saved.
 */
export type CleaningSettings = {
  scoreThresholds: ScoreThreshold[];
  targetSampleSize: number | null;
  badAnswers?: { isEnable: boolean; min: number };
  quotaSetting?: QuotaSetting | null;
  /** Remove only when at least this many checks fail (absent: 1, any check). */
  minFailingChecks?: number;
  /** The Duplicate Respondent rule and the duplicate check's window and velocity thresholds (absent: off, defaults). */
  duplicateRule?: DuplicateRuleSetting;
};
export type DuplicateRuleSetting = {
  isEnable: boolean;
  keep: 'FIRST' | 'BEST';
  windowDays: number;
  velocitySurveys: number;
  velocityDays: number;
};
/**
 * The cleaning as last saved on the worksheet (updateCleaningSettings), the one input of everything that
 * re-runs it: exports, the quality report, certificates. `rules` is scoring's CleaningRules (db/ imports
 * nothing from scoring/; api/modules/cleaning/saved-cleaning.repo.ts types it). Manual decisions are by
 * record id (1 exclude, 2 keep) so they survive a re-upload that keeps the ids.
 */
export type SavedCleaningJson = {
  revision: number;
  rules: unknown;
  manual?: Record<string, 1 | 2>;
  quota?: { column: string; targets: Record<string, number> };
  /**
   * The Duplicate Respondent rule as found at the save (scoring's DuplicateMatches by record id), so
   * exports and the report remove the same interviews without the organisation's history.
   */
  duplicates?: { keep: 'FIRST' | 'BEST'; earlier: string[]; groups: string[][] };
  savedAt: string;
  savedBy: string | null;
  /** Added by the worksheet: the cleaning method saved with it, and the certificate issued for it. */
  method?: string;
  certificateCode?: string;
  /** Added by the worksheet: where the per-interview decisions of this save are (blob key of cleaning.arrow). */
  decisionsKey?: string;
};
export type WeightingMethod = {
  datafileWeighting: { key: string; value: number; name: string }[];
  projectiveQuestionsWeighting: { dataPointIdentifier: string; algorithms: string[]; apply: boolean }[];
};

export const datafiles = sqliteTable(
  'datafiles',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    importType: text('import_type', { enum: IMPORT_TYPES }).notNull(),
    status: text('status', { enum: DATAFILE_STATUSES }).notNull().default('DRAFT'),
    /** Storage key of the uploaded file (generated, never user-supplied). */
    datafileKey: text('datafile_key').unique(),
    /** Live imports authenticate with this key (stored sealed is unnecessary: it is the datafile's own secret). */
    secretKey: text('secret_key'),
    integration: text('integration'),
    isLiveCleaning: integer('is_live_cleaning', { mode: 'boolean' }).notNull().default(false),
    isWeighted: integer('is_weighted', { mode: 'boolean' }).notNull().default(false),
    includeTimestamp: integer('include_timestamp', { mode: 'boolean' }).notNull().default(false),
    includeItemBattery: integer('include_item_battery', { mode: 'boolean' }).notNull().default(false),
    includeCS: integer('include_cs', { mode: 'boolean' }).notNull().default(false),
    includePS: integer('include_ps', { mode: 'boolean' }).notNull().default(false),
    includeOES: integer('include_oes', { mode: 'boolean' }).notNull().default(false),
    certificateLevel: integer('certificate_level'),
    numberOfRecords: integer('number_of_records').notNull().default(0),
    numberOfCleanedRecords: integer('number_of_cleaned_records').notNull().default(0),
    numberOfQualityScores: integer('number_of_quality_scores').notNull().default(0),
    isCleaned: integer('is_cleaned', { mode: 'boolean' }).notNull().default(false),
    markThreshold: integer('mark_threshold'),
    cleaningMethod: text('cleaning_method'),
    metadata: text('metadata', { mode: 'json' })
      .$type<DatafileMetadata>()
      .notNull()
      .default(sql`'{}'`),
    cleaningSettings: text('cleaning_settings', { mode: 'json' }).$type<CleaningSettings>(),
    weightingMethod: text('weighting_method', { mode: 'json' }).$type<WeightingMethod>(),
    savedCleaning: text('saved_cleaning', { mode: 'json' }).$type<SavedCleaningJson>(),
    /** The published revision (0 = none yet): its columns live under datafiles/<id>/<revision>/ in the blob store. */
    revision: integer('revision').notNull().default(0),
    /** Last revision number handed out by a confirmation (never reused, so a charge key upload:<id>:<revision> names one attempt). */
    lastRevision: integer('last_revision').notNull().default(0),
    /** The upload (datafile_uploads) whose revision is published; its data points describe the stored columns. */
    publishedUploadId: text('published_upload_id'),
    /** Processing progress of the first upload, 0..100 (an update's progress is on its datafile_uploads row). */
    progress: integer('progress').notNull().default(0),
    // Datafile metadata of the published revision.
    numberOfValidRecords: integer('number_of_valid_records').notNull().default(0),
    numberOfInvalidRecords: integer('number_of_invalid_records').notNull().default(0),
    /** Records excluded by cleaning (record summary); upload leaves it 0. */
    numberOfExcludedRecords: integer('number_of_excluded_records').notNull().default(0),
    numberOfDatapoints: integer('number_of_datapoints').notNull().default(0),
    numberOfProjectiveQuestions: integer('number_of_projective_questions').notNull().default(0),
    /** Score kinds with at least one value (TS, IBS, OES, PS, CS, IS, SDS). */
    qualityScores: text('quality_scores', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    meanCombinedScore: real('mean_combined_score'),
    /** Credits charged for this datafile so far (every revision), integer. */
    cost: integer('cost').notNull().default(0),
    scoringVersion: text('scoring_version'),
    isEnableWrongTopicCheck: integer('is_enable_wrong_topic_check', { mode: 'boolean' }).notNull().default(false),
    /** When the published revision became READY. */
    processedAt: instant('processed_at'),
    isDeleted: integer('is_deleted', { mode: 'boolean' }).notNull().default(false),
    /** When it was deleted; its interview data leaves storage RETENTION_DELETED_DATAFILE_DAYS later. */
    deletedAt: instant('deleted_at'),
    /** When the retention job removed its revisions, exports, upload sources and live respondents. */
    purgedAt: instant('purged_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at'),
  },
  (t) => [
    index('datafiles_company_idx').on(t.companyId, t.isDeleted, t.createdAt),
    // The admin panel sorts organisations by their latest import: it walks live files newest (or
    // oldest) first and checks each is its company's latest without reading the row.
    index('datafiles_live_company_idx')
      .on(t.companyId, t.createdAt, t.status)
      .where(sql`${t.isDeleted} = 0`),
    index('datafiles_live_created_idx')
      .on(t.createdAt, t.companyId)
      .where(sql`${t.isDeleted} = 0`),
    // The operator stats count imports per organisation and month straight off this index (a range
    // of created_at, no table reads): 10,000 organisations and 100,000 files in ~70 ms, not ~190 ms.
    index('datafiles_stats_idx')
      .on(t.createdAt, t.companyId, t.importType, t.numberOfRecords, t.status)
      .where(sql`${t.isDeleted} = 0`),
    index('datafiles_owner_idx').on(t.ownerId),
  ],
);

export const datafileContributors = sqliteTable(
  'datafile_contributors',
  {
    datafileId: text('datafile_id')
      .notNull()
      .references(() => datafiles.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.datafileId, t.userId] }),
    // The datafiles list asks "which files are shared with this user" for every EMPLOYEE page.
    index('datafile_contributors_user_idx').on(t.userId, t.datafileId),
  ],
);

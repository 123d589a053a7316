/**
 * The error catalogue of the product's API plus the few codes this product adds. Every code has a
 * message in locales/en.json and locales/de.json under errors.<CODE> (a guard test checks it).
 */
export const CATALOGUE_CODES = [
  'GENERAL_ERROR',
  'FILE_DOWNLOAD_FAILED',
  'S3_FILE_UPLOAD_FAILED',
  'FILE_DELETE_FAILED',
  'VALUES_ARE_ZERO',
  'CANNOT_PERFORM_SCORE_CALCULATION',
  'CANNOT_MAP_SCORE',
  'ANSWER_NOT_ACCESSIBLE',
  'ANSWER_INDEXES_MUST_BE_NUMBERS',
  'INVALID_ID',
  'USER_ALREADY_EXISTING',
  'EMAIL_SENDING_FAILED',
  'UNAUTHENTICATED',
  'UNAUTHORIZED',
  'USER_NOT_FOUND',
  'USER_NOT_ACTIVATED',
  'USER_DEACTIVATED',
  'AUTHENTICATION_FAILED',
  'COMPANY_NOT_ACTIVATED',
  'COMPANY_DEACTIVATED',
  'COMPANY_NOT_FOUND',
  'RESET_TOKEN_EXPIRED',
  'TOKEN_NOT_FOUND',
  'OLD_PASSWORDS_DONT_MATCH',
  'USER_ALREADY_ACTIVATED',
  'FILEKEY_ALREADY_EXISTS',
  'NO_DATAFILE_FOUND',
  'EXCEEDING_COMPANY_CONTRACT',
  'BALANCE_NOT_ENOUGH',
  'DATAFILE_NOT_CLEANED',
  'INCOMPLETE_INPUT',
  'INVALID_PARAMETERS',
  'DATARECORD_NOT_FOUND',
  'NO_RECORDS_FOUND',
  'DATAPOINT_NOT_FOUND',
  'DATAFILE_UPLOAD_FAILED',
  'SCORES_NOT_AVAILABLE',
  'TARGET_SAMPLE_SIZE_TOO_SMALL',
  'DATAFILE_STRUCTURE_IS_DIFFERENT',
  'QUOTA_SETTINGS_NOT_SAVED',
  'NUMBER_OF_CLEANED_RECORDS_ZERO',
  'NO_OPEN_QUESTIONS_FOUND',
  'OES_API_ERROR',
  'HEADER_ROW_HAS_DUPLICATES',
  'CATEGORIES_NOT_AVAILABLE',
  'GPT3_NOT_INITIALIZED',
  'UPLOAD_GOING_ON',
  'ITEM_BATTERY_UNDER_MINIMUM_ITEMS',
  'ITEMS_NOT_NUMERIC',
  'ITEMS_COLUMN_EMPTY',
  'RECORD_ID_COLUMN_NO_DATA',
  'RECORD_ID_COLUMN_EMPTY_VALUES',
  'RECORD_ID_COLUMN_DUPLICATES',
  'RECORD_ID_COLUMN_MISSING_VALUES',
  'TIMESTAMP_COLUMN_NO_DATA',
  'TIMESTAMP_COLUMN_NOT_NUMERIC',
  'GROUPING_COLUMN_NO_DATA',
  'OPEN_ENDED_COLUMN_NO_DATA',
  'OPEN_ENDED_COLUMN_ONLY_NUMBERS',
  'VOTE_COLUMN_NO_DATA',
  'VOTE_COLUMN_NOT_NUMERIC',
  'PREDICTION_COLUMN_NO_DATA',
  'PREDICTION_COLUMN_NOT_NUMERIC',
  'SERVER_ERROR',
  'SHEET_NOT_FOUND',
  'COMPANY_CONTRACT_NOT_FOUND',
  'COMPANY_CONTRACT_NOT_ACTIVE',
  // "Other messages" of section 8, given codes here.
  'NOT_ENOUGH_CREDITS',
  'REPORT_PASSWORD_INCORRECT',
  'CERTIFICATE_NOT_FOUND',
  'DATAFILE_INFORMATION_NOT_AVAILABLE',
] as const;

/** Codes this product adds, each only where no catalogue code says it (docs/decisions.md, "Codes added to the error catalogue"). */
export const ADDED_CODES = [
  /** Login throttling (HTTP 429). */
  'TOO_MANY_ATTEMPTS',
  /** A password argument that is not base64 RSA-OAEP ciphertext of the current key. */
  'PASSWORD_NOT_ENCRYPTED',
  /** New password shorter than 8 characters. */
  'PASSWORD_TOO_SHORT',
  /** The request itself is malformed: GraphQL syntax or validation, wrong content type, limits. */
  'BAD_REQUEST',
  /** A background job's Worker step ran past its time limit (JOB_WORKER_TIMEOUT_SECONDS). */
  'JOB_TIME_LIMIT',
  /** A background job's Worker step grew memory past its limit (JOB_WORKER_MAX_MB). */
  'JOB_MEMORY_LIMIT',
  /** Upload over the size cap of its format (details: limit, value in bytes). */
  'UPLOAD_FILE_TOO_LARGE',
  /** Content does not match the extension or the chosen format (details.reason, e.g. XLS_OR_ENCRYPTED). */
  'UPLOAD_FILE_TYPE_MISMATCH',
  /** The file cannot be read as its format (details.reason: ZIP_*, XLSX_*, SAV_*). */
  'UPLOAD_FILE_CORRUPT',
  /** A cap of api/ingest/limits.ts (details.reason: ZIP_RATIO, ZIP_UNCOMPRESSED_SIZE, ZIP_ENTRIES, SHEETS, ROWS, COLUMNS, CELLS, CELL_TOO_LONG, TIME, MEMORY). */
  'UPLOAD_FILE_LIMITS_EXCEEDED',
  /** A duration or timestamp column with fewer than 30 valid records (the Time-Score needs 30). */
  'DURATION_TOO_FEW_RECORDS',
  /** A mapping without a grid, duration or open question: nothing to score, so nothing may be charged. */
  'NO_SCORABLE_DATA_POINT',
  /** Live import: the datafile is stopped (stopLiveDatafile); respondents are refused and nothing is charged. */
  'LIVE_DATAFILE_STOPPED',
  /** Live import: more requests per datafile key than the rate limit allows (HTTP 429 with Retry-After). */
  'TOO_MANY_REQUESTS',
  /** Live import: a ceiling of the datafile is reached (details.reason LIVE_CEILING_RESPONDENTS or LIVE_CEILING_CREDITS); nothing is charged. */
  'LIVE_CEILING_REACHED',
  /** Live import: a per-source limit of the browser key (details.reason LIVE_ADDRESS_LIMIT or LIVE_DEVICE_LIMIT); nothing is charged. */
  'LIVE_SOURCE_LIMIT',
  /** The process holds as many request bodies as its budget allows (BODY_BUDGET_BYTES): HTTP 503 with Retry-After. */
  'SERVER_BUSY',
  /** A request ran past its execution-time budget (REQUEST_TIME_BUDGET_MS): HTTP 503, reason REQUEST_TIME_BUDGET. */
  'REQUEST_TIME_LIMIT',
] as const;

export type ErrorCode = (typeof CATALOGUE_CODES)[number] | (typeof ADDED_CODES)[number];
export const ERROR_CODES: readonly ErrorCode[] = [...CATALOGUE_CODES, ...ADDED_CODES];

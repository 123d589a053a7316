/**
 * Why a request was refused, when the error code alone does not tell the user what to change (the
 * code stays in extensions.code, the reason travels as extensions.reason). A closed catalogue like
 * the error codes: AppError only takes these, and each has a message in locales/{en,de}.json under
 * reasons.<REASON> that says what to change; the GraphQL error's message is that text in the
 * caller's language. A guard test checks both messages exist and that every reason is raised.
 */
export const REFUSAL_REASONS = [
  // Contract dates and terms (contracts module)
  'INVALID_DATE',
  'END_BEFORE_START',
  'END_BEFORE_START_OR_TODAY',
  'ONE_YEAR_MINUS_ONE_DAY',
  'DURATION_KEPT',
  'NO_AUTO_RENEW_FOR_TYPE',
  'ONLY_FOR_CUSTOM',
  'PAY_AS_USAGE_SENDS_ZERO',
  'OUT_OF_RANGE',
  'CONTRACTS_OVERLAP',
  'UPCOMING_CONTRACT_EXISTS',
  'START_AFTER_ACTIVE_END',
  'START_IN_THE_PAST',
  'START_AFTER_TODAY',
  'START_LOCKED',
  'CONTRACT_NOT_EDITABLE',
  'AUTO_RENEW_LOCKED_BY_UPCOMING',
  'ONLY_UPCOMING_CAN_BE_DELETED',
  'CAN_ONLY_GROW',
  'CONCURRENT_EDIT',
  // Organisations
  'NOT_IN_LIST',
  'TOO_LONG',
  'INVALID_CHARACTERS',
  'NUMERIC',
  'ISO_3166_ALPHA_2',
  'OPERATOR_FIELDS',
  'NOT_AN_ADMIN_OF_THE_COMPANY',
  'NOT_PENDING',
  'CANNOT_RETURN_TO_PENDING',
  'USE_ACTIVATE_ORGANIZATION',
  // Users
  'INVALID_EMAIL',
  'NOT_AN_UPLOADED_AVATAR',
  'IMAGE_FILE_NAME',
  'OWN_CARD',
  'OWNER_KEEPS_ADMIN',
  'OWNER_CANNOT_BE_DELETED',
  // Notifications, credits, file links
  'NOT_AN_APP_PATH',
  'NOT_A_USED_TRANSACTION',
  'ALREADY_REFUNDED',
  'IDEMPOTENCY_KEY_REUSED',
  'UNKNOWN_PATH',
  'URL_EXPIRED',
  'BAD_SIGNATURE',
  'TOO_LARGE',
  'NOT_AN_IMAGE',
  'CONTENT_TYPE',
  'CONTENT_LENGTH',
  'EMPTY',
  // Operator stats and monitoring
  'MONTH_FORMAT',
  'PERIOD_TOO_LONG',
  'TOO_MANY_ROWS',
  'JOB_NOT_FAILED',
  'JOB_KIND_NOT_RUNNABLE',
  'JOB_ALREADY_FINISHED',
  'MAIL_NOT_FAILED',
] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const isRefusalReason = (value: unknown): value is RefusalReason => (REFUSAL_REASONS as readonly unknown[]).includes(value);

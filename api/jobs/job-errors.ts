import { AppError } from '../graphql/errors';
import type { ErrorCode } from '../graphql/error-codes';
import { RetryableJobError } from './job-types';

/** Catalogue codes that describe a passing condition of the infrastructure, not of the data: worth another attempt. */
const TRANSIENT_CODES: ReadonlySet<ErrorCode> = new Set([
  'S3_FILE_UPLOAD_FAILED',
  'FILE_DOWNLOAD_FAILED',
  'FILE_DELETE_FAILED',
  'EMAIL_SENDING_FAILED',
  'OES_API_ERROR',
  'SERVER_ERROR',
]);

/**
 * Default retry rule: an AppError is a refusal of the data (BALANCE_NOT_ENOUGH,
 * HEADER_ROW_HAS_DUPLICATES, a time or memory limit ...) and fails the job at once, unless its code
 * is one of the transient ones above; a RetryableJobError and anything unexpected (a bug, a busy
 * database, a crashed Worker) is retried with backoff.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof RetryableJobError) return true;
  if (error instanceof AppError) return TRANSIENT_CODES.has(error.code);
  return true;
}

/** The catalogue code and operator detail stored on the job row. */
export function describeError(error: unknown): { code: ErrorCode; detail: string } {
  if (error instanceof AppError || error instanceof RetryableJobError) {
    const details = Object.keys(error.details).length > 0 ? ` ${JSON.stringify(error.details)}` : '';
    return { code: error.code, detail: `${error.name}: ${error.message}${details}`.slice(0, 2000) };
  }
  const e = error instanceof Error ? error : new Error(String(error));
  return { code: 'GENERAL_ERROR', detail: `${e.name}: ${e.message}`.slice(0, 2000) };
}

/**
 * Exponential backoff with jitter: the delay before attempt n+1 is between half and all of
 * min(maxMs, baseMs * 2^(n-1)), so retries of many jobs that failed together spread out.
 */
export function backoffMs(attempt: number, policy: { baseMs: number; maxMs: number }, random = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

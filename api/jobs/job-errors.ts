import { AppError } from '../kernel/errors/errors';
import type { ErrorCode } from '../kernel/errors/error-codes';

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

/** Thrown at a progress point (and the abort reason) once cancel was requested. */
export class JobCancelledError extends Error {
  constructor() {
    super('job cancelled');
    this.name = 'JobCancelledError';
  }
}

/** Thrown at a progress point (and the abort reason) once this runner no longer holds the lease. */
export class JobLeaseLostError extends Error {
  constructor() {
    super('job lease lost: another runner may have taken the job');
    this.name = 'JobLeaseLostError';
  }
}

/** A failure with a catalogue code that is worth another attempt (e.g. storage briefly unreachable). */
export class RetryableJobError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** True when the job waits for something that is expected to come (another job's result), not a failure: logged as info, not as an error. */
    readonly waiting = false,
  ) {
    super(message);
    this.name = 'RetryableJobError';
  }
}

// Every refusal of the upload engine is an AppError with a catalogue code. Per-column problems carry
// plain `{ column, rows }` details: the header name and the first offending 1-based source rows (at
// most MAX_ROWS_IN_DETAILS), so the message can say what to change and where.
import { AppError } from './errors';
import type { ErrorCode } from './error-codes';
import type { RefusalReason } from './refusal-reasons';

export const MAX_ROWS_IN_DETAILS = 5;

export type UploadErrorDetails = {
  /** Header name of the column at fault. */
  column?: string;
  /** First offending rows (1-based, as in the file), at most MAX_ROWS_IN_DETAILS. */
  rows?: number[];
  /** Why, for codes that have several causes (e.g. UPLOAD_FILE_LIMITS_EXCEEDED: ZIP_RATIO). */
  reason?: RefusalReason;
  /** The limit that was crossed and the value found, where that helps. */
  limit?: number;
  value?: number | string;
  /** Other columns involved (duplicate header names, a grid's items). */
  columns?: string[];
};

export function uploadError(code: ErrorCode, details: UploadErrorDetails = {}): AppError {
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(details)) if (v !== undefined) clean[k] = v;
  return new AppError(code, clean);
}

/** A refusal as it crosses a Worker boundary or lands in a job row. */
export type UploadFailure = { code: ErrorCode; details: Record<string, unknown> };

/** Any thrown value as a failure: AppErrors keep code and details; anything else is a SERVER_ERROR. */
export function toUploadFailure(error: unknown): UploadFailure {
  if (error instanceof AppError) return { code: error.code, details: error.details };
  return { code: 'SERVER_ERROR', details: {} };
}

/** Collects up to MAX_ROWS_IN_DETAILS row numbers (and counts all). */
export class RowSample {
  readonly rows: number[] = [];
  count = 0;
  add(row: number): void {
    this.count++;
    if (this.rows.length < MAX_ROWS_IN_DETAILS) this.rows.push(row);
  }
}

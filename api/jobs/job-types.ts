import type { DbOrTx, Tx } from '../../db/client';
import type { JobRow } from '../../db/schema';
import type { Deps } from '../deps';
import type { ErrorCode } from '../graphql/error-codes';
import type { RunInWorkerOptions, WorkerStep } from './worker-step';

export type { JobRow };

/** What a handler sees while it runs one attempt of one job. */
export type JobContext<P> = {
  job: JobRow;
  payload: P;
  /** 1 for the first attempt. */
  attempt: number;
  deps: Deps;
  /**
   * Aborted when the job is cancelled or this runner lost its lease (another runner may have taken
   * the job): stop soon and let the error propagate. `signal.reason` is a JobCancelledError or a
   * JobLeaseLostError.
   */
  signal: AbortSignal;
  /**
   * Reports progress (0..100, whole percent, never going back within an attempt). Writes are
   * throttled (at most every 250 ms and only when a whole percent changed) and renew the lease. This
   * is the job's stop point: it throws JobCancelledError once cancel was requested and
   * JobLeaseLostError once the lease is lost, so a handler that reports progress stops there.
   * Call it between transactions, not inside one (it writes through its own).
   */
  progress: (percent: number) => Promise<void>;
  /**
   * Publishes an interim result while the job still runs: `jobs.get(id).result` shows it from now on
   * (also while a retry is queued, so it must be one that a retry would give again); the final
   * result replaces it. Throws like `progress` once cancelled or the lease is lost.
   */
  report: (result: unknown) => Promise<void>;
  /**
   * Runs a CPU-heavy step in a Worker thread (api/jobs/worker-step.ts) with a time and memory
   * limit; its progress (0..100) is mapped into `progressRange` of this job (default [0, 100]).
   * Cancelling the job stops the worker at its next progress point.
   */
  runInWorker: <I, R>(step: WorkerStep<I, R>, input: I, options?: RunInWorkerOptions) => Promise<R>;
};

export type JobOutcome = { state: 'FAILED'; code: ErrorCode; detail: string | null } | { state: 'CANCELLED' };

/** One job kind: registered once per process with `deps.jobs.register(handler)`. */
export type JobHandler<P = unknown, R = unknown> = {
  kind: string;
  /** Attempts before the job is FAILED (default 3). Can be overridden per enqueue. */
  maxAttempts?: number;
  /** Backoff after a failed attempt: min(maxMs, baseMs * 2^(attempt-1)), then half of it jittered (defaults 2 s, 5 min). */
  backoff?: { baseMs: number; maxMs: number };
  /**
   * True when the kind runs a step in a Worker thread (ctx.runInWorker): a runner then claims it
   * only while one of its JOB_WORKER_THREADS slots is free, so another process can take it instead.
   */
  heavy?: boolean;
  /** Whether an error is worth another attempt (default: isRetryable below). */
  retryable?: (error: unknown) => boolean;
  /** The work. Must be idempotent across attempts (a charge by its key, files by revision): a retry or a second runner after a lost lease may repeat it. */
  run: (ctx: JobContext<P>) => Promise<R>;
  /** Runs inside the transaction that marks the job SUCCEEDED (e.g. READY + notification), only if this runner still holds the lease. */
  onSucceeded?: (tx: Tx, job: JobRow, result: R, deps: Deps) => Promise<void>;
  /** Runs inside the transaction that marks the job FAILED or CANCELLED for good (e.g. ERROR + UPLOAD_ERROR), never for an attempt that will be retried. */
  onFinalFailure?: (tx: Tx, job: JobRow, outcome: JobOutcome, deps: Deps) => Promise<void>;
  /**
   * Runs inside the transaction that puts a FAILED job back in the queue (deps.jobs.retry, the
   * operators' retry), e.g. to take the datafile from ERROR back to PROCESSING.
   */
  onRetry?: (tx: Tx, job: JobRow, deps: Deps) => Promise<void>;
  /** After a throttled progress write (e.g. mirror it on the datafile row). */
  onProgress?: (db: DbOrTx, job: JobRow, percent: number) => Promise<void>;
};

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

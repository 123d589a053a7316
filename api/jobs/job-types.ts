import type { Db, DbOrTx, Tx } from '../../db/client';
import type { JobRow } from '../../db/schema';
import type { Env } from '../env';
import type { ErrorCode } from '../kernel/errors/error-codes';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { Metrics } from '../lib/metrics';
import type { RunInWorkerOptions, WorkerStep } from './worker-step';
import type { JobState } from '../../db/schema';

export { JobCancelledError, JobLeaseLostError, RetryableJobError } from './job-errors';

import { jobById } from './job-store';

export type { JobRow };

declare const jobKindBrand: unique symbol;

/**
 * A job kind's name that carries its payload and result types: a feature's job contract declares
 * it once (`jobKind<Payload, Result>('upload')`), and enqueue, the handler and the typed reads of
 * the job row take it, so a payload of the wrong shape does not type-check. At run time a string.
 */
export type JobKind<P, R = unknown> = string & { readonly [jobKindBrand]?: { payload: P; result: R } };

/** Names a job kind with its payload and result types (in a feature's job contract). */
export const jobKind = <P, R = unknown>(name: string): JobKind<P, R> => name as JobKind<P, R>;

/** A job row whose payload and result are those of its kind (deps.jobs.find checks the kind). */
export type JobRowOf<P, R = unknown> = Omit<JobRow, 'payload' | 'result'> & { payload: P; result: R | null };

/** The job with this id when it is of this kind (in the caller's transaction, or a hook's `db`). */
export async function findJob<P, R>(db: DbOrTx, kind: JobKind<P, R>, id: string): Promise<JobRowOf<P, R> | undefined> {
  const row = await jobById(db, id);
  // A row of this kind was enqueued through the kind's typed enqueue, so its payload is the kind's.
  return row?.kind === kind ? (row as JobRowOf<never, never>) : undefined;
}

/**
 * What the engine itself uses of the context it hands to handlers. The app's Deps
 * (api/kernel/deps.ts) is one; the engine is generic over it, so api/jobs never imports Deps.
 */
export type JobEngineContext = {
  env: Env;
  db: Db;
  clock: Clock;
  log: Logger;
  metrics: Metrics;
  /** Signs the blob store's URLs; the Worker threads build their blob store from it. */
  appSecret: string;
  jobs: JobSystem<any>;
};

/** What a handler sees while it runs one attempt of one job. */
export type JobContext<P, C = JobEngineContext> = {
  job: JobRowOf<P>;
  payload: P;
  /** 1 for the first attempt. */
  attempt: number;
  deps: C;
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

export type EnqueueOptions = {
  /** At most one job per key, ever: a second enqueue with the same key writes nothing and returns the first job's id. */
  dedupeKey?: string;
  /** Not before this instant (default now). */
  runAfter?: Date;
  /** Beats the handler's maxAttempts. */
  maxAttempts?: number;
  /** Enqueue inside the caller's transaction (e.g. with the datafile's status change). */
  tx?: DbOrTx;
  /** The organisation the job works for: runners take turns between organisations (job-store.ts, `claimNext`). */
  owner?: string | null;
};

export type JobEvent =
  | { type: 'progress'; id: string; kind: string; percent: number }
  /** The job stored an interim result (`ctx.report`): a waiter may have its answer before the job ends. */
  | { type: 'reported'; id: string; kind: string }
  | { type: 'settled'; job: JobRow };

/** A kind enqueued once per time slot by every runner that schedules (deduplicated across processes by `kind@slot`). */
export type Schedule = { kind: string; everyMs: number; payload: unknown };

/** Registry of job kinds, enqueue and cancel: `deps.jobs`. Runners (job-runner.ts) execute what it enqueues. */
export type JobSystem<C = JobEngineContext> = {
  /** Registers a kind (once per process, before runners start). */
  register<P, R>(handler: JobHandler<P, R, C>): void;
  handler(kind: string): JobHandler<unknown, unknown, C> | undefined;
  kinds(): string[];
  /** A recurring job: runners that schedule enqueue `kind` once per `everyMs` slot (dedupe key `kind@<slot start ISO>`). */
  every<P>(kind: JobKind<P, unknown>, everyMs: number, payload?: NoInfer<P>): void;
  schedules(): readonly Schedule[];
  /** Enqueues a job of a kind named by its feature's contract; the payload must be that kind's. */
  enqueue<P>(
    kind: JobKind<P, unknown>,
    payload: NoInfer<P>,
    options?: EnqueueOptions,
  ): Promise<{ id: string; created: boolean }>;
  /**
   * Cancels a job: a queued one becomes CANCELLED at once and never starts; a running one is told to
   * stop at its next progress point (at once when it runs in this process, else within a heartbeat).
   * Returns the state after the call, or null when there is no such job.
   */
  cancel(id: string): Promise<JobState | null>;
  /**
   * Retries a FAILED job: it becomes QUEUED, due now, with its attempts from zero and the kind's
   * onRetry hook run in the same transaction. Returns the state after the call (QUEUED when it was
   * requeued; otherwise the unchanged state), or null when there is no such job. A kind this
   * process does not know is left alone (no runner here could take it).
   */
  retry(id: string): Promise<JobState | null>;
  get(id: string): Promise<JobRow | undefined>;
  /** The job with this id when it is of this kind, its payload and result typed by the kind's contract. */
  find<P, R>(kind: JobKind<P, R>, id: string): Promise<JobRowOf<P, R> | undefined>;
  /**
   * A job of `kind` is likely soon and someone will wait for it: this process's started runners
   * that take it get an idle Worker of each of its `warmSteps` ready (worker-standby.ts). `early`, when
   * given, goes to the steps' `early` export in that Worker, which may start the run's input-independent
   * work (an upload's parse) in a Worker of its own, which only the run given the same `key`
   * (`runInWorker`'s `earlyKey`) takes. A newer `early` of the same key replaces the one before (its
   * Worker is ended); an `early` over the runner's caps (per `group`, per process) starts nothing.
   */
  warm(kind: JobKind<unknown, unknown> | string, early?: EarlyWork): void;
  /** In-process events (progress writes and final states of jobs run by this process). */
  onEvent(listener: (event: JobEvent) => void): () => void;
  /** Internal: runners listen here to start at once on a local enqueue, and register what they run for local cancels. */
  internal: {
    emit(event: JobEvent): void;
    onEnqueue(listener: () => void): () => void;
    onWarm(listener: (kind: string, early?: EarlyWork) => void): () => void;
    running: Map<string, AbortController>;
  };
};

/**
 * Input-independent work of a run likely soon (`warm`): `value` goes to the step's `early` export;
 * `key` names what it is for (one at a time per key), `group` whose it is (capped per group).
 */
export type EarlyWork = { value: unknown; key: string; group: string };

export type JobOutcome = { state: 'FAILED'; code: ErrorCode; detail: string | null } | { state: 'CANCELLED' };

/** One job kind: registered once per process with `deps.jobs.register(handler)` (api/compose/job-kinds.ts). */
export type JobHandler<P = unknown, R = unknown, C = JobEngineContext> = {
  kind: JobKind<P, R>;
  /** Attempts before the job is FAILED (default 3). Can be overridden per enqueue. */
  maxAttempts?: number;
  /** Backoff after a failed attempt: min(maxMs, baseMs * 2^(attempt-1)), then half of it jittered (defaults 2 s, 5 min). */
  backoff?: { baseMs: number; maxMs: number };
  /**
   * True when the kind runs a step in a Worker thread (ctx.runInWorker): a runner then claims it
   * only while one of its JOB_WORKER_THREADS slots is free, so another process can take it instead.
   */
  heavy?: boolean;
  /**
   * Steps (ctx.runInWorker) of which a started runner of this kind gets one idle Worker ready,
   * modules imported and scoring loaded, when `deps.jobs.warm(kind)` says a run is likely soon and
   * someone will wait for its answer (worker-standby.ts).
   */
  warmSteps?: readonly WorkerStep<any, any>[];
  /** Whether an error is worth another attempt (default: isRetryable below). */
  retryable?: (error: unknown) => boolean;
  /** The work. Must be idempotent across attempts (a charge by its key, files by revision): a retry or a second runner after a lost lease may repeat it. */
  run: (ctx: JobContext<P, C>) => Promise<R>;
  /** Runs inside the transaction that marks the job SUCCEEDED (e.g. READY + notification), only if this runner still holds the lease. */
  onSucceeded?: (tx: Tx, job: JobRowOf<P, R>, result: R, deps: C) => Promise<void>;
  /** Runs inside the transaction that marks the job FAILED or CANCELLED for good (e.g. ERROR + UPLOAD_ERROR), never for an attempt that will be retried. */
  onFinalFailure?: (tx: Tx, job: JobRowOf<P, R>, outcome: JobOutcome, deps: C) => Promise<void>;
  /**
   * Runs inside the transaction that puts a FAILED job back in the queue (deps.jobs.retry, the
   * operators' retry), e.g. to take the datafile from ERROR back to PROCESSING.
   */
  onRetry?: (tx: Tx, job: JobRowOf<P, R>, deps: C) => Promise<void>;
  /** After a throttled progress write (e.g. mirror it on the datafile row). */
  onProgress?: (db: DbOrTx, job: JobRowOf<P, R>, percent: number) => Promise<void>;
};

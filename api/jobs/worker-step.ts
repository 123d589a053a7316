import { AppError } from '../kernel/errors/errors';
import { ERROR_CODES, type ErrorCode } from '../kernel/errors/error-codes';
import type { BlobStore, BlobStoreConfig } from '../infra/blob-store';
import type { Scoring } from '../../scoring/index.ts';
import { JobCancelledError, RetryableJobError } from './job-errors';

/**
 * A CPU-heavy step of a job that runs in a Bun Worker thread, so the API process keeps answering.
 * The step is a module exporting `run(input, ctx)`; it gets its input by structured clone, reports
 * progress and returns its result by postMessage. It has no database: the main thread keeps the
 * lease, writes progress and the final state.
 */

/** What a step sees inside its Worker. */
export type WorkerStepContext = {
  /**
   * Progress of this step, 0..100 (the job maps it into its own range). Cheap: posts at most every
   * 50 ms. Also the step's stop point: throws once the job was cancelled or lost its lease.
   */
  progress: (percent: number) => void;
  /** Throws once the job was cancelled or lost its lease (for loops that report no progress). */
  throwIfCancelled: () => void;
  /** The Worker's own scoring instance, loaded on first use (one per Worker thread). */
  scoring: () => Promise<Scoring>;
  /** The blob store, built in the Worker from the process's configuration. */
  blobs: BlobStore;
  /**
   * Asks the main thread for something the Worker cannot do itself (it has no database): calls the
   * handler of this request that the job passed to runInWorker, and resolves with its answer.
   */
  request: <P, A>(name: WorkerRequest<P, A>, payload: NoInfer<P>) => Promise<A>;
};

declare const workerRequestBrand: unique symbol;

/**
 * A request a step may send to the main thread, with its payload and answer types (declared beside
 * the job kind, like a job kind in its contract). At run time its name.
 */
export type WorkerRequest<P, A> = string & { readonly [workerRequestBrand]?: { payload: P; answer: A } };

/** Names a Worker request with its payload and answer types. */
export const workerRequest = <P, A>(name: string): WorkerRequest<P, A> => name as WorkerRequest<P, A>;

/** Main-thread handlers a step may call with ctx.request (e.g. the AI judge, which caches in the database). */
export type WorkerRequestHandlers = Record<string, (payload: unknown) => Promise<unknown>>;

/** The main-thread handler of one request, typed by it (spread several into runInWorker's `handlers`). */
export function handleRequest<P, A>(
  name: WorkerRequest<P, A>,
  handler: (payload: P) => Promise<A>,
): WorkerRequestHandlers {
  // The step sent this payload through ctx.request with the same typed request.
  return { [name]: handler as (payload: unknown) => Promise<unknown> };
}

export type WorkerStepFn<I, R> = (input: I, ctx: WorkerStepContext) => Promise<R> | R;

/** A handle to a step module; declare one next to the job kind that runs it. */
export type WorkerStep<I, R> = {
  readonly url: string;
  readonly limits: { timeoutMs?: number; maxMemoryMb?: number };
  /** Types only. */
  readonly _types?: { input: I; result: R };
};

/**
 * Declares a step: `workerStep<typeof import('./parse.step').run>(new URL('./parse.step.ts', import.meta.url))`.
 * The module must export `run`. Limits given here beat the process defaults (JOB_WORKER_*).
 */
export function workerStep<F extends WorkerStepFn<any, any>>(
  url: URL,
  limits: { timeoutMs?: number; maxMemoryMb?: number } = {},
): WorkerStep<Parameters<F>[0], Awaited<ReturnType<F>>> {
  return { url: url.href, limits };
}

export type RunInWorkerOptions = {
  /** Beats the step's and the process's time limit. */
  timeoutMs?: number;
  /** Beats the step's and the process's memory limit (MB of resident-memory growth). */
  maxMemoryMb?: number;
  /** The part of the job's 0..100 that this step's 0..100 maps to. */
  progressRange?: [number, number];
  /** What the step may ask the main thread for (ctx.request). */
  handlers?: WorkerRequestHandlers;
  /** Run in the Worker whose early work has this key (`deps.jobs.warm(kind, { key, ... })`), if there is one. */
  earlyKey?: string;
};

/** The step ran past its time or memory limit: not retried (it would do the same again). */
export class WorkerLimitError extends AppError {
  constructor(code: Extract<ErrorCode, 'JOB_TIME_LIMIT' | 'JOB_MEMORY_LIMIT'>, details: Record<string, unknown>) {
    super(code, details);
    this.name = 'WorkerLimitError';
  }
}

/** The Worker died without an answer (uncaught error, crash): the attempt may be retried. */
export class WorkerCrashedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerCrashedError';
  }
}

/** How an error crosses the thread boundary (worker-host.ts serialises, this side rebuilds). */
export type SerializedError = { name: string; message: string; code?: string; details?: Record<string, unknown> };

export function rebuildError(e: SerializedError): Error {
  if (e.name === 'WorkerStepCancelled') return new JobCancelledError();
  const code = ERROR_CODES.includes(e.code as ErrorCode) ? (e.code as ErrorCode) : undefined;
  if (e.name === 'RetryableJobError' && code) return new RetryableJobError(code, e.message, e.details);
  if (code && (e.name === 'AppError' || e.name === 'WorkerLimitError')) return new AppError(code, e.details ?? {});
  const error = new Error(e.message);
  error.name = e.name;
  return error;
}

export type WorkerMessage =
  | { type: 'progress'; percent: number }
  | { type: 'result'; result: unknown }
  | { type: 'error'; error: SerializedError }
  | { type: 'request'; id: number; name: string; payload: unknown }
  /** An idle Worker has imported its step and loaded scoring (worker-standby.ts). */
  | { type: 'warmed' }
  /** The step's early work stopped working (done, paused at its cap, or failed): it only holds what it made. */
  | { type: 'early-done' };

/** The main thread's answer to a request (worker-host.ts resolves the waiting ctx.request). */
export type WorkerResponse = { type: 'response'; id: number; result?: unknown; error?: SerializedError };

/** Prepares an idle Worker for a step: imports its module and loads the scoring instance (worker-standby.ts). */
export type WorkerWarm = { type: 'warm'; stepUrl: string; early?: { early: unknown; blobConfig: BlobStoreConfig } };

/**
 * What a step may export to start its input-independent work in an idle Worker (`deps.jobs.warm(kind, early)`).
 * The promise settles once the work stopped working (until then the standby holds it to the step's limits).
 */
export type WorkerEarlyFn = (early: unknown, ctx: { blobs: BlobStore }) => void | Promise<void>;

export type WorkerStart = {
  stepUrl: string;
  input: unknown;
  cancelFlag: SharedArrayBuffer;
  blobConfig: BlobStoreConfig;
};

export const HOST_URL = new URL('./worker-host.ts', import.meta.url).href;
/** How long a cancelled step may take to reach its next progress point before it is terminated. */
const CANCEL_GRACE_MS = 2_000;
const MEMORY_SAMPLE_MS = 100;

/**
 * Runs one step in a fresh Worker (or the one given) and settles with its result, or rejects: the step's own error
 * (rebuilt), WorkerLimitError on time or memory, WorkerCrashedError when the Worker died, or the
 * signal's reason after a cancel. The Worker is always terminated at the end.
 *
 * Memory: Bun's Worker has no `resourceLimits` (it ignores Node's option), so the main thread
 * samples the process's resident memory every 100 ms and stops the Worker once it grew more than
 * the limit since the step started. Process-wide, so concurrent steps share the headroom.
 */
export function runWorkerStep<I, R>(
  step: WorkerStep<I, R>,
  input: I,
  options: {
    timeoutMs: number;
    maxMemoryMb: number;
    signal: AbortSignal;
    onProgress: (percent: number) => void;
    blobConfig: BlobStoreConfig;
    handlers?: WorkerRequestHandlers;
    /** A host Worker started ahead (worker-standby.ts) to run the step in instead of a fresh one. */
    worker?: Worker;
  },
): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    if (options.signal.aborted) return reject(options.signal.reason);
    const cancelFlag = new SharedArrayBuffer(4);
    const rssAtStart = process.memoryUsage.rss();
    const worker = options.worker ?? new Worker(HOST_URL);
    let settled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      clearInterval(memoryWatch);
      options.signal.removeEventListener('abort', onAbort);
      worker.terminate();
      outcome();
    };
    const onAbort = () => {
      Atomics.store(new Int32Array(cancelFlag), 0, 1);
      timers.push(setTimeout(() => finish(() => reject(options.signal.reason)), CANCEL_GRACE_MS));
    };
    options.signal.addEventListener('abort', onAbort);
    timers.push(
      setTimeout(
        () => finish(() => reject(new WorkerLimitError('JOB_TIME_LIMIT', { limitMs: options.timeoutMs }))),
        options.timeoutMs,
      ),
    );
    const limitBytes = options.maxMemoryMb * 1024 * 1024;
    const memoryWatch = setInterval(() => {
      const grown = process.memoryUsage.rss() - rssAtStart;
      if (grown > limitBytes)
        finish(() =>
          reject(
            new WorkerLimitError('JOB_MEMORY_LIMIT', {
              limitMb: options.maxMemoryMb,
              grownMb: Math.round(grown / 1024 / 1024),
            }),
          ),
        );
    }, MEMORY_SAMPLE_MS);

    worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === 'warmed' || message.type === 'early-done') return;
      if (message.type === 'progress') {
        if (!settled) options.onProgress(message.percent);
      } else if (message.type === 'request') {
        const handler = options.handlers?.[message.name];
        const answer = (response: Omit<WorkerResponse, 'type' | 'id'>) => {
          if (!settled) worker.postMessage({ type: 'response', id: message.id, ...response } satisfies WorkerResponse);
        };
        if (!handler) answer({ error: { name: 'Error', message: `no handler for worker request ${message.name}` } });
        else
          handler(message.payload).then(
            (result) => answer({ result }),
            (error: unknown) =>
              answer({ error: { name: 'Error', message: String((error as Error)?.message ?? error) } }),
          );
      } else if (message.type === 'result') {
        finish(() => resolve(message.result as R));
      } else {
        // After a cancel the step's own "cancelled" carries no more than the signal's reason.
        finish(() => reject(options.signal.aborted ? options.signal.reason : rebuildError(message.error)));
      }
    });
    worker.addEventListener('error', (event: ErrorEvent) => {
      // The message may carry a code frame; the error line is what an operator needs.
      const message = String((event.error as Error | undefined)?.message ?? event.message ?? 'uncaught error').slice(
        0,
        500,
      );
      finish(() => reject(new WorkerCrashedError(`worker step failed: ${message}`)));
    });
    worker.addEventListener('close', () => {
      finish(() => reject(new WorkerCrashedError('worker exited without an answer')));
    });
    const start: WorkerStart = { stepUrl: step.url, input, cancelFlag, blobConfig: options.blobConfig };
    worker.postMessage(start);
  });
}

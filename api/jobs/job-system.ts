import type { DbOrTx } from '../../db/client';
import type { JobState } from '../../db/schema';
import { afterCommit, writeTransaction } from '../../db/write-transaction';
import type { Deps } from '../deps';
import { cancelQueued, insertJob, jobById, requestCancel, requeueFailed } from './job-store';
import { JobCancelledError, type JobHandler, type JobRow } from './job-types';

export type EnqueueOptions = {
  /** At most one job per key, ever: a second enqueue with the same key writes nothing and returns the first job's id. */
  dedupeKey?: string;
  /** Not before this instant (default now). */
  runAfter?: Date;
  /** Beats the handler's maxAttempts. */
  maxAttempts?: number;
  /** Enqueue inside the caller's transaction (e.g. with the datafile's status change). */
  tx?: DbOrTx;
};

export type JobEvent =
  | { type: 'progress'; id: string; kind: string; percent: number }
  | { type: 'settled'; job: JobRow };

/** A kind enqueued once per time slot by every runner that schedules (deduplicated across processes by `kind@slot`). */
export type Schedule = { kind: string; everyMs: number; payload: unknown };

/** Registry of job kinds, enqueue and cancel: `deps.jobs`. Runners (job-runner.ts) execute what it enqueues. */
export type JobSystem = {
  /** Registers a kind (once per process, before runners start). */
  register<P, R>(handler: JobHandler<P, R>): void;
  handler(kind: string): JobHandler | undefined;
  kinds(): string[];
  /** A recurring job: runners that schedule enqueue `kind` once per `everyMs` slot (dedupe key `kind@<slot start ISO>`). */
  every(kind: string, everyMs: number, payload?: unknown): void;
  schedules(): readonly Schedule[];
  enqueue<P>(kind: string, payload: P, options?: EnqueueOptions): Promise<{ id: string; created: boolean }>;
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
  /** In-process events (progress writes and final states of jobs run by this process). */
  onEvent(listener: (event: JobEvent) => void): () => void;
  /** Internal: runners listen here to start at once on a local enqueue, and register what they run for local cancels. */
  internal: {
    emit(event: JobEvent): void;
    onEnqueue(listener: () => void): () => void;
    running: Map<string, AbortController>;
  };
};

export function createJobSystem(getDeps: () => Deps): JobSystem {
  const handlers = new Map<string, JobHandler>();
  const schedules: Schedule[] = [];
  const listeners = new Set<(event: JobEvent) => void>();
  const enqueueListeners = new Set<() => void>();
  const running = new Map<string, AbortController>();

  const system: JobSystem = {
    register(handler) {
      if (handlers.has(handler.kind)) throw new Error(`job kind ${handler.kind} is registered twice`);
      handlers.set(handler.kind, handler as JobHandler);
    },
    handler: (kind) => handlers.get(kind),
    kinds: () => [...handlers.keys()],
    every(kind, everyMs, payload = {}) {
      if (!handlers.has(kind)) throw new Error(`cannot schedule unknown job kind ${kind}`);
      if (!(everyMs > 0)) throw new Error('a schedule needs a positive interval');
      schedules.push({ kind, everyMs, payload });
    },
    schedules: () => schedules,

    async enqueue(kind, payload, options = {}) {
      const handler = handlers.get(kind);
      if (!handler) throw new Error(`unknown job kind ${kind}`);
      const deps = getDeps();
      const now = deps.clock.now();
      const result = await insertJob(options.tx ?? deps.db, {
        kind,
        payload: payload ?? {},
        dedupeKey: options.dedupeKey ?? null,
        runAfter: options.runAfter ?? now,
        maxAttempts: options.maxAttempts ?? handler.maxAttempts ?? 3,
        now,
      });
      // A job enqueued inside the caller's transaction wakes the runners once it committed (before,
      // their claim would not see the job), outside its context (their claim is a transaction of its own).
      if (result.created)
        afterCommit(() => {
          for (const listener of enqueueListeners) listener();
        });
      return result;
    },

    async cancel(id) {
      const deps = getDeps();
      const now = deps.clock.now();
      const state = await writeTransaction(deps.db, async (tx) => {
        const cancelled = await cancelQueued(tx, id, now);
        if (cancelled) {
          await handlers.get(cancelled.kind)?.onFinalFailure?.(tx, cancelled, { state: 'CANCELLED' }, deps);
          return 'CANCELLED' as const;
        }
        if (await requestCancel(tx, id, now)) return 'RUNNING' as const;
        return (await jobById(tx, id))?.state ?? null;
      });
      if (state === 'RUNNING') running.get(id)?.abort(new JobCancelledError());
      return state;
    },

    async retry(id) {
      const deps = getDeps();
      const state = await writeTransaction(deps.db, async (tx) => {
        const row = await jobById(tx, id);
        if (!row) return null;
        const handler = handlers.get(row.kind);
        if (!handler) return row.state;
        const requeued = await requeueFailed(tx, id, deps.clock.now());
        if (!requeued) return row.state;
        await handler.onRetry?.(tx, requeued, deps);
        return 'QUEUED' as const;
      });
      if (state === 'QUEUED') for (const listener of enqueueListeners) listener();
      return state;
    },

    get: (id) => jobById(getDeps().db, id),

    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    internal: {
      emit(event) {
        for (const listener of listeners) {
          try {
            listener(event);
          } catch (error) {
            getDeps().log.error('job event listener failed', error);
          }
        }
      },
      onEnqueue(listener) {
        enqueueListeners.add(listener);
        return () => enqueueListeners.delete(listener);
      },
      running,
    },
  };
  return system;
}

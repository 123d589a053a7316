import { afterCommit, writeTransaction } from '../../db/write-transaction';
import { currentRequestId } from '../lib/logger';
import { JobCancelledError } from './job-errors';
import { cancelQueued, insertJob, jobById, requestCancel, requeueFailed } from './job-store';
import {
  findJob,
  type EarlyWork,
  type JobEngineContext,
  type JobEvent,
  type JobHandler,
  type JobSystem,
  type Schedule,
} from './job-types';

export type { EnqueueOptions, JobEvent, JobSystem, Schedule } from './job-types';

/** The registry of job kinds, enqueue and cancel (`deps.jobs`); `getDeps` is the context its hooks get. */
export function createJobSystem<C extends JobEngineContext>(getDeps: () => C): JobSystem<C> {
  const handlers = new Map<string, JobHandler<unknown, unknown, C>>();
  const schedules: Schedule[] = [];
  const listeners = new Set<(event: JobEvent) => void>();
  const enqueueListeners = new Set<() => void>();
  const warmListeners = new Set<(kind: string, early?: EarlyWork) => void>();
  const running = new Map<string, AbortController>();

  const system: JobSystem<C> = {
    register(handler) {
      if (handlers.has(handler.kind)) throw new Error(`job kind ${handler.kind} is registered twice`);
      // The registry holds every kind; each handler gets back the payload its own kind was enqueued with.
      handlers.set(handler.kind, handler as unknown as JobHandler<unknown, unknown, C>);
    },
    handler: (kind) => handlers.get(kind),
    kinds: () => [...handlers.keys()],
    every(kind, everyMs, payload) {
      if (!handlers.has(kind)) throw new Error(`cannot schedule unknown job kind ${kind}`);
      if (!(everyMs > 0)) throw new Error('a schedule needs a positive interval');
      schedules.push({ kind, everyMs, payload: payload ?? {} });
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
        owner: options.owner ?? null,
        runAfter: options.runAfter ?? now,
        maxAttempts: options.maxAttempts ?? handler.maxAttempts ?? 3,
        now,
        requestId: currentRequestId(),
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

    find: (kind, id) => findJob(getDeps().db, kind, id),

    warm(kind, early) {
      for (const listener of warmListeners) listener(kind, early);
    },

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
      onWarm(listener) {
        warmListeners.add(listener);
        return () => warmListeners.delete(listener);
      },
      running,
    },
  };
  return system;
}

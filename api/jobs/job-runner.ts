import { hostname } from 'node:os';
import { writeTransaction } from '../../db/write-transaction';
import type { Env } from '../env';
import { randomToken } from '../lib/crypto';
import { withLogContext } from '../lib/logger';
import { blobStoreConfig } from '../infra/blob-store';
import { backoffMs, describeError, isRetryable } from './job-errors';
import { claimNext, hasRunnable, releaseJob, renewLease, writeInterimResult, type FinalFields } from './job-store';
import { JobCancelledError, JobLeaseLostError, RetryableJobError } from './job-errors';
import type { JobContext, JobEngineContext, JobHandler, JobOutcome, JobRow } from './job-types';
import { runWorkerStep, type WorkerStep } from './worker-step';
import { WorkerStandby, type EarlyCaps } from './worker-standby';

export type RunnerSettings = {
  /** Jobs at once (0 = claims nothing). */
  concurrency: number;
  /** Heavy jobs (handler.heavy) at once. */
  workerThreads: number;
  pollMs: number;
  leaseMs: number;
  workerTimeoutMs: number;
  workerMaxMb: number;
  /** Workers with early work at once, per group and in all (worker-standby.ts). */
  early: EarlyCaps;
  /** Enqueue the recurring schedules (deps.jobs.every) from this runner. */
  schedule: boolean;
  /** Only these kinds (default: every registered kind). */
  kinds?: readonly string[];
};

export function runnerSettings(env: Env, overrides: Partial<RunnerSettings> = {}): RunnerSettings {
  return {
    concurrency: env.jobs.concurrency,
    workerThreads: env.jobs.workerThreads,
    pollMs: env.jobs.pollMs,
    leaseMs: env.jobs.leaseSeconds * 1000,
    workerTimeoutMs: env.jobs.workerTimeoutSeconds * 1000,
    workerMaxMb: env.jobs.workerMaxMb,
    early: { total: env.jobs.earlyReads, perGroup: env.jobs.earlyReadsPerOrganisation },
    schedule: true,
    ...overrides,
  };
}

/** Progress reaches the database at most this often, and only when it moved by a whole percent. */
export const PROGRESS_WRITE_MS = 250;
const DEFAULT_BACKOFF = { baseMs: 2_000, maxMs: 5 * 60_000 };

/** The abort reason when a runner stops: the job goes back to the queue without spending an attempt. */
class JobHandedBack extends Error {
  constructor() {
    super('runner stopping: job handed back');
    this.name = 'JobHandedBack';
  }
}

type Running = { controller: AbortController; heavy: boolean; done: Promise<void> };

/**
 * Claims runnable jobs (up to `concurrency`, heavy ones up to `workerThreads`), runs each with a
 * heartbeat that renews its lease, and writes the outcome: SUCCEEDED, QUEUED again after a
 * retryable failure (backoff with jitter), FAILED (code and detail) or CANCELLED. Any number of
 * runners, in one process or many, can share the table.
 */
export class JobRunner<C extends JobEngineContext = JobEngineContext> {
  readonly id = `${hostname()}:${process.pid}:${randomToken(4)}`;
  readonly #running = new Map<string, Running>();
  readonly #lastSlot = new Map<string, number>();
  #stopped = true;
  /** Set by stop(): no more claims, also not by a tick in progress. */
  #halting = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #ticking: Promise<void> | undefined;
  #again = false;
  #unsubscribe: (() => void) | undefined;
  readonly #standby: WorkerStandby;
  #unwarm: (() => void) | undefined;

  constructor(
    private readonly deps: C,
    private readonly settings: RunnerSettings,
  ) {
    this.#standby = new WorkerStandby(settings.early);
  }

  get runningCount(): number {
    return this.#running.size;
  }

  /** Starts polling; a job enqueued in this process wakes it at once. */
  start(): this {
    if (!this.#stopped || this.settings.concurrency <= 0) return this;
    this.#stopped = false;
    this.#unwarm = this.deps.jobs.internal.onWarm((kind, early) => {
      const blobConfig = blobStoreConfig(this.deps.env, this.deps.appSecret);
      for (const step of this.#warmSteps(kind)) {
        // Early work is held to the limits its step's run would have.
        const limits = { timeoutMs: this.#timeoutOf(step), maxMemoryMb: this.#maxMbOf(step) };
        this.#standby.warm(step, early && { ...early, blobConfig, ...limits });
      }
    });
    this.#unsubscribe = this.deps.jobs.internal.onEnqueue(() => this.wake());
    this.wake();
    return this;
  }

  /**
   * Stops claiming; running jobs get `graceMs` to finish, then are handed back to the queue (their
   * attempt not counted) so another runner resumes them without waiting for the lease to expire.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.#stopped = true;
    this.#halting = true;
    clearTimeout(this.#timer);
    this.#unsubscribe?.();
    this.#unwarm?.();
    await this.#ticking;
    const all = () => Promise.all([...this.#running.values()].map((r) => r.done));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = await Promise.race([
      all().then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      for (const r of this.#running.values()) r.controller.abort(new JobHandedBack());
      await all();
    }
    this.#standby.clear();
  }

  wake(): void {
    if (this.#stopped) return;
    // One tick at a time (two could both see the last free slot): a wake during a tick runs another right after it.
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#loop(), 0);
  }

  async #loop(): Promise<void> {
    if (this.#stopped || this.#ticking) return;
    do {
      this.#again = false;
      this.#ticking = this.tick().then(
        () => {},
        (error) => this.deps.log.error('job runner tick failed', error),
      );
      await this.#ticking;
    } while (this.#again && !this.#stopped);
    this.#ticking = undefined;
    if (this.#stopped) return;
    // Jittered so runners of several processes do not poll in step.
    const delay = this.settings.pollMs * (0.75 + Math.random() * 0.5);
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#loop(), delay);
  }

  /** One round: enqueue due schedules, then claim and start jobs while slots are free. Returns how many started. */
  async tick(): Promise<number> {
    if (this.settings.schedule) await this.#enqueueSchedules();
    let started = 0;
    for (;;) {
      if (this.#halting) break;
      const job = await this.#claim();
      if (!job) break;
      started++;
      this.#start(job);
    }
    return started;
  }

  /** Claims one runnable job and runs it to the end (for drains and tests). Undefined when there was nothing to claim. */
  async runOne(): Promise<JobRow | undefined> {
    if (this.#halting) return undefined;
    const job = await this.#claim();
    if (!job) return undefined;
    await this.#start(job);
    return job;
  }

  /** Settles once the idle Workers `deps.jobs.warm(kind)` started here are ready (at once when there are none). */
  async warmed(kind: string): Promise<void> {
    await Promise.all(this.#warmSteps(kind).map((step) => this.#standby.warmed(step)));
  }

  /** The early work held in this runner's idle Workers now (worker-standby.ts). */
  earlyWork(): ReturnType<WorkerStandby['earlyWork']> {
    return this.#standby.earlyWork();
  }

  #timeoutOf = (step: WorkerStep<any, any>) => step.limits.timeoutMs ?? this.settings.workerTimeoutMs;
  #maxMbOf = (step: WorkerStep<any, any>) => step.limits.maxMemoryMb ?? this.settings.workerMaxMb;

  /** The steps of `kind` to keep an idle Worker of, when this runner takes it (none when it runs no Worker steps). */
  #warmSteps(kind: string): WorkerStep<unknown, unknown>[] {
    if (this.#stopped || this.settings.workerThreads <= 0) return [];
    if (this.settings.kinds && !this.settings.kinds.includes(kind)) return [];
    return [...(this.deps.jobs.handler(kind)?.warmSteps ?? [])];
  }

  #claimableKinds(): string[] {
    if (this.#running.size >= Math.max(1, this.settings.concurrency)) return [];
    const heavyRunning = [...this.#running.values()].filter((r) => r.heavy).length;
    const heavyFree = heavyRunning < this.settings.workerThreads;
    const kinds = this.settings.kinds ?? this.deps.jobs.kinds();
    return kinds.filter((kind) => {
      const handler = this.deps.jobs.handler(kind);
      return handler && (heavyFree || !handler.heavy);
    });
  }

  async #claim(): Promise<JobRow | undefined> {
    const kinds = this.#claimableKinds();
    if (kinds.length === 0) return undefined;
    const now = this.deps.clock.now();
    // A read first: an idle runner never takes the write lock.
    if (!(await hasRunnable(this.deps.db, kinds, now))) return undefined;
    return claimNext(this.deps.db, kinds, `${this.id}:${randomToken(6)}`, now, this.settings.leaseMs);
  }

  async #enqueueSchedules(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    for (const s of this.deps.jobs.schedules()) {
      const slot = Math.floor(now / s.everyMs) * s.everyMs;
      if (this.#lastSlot.get(s.kind) === slot) continue;
      await this.deps.jobs.enqueue(s.kind, s.payload, { dedupeKey: `${s.kind}@${new Date(slot).toISOString()}` });
      this.#lastSlot.set(s.kind, slot);
    }
  }

  #start(job: JobRow): Promise<void> {
    const handler = this.deps.jobs.handler(job.kind)!;
    const controller = new AbortController();
    // Its log lines carry the job and the request that enqueued it.
    const context = { jobId: job.id, jobKind: job.kind, ...(job.requestId ? { requestId: job.requestId } : {}) };
    const done = withLogContext(context, () => this.#execute(job, handler, controller))
      .catch((error) =>
        this.deps.log.error('job execution failed', { id: job.id, kind: job.kind, error: String(error) }),
      )
      .finally(() => {
        this.#running.delete(job.id);
        this.deps.jobs.internal.running.delete(job.id);
        if (!this.#stopped) this.wake();
      });
    this.#running.set(job.id, { controller, heavy: !!handler.heavy, done });
    this.deps.jobs.internal.running.set(job.id, controller);
    return done;
  }

  async #execute(job: JobRow, handler: JobHandler<unknown, unknown, C>, controller: AbortController): Promise<void> {
    const { deps, settings } = this;
    const owner = job.leaseOwner!;
    const signal = controller.signal;
    if (job.cancelRequestedAt) return void (await this.#finish(job, handler, { state: 'CANCELLED' }));
    if (job.attempts > job.maxAttempts) {
      // The last attempt's runner died (its lease expired): nothing left to try.
      return void (await this.#finish(job, handler, {
        state: 'FAILED',
        errorCode: 'GENERAL_ERROR',
        errorDetail: `no attempt left: the runner of attempt ${job.maxAttempts} stopped renewing its lease`,
      }));
    }

    const react = (renewed: { cancelRequested: boolean } | null) => {
      if (signal.aborted) return;
      if (!renewed) controller.abort(new JobLeaseLostError());
      else if (renewed.cancelRequested) controller.abort(new JobCancelledError());
    };
    const heartbeat = setInterval(
      () => {
        renewLease(deps.db, job.id, owner, deps.clock.now(), settings.leaseMs).then(react, (error) =>
          deps.log.error('job heartbeat failed', { id: job.id, error: String(error) }),
        );
      },
      Math.max(50, settings.leaseMs / 3),
    );

    let current = 0;
    let lastWritten = 0;
    let lastWriteAt = 0;
    const ctx: JobContext<unknown, C> = {
      job,
      payload: job.payload,
      attempt: job.attempts,
      deps,
      signal,
      async progress(percent) {
        if (signal.aborted) throw signal.reason;
        const p = Math.max(0, Math.min(100, Math.floor(Number.isFinite(percent) ? percent : 0)));
        if (p <= current) return;
        current = p;
        const t = performance.now();
        if (p - lastWritten >= 1 && t - lastWriteAt >= PROGRESS_WRITE_MS) {
          lastWriteAt = t;
          lastWritten = p;
          const renewed = await renewLease(deps.db, job.id, owner, deps.clock.now(), settings.leaseMs, p);
          react(renewed);
          if (renewed) {
            await handler.onProgress?.(deps.db, job, p);
            deps.jobs.internal.emit({ type: 'progress', id: job.id, kind: job.kind, percent: p });
          }
        }
        if (signal.aborted) throw signal.reason;
      },
      async report(result) {
        if (signal.aborted) throw signal.reason;
        if (!(await writeInterimResult(deps.db, job.id, owner, deps.clock.now(), result)))
          controller.abort(new JobLeaseLostError());
        if (signal.aborted) throw signal.reason;
        deps.jobs.internal.emit({ type: 'reported', id: job.id, kind: job.kind });
      },
      runInWorker: (step, input, options = {}) => {
        const [from, to] = options.progressRange ?? [0, 100];
        const worker = this.#standby.take(step as WorkerStep<unknown, unknown>, options.earlyKey);
        return runWorkerStep(step, input, {
          timeoutMs: options.timeoutMs ?? this.#timeoutOf(step),
          maxMemoryMb: options.maxMemoryMb ?? this.#maxMbOf(step),
          signal,
          // Cancel and lease loss reach the step through the signal; nothing to do with the rejection here.
          onProgress: (p) => void ctx.progress(from + ((to - from) * p) / 100).catch(() => {}),
          blobConfig: blobStoreConfig(deps.env, deps.appSecret),
          ...(options.handlers ? { handlers: options.handlers } : {}),
          ...(worker ? { worker } : {}),
        });
      },
    };

    try {
      const result = await handler.run(ctx);
      // A run that completed counts even when a cancel arrived after its last progress point.
      await this.#finish(job, handler, { state: 'SUCCEEDED', result: result ?? null }, result);
    } catch (thrown) {
      const error = signal.aborted ? signal.reason : thrown;
      await this.#afterError(job, handler, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async #afterError(job: JobRow, handler: JobHandler<unknown, unknown, C>, error: unknown): Promise<void> {
    const { deps } = this;
    if (error instanceof JobLeaseLostError) {
      deps.log.error('job lease lost; leaving the job to its new runner', { id: job.id, kind: job.kind });
      return;
    }
    if (error instanceof JobHandedBack) {
      await writeTransaction(deps.db, (tx) =>
        releaseJob(tx, job.id, job.leaseOwner!, deps.clock.now(), {
          state: 'QUEUED',
          runAfter: deps.clock.now(),
          errorCode: 'GENERAL_ERROR',
          errorDetail: 'handed back by a stopping runner',
          giveBackAttempt: true,
        }),
      );
      return;
    }
    if (error instanceof JobCancelledError) return void (await this.#finish(job, handler, { state: 'CANCELLED' }));
    const { code, detail } = describeError(error);
    const retry = (handler.retryable ?? isRetryable)(error) && job.attempts < job.maxAttempts;
    if (retry) {
      const runAfter = new Date(
        deps.clock.now().getTime() + backoffMs(job.attempts, handler.backoff ?? DEFAULT_BACKOFF),
      );
      const entry = {
        id: job.id,
        kind: job.kind,
        attempt: job.attempts,
        code,
        detail,
        runAfter: runAfter.toISOString(),
      };
      if (error instanceof RetryableJobError && error.waiting) deps.log.info('job waiting; runs again later', entry);
      else deps.log.error('job attempt failed; retrying', entry);
      await writeTransaction(deps.db, (tx) =>
        releaseJob(tx, job.id, job.leaseOwner!, deps.clock.now(), {
          state: 'QUEUED',
          runAfter,
          errorCode: code,
          errorDetail: detail,
        }),
      );
      return;
    }
    deps.log.error('job failed', { id: job.id, kind: job.kind, attempt: job.attempts, code, detail });
    await this.#finish(job, handler, { state: 'FAILED', errorCode: code, errorDetail: detail });
  }

  /** Writes a final state and runs the handler's hook in the same transaction (only while the lease holds). */
  async #finish(
    job: JobRow,
    handler: JobHandler<unknown, unknown, C>,
    fields: Exclude<FinalFields, { state: 'QUEUED' }>,
    result?: unknown,
  ): Promise<void> {
    const { deps } = this;
    const outcome: JobOutcome | null =
      fields.state === 'FAILED'
        ? { state: 'FAILED', code: fields.errorCode as never, detail: fields.errorDetail }
        : fields.state === 'CANCELLED'
          ? { state: 'CANCELLED' }
          : null;
    const write = (withHook: boolean) =>
      writeTransaction(deps.db, async (tx) => {
        const after = await releaseJob(tx, job.id, job.leaseOwner!, deps.clock.now(), fields);
        if (after && withHook) {
          if (outcome) await handler.onFinalFailure?.(tx, after, outcome, deps);
          else await handler.onSucceeded?.(tx, after, result, deps);
        }
        return after;
      });
    let after: JobRow | undefined;
    // The claimed row's updatedAt is the instant of this attempt's claim.
    const seconds = (deps.clock.now().getTime() - Date.parse(job.updatedAt ?? job.createdAt)) / 1000;
    if (outcome) {
      try {
        after = await write(true);
      } catch (error) {
        // The failure must land even when the hook cannot: otherwise the job would be retried forever.
        deps.log.error('job failure hook failed; recording the failure without it', {
          id: job.id,
          kind: job.kind,
          error: String(error),
        });
        after = await write(false);
      }
    } else {
      after = await write(true);
    }
    if (after) {
      deps.log.info('job finished', { state: fields.state, attempt: job.attempts, ms: Math.round(seconds * 1000) });
      deps.metrics.jobsFinished.inc({ kind: job.kind, state: fields.state });
      deps.metrics.jobSeconds.observe({ kind: job.kind }, Math.max(0, seconds));
      deps.jobs.internal.emit({ type: 'settled', job: after });
    } else
      deps.log.error('job lease lost before its final state was written', {
        id: job.id,
        kind: job.kind,
        state: fields.state,
      });
  }
}

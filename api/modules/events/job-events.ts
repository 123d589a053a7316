// What the event streams of this process tell their pages about jobs. Jobs run in any process that
// shares the database, so the database is the source: one poller per process reads the streamed
// jobs every JOB_EVENT_POLL_MS while at least one stream is open (one query for all of them, not one
// per client) and hands each change to the streams of the job's organisation. A job this process
// runs says when it published an answer or ended (deps.jobs.onEvent): the poller reads at once then,
// so the answer reaches the page without waiting for the next tick (up to 250 ms of the wait).
import type { Deps } from '../../kernel/deps';
import type { JobEvent as JobSystemEvent } from '../../jobs';
import { streamedJobs, type JobSnapshot } from './job-events.repo';

/** Progress is written at most every 250 ms (api/jobs): reading as often shows every step. */
export const JOB_EVENT_POLL_MS = 250;
/** A job that finished is remembered this long, so a slower process's clock does not send it twice. */
const FINISHED_MEMORY_MS = 120_000;

/** One change of a job, as a page receives it. */
export type JobEvent = {
  jobId: string;
  kind: string;
  state: JobSnapshot['state'];
  progress: number;
  hasResult: boolean;
  datafileId: string | null;
};

/** A stream's subscription: the organisation it acts for, and (for an EMPLOYEE) the one owner whose datafiles it hears of. */
export type JobEventListener = { companyId: string; ownerId: string | null; send: (event: JobEvent) => void };

export type JobEventHub = {
  subscribe(listener: JobEventListener): () => void;
  /** Streams open in this process. */
  size(): number;
  /** Reads the jobs now (tests; the timer does it otherwise). */
  pollNow(): Promise<void>;
};

export function createJobEventHub(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'jobs'>,
  kinds: readonly string[],
  intervalMs = JOB_EVENT_POLL_MS,
): JobEventHub {
  const listeners = new Set<JobEventListener>();
  /** Each job's last signature sent, and when it was last seen. */
  const seen = new Map<string, { signature: string; at: number }>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let primed = false;
  /** A job moved while a read ran (which may have missed it): read once more when it ends. */
  let again = false;
  let offJobs: (() => void) | null = null;

  const poll = async () => {
    const now = deps.clock.now().getTime();
    const jobs = await streamedJobs(deps.db, kinds, new Date(now - FINISHED_MEMORY_MS).toISOString());
    for (const job of jobs) {
      const signature = `${job.state}:${job.progress}:${job.hasResult ? 1 : 0}`;
      const before = seen.get(job.id);
      seen.set(job.id, { signature, at: now });
      // The first read after the poller starts only learns what exists: pages ask for the state when they open.
      if (!primed || before?.signature === signature || !job.companyId) continue;
      const event: JobEvent = {
        jobId: job.id,
        kind: job.kind,
        state: job.state,
        progress: job.progress,
        hasResult: job.hasResult,
        datafileId: job.datafileId,
      };
      for (const listener of listeners)
        if (listener.companyId === job.companyId && (listener.ownerId === null || listener.ownerId === job.ownerId))
          listener.send(event);
    }
    primed = true;
    for (const [id, entry] of seen) if (now - entry.at > FINISHED_MEMORY_MS) seen.delete(id);
  };

  const pollNow = (): Promise<void> =>
    (running ??= poll()
      .catch((error: unknown) => deps.log.error('job events: reading the jobs failed', error))
      .finally(() => {
        running = null;
        if (again && listeners.size > 0) {
          again = false;
          void pollNow();
        }
      }));

  const streamed = new Set(kinds);
  const onLocalJob = (event: JobSystemEvent) => {
    // Progress waits for the tick (it is written at that pace anyway); an answer or an end is read at once.
    if (event.type === 'progress') return;
    if (!streamed.has(event.type === 'settled' ? event.job.kind : event.kind)) return;
    if (running) again = true;
    else void pollNow();
  };

  const tick = () => {
    timer = null;
    void pollNow().then(() => {
      if (listeners.size > 0 && timer === null) timer = setTimeout(tick, intervalMs);
    });
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      offJobs ??= deps.jobs.onEvent(onLocalJob);
      if (timer === null && running === null) tick();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          if (timer !== null) clearTimeout(timer);
          timer = null;
          offJobs?.();
          offJobs = null;
          again = false;
          primed = false;
          seen.clear();
        }
      };
    },
    size: () => listeners.size,
    pollNow,
  };
}

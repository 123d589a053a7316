// Worker threads started ahead of their step. A fresh Worker first imports the host and the step's
// modules (the whole upload engine for a check) and instantiates the scoring WASM: 0.3-0.5 s on a
// busy machine, before the first row of a file is read. When a feature says a job is likely soon
// (`deps.jobs.warm(kind)`, e.g. once step 2 of an upload has its preview), a started runner that takes the kind
// gets one idle Worker of each of its `warmSteps` ready and hands it to the step's next run. Each
// Worker still runs one step and ends with it; an unused one ends after IDLE_MS.
//
// Early work (`deps.jobs.warm(kind, { value, key, group })`: an upload's check reading its file while
// step 2 is read) runs in a Worker of its own per key, which only the run of that key takes. It is
// work nobody asked for yet, so it is held to the step's own limits (time, growth of resident
// memory, watched here as runWorkerStep watches a run) and capped: per group (an organisation) and
// per runner (a process runs one). Over a cap, no early work starts: the run does that work itself.
import type { EarlyWork } from './job-types';
import { HOST_URL, type WorkerMessage, type WorkerWarm, type WorkerStep } from './worker-step';

/** An idle Worker is ended after this long unused (its modules and scoring instance hold memory). */
const IDLE_MS = 10 * 60_000;
/**
 * A Worker whose early work is done is ended after this long untaken (the upload's early read holds its
 * rows as long). While the work still works, only the step's time limit ends it: a read of a big file
 * may take as long as its run could.
 */
export const EARLY_HOLD_MS = 3 * 60_000;
const MEMORY_SAMPLE_MS = 100;

/** Early work's Workers at once, per group and in all (held ones count: they hold memory). */
export type EarlyCaps = { perGroup: number; total: number };

/** What a runner hands the standby with early work: the work, where the Worker reads blobs, the step's limits. */
export type EarlyWarm = EarlyWork & {
  blobConfig: NonNullable<WorkerWarm['early']>['blobConfig'];
  timeoutMs: number;
  maxMemoryMb: number;
};

/** Bun's Worker can stop keeping the process alive while idle (the DOM type lacks it). */
type RefWorker = Worker & { ref(): void; unref(): void };

type Idle = {
  worker: RefWorker;
  warmed: Promise<void>;
  release: () => void;
  end: () => void;
  /** Ends the Worker `ms` from now if still untaken (instead of when its lifetime said). */
  holdFor: (ms: number) => void;
};
type Early = Idle & { key: string; group: string; value: string; reading: boolean };

export class WorkerStandby {
  /** Plain idle Workers, by step. */
  readonly #idle = new Map<string, Idle>();
  /** Workers with early work, by step and key. */
  readonly #early = new Map<string, Early>();

  constructor(readonly caps: EarlyCaps = { perGroup: 2, total: 4 }) {}

  /**
   * Gets an idle Worker of `step` ready. With early work: in a Worker of its own (the same work under
   * way is kept; other work of the same key replaces it), or, over a cap, none and a plain idle Worker.
   */
  warm(step: WorkerStep<unknown, unknown>, early?: EarlyWarm): void {
    if (early && this.#warmEarly(step, early)) return;
    if (this.#idle.has(step.url)) return;
    const idle = this.#start(step.url, undefined, IDLE_MS, {
      stopped: () => {
        if (this.#idle.get(step.url) === idle) this.#idle.delete(step.url);
      },
    });
    this.#idle.set(step.url, idle);
  }

  #warmEarly(step: WorkerStep<unknown, unknown>, early: EarlyWarm): boolean {
    const id = `${step.url}\n${early.key}`;
    const value = JSON.stringify(early.value);
    const held = this.#early.get(id);
    if (held?.value === value) return true;
    // Replaced: ended at once, wherever its reading was (a Worker's work cannot be stopped from outside otherwise).
    held?.end();
    const ofGroup = [...this.#early.values()].filter((e) => e.group === early.group).length;
    if (this.#early.size >= this.caps.total || ofGroup >= this.caps.perGroup) return false;
    // The step's limits while the work works: its time, and the process's memory growth since it started.
    const rssAtStart = process.memoryUsage.rss();
    const limitBytes = early.maxMemoryMb * 1024 * 1024;
    const deadline = setTimeout(() => entry.end(), early.timeoutMs);
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - rssAtStart > limitBytes) entry.end();
    }, MEMORY_SAMPLE_MS);
    // Like the idle Worker itself, its watch does not keep the process alive.
    deadline.unref?.();
    watch.unref?.();
    const stopWatching = () => {
      entry.reading = false;
      clearTimeout(deadline);
      clearInterval(watch);
    };
    // While it works, the deadline above is its limit (the lifetime only backs it up); once done, the hold.
    const working = { early: early.value, blobConfig: early.blobConfig };
    const idle = this.#start(step.url, working, early.timeoutMs, {
      // Gone (ended, failed) or taken: the run's own limits apply from here (runWorkerStep).
      stopped: () => {
        stopWatching();
        if (this.#early.get(id) === entry) this.#early.delete(id);
      },
      message: (message) => {
        if (message.type !== 'early-done') return;
        stopWatching();
        idle.holdFor(EARLY_HOLD_MS);
      },
    });
    const entry: Early = { ...idle, key: early.key, group: early.group, value, reading: true };
    this.#early.set(id, entry);
    return true;
  }

  /**
   * A fresh idle Worker of the step at `url` (it does not keep the process alive), ended after
   * `lifetimeMs` untaken; `on.stopped` hears once that it is gone or taken, `on.message` what it says while idle.
   */
  #start(
    url: string,
    early: WorkerWarm['early'],
    lifetimeMs: number,
    on: { stopped: () => void; message?: (message: WorkerMessage) => void },
  ): Idle {
    const worker = new Worker(HOST_URL) as RefWorker;
    worker.unref();
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      worker.removeEventListener('error', end);
      worker.removeEventListener('close', stop);
      worker.removeEventListener('message', onMessage);
      on.stopped();
    };
    // A Worker that failed while idle is ended; the next run starts a fresh one.
    const end = () => {
      stop();
      worker.terminate();
    };
    let timer = setTimeout(end, lifetimeMs);
    timer.unref?.();
    const holdFor = (ms: number) => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(end, ms);
      timer.unref?.();
    };
    let markWarmed = () => {};
    const warmed = new Promise<void>((resolve) => (markWarmed = resolve));
    const onMessage = (event: MessageEvent<WorkerMessage>) => {
      if (event.data.type === 'warmed') markWarmed();
      on.message?.(event.data);
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', end);
    worker.addEventListener('close', stop);
    worker.addEventListener('close', () => markWarmed());
    worker.postMessage({ type: 'warm', stepUrl: url, ...(early ? { early } : {}) } satisfies WorkerWarm);
    // Once taken (release), the run's own listeners (runWorkerStep) decide what an error means.
    return { worker, warmed, release: stop, end, holdFor };
  }

  /** Settles once the idle Workers of `step` have their modules and scoring ready (or are gone). */
  warmed(step: WorkerStep<unknown, unknown>): Promise<void> {
    const early = [...this.#early].filter(([id]) => id.startsWith(`${step.url}\n`)).map(([, e]) => e.warmed);
    return Promise.all([this.#idle.get(step.url)?.warmed, ...early]).then(() => {});
  }

  /**
   * The idle Worker of this step, now owned by the caller (who terminates it), or undefined: the one
   * with the early work of `earlyKey` if there is one, else the plain one.
   */
  take(step: WorkerStep<unknown, unknown>, earlyKey?: string): Worker | undefined {
    const id = `${step.url}\n${earlyKey}`;
    const early = earlyKey === undefined ? undefined : this.#early.get(id);
    const idle = early ?? this.#idle.get(step.url);
    if (!idle) return undefined;
    if (early) this.#early.delete(id);
    else this.#idle.delete(step.url);
    idle.release();
    idle.worker.ref();
    return idle.worker;
  }

  /** The early work held now (for tests and operators): its key, group and whether it is still working. */
  earlyWork(): { key: string; group: string; reading: boolean }[] {
    return [...this.#early.values()].map(({ key, group, reading }) => ({ key, group, reading }));
  }

  /** Ends every idle Worker (a stopping runner; it starts no more while stopped). */
  clear(): void {
    for (const idle of [...this.#idle.values(), ...this.#early.values()]) idle.end();
    this.#idle.clear();
    this.#early.clear();
  }
}

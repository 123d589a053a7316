// Worker threads started ahead of their step. A fresh Worker first imports the host and the step's
// modules (the whole upload engine for a check) and instantiates the scoring WASM: 0.3-0.5 s on a
// busy machine, before the first row of a file is read. When a feature says a job is likely soon
// (`deps.jobs.warm(kind)`, e.g. once step 2 of an upload has its preview), a started runner that takes the kind
// gets one idle Worker of each of its `warmSteps` ready and hands it to the step's next run. Each
// Worker still runs one step and ends with it; an unused one ends after IDLE_MS.
import { HOST_URL, type WorkerMessage, type WorkerWarm, type WorkerStep } from './worker-step';

/** An idle Worker is ended after this long unused (its modules and scoring instance hold memory). */
const IDLE_MS = 10 * 60_000;

/** Bun's Worker can stop keeping the process alive while idle (the DOM type lacks it). */
type RefWorker = Worker & { ref(): void; unref(): void };

export class WorkerStandby {
  readonly #idle = new Map<
    string,
    { worker: RefWorker; timer: ReturnType<typeof setTimeout>; warmed: Promise<void>; release: () => void }
  >();

  /** Starts an idle Worker for `step` unless one is there (it does not keep the process alive). */
  warm(step: WorkerStep<unknown, unknown>, early?: WorkerWarm['early']): void {
    const url = step.url;
    const idle = this.#idle.get(url);
    // An idle Worker gets the newest `early` (it replaces the one before in the Worker).
    if (idle) {
      if (early) idle.worker.postMessage({ type: 'warm', stepUrl: url, early } satisfies WorkerWarm);
      return;
    }
    const worker = new Worker(HOST_URL) as RefWorker;
    worker.unref();
    const drop = () => {
      if (this.#idle.get(url)?.worker !== worker) return;
      clearTimeout(this.#idle.get(url)!.timer);
      this.#idle.delete(url);
    };
    // A Worker that failed while idle is dropped; the next run starts a fresh one.
    const failed = () => {
      drop();
      worker.terminate();
    };
    worker.addEventListener('error', failed);
    worker.addEventListener('close', drop);
    // Once taken, the run's own listeners (runWorkerStep) decide what an error means.
    const release = () => {
      worker.removeEventListener('error', failed);
      worker.removeEventListener('close', drop);
    };
    const timer = setTimeout(() => {
      drop();
      worker.terminate();
    }, IDLE_MS);
    timer.unref?.();
    const warmed = new Promise<void>((resolve) => {
      const onMessage = (event: MessageEvent<WorkerMessage>) => {
        if (event.data.type !== 'warmed') return;
        worker.removeEventListener('message', onMessage);
        resolve();
      };
      worker.addEventListener('message', onMessage);
      worker.addEventListener('close', () => resolve());
    });
    this.#idle.set(url, { worker, timer, warmed, release });
    worker.postMessage({ type: 'warm', stepUrl: url, ...(early ? { early } : {}) } satisfies WorkerWarm);
  }

  /** Settles once the idle Worker of `step` has its modules and scoring ready (or is gone). */
  warmed(step: WorkerStep<unknown, unknown>): Promise<void> {
    return this.#idle.get(step.url)?.warmed ?? Promise.resolve();
  }

  /** The idle Worker of this step, now owned by the caller (who terminates it), or undefined. */
  take(step: WorkerStep<unknown, unknown>): Worker | undefined {
    const idle = this.#idle.get(step.url);
    if (!idle) return undefined;
    clearTimeout(idle.timer);
    this.#idle.delete(step.url);
    idle.release();
    idle.worker.ref();
    return idle.worker;
  }

  /** Ends every idle Worker (a stopping runner; it starts no more while stopped). */
  clear(): void {
    for (const { worker, timer } of this.#idle.values()) {
      clearTimeout(timer);
      worker.terminate();
    }
    this.#idle.clear();
  }
}

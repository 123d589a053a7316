// Waiting in the API process for something a job changes (a check's answer, an upload's READY)
// without a poll's delay: the read is repeated the moment a job of this process moves (progress, an
// interim result, its end), and at least every `fallbackMs`, since a job run by another process
// (a separate worker) sends no event here.
import type { JobEvent, JobSystem } from './job-types';

/**
 * Calls `read` until `done` holds for its value or `until` (epoch ms) has passed, and returns the
 * last value read. `wakeOn` chooses the events that trigger a read (default: every one); a wait for
 * an answer or an end can skip progress, so many waiters do not read at every job's every step.
 */
export async function readUntil<T>(
  jobs: Pick<JobSystem, 'onEvent'>,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { fallbackMs: number; until: number; wakeOn?: (event: JobEvent) => boolean },
): Promise<T> {
  let moved = false;
  let wake = () => {};
  const off = jobs.onEvent((event) => {
    if (options.wakeOn && !options.wakeOn(event)) return;
    moved = true;
    wake();
  });
  try {
    for (;;) {
      moved = false;
      const value = await read();
      if (done(value) || Date.now() >= options.until) return value;
      // A job moved while reading: read again at once.
      if (moved) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, Math.min(options.fallbackMs, options.until - Date.now())));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => {};
    }
  } finally {
    off();
  }
}

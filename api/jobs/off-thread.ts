import { AppError } from '../kernel/errors/errors';
import { currentBudget } from '../lib/request-budget';
import type { BlobStoreConfig } from '../infra/blob-store';
import { runWorkerStep, type WorkerStep } from './worker-step';

/**
 * Work a request needs that may read a whole stored file (an upload's first rows, its sheets, its
 * header) runs as a Worker step with the job limits instead of on the event loop: a hostile file
 * then costs a Worker thread up to its time and memory limit, never the API's answers to everyone
 * else. At most OFF_THREAD_AT_ONCE run per process; further callers wait their turn, and past
 * OFF_THREAD_MAX_WAITING waiting the request is refused (TOO_MANY_REQUESTS, retry shortly).
 */
export const OFF_THREAD_AT_ONCE = 2;
export const OFF_THREAD_MAX_WAITING = 200;

let running = 0;
const waiting: (() => void)[] = [];

async function takeSlot(): Promise<void> {
  if (running < OFF_THREAD_AT_ONCE) {
    running++;
    return;
  }
  if (waiting.length >= OFF_THREAD_MAX_WAITING) throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: 5 });
  // The slot is handed over by the one who releases it (running stays the same).
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * Runs `step` in a fresh Worker within the limits; rejects like runWorkerStep (WorkerLimitError past a
 * limit). The Worker is terminated when the request's time budget runs out, which rejects with the
 * budget's refusal.
 */
export async function runOffThread<I, R>(
  step: WorkerStep<I, R>,
  input: I,
  options: { timeoutMs: number; maxMemoryMb: number; blobConfig: BlobStoreConfig },
): Promise<R> {
  const budget = currentBudget();
  await takeSlot();
  try {
    budget?.check();
    return await runWorkerStep(step, input, {
      ...options,
      signal: budget?.signal ?? new AbortController().signal,
      onProgress: () => undefined,
    });
  } finally {
    releaseSlot();
  }
}

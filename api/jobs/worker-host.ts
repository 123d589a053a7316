// The entry of every job Worker thread (api/jobs/worker-step.ts): receives one step to run, gives
// it a context (progress, cancellation, its own scoring instance, the blob store) and answers with
// the result or the error. Nothing here touches the database.
import { readFile } from 'node:fs/promises';
import { loadScoring, type Scoring } from '../../scoring/index.ts';
import { WASM_URL } from '../../scoring/load-node.ts';
import { createBlobStore } from '../infra/blob-store';
import {
  rebuildError,
  type SerializedError,
  type WorkerMessage,
  type WorkerResponse,
  type WorkerStart,
  type WorkerStepContext,
  type WorkerStepFn,
  type WorkerRequest,
  type WorkerWarm,
  type WorkerEarlyFn,
} from './worker-step';

declare const self: Worker;

class WorkerStepCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'WorkerStepCancelled';
  }
}

const PROGRESS_POST_MS = 50;

function serialize(error: unknown): SerializedError {
  if (error instanceof Error) {
    const e = error as Error & { code?: unknown; details?: unknown };
    return {
      name: e.name,
      message: e.message,
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
      ...(e.details && typeof e.details === 'object' ? { details: e.details as Record<string, unknown> } : {}),
    };
  }
  return { name: 'Error', message: String(error) };
}

/** ArrayBuffers inside the result (a few levels deep) move to the main thread instead of being copied. */
function transferablesOf(value: unknown, depth = 0, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (value instanceof ArrayBuffer) found.add(value);
  else if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer) found.add(value.buffer);
  else if (depth < 3 && value && typeof value === 'object')
    for (const v of Array.isArray(value) ? value : Object.values(value)) transferablesOf(v, depth + 1, found);
  return [...found];
}

const post = (message: WorkerMessage, transfer: Transferable[] = []) => self.postMessage(message, transfer);

/** Requests to the main thread that wait for their answer. */
const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
let nextRequest = 1;

/** One scoring instance per Worker (a Worker runs one step), loaded on first use or while warming. */
let scoring: Promise<Scoring> | undefined;
const loadScoringOnce = () => {
  scoring ??= readFile(WASM_URL).then((bytes) => loadScoring(bytes));
  // A failed load is tried again by the next caller, not handed out.
  scoring.catch(() => (scoring = undefined));
  return scoring;
};

/** The standby hears 'warmed' once; a later warm (a newer `early`) adds nothing to say. */
let warmedPosted = false;

/**
 * An idle Worker of the standby: the step's module and the scoring instance are ready before its
 * start arrives. Failures here are the step's to report when it runs (the same import, the same load).
 */
function warm({ stepUrl, early }: WorkerWarm) {
  const step = import(stepUrl) as Promise<{ early?: WorkerEarlyFn }>;
  // Early work is a head start only: if it fails, the step's run does that work itself.
  if (early)
    void step
      .then((module) => module.early?.(early.early, { blobs: createBlobStore(early.blobConfig) }))
      .catch(() => undefined)
      .then(() => post({ type: 'early-done' }));
  void Promise.allSettled([step, loadScoringOnce()]).then(() => {
    if (warmedPosted) return;
    warmedPosted = true;
    post({ type: 'warmed' });
  });
}

self.onmessage = (event: MessageEvent<WorkerStart | WorkerResponse | WorkerWarm>) => {
  const data = event.data;
  if ('type' in data && data.type === 'warm') return warm(data);
  if ('type' in data && data.type === 'response') {
    const pending = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error) pending?.reject(rebuildError(data.error));
    else pending?.resolve(data.result);
    return;
  }
  void start(data as WorkerStart);
};

async function start({ stepUrl, input, cancelFlag, blobConfig }: WorkerStart) {
  const flag = new Int32Array(cancelFlag);
  let lastPost = 0;
  let lastPercent = -1;
  const throwIfCancelled = () => {
    if (Atomics.load(flag, 0) !== 0) throw new WorkerStepCancelled();
  };
  const ctx: WorkerStepContext = {
    progress(percent) {
      throwIfCancelled();
      const p = Math.max(0, Math.min(100, Math.floor(percent)));
      const now = performance.now();
      if (p !== lastPercent && now - lastPost >= PROGRESS_POST_MS) {
        lastPercent = p;
        lastPost = now;
        post({ type: 'progress', percent: p });
      }
    },
    throwIfCancelled,
    scoring: loadScoringOnce,
    blobs: createBlobStore(blobConfig),
    request: <P, A>(name: WorkerRequest<P, A>, payload: P) =>
      new Promise<A>((resolve, reject) => {
        const id = nextRequest++;
        // The main thread answers with the handler registered for this typed request.
        waiting.set(id, { resolve: (v) => resolve(v as A), reject });
        post({ type: 'request', id, name, payload });
      }),
  };
  try {
    const module = (await import(stepUrl)) as { run?: WorkerStepFn<unknown, unknown> };
    if (typeof module.run !== 'function') throw new Error(`worker step ${stepUrl} exports no run()`);
    const result = await module.run(input, ctx);
    post({ type: 'result', result }, transferablesOf(result));
  } catch (error) {
    post({ type: 'error', error: serialize(error) });
  }
}

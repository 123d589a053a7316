// The main thread's handle on the cleaning worker. It sends the data once (transferred), then one
// run at a time: while a run is in the worker, newer requests replace each other and only the latest
// is sent when the worker answers ("latest wins"); every caller whose request was replaced gets the
// result of the run that replaced it, so a slider dragged across ten values costs two runs, not ten.
import type { CleaningRules } from '../../../../scoring/index.ts';
import { onSessionEnd } from '../../../lib/session.ts';
import type {
  CleaningRequest,
  EngineReady,
  EngineResult,
  EngineSource,
  FromWorker,
  GroupingInput,
  ManualDecision,
  ToWorker,
  WorkerLike,
} from './protocol.ts';

export interface CleaningEngineOptions {
  source: EngineSource;
  groupings?: GroupingInput[];
  /** Manual decisions per row at start (0 none, 1 exclude, 2 keep); transferred. */
  manual?: Float64Array;
  /** Another .wasm than the app's (tests, benches). */
  wasmUrl?: string;
  /** Defaults to a new module Worker running cleaning.worker.ts. */
  worker?: WorkerLike;
}

export interface CleaningEngine {
  /** Resolves when the worker holds the data (rows, scoring version, groupings found). */
  readonly ready: Promise<EngineReady>;
  /** The same answer once it is in (null before): a page mounting after it renders with it at once. */
  readonly readyNow: EngineReady | null;
  /** Re-runs the rules; resolves with this run's result or, if a newer run replaced it, with that one's. */
  run(request: CleaningRequest | CleaningRules): Promise<EngineResult>;
  /**
   * Sends `request` now, ahead of the caller that will ask for it (a full load's first run, from the
   * saved settings at boot): the next run() of an equal request gets this run's answer instead of a
   * run of its own, so the page's first render finds the rows' masks computed or on their way.
   */
  prime(request: CleaningRequest): void;
  /** Sets manual decisions of single interviews; the next run applies them. */
  setManual(changes: [row: number, decision: ManualDecision][]): void;
  /** Ends the worker; pending runs reject. */
  dispose(): void;
}

/** Equal for requests the worker answers alike (the same functions build them in the same order). */
export function requestKey(r: CleaningRequest): string {
  return JSON.stringify([r.rules, r.groupBy ?? null, r.quota ?? null, r.duplicate ?? null, r.weights ?? null]);
}

type Waiter = { resolve: (r: EngineResult) => void; reject: (e: Error) => void };

function transfersOf(
  source: EngineSource,
  groupings: GroupingInput[] | undefined,
  manual: Float64Array | undefined,
): Transferable[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (b: ArrayBufferLike | undefined) => {
    if (b instanceof ArrayBuffer) buffers.add(b);
  };
  if (source.kind === 'columns') Object.values(source.columns).forEach((c) => add(c.buffer));
  else {
    add(source.scores);
    add(source.raw);
  }
  groupings?.forEach((g) => add(g.cells.buffer));
  add(manual?.buffer);
  return [...buffers];
}

/** A worker started ahead of its engine, and how long it waits for one before it is ended. */
let spare: { worker: WorkerLike; timer: ReturnType<typeof setTimeout> } | null = null;
const SPARE_WAIT_MS = 60_000;

function newWorker(): WorkerLike {
  return new Worker(new URL('./cleaning.worker.ts', import.meta.url), {
    type: 'module',
    name: 'cleaning-engine',
  }) as unknown as WorkerLike;
}

function defaultWorker(): WorkerLike {
  if (!spare) return newWorker();
  const { worker, timer } = spare;
  clearTimeout(timer);
  spare = null;
  return worker;
}

/**
 * Starts the engine's worker before its data is there (boot, while the page's code and queries
 * load): the worker loads its script, the Arrow decoder and the scoring core meanwhile, and the next
 * engine takes it over. Unused for a minute, it is ended.
 */
export function warmCleaningWorker(): void {
  if (spare) return;
  const worker = newWorker();
  spare = {
    worker,
    timer: setTimeout(() => {
      if (spare?.worker === worker) spare = null;
      worker.terminate?.();
    }, SPARE_WAIT_MS),
  };
}

/**
 * An engine started from data loaded at boot (the worksheet's score columns), before the page that
 * uses it has rendered: the worker decodes them and compiles the scoring core meanwhile. Kept under
 * the key of the data it holds (datafile, revision, interviews, quota columns) from the moment the
 * settings name that data, while its columns still load: a page that renders before they arrive waits
 * for this engine instead of loading the same columns again into a second worker. The page takes it
 * over only for the same key, and an engine nobody takes over within a minute is ended.
 */
let early: {
  key: string;
  engine: Promise<CleaningEngine>;
  /** The engine once its data is in (null while loading). */
  started: CleaningEngine | null;
  timer: ReturnType<typeof setTimeout>;
} | null = null;

function dropEarlyEngine(): void {
  if (!early) return;
  clearTimeout(early.timer);
  early.engine.then((engine) => engine.dispose()).catch(() => undefined);
  early = null;
}

/** Starts the engine for `key` on `options`, which may still be loading (a failed load drops it). */
/** `onStart` gets the engine the moment it is created (to prime its first run). */
export function startEarlyEngine(
  key: string,
  options: CleaningEngineOptions | Promise<CleaningEngineOptions>,
  onStart?: (engine: CleaningEngine) => void,
): void {
  dropEarlyEngine();
  const entry: NonNullable<typeof early> = {
    key,
    engine: Promise.resolve(options).then((o) => {
      const engine = createCleaningEngine(o);
      entry.started = engine;
      try {
        onStart?.(engine);
      } catch {
        // Priming is a head start only: the page sends its first run itself when it finds none.
      }
      return engine;
    }),
    started: null,
    timer: setTimeout(dropEarlyEngine, SPARE_WAIT_MS),
  };
  early = entry;
  entry.engine.catch(() => {
    if (early === entry) dropEarlyEngine();
  });
}

/**
 * The engine started early for `key`, if any, resolved once its data is in (no side effect: a render
 * may call it); it rejects when that data failed to load.
 */
export function earlyEngine(key: string): Promise<CleaningEngine> | null {
  return early?.key === key ? early.engine : null;
}

/** The engine started early for `key` once its data went in (null before): a render may take it at once. */
export function startedEarlyEngine(key: string): CleaningEngine | null {
  return early?.key === key ? early.started : null;
}

/** Takes over the early engine (it is no longer ended by the timer); false if it was ended meanwhile. */
export function claimEarlyEngine(engine: CleaningEngine): boolean {
  if (!early || early.started !== engine) return false;
  clearTimeout(early.timer);
  early = null;
  return true;
}

// The next user of this tab must not find the last one's data in a waiting engine.
onSessionEnd(dropEarlyEngine);

export function createCleaningEngine(options: CleaningEngineOptions): CleaningEngine {
  const worker = options.worker ?? defaultWorker();
  let seq = 0;
  let inFlight: { seq: number; request: CleaningRequest; waiters: Waiter[] } | null = null;
  let pending: { request: CleaningRequest; waiters: Waiter[] } | null = null;
  let disposed = false;
  /** A run sent ahead (prime), kept for the next run() only. */
  let primed: { key: string; result: Promise<EngineResult> } | null = null;
  let readyNow: EngineReady | null = null;
  let readyWaiter: { resolve: (r: EngineReady) => void; reject: (e: Error) => void } | null = null;
  const ready = new Promise<EngineReady>((resolve, reject) => {
    readyWaiter = { resolve, reject };
  });
  // A rejection nobody awaits yet must not surface as unhandled; run() and callers still see it.
  ready.catch(() => undefined);

  const send = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);

  const dispatch = (request: CleaningRequest, waiters: Waiter[]) => {
    inFlight = { seq: ++seq, request, waiters };
    send({ type: 'run', seq: inFlight.seq, request });
  };

  const settleInFlight = (settle: (w: Waiter) => void) => {
    const done = inFlight;
    inFlight = null;
    done?.waiters.forEach(settle);
    if (pending && !disposed) {
      const next = pending;
      pending = null;
      dispatch(next.request, next.waiters);
    }
  };

  const onMessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    if (message.type === 'ready') {
      readyNow = message.ready;
      readyWaiter?.resolve(message.ready);
    } else if (message.type === 'result') {
      if (inFlight && message.result.seq === inFlight.seq) {
        // The worker answers with a copy of the request; hand back the caller's own object, so
        // `result.request === request` tells which request a result belongs to.
        const result = { ...message.result, request: inFlight.request };
        settleInFlight((w) => w.resolve(result));
      }
    } else if (message.seq === null) {
      // Init failed (or a manual change arrived without data): nothing can run.
      const error = new Error(message.message);
      readyWaiter?.reject(error);
      if (inFlight) settleInFlight((w) => w.reject(error));
    } else if (inFlight && message.seq === inFlight.seq) {
      settleInFlight((w) => w.reject(new Error(message.message)));
    }
  };
  worker.addEventListener('message', onMessage);
  send(
    {
      type: 'init',
      source: options.source,
      ...(options.groupings ? { groupings: options.groupings } : {}),
      ...(options.manual ? { manual: options.manual } : {}),
      ...(options.wasmUrl ? { wasmUrl: options.wasmUrl } : {}),
    },
    transfersOf(options.source, options.groupings, options.manual),
  );

  const run = (request: CleaningRequest): Promise<EngineResult> => {
    if (disposed) return Promise.reject(new Error('the cleaning engine was disposed'));
    return new Promise<EngineResult>((resolve, reject) => {
      const waiter = { resolve, reject };
      if (!inFlight) dispatch(request, [waiter]);
      else pending = { request, waiters: [...(pending?.waiters ?? []), waiter] };
    });
  };

  return {
    ready,
    get readyNow() {
      return readyNow;
    },
    run(input) {
      // CleaningRules carry `badAnswers`; a CleaningRequest wraps them in `rules`.
      const request: CleaningRequest = 'badAnswers' in input ? { rules: input } : input;
      const ahead = primed;
      primed = null;
      // The caller's own request object on the answer, as for a run of its own.
      if (ahead && ahead.key === requestKey(request)) return ahead.result.then((r) => ({ ...r, request }));
      return run(request);
    },
    prime(request) {
      if (disposed) return;
      const result = run(request);
      // Nobody may ever ask for it: its failure is the caller's to see, not an unhandled rejection.
      result.catch(() => undefined);
      primed = { key: requestKey(request), result };
    },
    setManual(changes) {
      if (disposed || changes.length === 0) return;
      // The run sent ahead did not have these decisions.
      primed = null;
      send({ type: 'manual', changes });
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      primed = null;
      const error = new Error('the cleaning engine was disposed');
      inFlight?.waiters.forEach((w) => w.reject(error));
      pending?.waiters.forEach((w) => w.reject(error));
      inFlight = null;
      pending = null;
      readyWaiter?.reject(error);
      send({ type: 'dispose' });
      worker.removeEventListener('message', onMessage);
      worker.terminate?.();
    },
  };
}

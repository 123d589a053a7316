import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { claimEarlyEngine, createCleaningEngine, type CleaningEngine, type CleaningEngineOptions } from './client.ts';
import { markLoad } from './load-marks.ts';
import type { CleaningRequest, EngineReady, EngineResult } from './protocol.ts';

export interface CleaningEngineState {
  engine: CleaningEngine | null;
  ready: EngineReady | null;
  /** The result of the latest request the worker has answered. */
  result: EngineResult | null;
  error: Error | null;
  /**
   * Re-runs the rules (stable across renders). Call it straight from the change handler: the request
   * reaches the worker in the same task, and only `result` re-renders the page when the answer comes.
   */
  run: (request: CleaningRequest) => void;
}

/** The data for a new engine, or an engine started early with it (startEarlyEngine) to take over. */
export type CleaningEngineInput = CleaningEngineOptions | { started: CleaningEngine };

/**
 * The worksheet's cleaning engine as React state. A new `options` object (new data) starts a new
 * worker and ends the old one; keep it stable (useMemo) between renders. Rapid `run` calls coalesce in
 * the client (the latest wins); `result` only ever moves forward to the newest request answered.
 */
export function useCleaningEngine(options: CleaningEngineInput | null): CleaningEngineState {
  // An engine started early whose data are in renders ready from the first render (no task between).
  const [engine, setEngine] = useState<CleaningEngine | null>(() =>
    options && 'started' in options ? options.started : null,
  );
  const [ready, setReady] = useState<EngineReady | null>(() =>
    options && 'started' in options ? options.started.readyNow : null,
  );
  const [result, setResult] = useState<EngineResult | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const engineRef = useRef<CleaningEngine | null>(null);
  const latest = useRef(0);
  /** A request made before the worker existed, sent once it does. */
  const early = useRef<CleaningRequest | null>(null);

  const run = useCallback((request: CleaningRequest) => {
    const current = engineRef.current;
    if (!current) {
      early.current = request;
      return;
    }
    const ticket = ++latest.current;
    markLoad('run');
    current.run(request).then(
      (r) => {
        // A replaced request resolves with the newer result, which that newer request sets itself; an
        // older request's own result arrives before any newer one (one run at a time, in order).
        if ((ticket === latest.current || r.request === request) && engineRef.current === current) {
          // Render in the task that received the result: a scheduled render would wait for another
          // task, often missing the frame the result could still make.
          markLoad('result');
          flushSync(() => setResult(r));
        }
      },
      (e: Error) => {
        if (ticket === latest.current && engineRef.current === current) setError(e);
      },
    );
  }, []);

  useEffect(() => {
    if (!options) return undefined;
    // An early engine ended meanwhile (its minute passed, the session ended) answers every call with a
    // refusal, which the page shows as a load error to retry.
    const created =
      'started' in options ? (claimEarlyEngine(options.started), options.started) : createCleaningEngine(options);
    let live = true;
    engineRef.current = created;
    setEngine(created);
    setReady(created.readyNow);
    setResult(null);
    setError(null);
    created.ready.then(
      (r) => {
        markLoad('engine-ready');
        // Rendered in this task: the page's first run goes out from the effects of this very commit
        // (a render synchronous to the task flushes them too), not a scheduled render and a frame later.
        if (live) flushSync(() => setReady(r));
      },
      (e: Error) => {
        if (live) setError(e);
      },
    );
    if (early.current) {
      const request = early.current;
      early.current = null;
      run(request);
    }
    return () => {
      live = false;
      if (engineRef.current === created) engineRef.current = null;
      created.dispose();
      setEngine(null);
    };
  }, [options, run]);

  return { engine, ready, result, error, run };
}

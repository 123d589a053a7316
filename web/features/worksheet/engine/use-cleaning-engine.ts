import { useEffect, useRef, useState } from 'react';
import { createCleaningEngine, type CleaningEngine, type CleaningEngineOptions } from './client.ts';
import type { CleaningRequest, EngineReady, EngineResult } from './protocol.ts';

export interface CleaningEngineState {
  engine: CleaningEngine | null;
  ready: EngineReady | null;
  /** The latest result (of the latest request once the worker has answered it). */
  result: EngineResult | null;
  error: Error | null;
}

/**
 * The worksheet's cleaning engine as React state. A new `options` object (new data) starts a new
 * worker and ends the old one; every new `request` object re-runs the rules (rapid changes coalesce
 * in the client: the latest wins). Keep both stable (useMemo/useState) between renders.
 */
export function useCleaningEngine(options: CleaningEngineOptions | null, request: CleaningRequest | null): CleaningEngineState {
  const [engine, setEngine] = useState<CleaningEngine | null>(null);
  const [ready, setReady] = useState<EngineReady | null>(null);
  const [result, setResult] = useState<EngineResult | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    if (!options) return undefined;
    const created = createCleaningEngine(options);
    let live = true;
    setEngine(created);
    setReady(null);
    setResult(null);
    setError(null);
    created.ready.then((r) => { if (live) setReady(r); }, (e: Error) => { if (live) setError(e); });
    return () => {
      live = false;
      created.dispose();
      setEngine(null);
    };
  }, [options]);

  useEffect(() => {
    if (!engine || !request) return;
    const ticket = ++latest.current;
    engine.run(request).then(
      (r) => {
        // An older promise can settle after a newer one was asked for: only the newest paints.
        if (ticket === latest.current || r.request === request) setResult(r);
      },
      (e: Error) => {
        if (ticket === latest.current && e.message !== 'the cleaning engine was disposed') setError(e);
      },
    );
  }, [engine, request]);

  return { engine, ready, result, error };
}

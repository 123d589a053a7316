import { useEffect, useMemo, useRef, useState } from 'react';
import { livePolling } from '../../../lib/live-polling';
import { earlyEngine, startedEarlyEngine, type CleaningEngineInput } from '../engine/index.ts';
import { engineDataKey, engineSource, MAX_GROUPINGS, type CleaningSettingsData } from './use-cleaning-settings';

/**
 * The cleaning engine's data for the worksheet's settings: the engine a full load started on it at
 * boot (taken over, not loaded again), else the score and quota columns loaded now. New data (a live
 * datafile grew, a new revision, other quota columns) loads anew; a poll that changed nothing does not.
 */
export function useEngineInput(settings: CleaningSettingsData): {
  options: CleaningEngineInput | null;
  loadError: Error | null;
} {
  const [loadError, setLoadError] = useState<Error | null>(null);
  const groupingColumns = useMemo(() => settings.groupingColumns.slice(0, MAX_GROUPINGS), [settings.groupingColumns]);
  const dataKey = engineDataKey(settings);
  // The engine boot started with these data in, taken in the first render: a promise's callback and
  // another render in a later task cost the first rows a task or more on a busy main thread.
  const [options, setOptions] = useState<CleaningEngineInput | null>(() => {
    const started = startedEarlyEngine(dataKey);
    return started ? { started } : null;
  });
  /** The data key the options were set for: a poll that changed nothing loads nothing. */
  const loadedFor = useRef<string | null>(options ? dataKey : null);
  const timeoutMs = livePolling(settings)?.requestTimeoutMs;
  useEffect(() => {
    if (loadedFor.current === dataKey) return undefined;
    let live = true;
    const load = () =>
      engineSource(settings.datafileId, settings.revision, groupingColumns, timeoutMs).then(
        (source) => {
          if (!live) return;
          loadedFor.current = dataKey;
          setOptions({ source });
        },
        (e: Error) => {
          if (live) setLoadError(e);
        },
      );
    // The engine boot started on these very data (web/app/boot.ts), ready or with its columns still
    // loading: wait for it rather than load the same columns into a second worker.
    const early = earlyEngine(dataKey);
    if (!early) void load();
    else
      early.then(
        (started) => {
          if (!live) return;
          loadedFor.current = dataKey;
          setOptions({ started });
        },
        () => {
          if (live) void load();
        },
      );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload on new data only (dataKey), not on every poll
  }, [dataKey]);
  return { options, loadError };
}

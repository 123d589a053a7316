// The worksheet's first run, from the saved settings alone: the page's form starts from the same
// values (toFormValues), so a full load can send this run at boot, beside the page's code, and the
// page's own first run finds its answer there (CleaningEngine.prime).
import type { GetDatafileCleaningSettingsQuery } from '../../../lib/gql/graphql';
import type { CleaningEngine, CleaningRequest, EngineReady } from '../engine/index.ts';
import { quotaRequest, rulesOf, toFormValues, weightsOf } from './form-model';

type Settings = GetDatafileCleaningSettingsQuery['getDatafileCleaningSettings'];

/** The grouping the impact view opens with: the quota's characteristic, else the first one. */
export function initialGroupBy(s: Pick<Settings, 'quotaSetting' | 'groupingColumns'>): string {
  return s.quotaSetting?.column ?? s.groupingColumns[0] ?? '';
}

/**
 * What the page runs first for these settings: the form's initial values, the initial grouping, no
 * duplicates yet (their query goes out when the page mounts). `ready` gives a quota its cells' order.
 */
export function firstRunRequest(s: Settings, ready: Pick<EngineReady, 'groupings'> | null): CleaningRequest {
  const values = toFormValues(s);
  const cells = ready?.groupings.find((g) => g.name === values.quota.column)?.values;
  return {
    rules: rulesOf(values),
    groupBy: initialGroupBy(s) || null,
    quota: quotaRequest(values, cells),
    duplicate: null,
    weights: weightsOf(values),
  };
}

/**
 * Sends the first run to an engine started at boot. Saved manual decisions reach the worker from the
 * page first, so that run is left to the page; a quota waits for the engine's cells.
 */
export function primeFirstRun(engine: CleaningEngine, s: Settings): void {
  if (s.manualDecisions.length > 0) return;
  if (s.cleaningMethod !== 'QUOTA') engine.prime(firstRunRequest(s, null));
  else
    engine.ready.then(
      (ready) => engine.prime(firstRunRequest(s, ready)),
      () => undefined,
    );
}

/**
 * Whether a run's combined score equals the one shown (NaN equal to NaN): the first run computes it
 * under the saved weights, which the stored score already has.
 */
export function sameScores(a: Float64Array, b: Float64Array | null | undefined): boolean {
  if (!b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !(Number.isNaN(a[i]!) && Number.isNaN(b[i]!))) return false;
  return true;
}

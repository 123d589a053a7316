// A datafile's saved weighting (the worksheet's form: entries of key and value) as the combined
// score's weights, shared by the server (stored scores, cleaning, live import) and the browser's
// worksheet so both compute the same numbers with the same WASM kernel.
import { DEFAULT_WEIGHTS, type CombinedWeights } from './types.ts';

/** The weights that are averaged into the combined score (the cap is a limit, not a weight). */
export const SCORED_WEIGHT_KEYS = ['oes', 'ts', 'ibs', 'ps', 'cs', 'con', 'bas'] as const;

/**
 * The combined score's weights of a datafile: each saved entry whose key is one of DEFAULT_WEIGHTS'
 * replaces the default; IS and SDS (stored in the same form, not part of the combined score) and
 * keys absent from the form keep their defaults. Nothing saved: exactly DEFAULT_WEIGHTS.
 */
export function combinedWeightsOf(
  entries: readonly { key: string; value: number }[] | null | undefined,
): Required<CombinedWeights> {
  const weights = { ...DEFAULT_WEIGHTS };
  for (const e of entries ?? [])
    if (Object.hasOwn(DEFAULT_WEIGHTS, e.key)) weights[e.key as keyof CombinedWeights] = e.value;
  return weights;
}

/** True when every averaged weight is 0: no interview could get a combined score. */
export function allWeightsZero(weights: CombinedWeights): boolean {
  return SCORED_WEIGHT_KEYS.every((k) => (weights[k] ?? DEFAULT_WEIGHTS[k]) === 0);
}

/** Same weights (absent optional weights count as their defaults). */
export function sameWeights(a: CombinedWeights, b: CombinedWeights): boolean {
  return [...SCORED_WEIGHT_KEYS, 'cap' as const].every(
    (k) => (a[k] ?? DEFAULT_WEIGHTS[k]) === (b[k] ?? DEFAULT_WEIGHTS[k]),
  );
}

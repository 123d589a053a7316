// Removal rates per sample source: how many interviews each supplier delivered, how many the cleaning
// removed and for which reasons. The worksheet (live), the result page and the report (saved
// cleaning) all tally here from one cleaning's primary reasons, so the three cannot disagree.
import { REASONS, type Reason } from './types.ts';

export interface SourceRemoval {
  /** The sample source as delivered; null: interviews without one. */
  source: string | null;
  interviews: number;
  removed: number;
  /** Removed per primary reason, in REASONS order, only reasons that occur. */
  reasons: { reason: Reason; count: number }[];
}

/**
 * Per source, from each interview's record id and primary reason (-1 kept). Sources sort by name,
 * interviews without a source last. An empty list when no interview has a source.
 */
export function removalsBySource(
  ids: readonly (string | null)[],
  primary: ArrayLike<number>,
  sourceOf: ReadonlyMap<string, string | null>,
): SourceRemoval[] {
  if (![...sourceOf.values()].some((s) => s !== null)) return [];
  const tally = new Map<string | null, { interviews: number; perReason: number[] }>();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const source = id === null || id === undefined ? null : (sourceOf.get(id) ?? null);
    let t = tally.get(source);
    if (!t) tally.set(source, (t = { interviews: 0, perReason: REASONS.map(() => 0) }));
    t.interviews++;
    const p = primary[i]!;
    if (p >= 0) t.perReason[p]!++;
  }
  return [...tally.entries()]
    .map(([source, t]) => ({
      source,
      interviews: t.interviews,
      removed: t.perReason.reduce((a, b) => a + b, 0),
      reasons: REASONS.map((reason, r) => ({ reason, count: t.perReason[r]! })).filter((r) => r.count > 0),
    }))
    .sort((a, b) => (a.source ?? '\uffff').localeCompare(b.source ?? '\uffff'));
}

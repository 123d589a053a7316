// The numbers the worksheet paints besides the masks, computed in the worker. Everything "before" is
// computed once per dataset; each run then walks the removed interviews only and subtracts them, so a
// run over a million interviews that removes a tenth touches a tenth of the score cells.
import { REASONS, RULE_KEYS, type CleaningResult, type RuleKey } from '../../../../scoring/index.ts';
import { HISTOGRAM_BINS, type Composition, type EngineResult, type GroupingInput, type ScoreAverage } from './protocol.ts';

export interface Baseline {
  rows: number;
  /** Score column per rule key (absent columns: undefined). */
  scores: Partial<Record<RuleKey, Float64Array>>;
  histogram: Float64Array;
  nullCombined: number;
  sums: Float64Array;
  counts: Float64Array;
  groups: Map<string, { grouping: GroupingInput; before: Float64Array; none: number }>;
}

/** Bin of a combined score: [0,10) -> 0 ... [90,100] -> 9; -1 for null. */
function binOf(v: number): number {
  if (v !== v) return -1;
  const b = Math.floor(v / 10);
  return b < 0 ? 0 : b >= HISTOGRAM_BINS ? HISTOGRAM_BINS - 1 : b;
}

export function computeBaseline(rows: number, scores: Partial<Record<RuleKey, Float64Array>>, groupings: readonly GroupingInput[]): Baseline {
  const histogram = new Float64Array(HISTOGRAM_BINS);
  let nullCombined = 0;
  const combined = scores.combined;
  if (combined) {
    for (let i = 0; i < rows; i++) {
      const b = binOf(combined[i]!);
      if (b < 0) nullCombined++;
      else histogram[b]!++;
    }
  } else nullCombined = rows;
  const sums = new Float64Array(RULE_KEYS.length), counts = new Float64Array(RULE_KEYS.length);
  RULE_KEYS.forEach((key, k) => {
    const col = scores[key];
    if (!col) return;
    let s = 0, c = 0;
    for (let i = 0; i < rows; i++) {
      const v = col[i]!;
      if (v === v) { s += v; c++; }
    }
    sums[k] = s;
    counts[k] = c;
  });
  const groups = new Map<string, { grouping: GroupingInput; before: Float64Array; none: number }>();
  for (const grouping of groupings) {
    const before = new Float64Array(grouping.labels.length);
    let none = 0;
    for (let i = 0; i < rows; i++) {
      const c = grouping.cells[i]!;
      if (c >= 0 && c < before.length) before[c]!++;
      else none++;
    }
    groups.set(grouping.name, { grouping, before, none });
  }
  return { rows, scores, histogram, nullCombined, sums, counts, groups };
}

export type RunSummary = Omit<EngineResult, 'seq' | 'request' | 'kept' | 'reasons' | 'primary' | 'version' | 'timings' | 'belowTarget'>;

/** Counts, distributions and composition after one run, from the baseline and the removed interviews. */
export function summarise(base: Baseline, result: CleaningResult, groupBy: string | null, targets: (number | null)[] | null): RunSummary {
  const { rows } = base;
  const { kept, reasons, primary } = result;
  const R = REASONS.length, K = RULE_KEYS.length;
  const primaryCounts = new Array<number>(R).fill(0);
  const reasonCounts = new Array<number>(R).fill(0);
  const removedHist = new Float64Array(HISTOGRAM_BINS);
  let removedNull = 0;
  const removedSums = new Float64Array(K), removedCounts = new Float64Array(K);
  const cols = RULE_KEYS.map((key) => base.scores[key]);
  const combined = base.scores.combined;
  const group = groupBy ? base.groups.get(groupBy) : undefined;
  const removedCells = group ? new Float64Array(group.before.length) : undefined;
  let removedNone = 0;
  let removed = 0;
  for (let i = 0; i < rows; i++) {
    if (kept[i] === 1) continue;
    removed++;
    const p = primary[i]!;
    if (p >= 0) primaryCounts[p]!++;
    let bits = reasons[i]!;
    while (bits !== 0) {
      const r = 31 - Math.clz32(bits & -bits);
      reasonCounts[r]!++;
      bits &= bits - 1;
    }
    const b = combined ? binOf(combined[i]!) : -1;
    if (b < 0) removedNull++;
    else removedHist[b]!++;
    for (let k = 0; k < K; k++) {
      const col = cols[k];
      if (!col) continue;
      const v = col[i]!;
      if (v === v) { removedSums[k]! += v; removedCounts[k]!++; }
    }
    if (group && removedCells) {
      const c = group.grouping.cells[i]!;
      if (c >= 0 && c < removedCells.length) removedCells[c]!++;
      else removedNone++;
    }
  }
  const averages = {} as Record<RuleKey, ScoreAverage>;
  RULE_KEYS.forEach((key, k) => {
    const nBefore = base.counts[k]!, nAfter = nBefore - removedCounts[k]!;
    averages[key] = {
      before: nBefore > 0 ? base.sums[k]! / nBefore : null,
      // Summing what remains would add the same numbers in another order; subtracting the removed
      // ones is exact to a few ulps, far below the one decimal the charts show.
      after: nAfter > 0 ? (base.sums[k]! - removedSums[k]!) / nAfter : null,
    };
  });
  let composition: Composition | null = null;
  if (group && removedCells && groupBy) {
    composition = {
      grouping: groupBy,
      labels: group.grouping.labels,
      before: Array.from(group.before),
      after: Array.from(group.before, (v, c) => v - removedCells[c]!),
      noneBefore: group.none,
      noneAfter: group.none - removedNone,
      targets,
    };
  }
  return {
    rows,
    keptCount: rows - removed,
    removedCount: removed,
    primaryCounts,
    reasonCounts,
    removedShare: primaryCounts.map((c) => (rows > 0 ? c / rows : 0)),
    histogram: {
      binWidth: 10,
      before: Array.from(base.histogram),
      after: Array.from(base.histogram, (v, b) => v - removedHist[b]!),
      nullBefore: base.nullCombined,
      nullAfter: base.nullCombined - removedNull,
    },
    averages,
    composition,
  };
}

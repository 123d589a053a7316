// The numbers the worksheet paints besides the masks, computed in the worker. Everything "before" is
// computed once per dataset. After a run, only the interviews whose decision changed since the
// previous run are visited: a slider step changes a few percent of them, and reading every score
// column of a million interviews again would cost ~25 ms of memory traffic alone (measured in
// Chromium here: summing nine Float64 columns of 1M takes 20-30 ms, a byte-wise diff of the masks 1-2).
import { REASONS, RULE_KEYS, type CleaningResult, type RuleKey } from '../../../../scoring/index.ts';
import {
  HISTOGRAM_BINS,
  type Composition,
  type EngineResult,
  type GroupingInput,
  type ScoreAverage,
} from './protocol.ts';

interface GroupState {
  grouping: GroupingInput;
  before: Float64Array;
  none: number;
  removed: Float64Array;
  removedNone: number;
}

/** The dataset's fixed figures plus the running figures of the removed interviews. */
export interface Baseline {
  rows: number;
  /** Score column per rule key (absent columns: undefined). */
  scores: Partial<Record<RuleKey, Float64Array>>;
  histogram: Float64Array;
  nullCombined: number;
  sums: Float64Array;
  counts: Float64Array;
  groups: Map<string, GroupState>;
  /** Decisions of the previous run (all kept before the first). */
  prev: { kept: Uint8Array; primary: Int8Array; reasons: Uint16Array };
  removed: {
    count: number;
    primary: Float64Array;
    reasons: Float64Array;
    histogram: Float64Array;
    nullCombined: number;
    sums: Float64Array;
    counts: Float64Array;
  };
}

/** Bin of a combined score: [0,10) -> 0 ... [90,100] -> 9; -1 for null. */
function binOf(v: number): number {
  if (v !== v) return -1;
  const b = Math.floor(v / 10);
  return b < 0 ? 0 : b >= HISTOGRAM_BINS ? HISTOGRAM_BINS - 1 : b;
}

export function computeBaseline(
  rows: number,
  scores: Partial<Record<RuleKey, Float64Array>>,
  groupings: readonly GroupingInput[],
): Baseline {
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
  const sums = new Float64Array(RULE_KEYS.length),
    counts = new Float64Array(RULE_KEYS.length);
  RULE_KEYS.forEach((key, k) => {
    const col = scores[key];
    if (!col) return;
    let s = 0,
      c = 0;
    for (let i = 0; i < rows; i++) {
      const v = col[i]!;
      if (v === v) {
        s += v;
        c++;
      }
    }
    sums[k] = s;
    counts[k] = c;
  });
  const groups = new Map<string, GroupState>();
  for (const grouping of groupings) {
    const before = new Float64Array(grouping.labels.length);
    let none = 0;
    for (let i = 0; i < rows; i++) {
      const c = grouping.cells[i]!;
      if (c >= 0 && c < before.length) before[c]!++;
      else none++;
    }
    groups.set(grouping.name, { grouping, before, none, removed: new Float64Array(before.length), removedNone: 0 });
  }
  return {
    rows,
    scores,
    histogram,
    nullCombined,
    sums,
    counts,
    groups,
    prev: { kept: new Uint8Array(rows).fill(1), primary: new Int8Array(rows).fill(-1), reasons: new Uint16Array(rows) },
    removed: {
      count: 0,
      primary: new Float64Array(REASONS.length),
      reasons: new Float64Array(REASONS.length),
      histogram: new Float64Array(HISTOGRAM_BINS),
      nullCombined: 0,
      sums: new Float64Array(RULE_KEYS.length),
      counts: new Float64Array(RULE_KEYS.length),
    },
  };
}

/** Adds (sign 1) or takes away (sign -1) one interview's decision from the running figures. */
function account(
  base: Baseline,
  cols: (Float64Array | undefined)[],
  groups: GroupState[],
  i: number,
  kept: number,
  primary: number,
  reasons: number,
  sign: number,
): void {
  const r = base.removed;
  let bits = reasons;
  while (bits !== 0) {
    r.reasons[31 - Math.clz32(bits & -bits)]! += sign;
    bits &= bits - 1;
  }
  if (kept === 1) return;
  r.count += sign;
  if (primary >= 0) r.primary[primary]! += sign;
  const combined = base.scores.combined;
  const b = combined ? binOf(combined[i]!) : -1;
  if (b < 0) r.nullCombined += sign;
  else r.histogram[b]! += sign;
  for (let k = 0; k < cols.length; k++) {
    const col = cols[k];
    if (!col) continue;
    const v = col[i]!;
    if (v === v) {
      r.sums[k]! += sign * v;
      r.counts[k]! += sign;
    }
  }
  for (const g of groups) {
    const c = g.grouping.cells[i]!;
    if (c >= 0 && c < g.removed.length) g.removed[c]! += sign;
    else g.removedNone += sign;
  }
}

/**
 * Brings the running figures from the previous run's decisions to `result`'s: rows are compared four
 * at a time (32-bit words over the masks), and only rows that differ are visited.
 */
function advance(base: Baseline, result: CleaningResult): void {
  const { kept, primary, reasons } = result;
  const prev = base.prev;
  const n = base.rows;
  const cols = RULE_KEYS.map((key) => base.scores[key]);
  const groups = [...base.groups.values()];
  const visit = (i: number) => {
    const k = kept[i]!,
      p = primary[i]!,
      r = reasons[i]!;
    const pk = prev.kept[i]!,
      pp = prev.primary[i]!,
      pr = prev.reasons[i]!;
    if (k === pk && p === pp && r === pr) return;
    account(base, cols, groups, i, pk, pp, pr, -1);
    account(base, cols, groups, i, k, p, r, 1);
    prev.kept[i] = k;
    prev.primary[i] = p;
    prev.reasons[i] = r;
  };
  const words = n >> 2;
  const aligned = kept.byteOffset % 4 === 0 && primary.byteOffset % 4 === 0 && reasons.byteOffset % 4 === 0;
  if (aligned && words > 0) {
    const k32 = new Uint32Array(kept.buffer, kept.byteOffset, words),
      pk32 = new Uint32Array(prev.kept.buffer, 0, words);
    const p32 = new Uint32Array(primary.buffer, primary.byteOffset, words),
      pp32 = new Uint32Array(prev.primary.buffer, 0, words);
    const r32 = new Uint32Array(reasons.buffer, reasons.byteOffset, words * 2),
      pr32 = new Uint32Array(prev.reasons.buffer, 0, words * 2);
    for (let w = 0; w < words; w++) {
      if (k32[w] === pk32[w] && p32[w] === pp32[w] && r32[2 * w] === pr32[2 * w] && r32[2 * w + 1] === pr32[2 * w + 1])
        continue;
      const i = w << 2;
      visit(i);
      visit(i + 1);
      visit(i + 2);
      visit(i + 3);
    }
    for (let i = words << 2; i < n; i++) visit(i);
  } else {
    for (let i = 0; i < n; i++) visit(i);
  }
}

export type RunSummary = Omit<
  EngineResult,
  'seq' | 'request' | 'kept' | 'reasons' | 'primary' | 'version' | 'timings' | 'belowTarget' | 'guard' | 'combined'
>;

/**
 * Counts, distributions and composition after one run. Call it with every run's result in turn (the
 * running figures follow the decisions); the result's arrays are read, not kept.
 */
export function summarise(
  base: Baseline,
  result: CleaningResult,
  groupBy: string | null,
  targets: (number | null)[] | null,
): RunSummary {
  advance(base, result);
  const { rows, removed: r } = base;
  const averages = {} as Record<RuleKey, ScoreAverage>;
  RULE_KEYS.forEach((key, k) => {
    const nBefore = base.counts[k]!,
      nAfter = nBefore - r.counts[k]!;
    averages[key] = {
      before: nBefore > 0 ? base.sums[k]! / nBefore : null,
      // The running sum of the removed scores adds and takes away the same numbers in another order
      // than a fresh sum would: exact to a few ulps, far below the one decimal the charts show.
      after: nAfter > 0 ? (base.sums[k]! - r.sums[k]!) / nAfter : null,
    };
  });
  const group = groupBy ? base.groups.get(groupBy) : undefined;
  let composition: Composition | null = null;
  if (group && groupBy) {
    composition = {
      grouping: groupBy,
      labels: group.grouping.labels,
      before: Array.from(group.before),
      after: Array.from(group.before, (v, c) => v - group.removed[c]!),
      noneBefore: group.none,
      noneAfter: group.none - group.removedNone,
      targets,
    };
  }
  const primaryCounts = Array.from(r.primary);
  return {
    rows,
    keptCount: rows - r.count,
    removedCount: r.count,
    primaryCounts,
    reasonCounts: Array.from(r.reasons),
    removedShare: primaryCounts.map((c) => (rows > 0 ? c / rows : 0)),
    histogram: {
      binWidth: 10,
      before: Array.from(base.histogram),
      after: Array.from(base.histogram, (v, b) => v - r.histogram[b]!),
      nullBefore: base.nullCombined,
      nullAfter: base.nullCombined - r.nullCombined,
    },
    averages,
    composition,
  };
}

// The interview's grid score with its evidence weighing (assembly/grid-evidence.ts), as the facade's
// `ibs` and both pipelines call it: line counts over the file, weights per grid, then the aggregate.
import type { GridEvidence, GridOptions } from './types.ts';
import type { Arena } from './wasm-memory.ts';

type Kernel = (...args: number[]) => number;

/** Doubles per grid in a line-count block (ibsLineCounts). */
export const LINE_COUNTS = 3;

/** A zeroed block for the line counts of `grids` grids, to add chunks' counts into. */
export function lineCountBlock(a: Arena, grids: number): number {
  const p = a.alloc(grids * LINE_COUNTS * 8);
  a.heap.f64(p, grids * LINE_COUNTS).fill(0);
  return p;
}

/**
 * IBS of n interviews from the n x G grid scores at `scores` and their u8 labels at `labels` (one
 * column of n per grid). `counts` is the file's line-count block; 0 counts these rows themselves.
 */
export function weighedIbsKernels(
  a: Arena,
  k: (name: string) => Kernel,
  at: { scores: number; labels: number; counts: number },
  n: number,
  items: readonly number[],
  out: { ibs: number; dataPoints: number },
): void {
  const G = items.length;
  let counts = at.counts;
  if (counts === 0) {
    counts = lineCountBlock(a, G);
    k('ibsLineCounts')(at.labels, n, G, counts);
  }
  const weights = a.alloc(G * 2 * 8);
  k('ibsLineWeights')(counts, G, a.i32In(items), weights);
  k('ibsAggregateWeighted')(at.scores, at.labels, n, G, weights, out.ibs, out.dataPoints);
}

/** The kernels of an aggregate over a matrix in WASM memory, writing its score and data points. */
export type AggregateRun = (
  a: Arena,
  m: { ptr: number; rows: number; cols: number },
  out: { ibs: number; dataPoints: number },
) => void;

/** `weighedIbsKernels` for grid scores already in WASM memory, with labels and counts from JS arrays. */
export function ibsRun(k: (name: string) => Kernel, evidence: GridEvidence): AggregateRun {
  return (a, m, out) => {
    const labels = a.alloc(m.rows * m.cols);
    evidence.labels.forEach((l, j) => new Uint8Array(a.heap.buffer, labels + j * m.rows, m.rows).set(l));
    const counts = evidence.counts ? a.f64In(evidence.counts.flat()) : 0;
    weighedIbsKernels(a, k, { scores: m.ptr, labels, counts }, m.rows, evidence.items, out);
  };
}

/**
 * Adds the line counts of one chunk's grids (each a list of item columns) to `counts`: the grids are
 * labelled as the pipeline labels them (the consistency marks change no line label, so none is fitted).
 */
export function addChunkLineCounts(
  a: Arena,
  k: (name: string) => Kernel,
  grids: readonly (readonly Float64Array[])[],
  options: readonly GridOptions[],
  rows: number,
  counts: number,
): void {
  // Columns already in WASM memory are resolved before anything is allocated (growth detaches views).
  const here = grids.map((columns) => a.resident(columns));
  const ms = grids.map((columns, gi) => here[gi] ?? a.matrix(columns));
  const labels = a.alloc(rows * grids.length);
  const scores = a.f64Out(rows);
  ms.forEach((m, gi) => {
    const o = options[gi]!;
    k('gridScores')(
      m.ptr,
      rows,
      m.cols,
      o.min ?? NaN,
      o.max ?? NaN,
      o.patterns === false ? 0 : 1,
      scores,
      labels + gi * rows,
      0,
      0,
    );
  });
  k('ibsLineCounts')(labels, rows, grids.length, counts);
}

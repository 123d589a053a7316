// `scoreChunked`: `scoreAll` over a file that arrives in chunks of rows, with memory that does not grow
// with the file. Every score of scoreAll is per row except three whole-sample statistics; they are
// gathered in passes over the chunks first, then every chunk is scored with them by the same kernels
// (runPipeline with GivenStatistics), so the numbers are scoreAll's bit for bit:
//
// * Time-Score medians: exact median of each duration column's valid values (> 0), streamed
//   (streaming-median.ts: a histogram of the top 16 bits, then the bucket of the middle ranks).
// * Consistency fit: it reads at most 2,048 rows at positions given by the row count
//   (consistencySampleRow); those rows are copied aside as they pass and fitted as a file of their own.
// * Projective option statistics: per-option sums added chunk by chunk in row order
//   (projectiveAccumulate), then projectiveFinish.
import type { CombinedWeights, GridOptions, PipelineInput, PipelineResult } from './types.ts';
import { addChunkLineCounts, lineCountBlock } from './grid-evidence.ts';
import { Arena, type WasmHeap } from './wasm-memory.ts';
import { projectiveOptionCount, runPipeline, type GivenStatistics } from './pipeline.ts';
import { StreamingMedian } from './streaming-median.ts';

type Kernel = (...args: number[]) => number;

/** Shape of the chunked input: what every chunk carries. */
export interface ChunkedPipelineShape {
  /** Total rows over all chunks. */
  rows: number;
  /** Duration columns per chunk (total and/or pages, seconds), as PipelineInput's durations. */
  durations?: { columns: number; totalIndex?: number; minRecords?: number };
  grids?: readonly ({ items: number } & GridOptions)[];
  /** Open category columns per chunk. */
  openQuestions?: number;
  /** Behaviour category columns per chunk (open answers with paradata). */
  behaviourQuestions?: number;
  projective?: readonly { predictions: number; options?: number; purpose?: 'information' | 'social-desirability' }[];
  projectiveOptions?: PipelineInput['projectiveOptions'];
  weights?: CombinedWeights;
  /** Consistency score over the grids (default true), as PipelineInput's. */
  consistency?: boolean;
}

/** One chunk of consecutive rows (chunk sizes may vary; the last one is usually shorter). */
export interface PipelineChunk {
  rows: number;
  /** One column per duration metric, in the shape's order. */
  durations?: readonly Float64Array[];
  /** Per grid, one column per item. */
  grids?: readonly (readonly Float64Array[])[];
  openCategories?: readonly Int32Array[];
  behaviourCategories?: readonly Int32Array[];
  projective?: readonly { choice: Float64Array; predictions: readonly Float64Array[] }[];
}

export interface ChunkedPipeline {
  /**
   * The scores of `scoreAll` over the rows of all chunks, chunk by chunk. `chunks()` is called once
   * per pass (up to three; more only for a median in a very crowded histogram bucket) and must yield
   * the same rows in the same order every time (chunk boundaries may differ). Each chunk's scores go
   * to `onResult` (a PipelineResult of that chunk's rows in plain JS arrays the callee may keep, its
   * `totalCredits` the chunk's) with the chunk's first row, in order, awaited. Resolves with the
   * file's total credits and rows. Throws a RangeError, before any result, when a chunk's columns do
   * not match the shape or the chunks do not add up to `shape.rows`.
   */
  scoreChunked(
    shape: ChunkedPipelineShape,
    chunks: () => Iterable<PipelineChunk> | AsyncIterable<PipelineChunk>,
    onResult: (result: PipelineResult, start: number) => void | Promise<void>,
  ): Promise<{ totalCredits: number; rows: number }>;
}

/** The rows a grid's consistency fit samples, copied aside (column-major, in sample order) as they pass. */
class SampleGather {
  readonly count: number;
  readonly data: Float64Array;
  /** Sample slots ordered by their row, and those rows. */
  #order: Int32Array;
  #rows: Int32Array;
  #next = 0;
  constructor(
    k: (name: string) => Kernel,
    n: number,
    readonly items: number,
  ) {
    this.count = k('consistencySampleCount')(n);
    this.#rows = Int32Array.from({ length: this.count }, (_, t) => k('consistencySampleRow')(t, n));
    this.#order = Int32Array.from({ length: this.count }, (_, t) => t).sort(
      (a, b) => this.#rows[a]! - this.#rows[b]! || a - b,
    );
    this.data = new Float64Array(this.count * items);
  }
  /** The rows [start, start + cols[0].length) of the file. */
  add(cols: readonly Float64Array[], start: number, rows: number): void {
    const end = start + rows;
    const order = this.#order,
      at = this.#rows,
      count = this.count;
    let p = this.#next;
    for (; p < count; p++) {
      const t = order[p]!;
      const row = at[t]!;
      if (row >= end) break;
      for (let j = 0; j < this.items; j++) this.data[j * count + t] = cols[j]![row - start]!;
    }
    this.#next = p;
  }
}

function checkColumns(
  what: string,
  cols: readonly ArrayLike<number>[] | undefined,
  expected: number,
  rows: number,
): void {
  const got = cols?.length ?? 0;
  if (got !== expected) throw new RangeError(`scoreChunked: ${what} has ${got} columns, the shape says ${expected}`);
  cols?.forEach((c, j) => {
    if (c.length !== rows)
      throw new RangeError(`scoreChunked: ${what} column ${j} has ${c.length} rows, the chunk ${rows}`);
  });
}

/** Throws a RangeError when the chunk does not carry what the shape says. */
function checkChunk(shape: ChunkedPipelineShape, c: PipelineChunk): void {
  const rows = c.rows;
  if (!Number.isInteger(rows) || rows < 0) throw new RangeError(`scoreChunked: a chunk of ${rows} rows`);
  if (shape.durations) {
    checkColumns('durations', c.durations, shape.durations.columns, rows);
    for (const d of c.durations!)
      if (!(d instanceof Float64Array)) throw new TypeError('scoreChunked: duration columns must be Float64Arrays');
  } else {
    checkColumns('durations', c.durations, 0, rows);
  }
  const grids = shape.grids ?? [];
  if ((c.grids?.length ?? 0) !== grids.length)
    throw new RangeError(`scoreChunked: the chunk has ${c.grids?.length ?? 0} grids, the shape ${grids.length}`);
  grids.forEach((g, gi) => checkColumns(`grid ${gi}`, c.grids![gi], g.items, rows));
  checkColumns('openCategories', c.openCategories, shape.openQuestions ?? 0, rows);
  checkColumns('behaviourCategories', c.behaviourCategories, shape.behaviourQuestions ?? 0, rows);
  const questions = shape.projective ?? [];
  if ((c.projective?.length ?? 0) !== questions.length) {
    throw new RangeError(
      `scoreChunked: the chunk has ${c.projective?.length ?? 0} projective questions, the shape ${questions.length}`,
    );
  }
  questions.forEach((q, qi) => {
    const cq = c.projective![qi]!;
    checkColumns(`projective ${qi} choice`, [cq.choice], 1, rows);
    checkColumns(`projective ${qi} predictions`, cq.predictions, q.predictions, rows);
  });
}

function checkShape(shape: ChunkedPipelineShape): void {
  const count = (what: string, v: number, min: number) => {
    if (!Number.isInteger(v) || v < min) throw new RangeError(`scoreChunked: ${what} is ${v}`);
  };
  count('rows', shape.rows, 0);
  if (shape.durations) count('durations.columns', shape.durations.columns, 1);
  shape.grids?.forEach((g, gi) => count(`grid ${gi} items`, g.items, 1));
  if (shape.openQuestions !== undefined) count('openQuestions', shape.openQuestions, 0);
  if (shape.behaviourQuestions !== undefined) count('behaviourQuestions', shape.behaviourQuestions, 0);
  shape.projective?.forEach((q, qi) => count(`projective ${qi} predictions`, q.predictions, 1));
}

/** A PipelineInput of one chunk's rows. */
function chunkInput(shape: ChunkedPipelineShape, c: PipelineChunk): PipelineInput {
  return {
    rows: c.rows,
    ...(shape.durations ? { durations: { matrix: c.durations!, totalIndex: shape.durations.totalIndex ?? -1 } } : {}),
    grids: (shape.grids ?? []).map(({ items: _items, ...options }, gi) => ({ ...options, items: c.grids![gi]! })),
    openCategories: c.openCategories ?? [],
    behaviourCategories: c.behaviourCategories ?? [],
    projective: (shape.projective ?? []).map((q, qi) => ({
      choice: c.projective![qi]!.choice,
      predictions: c.projective![qi]!.predictions,
      ...(q.options !== undefined ? { options: q.options } : {}),
      purpose: q.purpose ?? 'information',
    })),
    ...(shape.projectiveOptions ? { projectiveOptions: shape.projectiveOptions } : {}),
    ...(shape.weights ? { weights: shape.weights } : {}),
    ...(shape.consistency !== undefined ? { consistency: shape.consistency } : {}),
  };
}

export function createChunkedPipeline(heap: WasmHeap): ChunkedPipeline {
  const k = (name: string) => heap.exports[name] as Kernel;

  /** One pass over the chunks: validates each, calls `each` with its first row, checks the total. */
  async function pass(
    shape: ChunkedPipelineShape,
    chunks: () => Iterable<PipelineChunk> | AsyncIterable<PipelineChunk>,
    each: (c: PipelineChunk, start: number) => void | Promise<void>,
  ): Promise<void> {
    let start = 0;
    for await (const c of chunks()) {
      checkChunk(shape, c);
      if (start + c.rows > shape.rows)
        throw new RangeError(`scoreChunked: the chunks hold more than the shape's ${shape.rows} rows`);
      if (c.rows > 0) await each(c, start);
      start += c.rows;
    }
    if (start !== shape.rows)
      throw new RangeError(`scoreChunked: the chunks hold ${start} rows, the shape says ${shape.rows}`);
  }

  async function scoreChunked(
    shape: ChunkedPipelineShape,
    chunks: () => Iterable<PipelineChunk> | AsyncIterable<PipelineChunk>,
    onResult: (result: PipelineResult, start: number) => void | Promise<void>,
  ): Promise<{ totalCredits: number; rows: number }> {
    checkShape(shape);
    const n = shape.rows;
    const grids = shape.grids ?? [];
    const questions = shape.projective ?? [];
    const consistency = grids.length > 0 && shape.consistency !== false;
    const opts = shape.projectiveOptions ?? {};
    // The fixed state in WASM memory (models, option statistics, medians), freed at the end.
    const state = new Arena(heap);
    try {
      const medians = shape.durations
        ? Array.from({ length: shape.durations.columns }, () => new StreamingMedian(shape.durations!.minRecords ?? 30))
        : [];
      const samples = consistency ? grids.map((g) => new SampleGather(k, n, g.items)) : [];
      const options = questions.map((q) => projectiveOptionCount(q.predictions, q.options));
      const accs = options.map((m) => {
        const bytes = k('projectiveAccumulatorBytes')(m);
        const p = state.alloc(bytes);
        heap.f64(p, bytes / 8).fill(0);
        return p;
      });
      const lineCounts = lineCountBlock(state, grids.length);
      // Pass 1: the top digit of every duration, the consistency samples, the grids' line counts, the
      // projective sums.
      await pass(shape, chunks, (c, start) => {
        medians.forEach((med, j) => med.add(c.durations![j]!));
        samples.forEach((s, gi) => s.add(c.grids![gi]!, start, c.rows));
        if (!questions.length && !grids.length) return;
        const a = new Arena(heap);
        try {
          if (grids.length) addChunkLineCounts(a, k, c.grids!, grids, c.rows, lineCounts);
          if (!questions.length) return;
          const cqs = c.projective!;
          // Views already in WASM memory are resolved before anything is allocated.
          const choiceRes = cqs.map((q) => (q.choice.buffer === heap.buffer ? q.choice.byteOffset : -1));
          const predRes = cqs.map((q) => a.resident(q.predictions));
          cqs.forEach((q, qi) => {
            const choice = choiceRes[qi]! >= 0 ? choiceRes[qi]! : a.f64In(q.choice);
            const pred = predRes[qi] ?? a.matrix(q.predictions);
            k('projectiveAccumulate')(choice, pred.ptr, c.rows, options[qi]!, pred.cols, accs[qi]!);
          });
        } finally {
          a.release();
        }
      });
      medians.forEach((m) => m.endPass());
      // Further passes only while some median's middle ranks are still in a bucket (normally one).
      while (medians.some((m) => !m.done)) {
        await pass(shape, chunks, (c) => medians.forEach((med, j) => med.add(c.durations![j]!)));
        medians.forEach((m) => m.endPass());
      }
      // The whole-sample statistics, in WASM memory for the row kernels.
      const medianAt = state.alloc(medians.length * 8);
      heap.f64(medianAt, medians.length).set(medians.map((m) => m.value));
      const models = samples.map((s, gi) => {
        const g = grids[gi]!;
        const model = state.alloc(k('consistencyModelBytes')(g.items));
        const a = new Arena(heap);
        try {
          k('consistencyFit')(a.f64In(s.data), s.count, g.items, g.min ?? NaN, g.max ?? NaN, model);
        } finally {
          a.release();
        }
        return model;
      });
      const stats = options.map((m, qi) => {
        const p = state.alloc(m * 4 * 8);
        k('projectiveFinish')(
          accs[qi]!,
          m,
          questions[qi]!.purpose === 'social-desirability' ? 1 : 0,
          opts.minRecords ?? 30,
          p,
          p + m * 8,
          p + m * 16,
          p + m * 24,
        );
        return p;
      });
      // The interviews' consistency calibration from the gathered sample: its rows' distances under the
      // models are those the last pass gives the same rows, so the calibration is scoreAll's.
      const calibration = state.alloc(16);
      if (consistency) {
        const a = new Arena(heap);
        try {
          const count = samples[0]!.count;
          const d2 = a.alloc(grids.length * count * 4);
          samples.forEach((smp, gi) => {
            const g = grids[gi]!;
            k('consistencyRows')(
              a.f64In(smp.data),
              count,
              g.items,
              g.min ?? NaN,
              g.max ?? NaN,
              models[gi]!,
              0,
              count,
              d2 + gi * count * 4,
              0,
            );
          });
          k('consistencyCalibrate')(d2, count, grids.length, a.i32In(models), calibration);
        } finally {
          a.release();
        }
      }
      const given: GivenStatistics = {
        medians: medianAt,
        models,
        projective: stats,
        consistencyCalibration: calibration,
        gridLineCounts: lineCounts,
      };
      // Last pass: every chunk scored with them, its results copied out, its memory freed.
      let totalCredits = 0;
      await pass(shape, chunks, async (c, start) => {
        const a = new Arena(heap);
        let result: PipelineResult;
        try {
          result = runPipeline(a, heap, chunkInput(shape, c), false, given);
        } finally {
          a.release();
        }
        totalCredits += result.totalCredits;
        await onResult(result, start);
      });
      return { totalCredits, rows: n };
    } finally {
      state.release();
    }
  }

  return { scoreChunked };
}

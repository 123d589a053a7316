// `scoreAll`: every numeric score of a set of interviews in one facade call. Intermediate columns
// (grid scores, data points, subscores) stay in WASM memory and feed the next kernel in place; each
// result crosses the boundary once. Same kernels as the single-score calls, so the same numbers
// (pipeline-compose.ts is the composed version the tests compare with).
import {
  DEFAULT_WEIGHTS,
  type PipelineInput,
  type PipelineOptions,
  type PipelineResult,
  type ResidentPipelineResult,
} from './types.ts';
import { weighedIbsKernels } from './grid-evidence.ts';
import { Arena, type WasmHeap } from './wasm-memory.ts';
import { SCORING_VERSION } from './version.ts';

type Kernel = (...args: number[]) => number;

export interface Pipeline {
  /**
   * Every numeric score of `input` (see PipelineInput); absent parts give null scores and 0 data
   * points. With `{ resident: true }` the columns stay in WASM memory until `free()` (see
   * PipelineOptions); otherwise they are copied into one JS-owned buffer.
   */
  scoreAll(input: PipelineInput): PipelineResult;
  scoreAll(input: PipelineInput, options: PipelineOptions & { resident: true }): ResidentPipelineResult;
  scoreAll(input: PipelineInput, options?: PipelineOptions): PipelineResult | ResidentPipelineResult;
}

/** Options m of a projective question: given, else one per prediction column (2 for a single column). */
export function projectiveOptionCount(predictionColumns: number, options?: number): number {
  return options ?? (predictionColumns === 1 ? 2 : predictionColumns);
}

export function createPipeline(heap: WasmHeap): Pipeline {
  function scoreAll(input: PipelineInput): PipelineResult;
  function scoreAll(input: PipelineInput, options: PipelineOptions & { resident: true }): ResidentPipelineResult;
  function scoreAll(input: PipelineInput, options?: PipelineOptions): PipelineResult | ResidentPipelineResult;
  function scoreAll(input: PipelineInput, options: PipelineOptions = {}): PipelineResult | ResidentPipelineResult {
    const a = new Arena(heap);
    try {
      return runPipeline(a, heap, input, options.resident === true);
    } finally {
      a.release();
    }
  }
  return { scoreAll };
}

/**
 * Whole-sample statistics computed elsewhere (scoreChunked, pipeline-chunked.ts): with them
 * `runPipeline` scores the rows of `input` as rows of a larger file instead of taking the statistics
 * from these rows. Addresses inside WASM memory, owned by the caller.
 */
export interface GivenStatistics {
  /** One median per duration column (timeScoresGiven). */
  medians: number;
  /** One fitted consistency model per grid (used when consistency is on). */
  models: readonly number[];
  /** The interviews' consistency calibration, centre and spread (consistencyCalibrate), when consistency is on. */
  consistencyCalibration: number;
  /** The file's grid line counts (ibsLineCounts, LINE_COUNTS doubles per grid), for the grid score's weights. */
  gridLineCounts: number;
  /** Per projective question: its per-option statistics, m doubles each of share, geo, ari, option value (projectiveFinish). */
  projective: readonly number[];
}

/**
 * The body of `scoreAll`: allocations go to `a` (the caller releases it). With `given`, the medians,
 * consistency models and projective option statistics are those (see GivenStatistics).
 */
export function runPipeline(
  a: Arena,
  heap: WasmHeap,
  input: PipelineInput,
  resident: boolean,
  given?: GivenStatistics,
): PipelineResult | ResidentPipelineResult {
  const k = (name: string) => heap.exports[name] as Kernel;
  const n = input.rows;
  const grids = input.grids ?? [];
  const questions = input.projective ?? [];
  const cats = input.openCategories ?? [];
  const behaviour = input.behaviourCategories ?? [];
  // 1. Inputs already in WASM memory are pinned by address before anything is allocated.
  const dur = input.durations ? a.resident(input.durations.matrix) : null;
  const gridRes = grids.map((g) => a.resident(g.items));
  const choiceRes = questions.map((q) => (q.choice.buffer === heap.buffer ? q.choice.byteOffset : -1));
  const predRes = questions.map((q) => a.resident(q.predictions));
  // 2. Everything else is copied in.
  const durM = input.durations ? (dur ?? a.matrix(input.durations.matrix)) : null;
  const gridM = grids.map((g, i) => gridRes[i] ?? a.matrix(g.items));
  const choice = questions.map((q, i) => (choiceRes[i]! >= 0 ? choiceRes[i]! : a.f64In(q.choice)));
  const pred = questions.map((q, i) => predRes[i] ?? a.matrix(q.predictions));
  for (const [what, rows] of [
    ['durations', durM?.rows],
    ...gridM.map((g) => ['grid', g.rows]),
    ...questions.map((q) => ['projective', q.choice.length]),
    ...cats.map((c) => ['open', c.length]),
    ...behaviour.map((c) => ['behaviour', c.length]),
  ] as const) {
    if (rows !== undefined && rows !== n) throw new RangeError(`scoreAll: ${what} has ${rows} rows, expected ${n}`);
  }
  // 3. Every result column lives in one block, so it leaves WASM memory in a single copy. Order:
  //    data points (TS, IBS, OES, projective: one n x 4 matrix for the credits kernel), then scores.
  const G = grids.length;
  const cols = [
    'dpTs',
    'dpIbs',
    'dpOes',
    'dpProj',
    'ts',
    'slow',
    'ibs',
    'con',
    'dpCon',
    'oes',
    'bad',
    'bas',
    'dpBas',
    'ps',
    'cs',
    'is',
    'sds',
    'combined',
    'nSub',
    'credits',
  ] as const;
  const size = n * 8 * (cols.length + G) + n * G;
  // A resident result owns its block past this call; otherwise the arena frees it after the copy.
  const keep = resident && heap.stableViews;
  const block = a.alloc(size);
  const at = (name: (typeof cols)[number]) => block + cols.indexOf(name) * n * 8;
  const gridAt = (g: number) => block + (cols.length + g) * n * 8;
  const labelsAt = block + (cols.length + G) * n * 8;
  // Kernels write every row of their columns; only the parts that do not run are filled (0 data
  // points, null scores).
  const absent = (zeros: readonly (typeof cols)[number][], nulls: readonly (typeof cols)[number][]) => {
    for (const c of zeros) heap.f64(at(c), n).fill(0);
    for (const c of nulls) heap.f64(at(c), n).fill(Number.NaN);
  };
  if (!durM) absent(['dpTs', 'slow'], ['ts']);
  const consistency = G > 0 && input.consistency !== false;
  if (!G) absent(['dpIbs'], ['ibs']);
  if (!consistency) absent(['dpCon'], ['con']);
  if (!cats.length) absent(['dpOes', 'bad'], ['oes']);
  if (!behaviour.length) absent(['dpBas'], ['bas']);
  if (!questions.length) absent(['dpProj'], ['ps', 'cs', 'is', 'sds']);
  if (durM && given) {
    k('timeScoresGiven')(
      durM.ptr,
      n,
      durM.cols,
      input.durations?.totalIndex ?? -1,
      given.medians,
      at('ts'),
      at('dpTs'),
      at('slow'),
    );
  } else if (durM) {
    const med = a.alloc(durM.cols * 8);
    k('timeScores')(
      durM.ptr,
      n,
      durM.cols,
      input.durations?.totalIndex ?? -1,
      input.durations?.minRecords ?? 30,
      at('ts'),
      at('dpTs'),
      at('slow'),
      med,
    );
  }
  // Consistency: each grid is fitted first, then the grid pass also writes the rows' distances
  // (f32, one column per grid) and the Inconsistent labels; the aggregate reads them.
  const models = !consistency
    ? []
    : given
      ? given.models
      : gridM.map((m) => a.alloc(k('consistencyModelBytes')(m.cols)));
  const d2 = consistency ? a.alloc(G * n * 4) : 0;
  grids.forEach((g, gi) => {
    const m = gridM[gi]!;
    if (consistency && !given) k('consistencyFit')(m.ptr, n, m.cols, g.min ?? NaN, g.max ?? NaN, models[gi]!);
    k('gridScores')(
      m.ptr,
      n,
      m.cols,
      g.min ?? NaN,
      g.max ?? NaN,
      g.patterns === false ? 0 : 1,
      gridAt(gi),
      labelsAt + gi * n,
      consistency ? models[gi]! : 0,
      consistency ? d2 + gi * n * 4 : 0,
    );
  });
  if (G) {
    const lines = { scores: gridAt(0), labels: labelsAt, counts: given?.gridLineCounts ?? 0 };
    const items = gridM.map((m) => m.cols);
    weighedIbsKernels(a, k, lines, n, items, { ibs: at('ibs'), dataPoints: at('dpIbs') });
  }
  if (consistency) {
    const modelPtrs = a.i32In(models);
    let cal = given?.consistencyCalibration ?? 0;
    if (!given) {
      cal = a.alloc(16);
      k('consistencyCalibrate')(d2, n, G, modelPtrs, cal);
    }
    k('consistencyAggregate')(d2, n, G, modelPtrs, cal, at('con'), at('dpCon'));
  }
  if (cats.length) {
    const p = a.alloc(n * cats.length * 4);
    cats.forEach((c, j) => heap.i32(p + j * n * 4, n).set(c));
    k('oesAggregate')(p, n, cats.length, at('oes'), at('dpOes'), at('bad'));
  }
  if (behaviour.length) {
    const p = a.alloc(n * behaviour.length * 4);
    behaviour.forEach((c, j) => heap.i32(p + j * n * 4, n).set(c));
    k('behaviourAggregate')(p, n, behaviour.length, at('bas'), at('dpBas'));
  }
  if (questions.length) {
    const nq = questions.length;
    const qps = a.alloc(n * nq * 8),
      qcs = a.alloc(n * nq * 8),
      qcol = a.alloc(n * nq * 8),
      purposes = a.alloc(nq);
    const opts = input.projectiveOptions ?? {};
    questions.forEach((q, qi) => {
      const m = projectiveOptionCount(q.predictions.length, q.options);
      const sd = q.purpose === 'social-desirability';
      new Uint8Array(heap.buffer, purposes + qi, 1)[0] = sd ? 1 : 0;
      const off = qi * n * 8;
      if (given) {
        const stats = given.projective[qi]!;
        k('projectiveApply')(
          choice[qi]!,
          pred[qi]!.ptr,
          n,
          m,
          pred[qi]!.cols,
          opts.lambda ?? 1,
          stats,
          stats + m * 16,
          stats + m * 24,
          qps + off,
          qcs + off,
          qcol + off,
        );
        return;
      }
      const stats = a.alloc(m * 4 * 8);
      k('projectiveQuestion')(
        choice[qi]!,
        pred[qi]!.ptr,
        n,
        m,
        pred[qi]!.cols,
        sd ? 1 : 0,
        opts.lambda ?? 1,
        opts.minRecords ?? 30,
        qps + off,
        qcs + off,
        qcol + off,
        stats,
        stats + m * 8,
        stats + m * 16,
        stats + m * 24,
      );
    });
    k('projectiveAggregate')(qps, qcs, qcol, purposes, n, nq, at('ps'), at('cs'), at('is'), at('sds'), at('dpProj'));
  }
  const w = input.weights ?? DEFAULT_WEIGHTS;
  k('combinedScores')(
    at('oes'),
    at('ts'),
    at('ibs'),
    at('ps'),
    at('cs'),
    at('con'),
    at('bas'),
    n,
    w.oes,
    w.ts,
    w.ibs,
    w.ps,
    w.cs,
    w.con ?? DEFAULT_WEIGHTS.con,
    w.bas ?? DEFAULT_WEIGHTS.bas,
    w.cap,
    at('combined'),
    at('nSub'),
  );
  const totalCredits = k('credits')(at('dpTs'), n, 4, at('credits'));
  // 4. One copy out (or none, for a resident result); the results are views into it.
  const buffer = keep ? heap.buffer : heap.buffer.slice(block, block + size);
  const base = keep ? block : 0;
  const col = (name: (typeof cols)[number]) => new Float64Array(buffer, base + cols.indexOf(name) * n * 8, n);
  const result: PipelineResult = {
    ts: col('ts'),
    tsDataPoints: col('dpTs'),
    extremelySlow: col('slow'),
    grids: grids.map((_, gi) => ({
      scores: new Float64Array(buffer, base + (cols.length + gi) * n * 8, n),
      labels: new Uint8Array(buffer, base + (cols.length + G) * n * 8 + gi * n, n),
    })),
    ibs: col('ibs'),
    ibsDataPoints: col('dpIbs'),
    consistency: col('con'),
    consistencyDataPoints: col('dpCon'),
    oes: col('oes'),
    oesDataPoints: col('dpOes'),
    badAnswers: col('bad'),
    bas: col('bas'),
    basDataPoints: col('dpBas'),
    ps: col('ps'),
    cs: col('cs'),
    is: col('is'),
    sds: col('sds'),
    projectiveDataPoints: col('dpProj'),
    combined: col('combined'),
    nSubscores: col('nSub'),
    credits: col('credits'),
    totalCredits,
    version: SCORING_VERSION,
  };
  if (!resident) return result;
  if (keep) a.detach(block);
  let freed = !keep;
  return Object.assign(result, {
    resident: keep,
    free() {
      if (freed) return;
      freed = true;
      heap.free(block);
    },
  });
}

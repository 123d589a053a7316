// `scoreAll`: every numeric score of a set of interviews in one facade call. Intermediate columns
// (grid scores, data points, subscores) stay in WASM memory and feed the next kernel in place; each
// result crosses the boundary once. Same kernels as the single-score calls, so the same numbers
// (pipeline-compose.ts is the composed version the tests compare with).
import { DEFAULT_WEIGHTS, type PipelineInput, type PipelineResult } from './types.ts';
import { Arena, type WasmHeap } from './wasm-memory.ts';
import { SCORING_VERSION } from './version.ts';

type Kernel = (...args: number[]) => number;

export interface Pipeline {
  /** Every numeric score of `input` (see PipelineInput); absent parts give null scores and 0 data points. */
  scoreAll(input: PipelineInput): PipelineResult;
}

export function createPipeline(heap: WasmHeap): Pipeline {
  const k = (name: string) => heap.exports[name] as Kernel;
  return {
    scoreAll(input) {
      const a = new Arena(heap);
      try {
        return run(a, heap, k, input);
      } finally {
        a.release();
      }
    },
  };
}

function run(a: Arena, heap: WasmHeap, k: (name: string) => Kernel, input: PipelineInput): PipelineResult {
  const n = input.rows;
  const grids = input.grids ?? [];
  const questions = input.projective ?? [];
  const cats = input.openCategories ?? [];
  // 1. Inputs already in WASM memory are pinned by address before anything is allocated.
  const dur = input.durations ? a.resident(input.durations.matrix) : null;
  const gridRes = grids.map((g) => a.resident(g.items));
  const choiceRes = questions.map((q) => (q.choice.buffer === heap.buffer ? q.choice.byteOffset : -1));
  const predRes = questions.map((q) => a.resident(q.predictions));
  // 2. Everything else is copied in.
  const durM = input.durations ? dur ?? a.matrix(input.durations.matrix) : null;
  const gridM = grids.map((g, i) => gridRes[i] ?? a.matrix(g.items));
  const choice = questions.map((q, i) => (choiceRes[i]! >= 0 ? choiceRes[i]! : a.f64In(q.choice)));
  const pred = questions.map((q, i) => predRes[i] ?? a.matrix(q.predictions));
  for (const [what, rows] of [['durations', durM?.rows], ...gridM.map((g) => ['grid', g.rows]), ...questions.map((q) => ['projective', q.choice.length]), ...cats.map((c) => ['open', c.length])] as const) {
    if (rows !== undefined && rows !== n) throw new RangeError(`scoreAll: ${what} has ${rows} rows, expected ${n}`);
  }
  // 3. Outputs and intermediates. Data points: one column each for TS, IBS, OES, projective.
  const dp = a.alloc(n * 4 * 8);
  heap.f64(dp, n * 4).fill(0);
  const dpCol = (c: number) => dp + c * n * 8;
  const nanCol = () => a.nan(n);
  const ts = nanCol(), slow = a.alloc(n * 8), ibs = nanCol(), oes = nanCol(), bad = a.alloc(n * 8);
  heap.f64(slow, n).fill(0);
  heap.f64(bad, n).fill(0);
  const ps = nanCol(), cs = nanCol(), is = nanCol(), sds = nanCol();
  if (durM) {
    const med = a.alloc(durM.cols * 8);
    k('timeScores')(durM.ptr, n, durM.cols, input.durations?.totalIndex ?? -1, input.durations?.minRecords ?? 30, ts, dpCol(0), slow, med);
  }
  const gridScores = a.alloc(n * Math.max(1, grids.length) * 8);
  const labels = a.alloc(n * Math.max(1, grids.length));
  grids.forEach((g, gi) => {
    const m = gridM[gi]!;
    k('gridScores')(m.ptr, n, m.cols, g.min ?? NaN, g.max ?? NaN, g.patterns === false ? 0 : 1, gridScores + gi * n * 8, labels + gi * n);
  });
  if (grids.length) k('ibsAggregate')(gridScores, n, grids.length, ibs, dpCol(1));
  if (cats.length) {
    const p = a.alloc(n * cats.length * 4);
    cats.forEach((c, j) => heap.i32(p + j * n * 4, n).set(c));
    k('oesAggregate')(p, n, cats.length, oes, dpCol(2), bad);
  }
  if (questions.length) {
    const nq = questions.length;
    const qps = a.alloc(n * nq * 8), qcs = a.alloc(n * nq * 8), qcol = a.alloc(n * nq * 8), purposes = a.alloc(nq);
    const opts = input.projectiveOptions ?? {};
    questions.forEach((q, qi) => {
      const m = q.options ?? (q.predictions.length === 1 ? 2 : q.predictions.length);
      const stats = a.alloc(m * 4 * 8);
      const sd = q.purpose === 'social-desirability';
      new Uint8Array(heap.buffer, purposes + qi, 1)[0] = sd ? 1 : 0;
      const off = qi * n * 8;
      k('projectiveQuestion')(choice[qi]!, pred[qi]!.ptr, n, m, pred[qi]!.cols, sd ? 1 : 0, opts.lambda ?? 1, opts.minRecords ?? 30,
        qps + off, qcs + off, qcol + off, stats, stats + m * 8, stats + m * 16, stats + m * 24);
    });
    k('projectiveAggregate')(qps, qcs, qcol, purposes, n, nq, ps, cs, is, sds, dpCol(3));
  }
  const w = input.weights ?? DEFAULT_WEIGHTS;
  const combined = a.alloc(n * 8), nSub = a.alloc(n * 8), credits = a.alloc(n * 8);
  k('combinedScores')(oes, ts, ibs, ps, cs, n, w.oes, w.ts, w.ibs, w.ps, w.cs, w.cap, combined, nSub);
  const totalCredits = k('credits')(dp, n, 4, credits);
  // 4. Every result crosses once.
  return {
    ts: a.read(ts, n), tsDataPoints: a.read(dpCol(0), n), extremelySlow: a.read(slow, n),
    grids: grids.map((_, gi) => ({ scores: a.read(gridScores + gi * n * 8, n), labels: new Uint8Array(heap.buffer, labels + gi * n, n).slice() })),
    ibs: a.read(ibs, n), ibsDataPoints: a.read(dpCol(1), n), oes: a.read(oes, n), oesDataPoints: a.read(dpCol(2), n),
    badAnswers: a.read(bad, n), ps: a.read(ps, n), cs: a.read(cs, n), is: a.read(is, n), sds: a.read(sds, n),
    projectiveDataPoints: a.read(dpCol(3), n), combined: a.read(combined, n), nSubscores: a.read(nSub, n),
    credits: a.read(credits, n), totalCredits, version: SCORING_VERSION,
  };
}

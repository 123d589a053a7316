// The pipeline written as a composition of the single-score calls: the reference for `scoreAll`,
// and the way any NumericScoring (WASM or reference) computes every score of a set of interviews.
import {
  DEFAULT_WEIGHTS,
  type ColumnMajor,
  type NumericScoring,
  type PipelineInput,
  type PipelineResult,
} from './types.ts';
import { markInconsistent } from './labels.ts';
import type { BehaviourScoring } from './behaviour.ts';

const nan = (n: number): Float64Array => new Float64Array(n).fill(Number.NaN);

/**
 * Every numeric score of `input` through the individual calls of `s` (its `bas` is needed only when
 * the input carries behaviour categories).
 */
export function composePipeline(
  s: NumericScoring & Partial<Pick<BehaviourScoring, 'bas'>>,
  input: PipelineInput,
): PipelineResult {
  const n = input.rows;
  const ts = input.durations
    ? s.timeScores(input.durations.matrix, {
        totalIndex: input.durations.totalIndex ?? -1,
        minRecords: input.durations.minRecords ?? 30,
      })
    : { ts: nan(n), dataPoints: new Float64Array(n), extremelySlow: new Float64Array(n) };
  const grids = (input.grids ?? []).map(({ items, ...options }) => s.gridScores(items, options));
  const items = (input.grids ?? []).map((g) =>
    Array.isArray(g.items) ? g.items.length : (g.items as ColumnMajor).cols,
  );
  const ibs = grids.length
    ? s.ibs(
        grids.map((g) => g.scores),
        { labels: grids.map((g) => g.labels), items },
      )
    : { score: nan(n), dataPoints: new Float64Array(n) };
  const con =
    grids.length && input.consistency !== false
      ? s.consistency(input.grids!)
      : { score: nan(n), dataPoints: new Float64Array(n), grids: [] };
  con.grids.forEach((c, gi) => markInconsistent(grids[gi]!.labels, c.d2, c.labelCut));
  const oes = input.openCategories?.length
    ? s.oes(input.openCategories)
    : { score: nan(n), dataPoints: new Float64Array(n), badAnswers: new Float64Array(n) };
  let bas: { score: Float64Array; dataPoints: Float64Array } = { score: nan(n), dataPoints: new Float64Array(n) };
  if (input.behaviourCategories?.length) {
    if (!s.bas) throw new TypeError('composePipeline: behaviour categories need a scoring with bas');
    bas = s.bas(input.behaviourCategories);
  }
  const proj = input.projective?.length
    ? s.projective(input.projective, input.projectiveOptions ?? {})
    : { ps: nan(n), cs: nan(n), is: nan(n), sds: nan(n), dataPoints: new Float64Array(n) };
  const comb = s.combined(
    { oes: oes.score, ts: ts.ts, ibs: ibs.score, ps: proj.ps, cs: proj.cs, con: con.score, bas: bas.score },
    n,
    input.weights ?? DEFAULT_WEIGHTS,
  );
  const credits = s.credits([ts.dataPoints, ibs.dataPoints, oes.dataPoints, proj.dataPoints]);
  return {
    ts: ts.ts,
    tsDataPoints: ts.dataPoints,
    extremelySlow: ts.extremelySlow,
    grids: grids.map((g) => ({ scores: g.scores, labels: g.labels })),
    ibs: ibs.score,
    ibsDataPoints: ibs.dataPoints,
    consistency: con.score,
    consistencyDataPoints: con.dataPoints,
    oes: oes.score,
    oesDataPoints: oes.dataPoints,
    badAnswers: oes.badAnswers,
    bas: bas.score,
    basDataPoints: bas.dataPoints,
    ps: proj.ps,
    cs: proj.cs,
    is: proj.is,
    sds: proj.sds,
    projectiveDataPoints: proj.dataPoints,
    combined: comb.combined,
    nSubscores: comb.nSubscores,
    credits: credits.perInterview,
    totalCredits: credits.total,
    version: s.version,
  };
}

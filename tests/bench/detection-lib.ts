// Helpers of the detection benchmark (detection.bench.ts): scoring one generated survey with the
// facade, the figures per planted kind, and the component comparison behind the design of the
// consistency score.
import { DEFAULT_WEIGHTS, type CombinedWeights, type PipelineResult, type Scoring } from '../../scoring/index.ts';
import { CARELESS_KINDS, type BatteryKind, type BatterySurvey } from '../scoring/battery-generator.ts';
import { aucLowerIsPositive } from '../scoring/survey-generator.ts';

export interface KindFigures {
  /** AUC of the combined score: planted kind (or all careless) against careful respondents. */
  auc: Record<'all' | (typeof CARELESS_KINDS)[number], number>;
  /** Share removed by the default cleaning rules, per kind (careful = good respondents removed). */
  removed: Record<BatteryKind, number>;
}

/** The survey as the upload path scores it: durations (total + pages) and every battery as a grid. */
export function scoreSurvey(
  s: Scoring,
  survey: BatterySurvey,
  consistency = true,
  weights: CombinedWeights = DEFAULT_WEIGHTS,
): PipelineResult {
  return s.scoreAll({
    rows: survey.kinds.length,
    durations: { matrix: survey.durations, totalIndex: 0 },
    grids: survey.grids.map((items, g) => ({ items, min: 1, max: survey.structure.batteries[g]!.points })),
    consistency,
    weights,
  });
}

/** Default-rule cleaning of a scored survey: 1 = removed. */
export function removedByDefaults(s: Scoring, r: PipelineResult, n: number): Uint8Array {
  const c = s.clean({
    rows: n,
    scores: { combined: r.combined, ts: r.ts, ibs: r.ibs, con: r.consistency },
    dataPoints: { ts: r.tsDataPoints, ibs: r.ibsDataPoints, con: r.consistencyDataPoints },
  });
  return Uint8Array.from(c.kept, (k) => 1 - k);
}

/** AUC (lower score = careless) of `scores` for `kind` (or every careless kind) against careful respondents. */
export function aucOf(scores: ArrayLike<number>, kinds: readonly BatteryKind[], kind?: BatteryKind): number {
  const idx = kinds.map((k, i) => (k === 'careful' || (kind ? k === kind : true) ? i : -1)).filter((i) => i >= 0);
  return aucLowerIsPositive(
    idx.map((i) => scores[i]!),
    idx.map((i) => kinds[i] !== 'careful'),
  );
}

export function figures(combined: ArrayLike<number>, removed: Uint8Array, kinds: readonly BatteryKind[]): KindFigures {
  const auc = { all: aucOf(combined, kinds) } as KindFigures['auc'];
  for (const k of CARELESS_KINDS) auc[k] = aucOf(combined, kinds, k);
  const removedShare = {} as KindFigures['removed'];
  for (const k of ['careful', ...CARELESS_KINDS] as const) {
    const idx = kinds.map((x, i) => (x === k ? i : -1)).filter((i) => i >= 0);
    removedShare[k] = idx.length ? idx.filter((i) => removed[i]).length / idx.length : NaN;
  }
  return { auc, removed: removedShare };
}

const pct = (v: number) => `${(100 * v).toFixed(2)} %`;
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;

/** Mean and minimum AUC per kind, and mean and maximum share of good respondents removed, over runs. */
export function summarise(runs: KindFigures[]): {
  line: string;
  worstAuc: Record<string, number>;
  maxGoodRemoved: number;
  meanGoodRemoved: number;
} {
  const keys = ['all', ...CARELESS_KINDS] as const;
  const worstAuc: Record<string, number> = {};
  const parts = keys.map((k) => {
    const v = runs.map((r) => r.auc[k]);
    worstAuc[k] = Math.min(...v);
    return `${k} ${mean(v).toFixed(3)} (min ${worstAuc[k]!.toFixed(3)})`;
  });
  const good = runs.map((r) => r.removed.careful);
  const removed = CARELESS_KINDS.map((k) => `${k} ${(100 * mean(runs.map((r) => r.removed[k]))).toFixed(0)} %`);
  return {
    line: `AUC ${parts.join(', ')}\n    removed by the default rules: good ${pct(mean(good))} (max ${pct(Math.max(...good))}); ${removed.join(', ')}`,
    worstAuc,
    maxGoodRemoved: Math.max(...good),
    meanGoodRemoved: mean(good),
  };
}

/**
 * Per-interview statistics that the consistency score could be built from, each oriented so that a
 * lower value means more careless: the classical Mahalanobis D² (careless::mahad, summed over the
 * grids), the robust D² of the consistency score, psychometric synonyms (pairs with |r| > 0.3, the
 * reverse-keyed item of an antonym pair recoded) and even-odd consistency over all scales (reverse-
 * keyed items recoded). Also two combinations of the robust D² with the other two.
 */
export function components(s: Scoring, survey: BatterySurvey): Record<string, Float64Array> {
  const n = survey.kinds.length;
  const grids = survey.grids.map((items, g) => ({ items, min: 1, max: survey.structure.batteries[g]!.points }));
  const classical = new Float64Array(n);
  for (const g of grids) {
    const d = s.indices(g.items).mahad;
    d.forEach((v, i) => {
      classical[i] = classical[i]! + (Number.isNaN(v) ? 0 : v);
    });
  }
  const con = s.consistency(grids);
  const robust = new Float64Array(n);
  con.grids.forEach((g) =>
    g.d2.forEach((v, i) => {
      robust[i] = robust[i]! + (Number.isNaN(v) ? 0 : v);
    }),
  );
  // Recode reverse-keyed items (reverse keying is part of the design: known to the researcher).
  const recoded = survey.grids.map((items, g) => {
    const b = survey.structure.batteries[g]!;
    return items.map((col, j) => (b.reversed[j] ? col.map((v) => (v === -999 ? v : b.points + 1 - v)) : col));
  });
  const allItems = recoded.flat();
  const syn = s.psychSyn(allItems, { critval: 0.3 });
  // Even-odd over consecutive scales: items reordered scale by scale.
  const order: Float64Array[] = [];
  const lengths: number[] = [];
  const scales = survey.structure.traitCorrelation.length;
  for (let sc = 0; sc < scales; sc++) {
    let len = 0;
    recoded.forEach((items, g) =>
      items.forEach((col, j) => {
        if (survey.structure.batteries[g]!.scaleOf[j] === sc) {
          order.push(col);
          len++;
        }
      }),
    );
    lengths.push(len);
  }
  const evenOdd = s.evenOdd(order, lengths);
  // Robust z-scores (median / MAD) so that the combinations weigh like with like.
  const z = (v: Float64Array, sign: number) => {
    const ok = Array.from(v)
      .filter((x) => !Number.isNaN(x))
      .sort((a, b) => a - b);
    const med = ok[ok.length >> 1]!;
    const mad = 1.4826 * [...ok.map((x) => Math.abs(x - med))].sort((a, b) => a - b)[ok.length >> 1]!;
    return Float64Array.from(v, (x) => (Number.isNaN(x) ? 0 : (sign * (x - med)) / mad));
  };
  const zr = z(
      robust.map((v) => Math.cbrt(v)),
      1,
    ),
    zs = z(syn, -1),
    ze = z(evenOdd, 1);
  const combo = (ws: number, we: number) =>
    Float64Array.from(zr, (v, i) => -(v + ws * zs[i]! + we * ze[i]!) / Math.sqrt(1 + ws * ws + we * we));
  return {
    'classical D²': classical.map((v) => -v),
    'robust D² (consistency)': robust.map((v) => -v),
    'psychometric synonyms': syn.map((v) => (Number.isNaN(v) ? 0 : v)),
    'even-odd': evenOdd.map((v) => (Number.isNaN(v) ? 0 : -v)),
    'robust D² + 0.3 synonyms + 0.3 even-odd': combo(0.3, 0.3),
    'robust D² + 1 synonyms + 1 even-odd': combo(1, 1),
  };
}

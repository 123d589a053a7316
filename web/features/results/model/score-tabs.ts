// What each score tab of the result page shows: which stored column is its score, which bands colour
// it, and which stored columns explain it. Pure functions: the page, the worker and
// the tests share them.
import { TIME_RATIO_COLUMN } from './columns.ts';
import { roundScore } from '../../../../scoring/index.ts';
import { CONSISTENCY } from '../../../../scoring/reference-consistency-map';

export type ScoreKind = 'combined' | 'ts' | 'ibs' | 'oes' | 'ps' | 'cs' | 'is' | 'sds' | 'con' | 'bas';
export const SCORE_KINDS: readonly ScoreKind[] = [
  'combined',
  'ts',
  'ibs',
  'oes',
  'ps',
  'cs',
  'is',
  'sds',
  'con',
  'bas',
];
/** The quality-score names the API lists (DatafileMetadata.qualityScores) per kind. */
export const KIND_KEYS: Record<ScoreKind, string> = {
  combined: 'COMBINED',
  ts: 'TS',
  ibs: 'IBS',
  oes: 'OES',
  ps: 'PS',
  cs: 'CS',
  is: 'IS',
  sds: 'SDS',
  con: 'CON',
  bas: 'BAS',
};

export type Band = { key: string; from: number; to: number; color: string };

/** Green 80-100, light green 60-79, yellow 40-59, red 0-39 (on the rounded score). */
const TRAFFIC: Band[] = [
  { key: 'red', from: 0, to: 39, color: '#e03131' },
  { key: 'yellow', from: 40, to: 59, color: '#f59f00' },
  { key: 'lightGreen', from: 60, to: 79, color: '#94d82d' },
  { key: 'green', from: 80, to: 100, color: '#2f9e44' },
];
/** Suggested OES bands 0-40 remove, 40-60 should be removed, 60-100 stay. */
const OES: Band[] = [
  { key: 'remove', from: 0, to: 39, color: '#e03131' },
  { key: 'shouldRemove', from: 40, to: 59, color: '#f59f00' },
  { key: 'stay', from: 60, to: 100, color: '#2f9e44' },
];
/** An SDS under 50 means socially desirable answering. */
const SDS: Band[] = [
  { key: 'desirable', from: 0, to: 49, color: '#e03131' },
  { key: 'notDesirable', from: 50, to: 100, color: '#2f9e44' },
];

export function bandsOf(kind: ScoreKind): Band[] {
  return kind === 'oes' ? OES : kind === 'sds' ? SDS : TRAFFIC;
}

/** Index into bandsOf(kind) of a score (0..100, NaN = none), or -1 for no score. */
export function bandIndex(bands: readonly Band[], score: number): number {
  const v = roundScore(score);
  if (v === null) return -1;
  for (let i = 0; i < bands.length; i++) if (v >= bands[i]!.from && v <= bands[i]!.to) return i;
  return -1;
}

export const HISTOGRAM_BINS = 20;

/**
 * Counts per 5-point bin of the rounded score (the last bin holds 95-100) and per band: bands start
 * at multiples of 5 (40, 50, 60, 80), so every bin lies in exactly one band and is drawn in its colour.
 */
export function histogram(
  values: Float64Array,
  bands: readonly Band[],
): { edges: number[]; perBand: number[][]; scored: number } {
  const counts = new Array<number>(HISTOGRAM_BINS).fill(0);
  let scored = 0;
  for (let i = 0; i < values.length; i++) {
    const v = roundScore(values[i]!);
    if (v === null) continue;
    scored++;
    counts[Math.min(HISTOGRAM_BINS - 1, Math.max(0, Math.floor(v / 5)))]!++;
  }
  const edges = Array.from({ length: HISTOGRAM_BINS + 1 }, (_, i) => i * 5);
  const perBand = bands.map((b) => counts.map((c, bin) => (bin * 5 >= b.from && bin * 5 <= b.to ? c : 0)));
  return { edges, perBand, scored };
}

/** Median of the finite values (NaN when none). */
export function median(values: Float64Array): number {
  const finite = values.filter((v) => Number.isFinite(v)).sort();
  const n = finite.length;
  if (n === 0) return Number.NaN;
  return n % 2 ? finite[(n - 1) / 2]! : (finite[n / 2 - 1]! + finite[n / 2]!) / 2;
}

/** Data points of the published revision as the page needs them (a subset of DataPointMetadata). */
export type ResultDataPoint = {
  dataPointIdentifier: string;
  dataPointType: string;
  questionTitle?: string | null;
  columns: string[];
  role?: string | null;
  unit?: string | null;
  scaleMin?: number | null;
  scaleMax?: number | null;
};

/** A column of a score tab's table: a stored column and how to show it. */
export type TableColumn =
  | { kind: 'score'; name: string; label: string; scoreKind?: ScoreKind }
  | { kind: 'number'; name: string; label: string; digits?: number }
  | { kind: 'flag'; name: string; label: string }
  | { kind: 'gridLabel'; name: string; label: string }
  | { kind: 'category'; name: string; source: string; reasons: string; label: string }
  | { kind: 'effort'; name: string; label: string }
  /** The behaviour category of one open answer (scoring's BEHAVIOUR_CATEGORIES; null: no paradata). */
  | { kind: 'behaviour'; name: string; label: string }
  | { kind: 'ratio'; name: string; label: string };

/**
 * The columns that explain one score: its inputs as stored in scores.arrow (layout 1), with labels
 * from `t`. Only columns the revision has are listed.
 */
export function explainColumns(
  kind: ScoreKind,
  points: readonly ResultDataPoint[],
  has: (name: string) => boolean,
  t: (key: string, p?: Record<string, string | number>) => string,
): TableColumn[] {
  const out: TableColumn[] = [];
  const push = (c: TableColumn) => {
    if (has(c.name)) out.push(c);
  };
  const score = (k: ScoreKind) => push({ kind: 'score', name: k, label: t(`results.kinds.${k}`), scoreKind: k });
  switch (kind) {
    case 'combined':
      for (const k of ['ts', 'ibs', 'oes', 'ps', 'cs', 'con', 'bas'] as const) score(k);
      push({ kind: 'number', name: 'combined.n_subscores', label: t('results.columns.nSubscores') });
      break;
    case 'ts':
      push({ kind: 'ratio', name: TIME_RATIO_COLUMN, label: t('results.columns.timeRatio') });
      push({ kind: 'flag', name: 'ts.extremely_slow', label: t('results.columns.extremelySlow') });
      push({ kind: 'number', name: 'ts.data_points', label: t('results.columns.dataPoints') });
      break;
    case 'ibs':
      for (const p of points.filter((x) => x.dataPointType === 'ITEM_BATTERY')) {
        const title = p.questionTitle || p.dataPointIdentifier;
        push({
          kind: 'number',
          name: `grid.${p.dataPointIdentifier}.score`,
          label: t('results.columns.gridScore', { grid: title }),
        });
        push({
          kind: 'gridLabel',
          name: `grid.${p.dataPointIdentifier}.label`,
          label: t('results.columns.gridLabel', { grid: title }),
        });
      }
      push({ kind: 'number', name: 'ibs.data_points', label: t('results.columns.dataPoints') });
      break;
    case 'oes':
      for (const p of points.filter((x) => x.dataPointType === 'OPEN_ENDED')) {
        const column = p.columns[0]!;
        push({
          kind: 'category',
          name: `oes.${column}.category`,
          source: `oes.${column}.source`,
          reasons: `oes.${column}.ai_reasons`,
          label: p.questionTitle || column,
        });
        push({
          kind: 'effort',
          name: `oes.${column}.effort`,
          label: t('results.columns.effort', { question: p.questionTitle || column }),
        });
      }
      push({ kind: 'number', name: 'oes.bad_answers', label: t('results.columns.badAnswers') });
      push({ kind: 'number', name: 'oes.data_points', label: t('results.columns.dataPoints') });
      break;
    case 'con':
      push({ kind: 'number', name: 'con.data_points', label: t('results.columns.dataPoints') });
      break;
    case 'bas':
      for (const p of points.filter((x) => x.dataPointType === 'OPEN_ENDED')) {
        const column = p.columns[0]!;
        push({ kind: 'behaviour', name: `bas.${column}.category`, label: p.questionTitle || column });
      }
      push({ kind: 'number', name: 'bas.data_points', label: t('results.columns.dataPoints') });
      break;
    default:
      push({ kind: 'number', name: 'projective.data_points', label: t('results.columns.dataPoints') });
  }
  push({ kind: 'number', name: 'data_points', label: t('results.columns.allDataPoints') });
  return out;
}

/** The tabs of score kinds the revision holds values for (its qualityScores, plus combined, CON and BAS when stored). */
export function presentKinds(
  qualityScores: readonly string[],
  scoreColumns: readonly string[],
  meanCombined: number | null | undefined,
): ScoreKind[] {
  const has = new Set(scoreColumns);
  return SCORE_KINDS.filter(
    (k) =>
      has.has(k) &&
      (k === 'combined'
        ? meanCombined !== null && meanCombined !== undefined
        : k === 'con' || k === 'bas' || qualityScores.includes(KIND_KEYS[k])),
  );
}

/**
 * Complete interviews the smallest grid needs before the consistency score exists: the robust fit
 * takes max(50, 10 per item) of them (scoring/README.md, "Consistency score"), else every CON is
 * null. Null without grids (no consistency score at all).
 */
export function consistencySampleNeeded(points: readonly ResultDataPoint[]): number | null {
  const grids = points.filter((p) => p.dataPointType === 'ITEM_BATTERY');
  if (grids.length === 0) return null;
  return Math.min(...grids.map((g) => Math.max(CONSISTENCY.minSample, CONSISTENCY.perItem * g.columns.length)));
}

// Detection on real survey data with planted careless respondents: scoring every planted survey as an
// upload is scored (scoreAll with the time columns and the grid pages, default weights), cleaning it
// with the default rules, and the figures per dataset and planted kind.
import { DEFAULT_RULES, type CleaningRules, type PipelineResult, type Scoring } from '../../scoring/index.ts';
import { aucLowerIsPositive } from '../scoring/survey-generator.ts';
import { PLANTED_KINDS, type PlantedSurvey, type RowKind } from './detection-plant.ts';

export function scorePlanted(s: Scoring, survey: PlantedSurvey): PipelineResult {
  return s.scoreAll({
    rows: survey.kinds.length,
    durations: { matrix: survey.durations, totalIndex: 0 },
    grids: survey.grids.map((items, g) => ({
      items,
      min: survey.dataset.pages[g]!.min,
      max: survey.dataset.pages[g]!.max,
    })),
  });
}

/** The cleaning input of a scored survey, as the worksheet and the server build it. */
export function cleaningInputOf(r: PipelineResult) {
  return {
    rows: r.combined.length,
    scores: { combined: r.combined, ts: r.ts, ibs: r.ibs, con: r.consistency },
    dataPoints: { ts: r.tsDataPoints, ibs: r.ibsDataPoints, con: r.consistencyDataPoints },
  };
}

/** 1 = removed by the rules. */
export function removedBy(s: Scoring, r: PipelineResult, rules: CleaningRules = DEFAULT_RULES): Uint8Array {
  return Uint8Array.from(s.clean(cleaningInputOf(r), rules).kept, (k) => 1 - k);
}

/** Pooled outcome of planted surveys: per row its kind, combined score and removal. */
export interface Outcome {
  kinds: RowKind[];
  combined: number[];
  removed: number[];
  /** Mean subscores per kind, to explain a figure. */
  ts: number[];
  ibs: number[];
  con: number[];
}

export const emptyOutcome = (): Outcome => ({ kinds: [], combined: [], removed: [], ts: [], ibs: [], con: [] });

export function addOutcome(into: Outcome, kinds: readonly RowKind[], r: PipelineResult, removed: Uint8Array): void {
  kinds.forEach((k, i) => {
    into.kinds.push(k);
    into.combined.push(r.combined[i]!);
    into.removed.push(removed[i]!);
    into.ts.push(r.ts[i]!);
    into.ibs.push(r.ibs[i]!);
    into.con.push(r.consistency[i]!);
  });
}

export function mergeOutcomes(parts: readonly Outcome[]): Outcome {
  const out = emptyOutcome();
  for (const p of parts)
    for (const key of Object.keys(out) as (keyof Outcome)[]) (out[key] as unknown[]).push(...p[key]);
  return out;
}

export interface OutcomeFigures {
  genuine: number;
  genuineRemoved: number;
  aucAll: number;
  removed: Record<string, number>;
  auc: Record<string, number>;
  count: Record<string, number>;
}

function aucFor(o: Outcome, kind?: RowKind): number {
  const idx = o.kinds.map((k, i) => (k === 'genuine' || (kind ? k === kind : true) ? i : -1)).filter((i) => i >= 0);
  return aucLowerIsPositive(
    idx.map((i) => o.combined[i]!),
    idx.map((i) => o.kinds[i] !== 'genuine'),
  );
}

export function figuresOf(o: Outcome): OutcomeFigures {
  const share = (kind: RowKind) => {
    const idx = o.kinds.map((k, i) => (k === kind ? i : -1)).filter((i) => i >= 0);
    return { n: idx.length, removed: idx.length ? idx.filter((i) => o.removed[i]).length / idx.length : NaN };
  };
  const g = share('genuine');
  const f: OutcomeFigures = {
    genuine: g.n,
    genuineRemoved: g.removed,
    aucAll: aucFor(o),
    removed: {},
    auc: {},
    count: {},
  };
  for (const k of PLANTED_KINDS) {
    const s = share(k);
    f.removed[k] = s.removed;
    f.count[k] = s.n;
    f.auc[k] = aucFor(o, k);
  }
  return f;
}

const pct = (v: number) => `${(100 * v).toFixed(v < 0.1 ? 2 : 1)} %`;
const SHORT: Record<string, string> = {
  speeder: 'speed',
  straightliner: 'straight',
  partialStraightliner: 'partStraight',
  pattern: 'pattern',
  random: 'random',
  biasedRandom: 'biasedRnd',
  partlyCareless: 'partCareless',
};

/** One table row: genuine removed, AUC over all, then per kind removed % and AUC. */
export function figureLine(label: string, f: OutcomeFigures): string {
  const kinds = PLANTED_KINDS.map((k) => `${SHORT[k]} ${pct(f.removed[k]!)}/${f.auc[k]!.toFixed(3)}`).join(', ');
  return `  ${label.padEnd(16)} genuine removed ${pct(f.genuineRemoved)} of ${f.genuine}; AUC all ${f.aucAll.toFixed(3)}; removed/AUC: ${kinds}`;
}

/** Mean of a subscore per kind (NaN left out), to explain where a kind ends up. */
export function meansLine(o: Outcome): string {
  const kinds: RowKind[] = ['genuine', ...PLANTED_KINDS];
  return kinds
    .map((k) => {
      const m = (v: number[]) => {
        const x = v.filter((_, i) => o.kinds[i] === k && !Number.isNaN(v[i]!));
        return x.length ? (x.reduce((a, b) => a + b, 0) / x.length).toFixed(0) : '-';
      };
      return `${SHORT[k] ?? k} ${m(o.combined)}/${m(o.ts)}/${m(o.ibs)}/${m(o.con)}`;
    })
    .join(', ');
}

export interface Goals {
  removedEach: number;
  genuineRemoved: number;
  aucAll: number;
  aucEach: number;
}
export const GOALS: Goals = { removedEach: 0.95, genuineRemoved: 0.01, aucAll: 0.99, aucEach: 0.97 };

/** The goals a figure set misses (empty: all met). */
export function missedGoals(f: OutcomeFigures, goals: Goals = GOALS): string[] {
  const out: string[] = [];
  if (f.genuineRemoved > goals.genuineRemoved) out.push(`genuine removed ${pct(f.genuineRemoved)}`);
  if (f.aucAll < goals.aucAll) out.push(`AUC all ${f.aucAll.toFixed(3)}`);
  for (const k of PLANTED_KINDS) {
    if (f.removed[k]! < goals.removedEach) out.push(`${k} removed ${pct(f.removed[k]!)}`);
    if (f.auc[k]! < goals.aucEach) out.push(`${k} AUC ${f.auc[k]!.toFixed(3)}`);
  }
  return out;
}

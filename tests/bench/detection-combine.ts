// Candidates for how the combined score weighs its subscores, measured but not in the scores
// (docs/detection.md, "The combined rule's genuine removals, and other ways to combine the scores").
// Every candidate replaces only the combined score: the per-score rules (TS, IBS, CON < 20) stay, and
// the cleaning is the default rules through the same kernel. Printed per part (tuned, held-out, the
// generated batteries) against the scores' own combined score: genuine removed, and the kinds whose
// removal fell. First, why the genuine respondents removed by the combined rule alone are removed.
import { DEFAULT_RULES, DEFAULT_WEIGHTS, type PipelineResult, type Scoring } from '../../scoring/index.ts';
import { ATTITUDE, PERSONALITY, generateBatterySurvey } from '../scoring/battery-generator.ts';
import { scoreSurvey } from './detection-lib.ts';
import { loadDataset, lognormalOf, realDurations } from './detection-data.ts';
import { plantSurvey } from './detection-plant.ts';
import { scorePlanted } from './detection-real.ts';
import { aucLowerIsPositive } from '../scoring/survey-generator.ts';

/** The scored rows of one part: kind ('genuine' for the generated batteries' careful respondents too). */
interface Rows {
  kind: string[];
  dataset: string[];
  combined: number[];
  ts: number[];
  ibs: number[];
  con: number[];
  ibsDp: number[];
  conDp: number[];
}

const emptyRows = (): Rows => ({ kind: [], dataset: [], combined: [], ts: [], ibs: [], con: [], ibsDp: [], conDp: [] });

function addRows(into: Rows, dataset: string, kinds: readonly string[], r: PipelineResult): void {
  kinds.forEach((k, i) => {
    into.kind.push(k === 'careful' ? 'genuine' : k);
    into.dataset.push(dataset);
    into.combined.push(r.combined[i]!);
    into.ts.push(r.ts[i]!);
    into.ibs.push(r.ibs[i]!);
    into.con.push(r.consistency[i]!);
    into.ibsDp.push(r.ibsDataPoints[i]!);
    into.conDp.push(r.consistencyDataPoints[i]!);
  });
}

const col = (v: number[]) => Float64Array.from(v);

/** 1 = removed by the default rules with `combined` in place of the scores' combined score. */
function removedWith(s: Scoring, rows: Rows, combined: Float64Array): Uint8Array {
  const input = {
    rows: rows.kind.length,
    scores: { combined, ts: col(rows.ts), ibs: col(rows.ibs), con: col(rows.con) },
    dataPoints: { ts: col(rows.ts.map(() => 1)), ibs: col(rows.ibsDp), con: col(rows.conDp) },
  };
  return Uint8Array.from(s.clean(input, DEFAULT_RULES).kept, (k) => 1 - k);
}

/** Share removed per kind ('genuine' first). */
function shares(rows: Rows, removed: Uint8Array): Map<string, number> {
  const n = new Map<string, number>(),
    r = new Map<string, number>();
  rows.kind.forEach((k, i) => {
    n.set(k, (n.get(k) ?? 0) + 1);
    r.set(k, (r.get(k) ?? 0) + removed[i]!);
  });
  const out = new Map<string, number>([['genuine', r.get('genuine')! / n.get('genuine')!]]);
  for (const k of n.keys()) if (k !== 'genuine') out.set(k, r.get(k)! / n.get(k)!);
  return out;
}

function aucAll(rows: Rows, score: Float64Array): number {
  return aucLowerIsPositive(
    Array.from(score),
    rows.kind.map((k) => k !== 'genuine'),
  );
}

const pct = (v: number) => `${(100 * v).toFixed(2)} %`;

/** Weighted mean of the subscores that exist, capped at the weakest + cap (the scores' form). */
function combinedOf(s: Scoring, rows: Rows, sub: { ts: number[]; ibs: number[]; con?: number[] }, weights = {}) {
  const w = { ...DEFAULT_WEIGHTS, ...(sub.con ? {} : { con: 0 }), ...weights };
  return s.combined(
    { ts: col(sub.ts), ibs: col(sub.ibs), ...(sub.con ? { con: col(sub.con) } : {}) },
    rows.kind.length,
    w,
  ).combined;
}

/** A shortfall from 100 counted by the evidence behind it: full from `full` grids, in proportion below. */
const shrunk = (v: number[], dp: number[], full: number) =>
  v.map((x, i) => (Number.isNaN(x) ? x : 100 - (100 - x) * Math.min(1, dp[i]! / full)));

/** The lower of two scores, either of which may be missing (NaN). */
const lower = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b));

const weakestCore = (rows: Rows, i: number) =>
  Math.min(...[rows.ts[i]!, rows.ibs[i]!, rows.con[i]!].filter((v) => !Number.isNaN(v)));

type Candidate = [name: string, combined: (rows: Rows) => Float64Array];

function candidates(s: Scoring, fitted: (rows: Rows) => Float64Array): Candidate[] {
  const shifted = (by: number) => (rows: Rows) => col(rows.combined.map((v) => v + by));
  const support = (below: number) => (rows: Rows) =>
    col(rows.combined.map((v, i) => (weakestCore(rows, i) < below ? v : Math.max(v, 60))));
  return [
    ...[20, 25, 35, 40].map((cap): Candidate => [`cap weakest + ${cap}`, (r) => combinedOf(s, r, r, { cap })]),
    ['combined < 55', shifted(5)],
    ['combined < 65', shifted(-5)],
    ['a core score < 40 supports it', support(40)],
    ['a core score < 50 supports it', support(50)],
    ['weights TS 2, IBS 1, CON 1', (r) => combinedOf(s, r, r, { ibs: 1, con: 1 })],
    [
      'min(IBS, CON) as one score',
      (r) => combinedOf(s, r, { ts: r.ts, ibs: r.ibs.map((v, i) => lower(v, r.con[i]!)) }),
    ],
    ...[3, 4, 6].map((full): Candidate => [
      `CON shrunk, full from ${full} grids`,
      (r) => combinedOf(s, r, { ts: r.ts, ibs: r.ibs, con: shrunk(r.con, r.conDp, full) }),
    ]),
    [
      'CON and IBS shrunk, full from 4',
      (r) => combinedOf(s, r, { ts: r.ts, ibs: shrunk(r.ibs, r.ibsDp, 4), con: shrunk(r.con, r.conDp, 4) }),
    ],
    ['monotone fit on tuned', fitted],
  ];
}

/** Pool-adjacent-violators: P(careless | v), not rising with v; returns a step function. */
function isotonicFalling(v: number[], y: number[]): (x: number) => number {
  const order = v.map((_, i) => i).sort((a, b) => v[a]! - v[b]!);
  const blocks: { hi: number; sum: number; n: number }[] = [];
  for (const i of order) {
    blocks.push({ hi: v[i]!, sum: y[i]!, n: 1 });
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1]!,
        a = blocks[blocks.length - 2]!;
      if (a.sum / a.n > b.sum / b.n) break;
      blocks.splice(-2, 2, { hi: b.hi, sum: a.sum + b.sum, n: a.n + b.n });
    }
  }
  return (x) => {
    let lo = 0,
      hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (blocks[mid]!.hi < x) lo = mid + 1;
      else hi = mid;
    }
    return blocks[lo]!.sum / blocks[lo]!.n;
  };
}

const logit = (p: number) => {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return Math.log(q / (1 - q));
};

/**
 * A monotone combination fitted on the tuned part: per core score the log-odds of careless (all
 * planted kinds together) as a falling step function of the score (its own share where the score is
 * missing), summed as if independent. The rule's threshold is the lowest at which no kind of the tuned
 * part is removed less often than by the scores' combined score; shifted so that the rule reads < 60.
 */
function fitMonotone(s: Scoring, tuned: Rows): (rows: Rows) => Float64Array {
  const y = tuned.kind.map((k): number => (k === 'genuine' ? 0 : 1));
  const prior = logit(y.reduce((a, b) => a + b, 0) / y.length);
  const parts = (['ts', 'ibs', 'con'] as const).map((key) => {
    const have = tuned[key].map((v) => !Number.isNaN(v));
    const f = isotonicFalling(
      tuned[key].filter((_, i) => have[i]),
      y.filter((_, i) => have[i]),
    );
    const missing = y.filter((_, i) => !have[i]);
    const pMissing = missing.length >= 50 ? missing.reduce((a, b) => a + b, 0) / missing.length : NaN;
    return (rows: Rows, i: number) => {
      const v = rows[key][i]!;
      return Number.isNaN(v) ? (Number.isNaN(pMissing) ? 0 : logit(pMissing) - prior) : logit(f(v)) - prior;
    };
  });
  const raw = (rows: Rows) => rows.kind.map((_, i) => -parts.reduce((a, p) => a + p(rows, i), 0));
  const threshold = thresholdOnTuned(s, tuned, col(raw(tuned)));
  return (rows) => col(raw(rows).map((v) => v - threshold + 60));
}

/**
 * The lowest threshold t at which the rule "score < t" (beside the per-score rules) removes no planted
 * kind of the tuned part less often than the scores' combined score < 60 does. Each kind's removal
 * rises with t, so a binary search over the scores finds it.
 */
function thresholdOnTuned(s: Scoring, tuned: Rows, score: Float64Array): number {
  const base = removedWith(s, tuned, col(tuned.kind.map(() => 100)));
  const want = shares(tuned, removedWith(s, tuned, col(tuned.combined)));
  const sorted = Float64Array.from(score.filter((v) => !Number.isNaN(v))).sort();
  const ok = (t: number) => {
    const got = shares(
      tuned,
      Uint8Array.from(score, (v, i) => (base[i] || v < t ? 1 : 0)),
    );
    return [...want].every(([k, w]) => k === 'genuine' || got.get(k)! >= w);
  };
  let lo = 0,
    hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ok(sorted[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo < sorted.length ? sorted[lo]! : Infinity;
}

function scoreParts(s: Scoring, tuned: string[], heldOut: string[], seeds: readonly number[]) {
  const timing = lognormalOf(realDurations());
  const real = (keys: string[]) => {
    const rows = emptyRows();
    for (const key of keys) {
      const d = loadDataset(key);
      for (const seed of seeds) {
        const survey = plantSurvey(d, seed, timing);
        addRows(rows, key, survey.kinds, scorePlanted(s, survey));
      }
    }
    return rows;
  };
  const generated = emptyRows();
  for (const structure of [PERSONALITY, ATTITUDE])
    for (const seed of [1, 2, 3, 4, 5]) {
      const survey = generateBatterySurvey(3000, seed, structure);
      addRows(generated, structure.name, survey.kinds, scoreSurvey(s, survey));
    }
  return { tuned: real(tuned), 'held-out': real(heldOut), generated };
}

/** Why the genuine respondents that only the combined rule removes fall under 60, per dataset. */
function combinedAloneLine(s: Scoring, rows: Rows, dataset: string): string {
  const base = removedWith(s, rows, col(rows.kind.map(() => 100)));
  const why = new Map<string, number>();
  let genuine = 0;
  rows.kind.forEach((k, i) => {
    if (k !== 'genuine' || rows.dataset[i] !== dataset) return;
    genuine++;
    if (base[i] || !(rows.combined[i]! < 60)) return;
    const named = { TS: rows.ts[i]!, IBS: rows.ibs[i]!, CON: rows.con[i]! };
    const weakest = Object.entries(named)
      .filter(([, v]) => !Number.isNaN(v))
      .sort((a, b) => a[1] - b[1])[0]!;
    const reason =
      weakest[1] < DEFAULT_WEIGHTS.cap
        ? `cap of ${weakest[0]} 20-30`
        : `mean of ${Object.entries(named)
            .filter(([, v]) => v < 60)
            .map(([n]) => n)
            .join('+')} < 60`;
    why.set(reason, (why.get(reason) ?? 0) + 1);
  });
  const parts = [...why.entries()].sort((a, b) => b[1] - a[1]).map(([r, v]) => `${r} ${pct(v / genuine)}`);
  return `  ${dataset.padEnd(16)} ${parts.join(', ') || 'none'}`;
}

/** A part's subscores as columns and its kinds as indices, for the sweep's many evaluations. */
interface SweepPart {
  kinds: string[];
  kindOf: Int32Array;
  count: number[];
  subs: Float64Array[];
  base: Uint8Array;
}

function sweepPart(rows: Rows, base: Uint8Array): SweepPart {
  const kinds = [...new Set(rows.kind)];
  return {
    kinds,
    kindOf: Int32Array.from(rows.kind, (k) => kinds.indexOf(k)),
    count: kinds.map((k) => rows.kind.filter((x) => x === k).length),
    subs: [col(rows.ts), col(rows.ibs), col(rows.con)],
    base,
  };
}

/**
 * Share removed per kind when the combined score is the weighted mean of TS, IBS and CON capped at
 * each score + its own cap (the scores' form has one cap for all), beside the per-score rules.
 */
function sweepShares(p: SweepPart, w: readonly number[], caps: readonly number[]): number[] {
  const removed = p.kinds.map(() => 0);
  const n = p.kindOf.length;
  for (let i = 0; i < n; i++) {
    let num = 0,
      den = 0,
      cap = Infinity;
    for (let j = 0; j < 3; j++) {
      const v = p.subs[j]![i]!;
      if (Number.isNaN(v)) continue;
      num += w[j]! * v;
      den += w[j]!;
      if (v + caps[j]! < cap) cap = v + caps[j]!;
    }
    if (p.base[i] || (den > 0 && Math.min(num / den, cap) < 60)) removed[p.kindOf[i]!]!++;
  }
  return removed.map((r, k) => r / p.count[k]!);
}

/**
 * The scores' form with its constants free: weights of TS, IBS and CON, and a cap per score instead
 * of one, swept on the tuned part; the settings at which no tuned kind falls, fewest genuine removed
 * first, then their held-out and generated figures.
 */
function sweepReport(parts: Record<string, Rows>, bases: Record<string, Uint8Array>) {
  const weights = [
    [2, 2, 2],
    [3, 2, 2],
    [2, 3, 2],
    [2, 2, 3],
    [1, 2, 2],
    [2, 1, 2],
    [2, 2, 1],
  ];
  const capSteps = [24, 26, 28, 30, 32, 34, 36];
  const sp = Object.fromEntries(Object.entries(parts).map(([name, rows]) => [name, sweepPart(rows, bases[name]!)]));
  const own = Object.fromEntries(
    Object.entries(sp).map(([name, p]) => [name, sweepShares(p, [2, 2, 2], [30, 30, 30])]),
  );
  const at = (name: string, w: number[], caps: number[]) => {
    const p = sp[name]!;
    const got = sweepShares(p, w, caps);
    const fell = p.kinds.filter((k, j) => k !== 'genuine' && got[j]! < own[name]![j]! - 1e-12);
    return { genuine: got[p.kinds.indexOf('genuine')]!, fell };
  };
  const found: { genuine: number; w: number[]; caps: number[] }[] = [];
  for (const w of weights)
    for (const a of capSteps)
      for (const b of capSteps)
        for (const c of capSteps) {
          const r = at('tuned', w, [a, b, c]);
          if (!r.fell.length) found.push({ genuine: r.genuine, w, caps: [a, b, c] });
        }
  found.sort((x, y) => x.genuine - y.genuine);
  console.log(
    `\nthe combined score's constants swept on the tuned part (weights of TS/IBS/CON x a cap of ${capSteps[0]}-${capSteps[capSteps.length - 1]} per score, ${weights.length * capSteps.length ** 3} settings): the ${Math.min(5, found.length)} of ${found.length} at which no tuned kind falls with fewest genuine removed`,
  );
  for (const f of found.slice(0, 5)) {
    const rest = ['held-out', 'generated'].map((name) => {
      const r = at(name, f.w, f.caps);
      return `${name} ${pct(r.genuine)}${r.fell.length ? ` (fell: ${r.fell.join(', ')})` : ''}`;
    });
    console.log(`  weights ${f.w.join('/')}, caps ${f.caps.join('/')}: tuned ${pct(f.genuine)}; ${rest.join('; ')}`);
  }
}

export function combineReport(s: Scoring, tuned: string[], heldOut: string[]): void {
  const seeds = (process.env.DETECTION_REAL_SEEDS ?? '1,2,3').split(',').map(Number);
  const parts = scoreParts(s, tuned, heldOut, seeds);
  console.log(
    '\ngenuine respondents removed by the combined rule alone (no core score under its own threshold), by why the combined score is under 60:',
  );
  for (const [name, keys] of [
    ['tuned', tuned],
    ['held-out', heldOut],
  ] as const)
    for (const key of keys) console.log(combinedAloneLine(s, parts[name], key));
  const fitted = fitMonotone(s, parts.tuned);
  console.log(
    '\ncandidates for the combined score (the per-score rules unchanged), per part at combined < 60: genuine removed, AUC over all, each planted kind removed; then the lowest threshold at which no kind of the tuned part falls, and genuine removed there',
  );
  const own = Object.fromEntries(
    Object.entries(parts).map(([name, rows]) => [name, shares(rows, removedWith(s, rows, col(rows.combined)))]),
  );
  const bases = Object.fromEntries(
    Object.entries(parts).map(([name, rows]) => [name, removedWith(s, rows, col(rows.kind.map(() => 100)))]),
  );
  const line = (label: string, name: string, rows: Rows, c: Float64Array) => {
    const got = shares(rows, removedWith(s, rows, c));
    const was = own[name]!;
    const kinds = [...got]
      .filter(([k]) => k !== 'genuine')
      .map(([k, v]) => `${k} ${pct(v)}${v < was.get(k)! - 1e-12 ? ` (fell from ${pct(was.get(k)!)})` : ''}`);
    console.log(
      `  ${label.padEnd(34)} ${name.padEnd(9)} genuine ${pct(got.get('genuine')!)}, AUC all ${aucAll(rows, c).toFixed(3)}; ${kinds.join(', ')}`,
    );
  };
  for (const [name, rows] of Object.entries(parts)) line('version 15', name, rows, col(rows.combined));
  const tunedSweep = sweepPart(parts.tuned, bases.tuned!);
  const check = sweepShares(tunedSweep, [2, 2, 2], [30, 30, 30]);
  if (check.some((v, j) => v !== own.tuned!.get(tunedSweep.kinds[j]!)))
    throw new Error("the sweep's combined rule does not remove what the scores' own does at their constants");
  for (const [label, make] of candidates(s, fitted)) {
    for (const [name, rows] of Object.entries(parts)) line(label, name, rows, make(rows));
    const t = thresholdOnTuned(s, parts.tuned, make(parts.tuned));
    const atT = Object.entries(parts).map(([name, rows]) => {
      const got = shares(
        rows,
        Uint8Array.from(make(rows), (v, i) => (bases[name]![i] || v < t ? 1 : 0)),
      );
      const fell = [...got].filter(([k, v]) => k !== 'genuine' && v < own[name]!.get(k)! - 1e-12).map(([k]) => k);
      return `${name} ${pct(got.get('genuine')!)}${fell.length ? ` (fell: ${fell.join(', ')})` : ''}`;
    });
    console.log(
      `  ${''.padEnd(34)} at < ${t.toFixed(2)}, the lowest no tuned kind falls at: genuine ${atT.join('; ')}`,
    );
  }
  sweepReport(parts, bases);
}

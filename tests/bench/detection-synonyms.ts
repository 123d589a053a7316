// A candidate statistic measured beside the default rules (npm run bench:detection): psychometric
// synonyms and antonyms over all grid items of a survey, not per grid. The pairs of items that
// correlate most strongly in the file (either sign) are found without labels; a respondent who
// answers such pairs far apart, measured in the pair's own spread, answers inconsistently. The
// per-grid consistency score cannot see these pairs when their items sit on different pages, and
// most strong pairs of a real inventory do. It costs a few operations per pair and interview.
// Not part of the product's scores: the bench prints what it would add, cut-off set on the tuned part.
import { DEFAULT_WEIGHTS, type PipelineResult, type Scoring } from '../../scoring/index.ts';
import { aucLowerIsPositive } from '../scoring/survey-generator.ts';
import { loadDataset, lognormalOf, realDurations } from './detection-data.ts';
import { PLANTED_KINDS, plantSurvey, type RowKind } from './detection-plant.ts';
import {
  addOutcome,
  emptyOutcome,
  figureLine,
  figuresOf,
  mergeOutcomes,
  removedBy,
  scorePlanted,
  type Outcome,
} from './detection-real.ts';

function asOutcome(s: Scoring, run: Rows['runs'][number]): Outcome {
  const out = emptyOutcome();
  addOutcome(out, run.kinds, run.result, removedBy(s, run.result));
  return out;
}

/** The strongest pairs are used, at most this many, each with |r| at least MIN_R. */
const MAX_PAIRS = 30;
const MIN_R = 0.5;
/** An interview needs this many answered pairs for the statistic. */
const MIN_PAIRS = 3;
const MISSING = -999;

export interface SynonymModel {
  mean: number[];
  sd: number[];
  pairs: { a: number; b: number; r: number }[];
}

const valid = (v: number) => v !== MISSING && !Number.isNaN(v);

/** Item means, spreads and the strongest correlated pairs over all rows (pairwise complete). */
export function fitSynonyms(cols: readonly Float64Array[]): SynonymModel {
  const n = cols[0]?.length ?? 0;
  const mean = cols.map((c) => {
    let s = 0,
      m = 0;
    for (const v of c) {
      if (!valid(v)) continue;
      s += v;
      m++;
    }
    return m ? s / m : NaN;
  });
  const sd = cols.map((c, j) => {
    let s = 0,
      m = 0;
    for (const v of c) {
      if (!valid(v)) continue;
      s += (v - mean[j]!) ** 2;
      m++;
    }
    return m > 1 ? Math.sqrt(s / (m - 1)) : NaN;
  });
  const pairs: SynonymModel['pairs'] = [];
  for (let a = 0; a < cols.length; a++) {
    for (let b = a + 1; b < cols.length; b++) {
      if (!(sd[a]! > 0 && sd[b]! > 0)) continue;
      const A = cols[a]!,
        B = cols[b]!;
      let s = 0,
        m = 0;
      for (let i = 0; i < n; i++) {
        if (!valid(A[i]!) || !valid(B[i]!)) continue;
        s += (A[i]! - mean[a]!) * (B[i]! - mean[b]!);
        m++;
      }
      const r = m > 1 ? s / (m - 1) / sd[a]! / sd[b]! : 0;
      if (Math.abs(r) >= MIN_R) pairs.push({ a, b, r });
    }
  }
  pairs.sort((x, y) => Math.abs(y.r) - Math.abs(x.r) || x.a - y.a || x.b - y.b);
  return { mean, sd, pairs: pairs.slice(0, MAX_PAIRS) };
}

/**
 * Per interview, the mean over its answered pairs of (z_a - sign(r) z_b)^2 / (2 (1 - |r|)): about 1
 * for a respondent who answers like the sample, more for one who answers the pairs independently.
 * NaN with fewer than MIN_PAIRS answered pairs.
 */
export function synonymDistance(cols: readonly Float64Array[], model: SynonymModel): Float64Array {
  const n = cols[0]?.length ?? 0;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0,
      m = 0;
    for (const { a, b, r } of model.pairs) {
      const x = cols[a]![i]!,
        y = cols[b]![i]!;
      if (!valid(x) || !valid(y)) continue;
      const d = (x - model.mean[a]!) / model.sd[a]! - Math.sign(r) * ((y - model.mean[b]!) / model.sd[b]!);
      s += (d * d) / (2 * (1 - Math.abs(r)));
      m++;
    }
    out[i] = m >= MIN_PAIRS ? s / m : NaN;
  }
  return out;
}

/** Robust z against the file's own distribution: (v - median) / (1.4826 MAD); NaN stays NaN. */
export function robustZ(v: Float64Array): Float64Array {
  const ok = Array.from(v).filter((x) => !Number.isNaN(x));
  const median = (a: number[]) => {
    const s = [...a].sort((p, q) => p - q);
    return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
  };
  const med = median(ok);
  const mad = 1.4826 * median(ok.map((x) => Math.abs(x - med)));
  return Float64Array.from(v, (x) => (mad > 0 ? (x - med) / mad : NaN));
}

interface Rows {
  kinds: RowKind[];
  z: number[];
  defaults: number[];
  /** Each seed's scored survey, to score it again with the candidate inside CON. */
  runs: { kinds: RowKind[]; result: PipelineResult; z: Float64Array; pairs: number }[];
}

function rowsOf(s: Scoring, key: string, seeds: readonly number[]): Rows {
  const d = loadDataset(key);
  const timing = lognormalOf(realDurations());
  const out: Rows = { kinds: [], z: [], defaults: [], runs: [] };
  for (const seed of seeds) {
    const survey = plantSurvey(d, seed, timing);
    const cols = survey.grids.flat();
    const model = fitSynonyms(cols);
    const z = robustZ(synonymDistance(cols, model));
    const result = scorePlanted(s, survey);
    const removed = removedBy(s, result);
    out.runs.push({ kinds: survey.kinds, result, z, pairs: model.pairs.length });
    survey.kinds.forEach((k, i) => {
      out.kinds.push(k);
      out.z.push(z[i]!);
      out.defaults.push(removed[i]!);
    });
  }
  return out;
}

const pct = (v: number) => `${(100 * v).toFixed(1)} %`;

/** Share removed per kind with z > cut (optionally OR the default rules), and the AUC of z per kind (the other bench statistics print theirs alike). */
export function line(
  label: string,
  r: Pick<Rows, 'kinds' | 'z' | 'defaults'>,
  cut: number,
  withDefaults: boolean,
  labelWidth = 16,
): string {
  const removed = (i: number) => (r.z[i]! > cut ? 1 : 0) || (withDefaults ? r.defaults[i]! : 0);
  const share = (k: RowKind) => {
    const idx = r.kinds.map((x, i) => (x === k ? i : -1)).filter((i) => i >= 0);
    return idx.filter(removed).length / idx.length;
  };
  const auc = (k: RowKind) => {
    const idx = r.kinds.map((x, i) => (x === 'genuine' || x === k ? i : -1)).filter((i) => i >= 0);
    return aucLowerIsPositive(
      idx.map((i) => (Number.isNaN(r.z[i]!) ? 0 : -r.z[i]!)),
      idx.map((i) => r.kinds[i] !== 'genuine'),
    );
  };
  const kinds = PLANTED_KINDS.map((k) => `${k} ${pct(share(k))}${withDefaults ? '' : `/${auc(k).toFixed(3)}`}`);
  return `  ${label.padEnd(labelWidth)} genuine removed ${pct(share('genuine'))}; ${kinds.join(', ')}`;
}

const merge = (parts: Rows[]): Rows => ({
  kinds: parts.flatMap((p) => p.kinds),
  z: parts.flatMap((p) => p.z),
  defaults: parts.flatMap((p) => p.defaults),
  runs: parts.flatMap((p) => p.runs),
});

/**
 * The candidate inside the consistency score: a subscore from z (100 up to cut - 2, 60 at cut - 1,
 * 20 at the cut-off, where the CON rule removes, 0 from cut + 1, linear between), and CON the lower
 * of it and the per-grid score; the combined score and the default rules computed again from that.
 */
function insideCon(s: Scoring, r: Rows, cut: number, replace: boolean): Outcome {
  const anchors = [cut - 2, cut - 1, cut, cut + 1];
  const levels = [100, 60, 20, 0];
  const score = (z: number) => {
    if (Number.isNaN(z)) return NaN;
    if (z <= anchors[0]!) return 100;
    for (let j = 1; j < anchors.length; j++)
      if (z <= anchors[j]!)
        return (
          levels[j - 1]! + ((levels[j]! - levels[j - 1]!) * (z - anchors[j - 1]!)) / (anchors[j]! - anchors[j - 1]!)
        );
    return 0;
  };
  const out = emptyOutcome();
  for (const run of r.runs) {
    const res = run.result;
    const con = Float64Array.from(res.consistency, (c, i) => {
      const v = score(run.z[i]!);
      if (replace && run.pairs === MAX_PAIRS) return v;
      return Number.isNaN(c) ? v : Number.isNaN(v) ? c : Math.min(c, v);
    });
    const combined = s.combined({ ts: res.ts, ibs: res.ibs, con }, con.length, DEFAULT_WEIGHTS).combined;
    const again = { ...res, consistency: con, combined };
    addOutcome(out, run.kinds, again, removedBy(s, again));
  }
  return out;
}

/** Prints the candidate's figures on the tuned and the held-out part; the cut-off is set on the tuned part. */
export function synonymReport(s: Scoring, tuned: readonly string[], heldOut: readonly string[]): void {
  const seeds = (process.env.DETECTION_REAL_SEEDS ?? '1,2,3').split(',').map(Number);
  const t = tuned.map((k) => [k, rowsOf(s, k, seeds)] as const);
  const h = heldOut.map((k) => [k, rowsOf(s, k, seeds)] as const);
  // The cut-off: the lowest robust z (in steps of 0.25) that removes at most 1 % of genuine
  // respondents in every tuned dataset; the held-out part only reads it.
  let cut = 2;
  const genuineOver = (r: Rows, c: number) => {
    const g = r.kinds.map((k, i) => (k === 'genuine' ? i : -1)).filter((i) => i >= 0);
    return g.filter((i) => r.z[i]! > c).length / g.length;
  };
  while (cut < 30 && t.some(([, r]) => genuineOver(r, cut) > 0.01)) cut += 0.25;
  console.log(
    `\ncandidate, not in the scores: psychometric synonyms over all grid items (the ${MAX_PAIRS} strongest pairs with |r| >= ${MIN_R}), ` +
      `robust z against the file's median and MAD, removes above z = ${cut} (set on the tuned part); per kind removed / AUC of z`,
  );
  for (const [label, parts] of [
    ['tuned', t],
    ['held-out', h],
  ] as const) {
    for (const [k, r] of parts) console.log(line(k, r, cut, false));
    console.log(line(`${label} pooled`, merge(parts.map(([, r]) => r)), cut, false));
  }
  const held = merge(h.map(([, r]) => r));
  console.log(
    '  inside the consistency score, default rules; "lower": CON = the lower of the per-grid score and one from z; ' +
      `"instead": the one from z instead of the per-grid score where the file has all ${MAX_PAIRS} pairs:`,
  );
  const tunedAll = merge(t.map(([, r]) => r));
  for (const [label, rows] of [
    ['tuned', tunedAll],
    ['held-out', held],
  ] as const) {
    console.log(figureLine(`${label} now`, figuresOf(mergeOutcomes(rows.runs.map((run) => asOutcome(s, run))))));
    console.log(figureLine(`${label} lower`, figuresOf(insideCon(s, rows, cut, false))));
    console.log(figureLine(`${label} instead`, figuresOf(insideCon(s, rows, cut, true))));
  }
  console.log('  the same OR the default rules (what adding it as a rule would remove):');
  console.log(line('held-out pooled', held, cut, true));
  // Independent evidence on the genuine respondents the default rules remove: the statistic reads
  // pairs across pages that the rules never see, so if those respondents answer such pairs far
  // apart more often than the kept ones, some of them are careless respondents of the real data.
  const genuine = (removed: number) =>
    held.kinds.map((k, i) => (k === 'genuine' && held.defaults[i] === removed ? i : -1)).filter((i) => i >= 0);
  const over = (idx: number[]) => idx.filter((i) => held.z[i]! > cut).length / idx.length;
  const median = (idx: number[]) => {
    const v = idx
      .map((i) => held.z[i]!)
      .filter((x) => !Number.isNaN(x))
      .sort((a, b) => a - b);
    return v[v.length >> 1] ?? NaN;
  };
  const [gone, kept] = [genuine(1), genuine(0)];
  console.log(
    `  genuine respondents (held-out) the default rules remove: ${gone.length}, of them above the cut-off ${pct(over(gone))}, ` +
      `median z ${median(gone).toFixed(2)}; those they keep: above ${pct(over(kept))}, median z ${median(kept).toFixed(2)}`,
  );
}

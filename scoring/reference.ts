// Plain TypeScript implementation of the numeric scoring API: the same maths as the WASM core, used
// by the property tests (agreement within 1e-9) and as a readable statement of every formula.
import {
  DEFAULT_RULES,
  DEFAULT_WEIGHTS,
  RULE_KEYS,
  SCORE_KINDS,
  type AggregateResult,
  type CertificateResult,
  type CleaningInput,
  type CleaningResult,
  type CleaningRules,
  type CombinedResult,
  type CombinedWeights,
  type ConsistencyGrid,
  type ConsistencyResult,
  type CreditsResult,
  type GridEvidence,
  type GridOptions,
  type GridResult,
  type IndicesResult,
  type MatrixInput,
  type NumericScoring,
  type OesResult,
  type ProjectiveOptions,
  type ProjectiveQuestion,
  type ProjectiveQuestionResult,
  type ProjectiveResult,
  type Subscores,
  type TimeScoreOptions,
  type TimeScoreResult,
} from './types.ts';
import {
  chiSquareQuantile,
  correlation,
  isMissing,
  mahalanobis,
  median,
  pairStats,
  rowOf,
  scoreGrid,
  timeScoreOf,
  toColumnMajor,
} from './reference-core.ts';
import { CATEGORY_SCORES } from './text.ts';
import { referenceClean } from './reference-cleaning.ts';
import { weighedIbs } from './reference-grid-evidence.ts';
import { aggregateConsistency, fitConsistency, rowDistances } from './reference-consistency.ts';
import { SCORING_VERSION } from './version.ts';

export { timeScoreOf, scoreGrid, median, chiSquareQuantile, toColumnMajor } from './reference-core.ts';

const VERSION = SCORING_VERSION;
const nanArray = (n: number) => new Float64Array(n).fill(Number.NaN);
const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;

/** Row means over the non-NaN entries of the given columns. */
function rowMeans(columns: readonly Float64Array[], n: number): AggregateResult {
  const score = nanArray(n),
    dataPoints = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = columns.map((c) => c[i]!).filter((x) => !Number.isNaN(x));
    dataPoints[i] = v.length;
    if (v.length) score[i] = mean(v);
  }
  return { score, dataPoints, version: VERSION };
}

function question(q: ProjectiveQuestion, options: ProjectiveOptions): Required<ProjectiveQuestionResult> {
  const n = q.choice.length;
  const m = q.options ?? (q.predictions.length === 1 ? 2 : q.predictions.length);
  const lambda = options.lambda ?? 1,
    minN = options.minRecords ?? 30;
  const probs: (number[] | null)[] = [];
  for (let i = 0; i < n; i++) {
    const c = q.choice[i]!;
    if (isMissing(c) || !Number.isInteger(c) || c < 1 || c > m) {
      probs.push(null);
      continue;
    }
    const y =
      q.predictions.length === 1 && m === 2
        ? [q.predictions[0]![i]!, 100 - q.predictions[0]![i]!]
        : Array.from({ length: m }, (_, k) => q.predictions[k]![i]!);
    const missing = q.predictions.length === 1 && m === 2 ? isMissing(q.predictions[0]![i]!) : y.some(isMissing);
    const sum = y.reduce((s, v) => s + v, 0);
    if (missing || !y.every((v) => v >= 0 && v <= 100) || Math.abs(sum - 100) > 5) {
      probs.push(null);
      continue;
    }
    // p_k = max(y_k / sum, 0.01), renormalised only when the floor changed a value.
    const raw = y.map((v) => (v * (100 / sum)) / 100);
    const floored = raw.map((v) => Math.max(v, 0.01));
    const total = floored.some((v, k) => v !== raw[k]) ? floored.reduce((s, v) => s + v, 0) : 1;
    probs.push(floored.map((v) => v / total));
  }
  const validRows = probs.map((p, i) => (p ? i : -1)).filter((i) => i >= 0);
  const nq = validRows.length;
  const enough = nq >= minN && nq > 0;
  const share = nanArray(m),
    geoMean = nanArray(m),
    ariMean = nanArray(m),
    optionScore = nanArray(m);
  if (enough) {
    for (let k = 0; k < m; k++) {
      let chosen = 0,
        logs = 0,
        sum = 0;
      for (const i of validRows) {
        if (q.choice[i] === k + 1) chosen++;
        logs += Math.log(probs[i]![k]!);
        sum += probs[i]![k]!;
      }
      share[k] = chosen / nq;
      geoMean[k] = Math.exp(logs / nq);
      ariMean[k] = sum / nq;
      optionScore[k] =
        q.purpose === 'social-desirability'
          ? (100 * geoMean[k]!) / (share[k]! + geoMean[k]!)
          : (100 * share[k]!) / (share[k]! + geoMean[k]!);
    }
  }
  const ps = nanArray(n),
    cs = nanArray(n),
    collective = nanArray(n);
  if (enough) {
    for (const i of validRows) {
      const p = probs[i]!;
      let kl = 0;
      for (let k = 0; k < m; k++) if (share[k]! > 0) kl += share[k]! * Math.log(share[k]! / p[k]!);
      ps[i] = 100 * Math.exp(-lambda * kl);
      const ck = q.choice[i]! - 1;
      cs[i] = 100 * Math.min(1, p[ck]! / ariMean[ck]!);
      collective[i] = optionScore[ck]!;
    }
  }
  return { ps, cs, collective, share, geoMean, ariMean, optionScore, n: nq };
}

/** Marlowe-Crowne short form C: items 5, 7, 9, 10, 13 are keyed true, the rest false. */
const MC_KEYED_TRUE = new Set([5, 7, 9, 10, 13]);

/** The reference implementation of the numeric API. */
export const reference: NumericScoring = {
  version: VERSION,
  timeScoreOf: (r) => (Number.isNaN(r) ? null : timeScoreOf(r)),

  timeScores(durations: MatrixInput, options: TimeScoreOptions = {}): TimeScoreResult {
    const m = toColumnMajor(durations);
    const total = options.totalIndex ?? -1,
      minN = options.minRecords ?? 30;
    const valid = (v: number) => !isMissing(v) && v > 0;
    const medians = Float64Array.from({ length: m.cols }, (_, j) => {
      const v = Array.from(m.data.subarray(j * m.rows, (j + 1) * m.rows)).filter(valid);
      return v.length < minN ? NaN : median(v);
    });
    const ts = nanArray(m.rows),
      dataPoints = new Float64Array(m.rows),
      extremelySlow = new Float64Array(m.rows);
    for (let i = 0; i < m.rows; i++) {
      let totalScore = NaN;
      const pages: number[] = [];
      rowOf(m, i).forEach((v, j) => {
        const med = medians[j]!;
        if (Number.isNaN(med) || !valid(v)) return;
        if (v / med > 10) extremelySlow[i] = 1;
        if (j === total) totalScore = timeScoreOf(v / med);
        else pages.push(timeScoreOf(v / med));
      });
      const pageSum = pages.reduce((s, v) => s + v, 0);
      if (!Number.isNaN(totalScore) && pages.length) ts[i] = 0.5 * totalScore + 0.5 * (pageSum / pages.length);
      else if (!Number.isNaN(totalScore)) ts[i] = totalScore;
      else if (pages.length) ts[i] = pageSum / pages.length;
      dataPoints[i] = pages.length + (Number.isNaN(totalScore) ? 0 : 1);
    }
    return { ts, dataPoints, extremelySlow, medians, version: VERSION };
  },

  gridScores(grid: MatrixInput, options: GridOptions = {}): GridResult {
    const m = toColumnMajor(grid);
    const lo = options.min ?? -Infinity,
      hi = options.max ?? Infinity;
    const scores = new Float64Array(m.rows),
      labels = new Uint8Array(m.rows);
    for (let i = 0; i < m.rows; i++) {
      const x = rowOf(m, i).filter((v) => !isMissing(v) && v >= lo && v <= hi);
      const g = scoreGrid(x, options.patterns !== false, lo, hi);
      scores[i] = g.score;
      labels[i] = g.label;
    }
    return { scores, labels, version: VERSION };
  },

  ibs(gridScores: readonly Float64Array[], evidence?: GridEvidence): AggregateResult {
    if (evidence) return weighedIbs(gridScores, evidence);
    const n = gridScores[0]?.length ?? 0;
    const score = nanArray(n),
      dataPoints = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = gridScores.map((c) => c[i]!).filter((x) => !Number.isNaN(x));
      dataPoints[i] = v.length;
      if (v.length) score[i] = (mean(v) + Math.min(...v)) * 0.5;
    }
    return { score, dataPoints, version: VERSION };
  },

  indices(items: MatrixInput, confidence = 0.99): IndicesResult {
    const m = toColumnMajor(items);
    const longstring = nanArray(m.rows),
      avgstr = nanArray(m.rows),
      irv = nanArray(m.rows);
    for (let i = 0; i < m.rows; i++) {
      const x = rowOf(m, i).filter((v) => !isMissing(v));
      if (x.length === 0) continue;
      const runs: number[] = [];
      x.forEach((v, j) => (j > 0 && v === x[j - 1] ? (runs[runs.length - 1]! += 1) : runs.push(1)));
      longstring[i] = Math.max(...runs);
      avgstr[i] = x.length / runs.length;
      if (x.length >= 2) {
        const mu = mean(x);
        irv[i] = Math.sqrt(x.reduce((s, v) => s + (v - mu) * (v - mu), 0) / (x.length - 1));
      }
    }
    const md = mahalanobis(m, confidence);
    return { longstring, avgstr, irv, mahad: md.d2, mahadFlag: md.flag, rank: md.rank, version: VERSION };
  },

  evenOdd(items: MatrixInput, factors: readonly number[]): Float64Array {
    const m = toColumnMajor(items);
    const out = nanArray(m.rows);
    for (let i = 0; i < m.rows; i++) {
      const row = rowOf(m, i);
      const odd: number[] = [],
        even: number[] = [];
      let offset = 0;
      for (const len of factors) {
        const part = row.slice(offset, Math.min(offset + len, m.cols));
        offset += len;
        const o = part.filter((v, t) => t % 2 === 0 && !isMissing(v));
        const e = part.filter((v, t) => t % 2 === 1 && !isMissing(v));
        if (o.length && e.length) {
          odd.push(mean(o));
          even.push(mean(e));
        }
      }
      if (odd.length < 2) continue;
      const r = correlation(odd, even);
      if (Number.isNaN(r)) continue;
      let sb = (2 * r) / (1 + r);
      if (!(sb >= -1)) sb = -1;
      out[i] = -sb;
    }
    return out;
  },

  psychSyn(items: MatrixInput, options: { critval?: number; antonyms?: boolean } = {}): Float64Array {
    const m = toColumnMajor(items);
    const crit = options.critval ?? 0.6;
    const col = (j: number) => m.data.subarray(j * m.rows, (j + 1) * m.rows);
    const pairs: [number, number][] = [];
    for (let a = 0; a < m.cols; a++) {
      for (let b = a + 1; b < m.cols; b++) {
        const r = pairStats(col(a), col(b)).corr;
        if (!Number.isNaN(r) && (options.antonyms ? r < -crit : r > crit)) pairs.push([a, b]);
      }
    }
    const out = nanArray(m.rows);
    for (let i = 0; i < m.rows; i++) {
      const complete = pairs.filter(([a, b]) => !isMissing(col(a)[i]!) && !isMissing(col(b)[i]!));
      if (complete.length < 3) continue;
      out[i] = correlation(
        complete.map(([a]) => col(a)[i]!),
        complete.map(([, b]) => col(b)[i]!),
      );
    }
    return out;
  },

  consistency(grids: readonly ConsistencyGrid[]): ConsistencyResult {
    const matrices = grids.map((g) => toColumnMajor(g.items));
    const n = matrices[0]?.rows ?? 0;
    const fits = grids.map((g, gi) => fitConsistency(matrices[gi]!, g.min ?? NaN, g.max ?? NaN));
    const d2 = grids.map((g, gi) => rowDistances(fits[gi]!, matrices[gi]!, g.min ?? NaN, g.max ?? NaN));
    const agg = aggregateConsistency(fits, d2, n);
    return {
      score: agg.score,
      dataPoints: agg.dataPoints,
      version: VERSION,
      grids: fits.map((f, gi) => ({
        d2: d2[gi]!,
        score: agg.grids[gi]!,
        fitted: f.fitted,
        sample: f.sample,
        core: f.core,
        rank: f.rank,
        labelCut: f.labelCut,
      })),
    };
  },

  projective(questions: readonly ProjectiveQuestion[], options: ProjectiveOptions = {}): ProjectiveResult {
    const n = questions[0]?.choice.length ?? 0;
    const results = questions.map((q) => question(q, options));
    const pick = (purpose: ProjectiveQuestion['purpose']) =>
      results.filter((_, i) => questions[i]!.purpose === purpose).map((r) => r.collective);
    const ps = rowMeans(
      results.map((r) => r.ps),
      n,
    );
    return {
      ps: ps.score,
      cs: rowMeans(
        results.map((r) => r.cs),
        n,
      ).score,
      is: rowMeans(pick('information'), n).score,
      sds: rowMeans(pick('social-desirability'), n).score,
      dataPoints: ps.dataPoints,
      questions: results,
      version: VERSION,
    };
  },

  mcSds(items: MatrixInput, codes = { true: 1, false: 0 }): Float64Array {
    const m = toColumnMajor(items);
    const out = nanArray(m.rows);
    for (let i = 0; i < m.rows; i++) {
      let mc = 0,
        answered = 0;
      rowOf(m, i).forEach((v, j) => {
        if (v !== codes.true && v !== codes.false) return;
        answered++;
        if (MC_KEYED_TRUE.has(j + 1) ? v === codes.true : v === codes.false) mc++;
      });
      if (13 - answered <= 2) out[i] = 100 - (100 * ((mc * 13) / answered)) / 13;
    }
    return out;
  },

  oes(categories: readonly Int32Array[]): OesResult {
    const n = categories[0]?.length ?? 0;
    const score = nanArray(n),
      dataPoints = new Float64Array(n),
      badAnswers = new Float64Array(n);
    const bad = new Set([6, 7, 10, 11, 12, 13, 14]);
    for (let i = 0; i < n; i++) {
      const codes = categories.map((c) => c[i]!).filter((c) => CATEGORY_SCORES[c] !== undefined);
      dataPoints[i] = codes.length;
      badAnswers[i] = codes.filter((c) => bad.has(c)).length;
      if (codes.length) score[i] = mean(codes.map((c) => CATEGORY_SCORES[c]!));
    }
    return { score, dataPoints, badAnswers, version: VERSION };
  },

  combined(sub: Subscores, rows: number, w: CombinedWeights = DEFAULT_WEIGHTS): CombinedResult {
    const combined = nanArray(rows),
      nSubscores = new Float64Array(rows);
    // Weight 0 leaves a subscore out entirely (also out of the cap and the count).
    const parts = (
      [
        [sub.oes, w.oes, true],
        [sub.ts, w.ts, true],
        [sub.ibs, w.ibs, true],
        [sub.ps, w.ps, false],
        [sub.cs, w.cs, false],
        [sub.con, w.con ?? DEFAULT_WEIGHTS.con, true],
        [sub.bas, w.bas ?? DEFAULT_WEIGHTS.bas, false],
      ] as const
    ).filter(([, weight], p) => p < 5 || weight > 0);
    for (let i = 0; i < rows; i++) {
      let num = 0,
        den = 0,
        count = 0,
        core = Infinity;
      for (const [col, weight, isCore] of parts) {
        const v = col ? col[i]! : NaN;
        if (Number.isNaN(v)) continue;
        num += weight * v;
        den += weight;
        count++;
        if (isCore) core = Math.min(core, v);
      }
      nSubscores[i] = count;
      if (count > 0 && den > 0) {
        let out = num / den;
        if (w.cap >= 0 && core !== Infinity && core + w.cap < out) out = core + w.cap;
        combined[i] = out;
      }
    }
    return { combined, nSubscores, version: VERSION };
  },

  clean: (input: CleaningInput, rules: CleaningRules = DEFAULT_RULES): CleaningResult =>
    referenceClean(input, rules, VERSION),
  cleaningSession: (input: CleaningInput) => ({
    run: (rules: CleaningRules) => referenceClean(input, rules, VERSION),
    free: () => {},
  }),

  certificate(combined: Float64Array, kept: Uint8Array, kinds: number): CertificateResult {
    const keptScores: number[] = [];
    let nKept = 0;
    combined.forEach((v, i) => {
      if (kept[i] !== 1) return;
      nKept++;
      if (!Number.isNaN(v)) keptScores.push(v);
    });
    const meanCombined = keptScores.length ? mean(keptScores) : null;
    const lowestCombined = keptScores.length ? Math.min(...keptScores) : null;
    const shareScored = nKept ? keptScores.length / nKept : 0;
    const nKinds = Object.values(SCORE_KINDS).filter((bit) => kinds & bit).length;
    const m = meanCombined ?? NaN,
      low = lowestCombined ?? NaN;
    let level = 0;
    if (nKept >= 30 && m > 70 && shareScored >= 0.95 && nKinds >= 1) {
      level = 1;
      if (m >= 75 && nKinds >= 2 && low >= 40) {
        level = 2;
        if (m >= 80 && nKinds >= 3 && kinds & SCORE_KINDS.oes && low >= 60) level = 3;
      }
    }
    return { level, nKept, meanCombined, shareScored, lowestCombined, version: VERSION };
  },

  credits(dataPoints: readonly Float64Array[]): CreditsResult {
    const n = dataPoints[0]?.length ?? 0;
    const perInterview = new Float64Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const s = dataPoints.reduce((acc, c) => (c[i]! > 0 ? acc + Math.floor(c[i]!) : acc), 0);
      perInterview[i] = Math.min(10, Math.max(4, s));
      total += perInterview[i]!;
    }
    return { perInterview, total, version: VERSION };
  },

  chiSquareQuantile,
};

export { RULE_KEYS };

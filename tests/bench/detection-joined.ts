// Candidate, measured but not in the scores (docs/detection.md, "A candidate: one model over a scale's
// pages"): the consistency score fits one model per grid page, so a scale cut into several pages never
// has its correlations across pages seen. Here consecutive pages on the same scale are joined into one
// model of at most `cap` items (the pages of a block must give the joined fit its 10 interviews per
// item, else they stay apart), the interview's sum runs over the blocks and the pages left alone, and
// the end sections stay per page, as in the scores. Built from the reference (scoring/reference-
// consistency*.ts); with no page joined it gives the scores' CON, which the bench checks.
import { DEFAULT_WEIGHTS, type PipelineResult, type Scoring } from '../../scoring/index.ts';
import { toColumnMajor } from '../../scoring/reference-core.ts';
import {
  CONSISTENCY,
  calibrateInterviews,
  consistencyScoreOf,
  fitConsistency,
  rowDistances,
  sampleRow,
  type ConsistencyFit,
} from '../../scoring/reference-consistency.ts';
import { calibrateSections, sectionScoreOf, sectionStatistic } from '../../scoring/reference-consistency-section.ts';
import { loadDataset, lognormalOf, realDurations } from './detection-data.ts';
import { plantSurvey, type PlantedSurvey } from './detection-plant.ts';
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

/** Consecutive pages on one scale, cut into blocks of at most `cap` items (0: every page alone). */
export function pageBlocks(survey: PlantedSurvey, cap: number): number[][] {
  const pages = survey.dataset.pages;
  const blocks: number[][] = [];
  let items = 0;
  pages.forEach((p, g) => {
    const last = blocks[blocks.length - 1];
    const head = last ? pages[last[0]!]! : undefined;
    if (last && head && head.min === p.min && head.max === p.max && items + p.items.length <= cap) {
      last.push(g);
      items += p.items.length;
    } else {
      blocks.push([g]);
      items = p.items.length;
    }
  });
  return blocks;
}

interface Unit {
  fit: ConsistencyFit;
  d2: Float64Array;
}

const unitOf = (survey: PlantedSurvey, pages: readonly number[]): Unit => {
  const p = survey.dataset.pages[pages[0]!]!;
  const m = toColumnMajor(pages.flatMap((g) => survey.grids[g]!));
  const fit = fitConsistency(m, p.min, p.max);
  return { fit, d2: rowDistances(fit, m, p.min, p.max) };
};

/** CON with the pages of each block in one model: the sum over the units, the lower of it and the per-page end sections. */
export function joinedConsistency(survey: PlantedSurvey, cap: number): Float64Array {
  const n = survey.kinds.length;
  const pages = survey.dataset.pages.map((_, g) => unitOf(survey, [g]));
  const units = pageBlocks(survey, cap).flatMap((b) => {
    if (b.length === 1) return [pages[b[0]!]!];
    const joined = unitOf(survey, b);
    return joined.fit.fitted ? [joined] : b.map((g) => pages[g]!);
  });
  const fits = (u: readonly Unit[]) => u.map((x) => x.fit);
  const d2s = (u: readonly Unit[]) => u.map((x) => x.d2);
  const cal = calibrateInterviews(fits(units), d2s(units), n);
  const rows = Array.from({ length: Math.min(n, CONSISTENCY.sampleLimit) }, (_, t) => sampleRow(t, n));
  const sections = {
    whole: calibrateInterviews(fits(pages), d2s(pages), n),
    ratio: calibrateSections(fits(pages), d2s(pages), rows),
  };
  const out = new Float64Array(n).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    let sum = 0,
      df = 0,
      nu2 = Infinity,
      dp = 0;
    for (const u of units) {
      const v = u.d2[i]!;
      if (!u.fit.fitted || Number.isNaN(v)) continue;
      sum += v;
      df += u.fit.rank;
      nu2 = Math.min(nu2, u.fit.nu2);
    }
    for (const p of pages) if (p.fit.fitted && !Number.isNaN(p.d2[i]!)) dp++;
    if (!dp || !df) continue;
    out[i] = consistencyScoreOf(sum, df, nu2, cal);
    if (dp >= 2 && sections.ratio.centre < Infinity) {
      out[i] = Math.min(out[i]!, sectionScoreOf(sectionStatistic(fits(pages), d2s(pages), i, sections)));
    }
  }
  return out;
}

function outcomeWith(s: Scoring, survey: PlantedSurvey, res: PipelineResult, con: Float64Array): Outcome {
  const combined = s.combined({ ts: res.ts, ibs: res.ibs, con }, con.length, DEFAULT_WEIGHTS).combined;
  const again = { ...res, consistency: con, combined };
  const out = emptyOutcome();
  addOutcome(out, survey.kinds, again, removedBy(s, again));
  return out;
}

/** Joined blocks of at most these many items; 1000 joins every run of pages on one scale. */
const CAPS = [16, 24, 1000] as const;

/** Prints the candidate's figures (default rules) for each cap on the tuned and the held-out part. */
export function joinedReport(s: Scoring, tuned: readonly string[], heldOut: readonly string[]): void {
  const seeds = (process.env.DETECTION_REAL_SEEDS ?? '1,2,3').split(',').map(Number);
  const timing = lognormalOf(realDurations());
  console.log(
    '\ncandidate, not in the scores: one consistency model over consecutive pages on one scale, up to a cap of items ' +
      '(sum over the blocks, end sections per page); default rules',
  );
  let mismatch = 0;
  for (const [label, keys] of [
    ['tuned', tuned],
    ['held-out', heldOut],
  ] as const) {
    const byCap = new Map<number, Outcome[]>(CAPS.map((c) => [c, []]));
    const now: Outcome[] = [];
    const changed: string[] = [];
    for (const key of keys) {
      const d = loadDataset(key);
      const mine = { now: [] as Outcome[], caps: new Map<number, Outcome[]>(CAPS.map((c) => [c, []])) };
      for (const seed of seeds) {
        const survey = plantSurvey(d, seed, timing);
        const res = scorePlanted(s, survey);
        mine.now.push(outcomeWith(s, survey, res, res.consistency));
        // Every page alone must give the scores' CON: the candidate differs by the joining only.
        const alone = joinedConsistency(survey, 0);
        mismatch += alone.filter(
          (v, i) => !Object.is(v, res.consistency[i]) && Math.abs(v - res.consistency[i]!) > 1e-9,
        ).length;
        for (const cap of CAPS) mine.caps.get(cap)!.push(outcomeWith(s, survey, res, joinedConsistency(survey, cap)));
      }
      now.push(...mine.now);
      // Per dataset, the caps that change its figures.
      const base = figureLine('', figuresOf(mergeOutcomes(mine.now)));
      for (const cap of CAPS) {
        byCap.get(cap)!.push(...mine.caps.get(cap)!);
        const line = figureLine(`${key} cap ${cap}`, figuresOf(mergeOutcomes(mine.caps.get(cap)!)));
        if (line.slice(line.indexOf(' genuine')) !== base.slice(base.indexOf(' genuine'))) changed.push(line);
      }
    }
    console.log(figureLine(`${label} now`, figuresOf(mergeOutcomes(now))));
    for (const cap of CAPS) console.log(figureLine(`${label} cap ${cap}`, figuresOf(mergeOutcomes(byCap.get(cap)!))));
    for (const line of changed) console.log(line);
  }
  console.log(`  every page alone against the scores' CON: ${mismatch} interviews differ (0 expected)`);
}

// Planting careless respondents into real survey data (detection benchmark). A share of the real
// rows is turned into careless interviews of seven kinds; every interview gets a total duration and
// one duration per grid page drawn from the lognormal of real interview durations. The real rows
// that stay untouched are the genuine respondents.
import { rng } from '../scoring/survey-generator.ts';
import { SCREENS, screenResiduals, type RealDataset } from './detection-data.ts';

export const PLANTED_KINDS = [
  'speeder',
  'straightliner',
  'partialStraightliner',
  'pattern',
  'random',
  'biasedRandom',
  'partlyCareless',
] as const;
export type PlantedKind = (typeof PLANTED_KINDS)[number];
export type RowKind = 'genuine' | PlantedKind;

/** Share of the rows each kind takes over (12 % careless in all, as in the product's bench). */
export const PLANT_SHARES: Record<PlantedKind, number> = {
  speeder: 0.02,
  straightliner: 0.015,
  partialStraightliner: 0.015,
  pattern: 0.015,
  random: 0.02,
  biasedRandom: 0.02,
  partlyCareless: 0.015,
};

export interface PlantedSurvey {
  dataset: RealDataset;
  kinds: RowKind[];
  /** Per page, one column per item: codes, -999 missing. */
  grids: Float64Array[][];
  /** Total duration, then one per page (seconds); column 0 is the total. */
  durations: Float64Array[];
  /** Partly careless rows: what their careless end is (0 random, 1 one code, 2 around the midpoint); -1 others. */
  carelessEnd: Int8Array;
}

/** Seconds per grid item at the median pace (the page medians cancel out of the time score). */
const SECONDS_PER_ITEM = 4;
/** Day-to-day spread of one respondent's page times around their own pace (log scale). */
export const PAGE_SPREAD = 0.3;
/** Spread of the rest of the interview (log scale) around the respondent's pace. */
const OTHER_SPREAD = 0.15;
/**
 * DETECTION_PAGE_NOISE=real: each interview's page noise is a real respondent's screen sequence
 * (detection-data.ts, screenResiduals; ten screens, then the next respondent's) instead of independent
 * draws of PAGE_SPREAD, to measure what rests on the planted noise. The main random stream stays the
 * same either way (the respondents are picked by a stream of their own), so only the noise differs.
 */
const REAL_NOISE = process.env.DETECTION_PAGE_NOISE === 'real' ? screenResiduals() : undefined;

export function plantSurvey(
  d: RealDataset,
  seed: number,
  timing: { mu: number; sigma: number },
  shares: Record<PlantedKind, number> = PLANT_SHARES,
): PlantedSurvey {
  const r = rng(seed * 7919 + d.rows);
  const normal = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const n = d.rows;
  const kinds: RowKind[] = new Array(n).fill('genuine');
  // Rows to plant: a seeded shuffle, then the kinds in blocks of their shares.
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let at = 0;
  for (const k of PLANTED_KINDS) {
    const m = Math.round(shares[k] * n);
    for (let t = 0; t < m; t++) kinds[order[at++]!] = k;
  }

  const pages = d.pages;
  const grids = pages.map((p) => p.items.map(() => new Float64Array(n)));
  const durations = Array.from({ length: 1 + pages.length }, () => new Float64Array(n));
  const carelessEnd = new Int8Array(n).fill(-1);
  // The survey's median interview lasts as long as the real median; the grid pages take their share.
  const pageBase = pages.map((p) => SECONDS_PER_ITEM * p.items.length);
  const totalMedian = Math.max(60 * Math.exp(timing.mu), 1.5 * pageBase.reduce((a, b) => a + b, 0));
  const otherBase = totalMedian - pageBase.reduce((a, b) => a + b, 0);
  // The respondent's own pace carries the real spread; page and rest-of-interview noise add to it.
  const paceSigma = Math.sqrt(Math.max(0.01, timing.sigma ** 2 - OTHER_SPREAD ** 2));
  const pick = (lo: number, hi: number) => lo + (hi - lo) * r();
  const uniformCode = (p: { min: number; max: number }) => p.min + Math.floor(r() * (p.max - p.min + 1));
  const pickReal = rng(seed * 104729 + d.rows + 1);

  for (let i = 0; i < n; i++) {
    const kind = kinds[i]!;
    const real = (j: number) => d.answers[j]![i]!;
    const genuinePace = Math.exp(paceSigma * normal());
    // Pace per page (1 = median); the careless part of the survey may go faster than the rest.
    let pace = genuinePace;
    let fastFrom = pages.length;
    let fastPace = pace;
    if (kind === 'speeder') pace = fastPace = pick(0.2, 0.4);
    else if (kind === 'straightliner' || kind === 'pattern') pace = fastPace = genuinePace * pick(0.5, 1);
    else if (kind === 'partialStraightliner') pace = fastPace = genuinePace * pick(0.6, 1);
    else if (kind === 'random' || kind === 'biasedRandom') pace = fastPace = genuinePace * 0.8;
    // Careless for part of the survey: genuine up to a page between 30 % and 70 % of the way, then careless.
    const carelessFrom =
      kind === 'partlyCareless'
        ? Math.min(pages.length - 1, Math.max(pages.length > 1 ? 1 : 0, Math.round(pick(0.3, 0.7) * pages.length)))
        : 0;
    const partMode = Math.floor(r() * 3); // 0 random, 1 straightline, 2 midpoint-biased random
    if (kind === 'partlyCareless') carelessEnd[i] = partMode;
    if (kind === 'partlyCareless') {
      fastFrom = carelessFrom;
      fastPace = genuinePace * pick(0.3, 0.6);
    }
    const speederCareless = pick(0.3, 0.7);
    const level = r();
    const patternKind = Math.floor(r() * 3);
    const bias = r() < 0.5 ? 'midpoint' : 'agreement';
    const straightPages = new Set<number>();
    const realSeqs = REAL_NOISE
      ? Array.from(
          { length: Math.ceil(pages.length / SCREENS) },
          () => REAL_NOISE[Math.floor(pickReal() * REAL_NOISE.length)]!,
        )
      : [];
    let total = 0;
    pages.forEach((p, g) => {
      const P = p.max - p.min + 1;
      const at = (u: number) => p.min + Math.min(P - 1, Math.floor(u * P));
      const midpointCode = () => {
        // Codes around the middle of the scale (sd of a quarter of the range), the commonest bot.
        const v = Math.round((p.min + p.max) / 2 + ((p.max - p.min) / 4) * normal());
        return Math.min(p.max, Math.max(p.min, v));
      };
      const agreementCode = () => p.min + Math.ceil((P - 1) / 2) + Math.floor(r() * (P - Math.ceil((P - 1) / 2)));
      const start = at(r());
      const stairUp = r() < 0.5;
      // A partial straightliner sticks to one code and moves away once or twice per page.
      const moves = new Set<number>();
      if (kind === 'partialStraightliner') {
        const k = 1 + Math.floor(r() * 2);
        while (moves.size < k) moves.add(1 + Math.floor(r() * (p.items.length - 1)));
      }
      let current = start;
      let prev = NaN;
      p.items.forEach((item, j) => {
        let v: number;
        const careless = kind === 'partlyCareless' && g >= carelessFrom;
        if (kind === 'genuine' || (kind === 'partlyCareless' && !careless)) v = real(item);
        else if (kind === 'speeder') {
          const u = r();
          v = u >= speederCareless ? real(item) : u < speederCareless / 2 || Number.isNaN(prev) ? uniformCode(p) : prev;
        } else if (kind === 'straightliner') v = at(level);
        else if (kind === 'partialStraightliner') {
          if (moves.has(j))
            current =
              current === p.max ? current - 1 : current === p.min ? current + 1 : current + (r() < 0.5 ? -1 : 1);
          v = current;
        } else if (kind === 'pattern') {
          const s0 = start - p.min;
          v =
            patternKind === 0
              ? p.min + (j % 2 === 0 ? s0 : (s0 + Math.max(1, Math.floor(P / 2))) % P)
              : patternKind === 1
                ? p.min + (stairUp ? (s0 + j) % P : (s0 - j + 100 * P) % P)
                : p.min + Math.abs(((s0 + j) % (2 * P - 2)) - (P - 1));
        } else if (kind === 'random') v = uniformCode(p);
        else if (kind === 'biasedRandom') v = bias === 'midpoint' ? midpointCode() : agreementCode();
        else {
          // partlyCareless, careless part
          if (partMode === 0) v = uniformCode(p);
          else if (partMode === 1) v = at(level);
          else v = midpointCode();
          if (partMode === 1) straightPages.add(g);
        }
        if (kind !== 'genuine' && r() < 0.01) v = NaN;
        prev = v;
        grids[g]![j]![i] = Number.isNaN(v) ? -999 : v;
      });
      const pagePace = g >= fastFrom ? fastPace : pace;
      // Speeders' pages spread like everyone's: real speeders are not more regular, and a rule on evenly
      // fast pages would fit this generator rather than the data.
      const planted = PAGE_SPREAD * normal();
      const noise = REAL_NOISE ? realSeqs[Math.floor(g / SCREENS)]![g % SCREENS]! : planted;
      const t = pageBase[g]! * pagePace * Math.exp(noise);
      durations[1 + g]![i] = t;
      total += t;
    });
    durations[0]![i] = total + otherBase * pace * Math.exp(OTHER_SPREAD * normal());
  }
  return { dataset: d, kinds, grids, durations, carelessEnd };
}

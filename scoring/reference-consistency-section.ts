// Reference of the consistency score's end sections (scoring/README.md, "Consistency score", "A
// careless end section"; scoring/assembly/consistency-section.ts in the same operation order): an
// interview that answers its first pages with care and the rest carelessly is judged on the end
// section that is at once unusual for the sample and unusual against its own beginning.
import { CONSISTENCY, calibrateScores, zOfD2, type Calibration } from './reference-consistency-map.ts';

/** Constants of the end sections (consistency-section.ts). */
export const SECTION = {
  /** The ratio's calibrated centre moves out by this many calibrated spreads. */
  margin: 0,
  /** The end's normal score against the sample counts this many calibrated spreads higher. */
  ease: 1,
  /** Fewer sample rows with two grids leave the end sections off (contrast centre infinite). */
  minRows: 200,
} as const;

/** The fields of a fitted grid the sections read. */
interface SectionFit {
  fitted: boolean;
  rank: number;
  nu2: number;
}

/** The whole interview's calibration and the ratio's. */
export interface SectionCalibration {
  whole: Calibration;
  ratio: Calibration;
}

/**
 * Over the splits of row i (its fitted grids with a D², each but the first starting an end section):
 * without `cal`, the largest raw normal score of the ratio of the end's mean D² per df to the
 * beginning's; with it, the largest min(end's normal score under the whole calibration + ease, the
 * ratio's under its own). NaN with fewer than two grids.
 */
export function sectionStatistic(
  fits: readonly SectionFit[],
  d2: readonly ArrayLike<number>[],
  i: number,
  cal?: SectionCalibration,
): number {
  const grids: number[] = [];
  const begins: number[] = [];
  const beginDfs: number[] = [];
  let sum = 0,
    df = 0;
  fits.forEach((f, g) => {
    const v = d2[g]![i]!;
    if (!f.fitted || Number.isNaN(v)) return;
    grids.push(g);
    begins.push(sum);
    beginDfs.push(df);
    sum += v;
    df += f.rank;
  });
  if (grids.length < 2) return NaN;
  let worst = -Infinity;
  sum = 0;
  df = 0;
  let nu2 = Infinity;
  for (let c = grids.length - 1; c >= 1; c--) {
    const f = fits[grids[c]!]!;
    sum += d2[grids[c]!]![i]!;
    df += f.rank;
    nu2 = Math.min(nu2, f.nu2);
    const begin = begins[c]!;
    let t = begin > 0 ? zOfD2((sum * beginDfs[c]!) / begin, df, beginDfs[c]!) : Infinity;
    if (cal) {
      const ratio = (t - cal.ratio.centre) / cal.ratio.spread;
      t = Math.min((zOfD2(sum, df, nu2) - cal.whole.centre) / cal.whole.spread + SECTION.ease, ratio);
    }
    if (t > worst) worst = t;
  }
  return worst;
}

/** The ratio's calibration over the rows the fit samples (`rows`), its centre moved out by the margin. */
export function calibrateSections(
  fits: readonly SectionFit[],
  d2: readonly ArrayLike<number>[],
  rows: readonly number[],
): Calibration {
  const z: number[] = [];
  for (const row of rows) {
    const w = sectionStatistic(fits, d2, row);
    if (!Number.isNaN(w) && w !== Infinity) z.push(w);
  }
  const c = calibrateScores(z);
  return { centre: z.length < SECTION.minRows ? Infinity : c.centre + SECTION.margin * c.spread, spread: c.spread };
}

/** Score 0..100 of a calibrated section statistic: linear between the anchors' normal scores. */
export function sectionScoreOf(z: number): number {
  const a = CONSISTENCY.anchors;
  if (z <= a[0]!.z) return a[0]!.score;
  for (let i = 1; i < a.length; i++) {
    const hi = a[i]!.z;
    if (z <= hi) {
      const lo = a[i - 1]!.z;
      return a[i - 1]!.score + ((a[i]!.score - a[i - 1]!.score) * (z - lo)) / (hi - lo);
    }
  }
  return a[a.length - 1]!.score;
}

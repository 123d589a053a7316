// Consistency score (scoring/README.md, "Consistency score", "A careless end section"), part 3: an
// interview that answers its first pages with care and the rest carelessly hides its careless pages in
// the sum over all of them. So each interview with two or more grids is also judged on its end
// sections. For each of its grids but the first, the D² summed from that grid to its last must be
// both unusual for the sample (its normal score under the whole interview's calibration) and unusual
// for the respondent (the normal score of F(end df, beginning df) at the ratio of the end's mean D²
// per degree of freedom to that of the grids before it, calibrated on the sample); the lower of the
// two is the split's statistic, the largest over the splits the interview's, mapped to 0..100 between
// the same anchors as the whole interview's calibrated normal score; the interview's score is the
// lower of both. A respondent careless throughout, or whose answers spread wide on every page, has
// no such split and is judged by the sum alone. scoring/reference-consistency-section.ts holds the
// same formulas.
import { ldf, stf, take, release } from './mem';
import { M_FITTED, M_NU2, M_RANK, consistencySampleCount, consistencySampleRow } from './consistency-fit';
import { ANCHOR_S, ANCHOR_Z, ANCHORS, calibrateScores, d2AtZ, zOfD2 } from './consistency-map';

/** The ratio's calibrated centre moves out by this many calibrated spreads (set on the tuned data). */
export const SECTION_MARGIN: f64 = 0;
/** The end's normal score against the sample counts this many calibrated spreads higher in the split statistic. */
export const SECTION_EASE: f64 = 1;
/**
 * Fewer sample rows with two grids than this leave the end sections off (contrast centre infinite):
 * the contrast's calibration rests on the sample's lower tail, and at 150 interviews of the generated
 * batteries it lowered the score of more careful respondents than careless ones.
 */
export const SECTION_MIN_ROWS: i32 = 200;
/** Slack of the filter's thresholds, so that it only skips interviews whose section scores 100. */
const SLACK: f64 = 1e-6;

/**
 * Over the splits of `row` (its grids with a D² on a fitted model, in grid order, each but the first
 * starting an end section): with `cal` 0, the largest raw normal score of the ratio; else the largest
 * split statistic under cal[0..4) (whole interview's centre and spread, the ratio's). NaN with fewer
 * than two grids. Beginnings are summed forwards, ends backwards, in f64; `scratch` holds 2g f64.
 */
function rowStatistic(d2: usize, n: i32, g: i32, models: usize, row: i32, cal: usize, scratch: usize): f64 {
  // scratch[c]: the D² of the beginning before the c-th present grid; scratch[c + g]: its df.
  let sum: f64 = 0;
  let df: f64 = 0;
  let c = 0;
  for (let j = 0; j < g; j++) {
    const mp = <usize>load<i32>(models + (<usize>j << 2));
    if (ldf(mp, M_FITTED) == 0) continue;
    const v = load<f32>(d2 + ((<usize>j * <usize>n + <usize>row) << 2));
    if (v != v) continue;
    stf(scratch, c, sum);
    stf(scratch, c + g, df);
    sum += <f64>v;
    df += ldf(mp, M_RANK);
    c++;
  }
  if (c < 2) return NaN;
  let worst: f64 = -Infinity;
  sum = 0;
  df = 0;
  let nu2: f64 = Infinity;
  for (let j = g - 1; j >= 0 && c > 1; j--) {
    const mp = <usize>load<i32>(models + (<usize>j << 2));
    if (ldf(mp, M_FITTED) == 0) continue;
    const v = load<f32>(d2 + ((<usize>j * <usize>n + <usize>row) << 2));
    if (v != v) continue;
    sum += <f64>v;
    df += ldf(mp, M_RANK);
    nu2 = Math.min(nu2, ldf(mp, M_NU2));
    c--;
    const begin = ldf(scratch, c);
    // A beginning with D² 0 makes any end infinitely worse: the sample's judgement alone decides.
    let t: f64 = begin > 0 ? zOfD2((sum * ldf(scratch, c + g)) / begin, df, ldf(scratch, c + g)) : Infinity;
    if (cal != 0) {
      const ratio = (t - ldf(cal, 2)) / ldf(cal, 3);
      t = Math.min((zOfD2(sum, df, nu2) - ldf(cal, 0)) / ldf(cal, 1) + SECTION_EASE, ratio);
    }
    if (t > worst) worst = t;
  }
  return worst;
}

/**
 * Calibration of the ratio's normal score (the largest over a row's splits) over the rows the fit
 * samples, as consistencyCalibrate does for the whole interview, into out[0..2), the centre moved out
 * by SECTION_MARGIN spreads; fewer than SECTION_MIN_ROWS rows with two grids turn the sections off.
 */
export function sectionCalibrate(d2: usize, n: i32, g: i32, models: usize, out: usize): void {
  const count = consistencySampleCount(n);
  const z = take(<usize>max(count, 1) << 3);
  const scratch = take(<usize>max(2 * g, 1) << 3);
  let m = 0;
  for (let t = 0; t < count; t++) {
    const w = rowStatistic(d2, n, g, models, consistencySampleRow(t, n), 0, scratch);
    if (w == w && w != Infinity) stf(z, m++, w);
  }
  calibrateScores(z, m, out);
  stf(out, 0, m < SECTION_MIN_ROWS ? Infinity : ldf(out, 0) + SECTION_MARGIN * ldf(out, 1));
  release(scratch);
  release(z);
}

/** Score 0..100 of a calibrated section statistic: linear between the anchors' normal scores. */
export function sectionScoreOf(z: f64): f64 {
  if (z <= unchecked(ANCHOR_Z[0])) return unchecked(ANCHOR_S[0]);
  for (let i = 1; i < ANCHORS; i++) {
    const hi = unchecked(ANCHOR_Z[i]);
    if (z <= hi) {
      const lo = unchecked(ANCHOR_Z[i - 1]);
      return unchecked(ANCHOR_S[i - 1]) + ((unchecked(ANCHOR_S[i]) - unchecked(ANCHOR_S[i - 1])) * (z - lo)) / (hi - lo);
    }
  }
  return unchecked(ANCHOR_S[ANCHORS - 1]);
}

/**
 * Lowers each interview's score (outScore from consistencyAggregate; outDp its grids used) to its
 * section score under cal[0..4). A split scores below 100 only when its end alone lies beyond the
 * first anchor of the whole interview's calibration: interviews with every fitted grid whose ends all
 * stay under that distance (precomputed per split, with SLACK to spare) are left without a cube root.
 */
export function sectionScores(
  d2: usize, n: i32, g: i32, models: usize, cal: usize, outScore: usize, outDp: usize,
): void {
  const fitted = take(<usize>max(g, 1) << 2);
  let nf = 0;
  for (let j = 0; j < g; j++) {
    if (ldf(<usize>load<i32>(models + (<usize>j << 2)), M_FITTED) == 0) continue;
    store<i32>(fitted + (<usize>nf << 2), j);
    nf++;
  }
  if (nf < 2 || ldf(cal, 2) == Infinity) {
    release(fitted);
    return;
  }
  const scratch = take(<usize>(2 * g) << 3);
  // thr[f]: the D² of the end from fitted grid f on (1 <= f < nf) at the first anchor, for complete
  // rows; d2AtZ solves for positive normal scores only, so an anchor at or below 0 filters nothing.
  const thr = take(<usize>nf << 3);
  const first = ldf(cal, 0) + ldf(cal, 1) * (unchecked(ANCHOR_Z[0]) - SECTION_EASE) - SLACK;
  let df: f64 = 0;
  let nu2: f64 = Infinity;
  for (let f = nf - 1; f >= 1; f--) {
    const mp = <usize>load<i32>(models + (<usize>load<i32>(fitted + (<usize>f << 2)) << 2));
    df += ldf(mp, M_RANK);
    nu2 = Math.min(nu2, ldf(mp, M_NU2));
    stf(thr, f, first > 0 ? d2AtZ(first, df, nu2) * (1 - SLACK) : -Infinity);
  }
  const full = <f64>nf;
  for (let i = 0; i < n; i++) {
    const c = ldf(outDp, i);
    if (c < 2) continue;
    if (c == full) {
      let end: f64 = 0;
      let beyond = false;
      for (let f = nf - 1; f >= 1 && !beyond; f--) {
        end += <f64>load<f32>(d2 + ((<usize>load<i32>(fitted + (<usize>f << 2)) * <usize>n + <usize>i) << 2));
        beyond = end > ldf(thr, f);
      }
      if (!beyond) continue;
    }
    const s = sectionScoreOf(rowStatistic(d2, n, g, models, i, cal, scratch));
    if (s < ldf(outScore, i)) stf(outScore, i, s);
  }
  release(thr);
  release(scratch);
  release(fitted);
}

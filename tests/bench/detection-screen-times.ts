// Real per-screen times against the planting's page times (npm run bench:detection). The planted page
// times are synthetic (detection-plant.ts): each page varies around the respondent's own pace by an
// independent spread, with no drift over the interview and no pauses, and the change-point candidate's
// gain rests on that. The one public set of real per-screen times with answers whose licence allows
// test use (tests/fixtures/detection/README.md: ten yes/no adjectives, one per screen, in a lab) is
// read here for what it says about those assumptions, and the change-point's time statistic is computed
// on it and on the planting's model of the same shape, to compare their tails.
import { rng } from '../scoring/survey-generator.ts';
import { changePoint, pageZ } from './detection-changepoint.ts';
import { SCREENS, loadScreenTimes } from './detection-data.ts';
import { PAGE_SPREAD } from './detection-plant.ts';
import { robustZ } from './detection-synonyms.ts';

export interface TimeShape {
  /** Median over respondents of the spread of their log times around their own straight line. */
  within: number;
  /** Spread of the respondents' mean log pace. */
  pace: number;
  /** Spread of the change from first to last screen beyond what the line's sampling error explains. */
  drift: number;
  /** Share of screens over three times the respondent's own median. */
  pauses: number;
}

/** The shape of log screen times after each screen's median is taken out. */
export function timeShape(times: readonly Float64Array[]): TimeShape {
  const G = times.length;
  const n = times[0]?.length ?? 0;
  const med = times.map((col) => {
    const s = Array.from(col, Math.log).sort((a, b) => a - b);
    return s[s.length >> 1]!;
  });
  const xs = Array.from({ length: G }, (_, g) => g - (G - 1) / 2);
  const sxx = xs.reduce((a, x) => a + x * x, 0);
  const within: number[] = [],
    paces: number[] = [],
    slopes: number[] = [],
    slopeVar: number[] = [];
  let pauses = 0;
  for (let i = 0; i < n; i++) {
    const r = times.map((col, g) => Math.log(col[i]!) - med[g]!);
    const mean = r.reduce((a, b) => a + b, 0) / G;
    const b = r.reduce((a, v, g) => a + v * xs[g]!, 0) / sxx;
    const rss = r.reduce((a, v, g) => a + (v - mean - b * xs[g]!) ** 2, 0);
    within.push(Math.sqrt(rss / (G - 2)));
    paces.push(mean);
    slopes.push(b * (G - 1));
    slopeVar.push((rss / (G - 2) / sxx) * (G - 1) ** 2);
    const own = [...r].sort((p, q) => p - q)[G >> 1]!;
    pauses += r.filter((v) => v - own > Math.log(3)).length;
  }
  const variance = (v: number[]) => {
    const m = v.reduce((a, b) => a + b, 0) / v.length;
    return v.reduce((a, x) => a + (x - m) ** 2, 0) / (v.length - 1);
  };
  const sortedWithin = [...within].sort((a, b) => a - b);
  const meanSlopeVar = slopeVar.reduce((a, b) => a + b, 0) / n;
  return {
    within: sortedWithin[n >> 1]!,
    pace: Math.sqrt(variance(paces)),
    drift: Math.sqrt(Math.max(0, variance(slopes) - meanSlopeVar)),
    pauses: pauses / (n * G),
  };
}

/** The change-point's time statistic (end blocks, time alone) as a robust z against the sample. */
export function timeChangePoint(times: readonly Float64Array[]): Float64Array {
  const evidence = times.map((col) => {
    const s = Array.from(col).sort((a, b) => a - b);
    const med = s[s.length >> 1]!;
    return pageZ(Float64Array.from(col, (v) => -Math.log(v / med)));
  });
  return robustZ(changePoint(times.length, times[0]?.length ?? 0, [(g, i) => evidence[g]![i]!], false));
}

/** The planting's model with the real sample's pace spread: independent page spread, no drift, no pauses. */
function plantedLike(n: number, pace: number, seed: number): Float64Array[] {
  const r = rng(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const out = Array.from({ length: SCREENS }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const p = pace * normal();
    for (let g = 0; g < SCREENS; g++) out[g]![i] = Math.exp(p + PAGE_SPREAD * normal());
  }
  return out;
}

const pct = (v: number) => `${(100 * v).toFixed(2)} %`;

export function screenTimesReport(): void {
  const real = loadScreenTimes();
  const n = real[0]!.length;
  const shape = timeShape(real);
  const model = plantedLike(20000, shape.pace, 17);
  const modelShape = timeShape(model);
  const line = (label: string, s: TimeShape) =>
    `  ${label.padEnd(30)} spread around own line ${s.within.toFixed(2)}, pace ${s.pace.toFixed(2)}, drift first to last ${s.drift.toFixed(2)}, screens over 3x own median ${pct(s.pauses)}`;
  console.log(
    `\nreal per-screen times (${n} complete respondents, ${SCREENS} screens of one yes/no adjective each, lab; the only real ` +
      'set with a licence for test use) against the planting (independent page spread, no drift, no pauses), log seconds:',
  );
  console.log(line('real', shape));
  console.log(line('planting, same pace spread', modelShape));
  const tail = (z: Float64Array, c: number) => Array.from(z).filter((v) => v > c).length / z.length;
  const zr = timeChangePoint(real),
    zm = timeChangePoint(model);
  console.log(
    '  change-point time statistic (end blocks), share above robust z 3 / 4 / 5: ' +
      `real ${[3, 4, 5].map((c) => pct(tail(zr, c))).join(' / ')} (${[3, 4, 5].map((c) => Array.from(zr).filter((v) => v > c).length).join(' / ')} of ${n}); ` +
      `planting ${[3, 4, 5].map((c) => pct(tail(zm, c))).join(' / ')}`,
  );
}

// Seeded generator of item-battery surveys with the structure of real personality and attitude
// questionnaires: correlated latent traits, several scales per battery with interleaved
// and reverse-keyed items, skewed item means, individual response styles (extreme responding,
// acquiescence, the odd slip), missing answers and page durations. Planted careless respondents:
// speeders, straightliners, pattern responders and random responders. Random responders answer at an
// ordinary pace: timing does not give them away, only the content of their answers does.
import { rng } from './survey-generator.ts';

export type BatteryKind = 'careful' | 'speeder' | 'straightliner' | 'pattern' | 'random';
export const CARELESS_KINDS: readonly Exclude<BatteryKind, 'careful'>[] = [
  'speeder',
  'straightliner',
  'pattern',
  'random',
];

export interface BatteryDesign {
  /** Scale (latent trait) of each item, in display order. */
  scaleOf: number[];
  /** Items scored in the opposite direction of their trait. */
  reversed: boolean[];
  /** Answer codes 1..points. */
  points: number;
}

export interface SurveyStructure {
  name: string;
  batteries: BatteryDesign[];
  /** Correlations between the latent traits (scales are numbered across batteries). */
  traitCorrelation: number[][];
  /** Range of standardised item loadings. */
  loadings: [number, number];
  /** Share of each careless kind; the rest are careful respondents. */
  shares: Record<Exclude<BatteryKind, 'careful'>, number>;
}

/** Items of `scales` interleaved (1, 2, 3, 1, 2, 3, ...) with every `reverseEvery`-th item of a scale reversed. */
function interleaved(scales: number[], perScale: number, points: number, reversedAt: number[]): BatteryDesign {
  const scaleOf: number[] = [];
  const reversed: boolean[] = [];
  for (let t = 0; t < perScale; t++) {
    for (const s of scales) {
      scaleOf.push(s);
      reversed.push(reversedAt.includes(t));
    }
  }
  return { scaleOf, reversed, points };
}

/** Consecutive blocks per scale. */
function blocks(scales: number[], perScale: number, points: number, reversedAt: number[]): BatteryDesign {
  const scaleOf: number[] = [];
  const reversed: boolean[] = [];
  for (const s of scales) {
    for (let t = 0; t < perScale; t++) {
      scaleOf.push(s);
      reversed.push(reversedAt.includes(t));
    }
  }
  return { scaleOf, reversed, points };
}

/**
 * The structure of the data: a personality inventory in two batteries of 10 and 15 items on
 * a 6-point scale, five traits of five items each (two of them reverse-keyed), interleaved as in the
 * BFI, with the modest trait correlations of the Big Five.
 */
export const PERSONALITY: SurveyStructure = {
  name: 'personality: batteries of 10 and 15 items, 6-point scale, 5 traits, 40 % reverse-keyed',
  batteries: [interleaved([0, 1], 5, 6, [1, 3]), interleaved([2, 3, 4], 5, 6, [1, 3])],
  traitCorrelation: [
    [1, 0.2, 0.25, -0.3, 0.2],
    [0.2, 1, 0.3, -0.25, 0.1],
    [0.25, 0.3, 1, -0.3, 0.1],
    [-0.3, -0.25, -0.3, 1, -0.1],
    [0.2, 0.1, 0.1, -0.1, 1],
  ],
  loadings: [0.5, 0.8],
  shares: { speeder: 0.05, straightliner: 0.05, pattern: 0.04, random: 0.06 },
};

/**
 * A second, different structure: an attitude survey in three batteries (a one-dimensional 12-item
 * 5-point scale, an 8-item 7-point battery of two scales in blocks, a 20-item 5-point battery of
 * four interleaved scales), weaker loadings, and twice as many random responders.
 */
export const ATTITUDE: SurveyStructure = {
  name: 'attitude: batteries of 12, 8 and 20 items, 5- and 7-point scales, 7 scales, weaker loadings, 12 % random',
  batteries: [blocks([0], 12, 5, [2, 5, 8, 11]), blocks([1, 2], 4, 7, [1]), interleaved([3, 4, 5, 6], 5, 5, [0, 3])],
  traitCorrelation: [
    [1, 0.4, 0.3, 0.2, 0.2, 0.1, 0],
    [0.4, 1, 0.5, 0.1, 0.1, 0, 0],
    [0.3, 0.5, 1, 0.1, 0, 0.1, 0],
    [0.2, 0.1, 0.1, 1, 0.35, 0.3, 0.2],
    [0.2, 0.1, 0, 0.35, 1, 0.3, 0.2],
    [0.1, 0, 0.1, 0.3, 0.3, 1, 0.25],
    [0, 0, 0, 0.2, 0.2, 0.25, 1],
  ],
  loadings: [0.45, 0.7],
  shares: { speeder: 0.04, straightliner: 0.03, pattern: 0.03, random: 0.12 },
};

export interface BatterySurvey {
  structure: SurveyStructure;
  kinds: BatteryKind[];
  /** Per battery, one column per item (codes 1..points, -999 missing). */
  grids: Float64Array[][];
  /** Total duration and one page per battery, seconds; column 0 is the total. */
  durations: Float64Array[];
}

/** Cholesky factor of a small correlation matrix (for correlated traits). */
function cholesky(a: number[][]): number[][] {
  const k = a.length;
  const l = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let j = 0; j < k; j++) {
    let d = a[j]![j]!;
    for (let t = 0; t < j; t++) d -= l[j]![t]! ** 2;
    l[j]![j] = Math.sqrt(d);
    for (let r = j + 1; r < k; r++) {
      let s = a[r]![j]!;
      for (let t = 0; t < j; t++) s -= l[r]![t]! * l[j]![t]!;
      l[r]![j] = s / l[j]![j]!;
    }
  }
  return l;
}

export function generateBatterySurvey(
  n: number,
  seed: number,
  structure: SurveyStructure = PERSONALITY,
): BatterySurvey {
  const r = rng(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const traits = structure.traitCorrelation.length;
  const chol = cholesky(structure.traitCorrelation);
  // Item parameters: loading, and an intercept that skews most items towards agreement.
  const items = structure.batteries.map((b) =>
    b.scaleOf.map(() => ({
      loading: structure.loadings[0] + (structure.loadings[1] - structure.loadings[0]) * r(),
      intercept: 0.25 + 0.45 * normal(),
    })),
  );
  const cut = [
    structure.shares.speeder,
    structure.shares.straightliner,
    structure.shares.pattern,
    structure.shares.random,
  ].reduce<number[]>((acc, v) => [...acc, (acc.at(-1) ?? 0) + v], []);
  const kinds: BatteryKind[] = Array.from({ length: n }, () => {
    const u = r();
    const i = cut.findIndex((c) => u < c);
    return i < 0 ? 'careful' : CARELESS_KINDS[i]!;
  });
  const grids = structure.batteries.map((b) => b.scaleOf.map(() => new Float64Array(n)));
  const durations = Array.from({ length: 1 + structure.batteries.length }, () => new Float64Array(n));
  kinds.forEach((kind, i) => {
    const e = Array.from({ length: traits }, normal);
    const theta = chol.map((row) => row.reduce((s, l, t) => s + l * e[t]!, 0));
    // Response styles of careful respondents: extreme responding spreads the answers, acquiescence
    // shifts them towards agreement whatever the keying, and a few answers slip.
    const extreme = Math.exp(0.3 * normal());
    const acquiescence = 0.3 * normal();
    const slip = r() < 0.2 ? 0.08 : 0.01;
    const pace =
      kind === 'speeder'
        ? 0.12 + 0.22 * r()
        : kind === 'straightliner' || kind === 'pattern'
          ? 0.45 + 0.5 * r()
          : kind === 'random'
            ? 0.8 * Math.exp(0.3 * normal())
            : Math.exp(0.3 * normal());
    const straightAll = r() < 0.7;
    const straightGrid = Math.floor(r() * structure.batteries.length);
    let total = 0;
    structure.batteries.forEach((b, g) => {
      const P = b.points;
      const mid = (P + 1) / 2;
      const spread = P / 5;
      const level = 1 + Math.floor(r() * P);
      const patternKind = Math.floor(r() * 3);
      const careful = (j: number) => {
        const it = items[g]![j]!;
        const t = theta[b.scaleOf[j]!]! * (b.reversed[j] ? -1 : 1);
        const y = it.loading * t + Math.sqrt(1 - it.loading ** 2) * normal();
        const v = Math.round(mid + spread * (extreme * y + acquiescence + it.intercept));
        return Math.min(P, Math.max(1, v));
      };
      b.scaleOf.forEach((_, j) => {
        let v: number;
        if (kind === 'random' || (kind === 'speeder' && r() < 0.5) || (kind === 'careful' && r() < slip))
          v = 1 + Math.floor(r() * P);
        else if (kind === 'straightliner' && (straightAll || g === straightGrid)) v = level;
        else if (kind === 'pattern') {
          v =
            patternKind === 0
              ? j % 2 === 0
                ? level
                : 1 + ((level + Math.floor(P / 2) - 1) % P)
              : patternKind === 1
                ? 1 + ((level - 1 + j) % P)
                : 1 + Math.abs(((j + level - 1) % (2 * P - 2)) - (P - 1));
        } else v = careful(j);
        grids[g]![j]![i] = r() < 0.01 ? -999 : v;
      });
      const page = 10 * b.scaleOf.length * pace * Math.exp(0.2 * normal());
      durations[1 + g]![i] = page;
      total += page;
    });
    durations[0]![i] = total + 120 * pace * Math.exp(0.3 * normal());
  });
  return { structure, kinds, grids, durations };
}

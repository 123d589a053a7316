// Seeded generator of realistic survey data with planted careless respondents: speeders,
// straightliners, pattern answerers, random answerers, gibberish and duplicated open answers.
import type { OpenQuestion, ProjectiveQuestion } from '../../scoring/index.ts';

export type RespondentKind = 'careful' | 'speeder' | 'straightliner' | 'pattern' | 'random' | 'gibberish' | 'copier';

export interface Survey {
  kinds: RespondentKind[];
  /** Total duration plus three pages, seconds; column 0 is the total. */
  durations: Float64Array[];
  /** Three grids of 10 items on a 1-5 scale, one column per item. */
  grids: Float64Array[][];
  open: OpenQuestion[];
  projective: ProjectiveQuestion[];
}

/** mulberry32: small, fast and seedable. */
export function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = [
  'quiet',
  'friendly',
  'sunny',
  'clean',
  'spacious',
  'relaxing',
  'beautiful',
  'cosy',
  'lively',
  'historic',
];
const NOUNS = [
  'beach',
  'hotel',
  'food',
  'weather',
  'old town',
  'harbour',
  'pool',
  'restaurants',
  'mountains',
  'museum',
];
const PLACES = [
  'Crete',
  'Lisbon',
  'the Dolomites',
  'Provence',
  'Mallorca',
  'Vienna',
  'the Algarve',
  'Tuscany',
  'Bavaria',
  'Sicily',
];
const ACTIVITIES = [
  'hiking every morning',
  'swimming with the kids',
  'long dinners outside',
  'cycling along the coast',
  'visiting small villages',
  'reading by the water',
  'the boat trip',
  'trying local wine',
];
const MASH = [
  'asdfghjk',
  'qwertzu',
  'sdfsdfsdf',
  'xcvbnm',
  'hjklhjkl',
  'jkjkjkjk',
  'fghfghfgh',
  'poiuztr',
  'mnbvcx',
  'dfgdfgdfg',
];
const EXTRAS = [
  'the staff remembered our names',
  'the children made new friends',
  'we finally had time to read',
  'the sunsets were unforgettable',
  'it never rained once',
  'prices were fair',
  'the local market was a highlight',
  'our apartment had a balcony',
  'the trains were punctual',
  'we met lovely people',
];
const RING = 'Great product, fast delivery and friendly service, would recommend';

export function generateSurvey(n: number, seed: number): Survey {
  const r = rng(seed);
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
  const normal = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const kinds: RespondentKind[] = Array.from({ length: n }, () => {
    const u = r();
    return u < 0.7
      ? 'careful'
      : u < 0.76
        ? 'speeder'
        : u < 0.82
          ? 'straightliner'
          : u < 0.87
            ? 'pattern'
            : u < 0.93
              ? 'random'
              : u < 0.97
                ? 'gibberish'
                : 'copier';
  });
  const durations = Array.from({ length: 4 }, () => new Float64Array(n));
  const grids = Array.from({ length: 3 }, () => Array.from({ length: 10 }, () => new Float64Array(n)));
  const answers: string[][] = [[], []];
  const choice = [new Float64Array(n), new Float64Array(n)];
  const preds = [
    [new Float64Array(n), new Float64Array(n)],
    [new Float64Array(n), new Float64Array(n)],
  ];
  kinds.forEach((kind, i) => {
    const speed =
      kind === 'speeder'
        ? 0.15 + 0.1 * r()
        : kind === 'random'
          ? 0.2 + 0.2 * r()
          : kind === 'careful'
            ? Math.exp(0.25 * normal())
            : 0.55 + 0.5 * r();
    durations[0]![i] = 900 * speed;
    for (let p = 1; p < 4; p++) durations[p]![i] = 200 * speed * Math.exp(0.2 * normal());
    if (r() < 0.03) durations[2]![i] = -999;
    grids.forEach((items) => {
      const level = 1 + Math.floor(r() * 5);
      const alternate = r() < 0.5;
      items.forEach((col, j) => {
        let v: number;
        if (kind === 'straightliner') v = level;
        else if (kind === 'pattern') v = alternate ? 1 + (j % 2) * 2 : 1 + (j % 5);
        else if (kind === 'random') v = 1 + Math.floor(r() * 5);
        else v = Math.min(5, Math.max(1, Math.round(3 + 1.2 * normal())));
        col[i] = r() < 0.02 ? -999 : v;
      });
    });
    for (let q = 0; q < 2; q++) {
      let text: string;
      if (kind === 'gibberish') text = `${pick(MASH)} ${pick(MASH)}`;
      else if (kind === 'copier') text = RING;
      else if (r() < 0.08) text = '';
      else
        text =
          q === 0
            ? `${2 + Math.floor(r() * 19)} days in ${pick(PLACES)}: the ${pick(ADJECTIVES)} ${pick(NOUNS)}, ${pick(ACTIVITIES)}, and ${pick(EXTRAS)}`
            : `Again ${pick(ACTIVITIES)} near the ${pick(ADJECTIVES)} ${pick(NOUNS)}, because ${pick(EXTRAS)}`;
      answers[q]!.push(text);
      // Projective: 60 % say yes; careful people predict near the truth with false consensus.
      const yes = r() < 0.6;
      choice[q]![i] = yes ? 1 : 2;
      const y =
        kind === 'random' || kind === 'speeder'
          ? Math.round(r() * 100)
          : Math.round(Math.min(95, Math.max(5, 60 + (yes ? 8 : -8) + 8 * normal())));
      preds[q]![0]![i] = y;
      preds[q]![1]![i] = 100 - y;
    }
  });
  const open: OpenQuestion[] = answers.map((a, q) => ({
    text: q === 0 ? 'What did you like about your last vacation?' : 'What would you do again?',
    keywords: ['beach', 'hotel', 'food', 'weather', 'trip'],
    allowedLanguages: ['en', 'de'],
    topicCheck: true,
    duplicateDetection: true,
    answers: a,
  }));
  const projective: ProjectiveQuestion[] = [0, 1].map((q) => ({
    choice: choice[q]!,
    predictions: preds[q]!,
    purpose: 'information',
  }));
  return { kinds, durations, grids, open, projective };
}

/** Area under the ROC curve: the chance a positive scores lower than a negative (ties count half). */
export function aucLowerIsPositive(scores: ArrayLike<number>, positive: readonly boolean[]): number {
  const pos: number[] = [];
  const neg: number[] = [];
  positive.forEach((p, i) => (p ? pos : neg).push(Number.isNaN(scores[i]!) ? 0 : scores[i]!));
  neg.sort((a, b) => a - b);
  let wins = 0;
  for (const p of pos) {
    // Negatives above p win fully, equal ones half.
    let lo = 0,
      hi = neg.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (neg[m]! <= p) lo = m + 1;
      else hi = m;
    }
    let eq = lo;
    while (eq > 0 && neg[eq - 1] === p) eq--;
    wins += neg.length - lo + 0.5 * (lo - eq);
  }
  return wins / (pos.length * neg.length);
}

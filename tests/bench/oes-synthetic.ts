// Synthetic open answers for the speed figure of bench:oes: 100,000 answers written from the words
// of the labelled set (so the word mix, lengths and scripts resemble real answers), seeded so every
// run classifies the same data. Each survey is two questions x 25,000 interviews.
import type { OpenQuestion } from '../../scoring/index.ts';
import { corpusSurveys, surveyQuestions, type LabelledSurvey } from '../scoring/open-ended-labelled.ts';

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pools(surveys: readonly LabelledSurvey[]) {
  const words: string[] = [];
  const short: string[] = [];
  const junk: string[] = [];
  for (const s of surveys) {
    s.labels.forEach((labels, qi) =>
      labels.forEach((label, i) => {
        const a = s.answers[qi]![i]!;
        if (label === 1 || label === 10) words.push(...a.split(/\s+/).filter(Boolean));
        else if (label === 4 || label === 5) short.push(a);
        else if (label === 7) junk.push(a);
      }),
    );
  }
  return { words, short, junk };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzäöüß';

/**
 * Answers of one synthetic survey: `questions` x `n`, configured like the labelled survey `base`, with
 * words from `sameLanguage` (the labelled surveys in its language). A quarter of the words get a typo
 * (a letter dropped, doubled or replaced), which gives the long tail of spellings real answers have;
 * without it 25,000 answers would share far more rare 3-grams than real ones do.
 */
export function syntheticSurvey(
  base: LabelledSurvey,
  sameLanguage: readonly LabelledSurvey[],
  n: number,
  seed: number,
): OpenQuestion[] {
  const rand = rng(seed);
  const language = pools(sameLanguage);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const typo = (w: string) => {
    if (w.length < 4 || rand() >= 0.25) return w;
    const i = 1 + Math.floor(rand() * (w.length - 2));
    const u = rand();
    return u < 0.33
      ? w.slice(0, i) + w.slice(i + 1)
      : u < 0.66
        ? w.slice(0, i) + w[i] + w.slice(i)
        : w.slice(0, i) + pick([...LETTERS]) + w.slice(i + 1);
  };
  return surveyQuestions(base).map((q) => {
    const answers: string[] = [];
    for (let i = 0; i < n; i++) {
      const u = rand();
      if (u < 0.03) answers.push('');
      else if (u < 0.15) answers.push(pick(language.short));
      else if (u < 0.16) answers.push(pick(language.junk));
      else if (u < 0.18 && i > 0) answers.push(answers[Math.floor(rand() * i)]!);
      else {
        const v = rand();
        const k =
          v < 0.25
            ? 1 + Math.floor(rand() * 2)
            : v < 0.7
              ? 3 + Math.floor(rand() * 8)
              : v < 0.95
                ? 11 + Math.floor(rand() * 15)
                : 26 + Math.floor(rand() * 35);
        const parts: string[] = [];
        for (let w = 0; w < k; w++) parts.push(typo(pick(language.words)) + (rand() < 0.08 ? ',' : ''));
        answers.push(parts.join(' ') + (rand() < 0.3 ? '.' : ''));
      }
    }
    const seconds = Float64Array.from(answers, (a) => 5 + a.length / (1.5 + 3 * rand()));
    const pastes = Float64Array.from(answers, () => (rand() < 0.01 ? 1 : 0));
    return { ...q, answers, paradata: { seconds, pastes } };
  });
}

/** 100,000 answers: a German and an English survey, two questions x 25,000 interviews each. */
export function syntheticWorkload(): OpenQuestion[][] {
  const set = corpusSurveys();
  const de = set.filter((s) => s.questions[0]!.languages[0] === 'de');
  const en = set.filter((s) => s.questions[0]!.languages[0] === 'en');
  return [
    syntheticSurvey(
      set.find((s) => s.id === 'urlaub-de')!,
      de,
      25_000,
      1,
    ),
    syntheticSurvey(
      set.find((s) => s.id === 'phones-en')!,
      en,
      25_000,
      2,
    ),
  ];
}

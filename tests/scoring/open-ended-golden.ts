// The seeded corpus of the open-ended differential test and its recorded verdicts: categories, unsure
// flags and duplicate clusters. The verdicts were first recorded from main's classifier before it read
// each distinct text once and found near-duplicates by signatures (commit 5923a51), so the test showed
// that change left every verdict alone; they were re-recorded when the rules changed on purpose
// (scoring version 4, commit d2da579; scoring version 10, where 26 of 100,490 verdicts changed: 3 answers
// with "my"/"mein" and "today"/"nächste Woche" and no word of the survey became Wrong Topic; with a
// hyphenated function word ("pour-over", "Bio-Gemüse"), 16 lost a Wrong Language verdict and 7 valid
// answers became unsure, their language no longer placed; scoring version 13, where 2 changed to Wrong
// Topic: a first-person story dated "seit letztem Jahr" beside a question about the "letzten" Einkauf,
// and an ad whose marker "visit our website" held a word of the survey; scoring version 16, where 33
// changed: 28 hedges followed by a generic word became Generic, and 5 word-salad answers whose foreign
// function word sits among capitalised words lost Wrong Language; scoring version 17, where 1 changed:
// the bare link "www.free-prizes.exampple." is no longer Wrong Topic, still unsure; scoring version 18,
// where 255 changed: the 238 copies of "Als KI kann ich dazu nichts sagen" became a duplicate cluster,
// "KI" now being a word of the answer, and 17 "nothing in particular" became Generic). The fixture tests/fixtures/oes/golden-v18.json was
// written by record-open-ended-golden.ts; the test (open-ended-golden.test.ts) requires the same
// verdicts from today's code, in one call and in chunks.
//
// Re-record only when a rule changes on purpose (and the scoring version with it):
//   bun tests/scoring/record-open-ended-golden.ts
import { readFileSync } from 'node:fs';
import type { ClassificationResult, OpenQuestion } from '../../scoring/index.ts';
import { syntheticSurvey } from '../bench/oes-synthetic.ts';
import { corpusSurveys, loadLabelledSet, surveyQuestions } from './open-ended-labelled.ts';
import { demoOpenQuestions, oneAnswerSurvey, repeatedAnswersSurvey, rng } from './open-ended-corpus.ts';

export const GOLDEN_FILE = new URL('../fixtures/oes/golden-v18.json', import.meta.url);
/**
 * Rows that scoring version 9 calls AI suspect (14), per case and question. Version 9 changes no other
 * verdict: each of these rows was 1 or 12 in GOLDEN_FILE, every other row is as recorded there.
 */
export const GOLDEN_AI_FILE = new URL('../fixtures/oes/golden-v9-ai-suspect.json', import.meta.url);

/** Per question, the rows of `result` in category 14 (AI suspect). */
export function aiSuspectRows(result: ClassificationResult): number[][] {
  return result.categories.map((cats) => Array.from(cats).flatMap((c, i) => (c === 14 ? [i] : [])));
}

export function readGoldenAi(): Record<string, number[][]> {
  return (JSON.parse(readFileSync(GOLDEN_AI_FILE, 'utf8')) as { cases: Record<string, number[][]> }).cases;
}

export interface GoldenCase {
  name: string;
  questions: OpenQuestion[];
  order?: Float64Array;
}

/** Per question: one character per answer (category code in base 36, plus 14 when unsure) and the clusters. */
export interface GoldenVerdicts {
  categories: string;
  /** Rows in a cluster, as [row, cluster row] pairs (every other row is -1). */
  clusters: [number, number][];
}

export function encodeVerdicts(result: ClassificationResult): GoldenVerdicts[] {
  return result.categories.map((cats, q) => ({
    categories: Array.from(cats, (c, i) => (c + 14 * result.unsure[q]![i]!).toString(36)).join(''),
    clusters: Array.from(result.clusters[q]!).flatMap((c, i) => (c >= 0 ? [[i, c] as [number, number]] : [])),
  }));
}

export function readGolden(): Record<string, GoldenVerdicts[]> {
  return (JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')) as { cases: Record<string, GoldenVerdicts[]> }).cases;
}

// Answers that test the corners of normalisation and of every rule at once: NFKC (ligatures, full-width
// letters), surrogate pairs and a lone surrogate, whitespace, other scripts, leetspeak and profane
// phrases, chatbot phrases, no-information phrases inside longer answers, numbers and symbols.
const CORNERS = [
  'ﬁnde ich gut',
  'ＧＵＴ',
  'Das war 😀 super, wirklich 👍',
  '\ud83d',
  'a\ud800b',
  '  keine   Ahnung  ',
  'Keine Ahnung!',
  'Отдыхали хорошо',
  '这个很好',
  'sh1t happens all the time',
  'Scheißumfrage, echt jetzt',
  'son of a b1tch',
  'As an AI language model, I cannot answer that',
  'Als KI kann ich dazu nichts sagen',
  'keine ahnung mehr, ist schon lange her',
  'Ich weiß es nicht, vielleicht das Wetter',
  '12345',
  '#+#+',
  '???',
  '-',
  '-999',
  'asdfgh jklö',
  'lalala lalala',
  'fghj fghj',
  "I don't know",
  'i dont know',
  'k.a.',
  'Wocheneinkauf am Samstag',
  'Das Essen war super lecker und das Hotel direkt am Strand',
  'Das Essen war super lecker und das Hotel direkt am Strand!',
  'Das Esen war super lecker und das Hotel direkt am Strand',
  'The hotel was clean, the food was tasty and the beach was not far away',
  'x'.repeat(200),
  'Wertzuwachs und Bonbon',
  'nous avons passé de bonnes vacances à la plage',
  'wir waren am Strand und es war schön und warm',
];

function cornersSurvey(n: number, seed: number): OpenQuestion[] {
  const rand = rng(seed);
  // The labelled survey's configuration without its paradata (45 answers' worth).
  const base = surveyQuestions(loadLabelledSet().find((s) => s.id === 'urlaub-de')!).map(
    ({ paradata: _paradata, ...q }) => q,
  );
  const pick = () => CORNERS[Math.floor(rand() * CORNERS.length)]!;
  const mutate = (t: string) => (rand() < 0.3 ? t.toUpperCase() : rand() < 0.3 ? `${t} ${pick()}` : t);
  return [
    { ...base[0]!, answers: Array.from({ length: n }, () => (rand() < 0.05 ? null : mutate(pick()))) },
    { ...base[1]!, allowedLanguages: ['de', 'ru'], answers: Array.from({ length: n }, () => mutate(pick())) },
    {
      text: 'Sonst noch etwas?',
      allowedLanguages: ['pt'],
      topicCheck: true,
      answers: Array.from({ length: n }, () => pick()),
    },
  ];
}

/** Start times with ties and gaps (NaN), so the earliest duplicate is decided by time and row together. */
function startTimes(n: number, seed: number): Float64Array {
  const rand = rng(seed);
  return Float64Array.from({ length: n }, () => (rand() < 0.05 ? Number.NaN : Math.floor((rand() * n) / 3)));
}

export function goldenCases(): GoldenCase[] {
  const set = corpusSurveys();
  const de = set.filter((s) => s.questions[0]!.languages[0] === 'de');
  const en = set.filter((s) => s.questions[0]!.languages[0] === 'en');
  const repeated = repeatedAnswersSurvey(6000, 11, 'de');
  const configured = repeatedAnswersSurvey(3000, 13, 'en');
  configured[1] = { ...configured[1]!, duplicateDetection: false };
  configured[2] = { ...configured[2]!, keywords: [], topicCheck: true, allowedLanguages: [] };
  return [
    ...set.map((s) => ({ name: `labelled ${s.id}`, questions: surveyQuestions(s) })),
    {
      name: 'synthetic de 4000',
      questions: syntheticSurvey(
        set.find((s) => s.id === 'urlaub-de')!,
        de,
        4000,
        21,
      ),
    },
    {
      name: 'synthetic en 4000',
      questions: syntheticSurvey(
        set.find((s) => s.id === 'phones-en')!,
        en,
        4000,
        22,
      ),
    },
    { name: 'repeated de 6000', questions: repeated },
    { name: 'repeated de 6000 by start time', questions: repeated, order: startTimes(6000, 31) },
    { name: 'repeated en 3000 configured', questions: configured },
    { name: 'demo en 4000', questions: demoOpenQuestions(4000, 5, 'en') },
    { name: 'demo de 3000 by start time', questions: demoOpenQuestions(3000, 9, 'de'), order: startTimes(3000, 32) },
    { name: 'one answer 3000', questions: oneAnswerSurvey(3000) },
    { name: 'corners 3000', questions: cornersSurvey(3000, 41) },
  ];
}

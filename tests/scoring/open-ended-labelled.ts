// The labelled open-ended set (tests/fixtures/oes): loading it as the classifier's input and scoring a
// classifier's categories against the human labels. Shared by tests/scoring/open-ended-labelled.test.ts
// and tests/bench/oes.bench.ts.
import { existsSync, readFileSync } from 'node:fs';
import type { OpenQuestion } from '../../scoring/index.ts';

const dir = new URL('../fixtures/oes/', import.meta.url);

/**
 * `dev`: tuned on. `dev-held`: written with the second dev surveys and kept out of tuning. `heldout`:
 * held out when the rules were first written (its totals were seen while tuning). `heldout2`: written
 * and labelled by someone who never saw the classifier. `real-tuned` and `real-held`: real respondents'
 * answers to questions of a public survey, labelled before the rules changed; the questions of
 * `real-held` are kept out of tuning. `real-tuned2`: real answers of a second public survey (an
 * international one, so with answers in other languages), labelled before it was ever classified, held
 * out for scoring versions 15 and 16 and tuned on since version 17. `real-held3`: real answers of a third public survey (a consumer tasting survey), labelled
 * before it was ever classified, never tuned on. `real-tuned3` and `real-held4`: real answers of two rounds
 * of a public puzzle contest, labelled before they were ever classified; the rules may be tuned on the
 * first, never on the second (tests/fixtures/oes/README.md).
 */
export type Part =
  | 'dev'
  | 'dev-held'
  | 'heldout'
  | 'heldout2'
  | 'real-tuned'
  | 'real-held'
  | 'real-tuned2'
  | 'real-held3'
  | 'real-tuned3'
  | 'real-held4';

/** The parts in the order the bench reports them. */
export const PARTS: readonly Part[] = [
  'dev',
  'dev-held',
  'heldout',
  'heldout2',
  'real-tuned',
  'real-held',
  'real-tuned2',
  'real-held3',
  'real-tuned3',
  'real-held4',
];

/** The parts the rules may be tuned on; every other part is a held-out measure. */
export const TUNED_PARTS: readonly Part[] = ['dev', 'real-tuned', 'real-tuned2', 'real-tuned3'];

/**
 * The surveys the synthetic speed workload and the golden corpus are built from: the set as it was
 * when they were recorded, so that labelled surveys added later change neither.
 */
const CORPUS_SURVEYS = [
  'urlaub-de',
  'phones-en',
  'supermarkt-de',
  'streaming-en',
  'auto-de',
  'coffee-en',
  'bank-de-en',
];

export interface LabelledQuestion {
  id: string;
  kind: string;
  text: string;
  keywords: string[];
  languages: string[];
  topicCheck?: boolean;
}

export interface LabelledSurvey {
  id: string;
  part: Part;
  paradata: boolean;
  questions: LabelledQuestion[];
  respondents: string[];
  /** Per question: one answer per respondent ('' when the respondent left it empty). */
  answers: string[][];
  /** Per question: the human label per respondent (0 = not scored). */
  labels: number[][];
  /** Per question: whether the answer is a real respondent's text (provenance.tsv), else written for the set. */
  real: boolean[][];
  seconds: Float64Array[];
  pastes: Float64Array[];
}

/**
 * Reads questions.json and answers.tsv of the set and of its later parts (heldout2/ to heldout6/) into
 * one survey per entry, respondents in file order.
 */
export function loadLabelledSet(): LabelledSurvey[] {
  return [
    dir,
    ...['heldout2/', 'heldout3/', 'heldout4/', 'heldout5/', 'heldout6/'].map((p) => new URL(p, dir)),
  ].flatMap(readSurveys);
}

function readSurveys(from: URL): LabelledSurvey[] {
  if (!existsSync(new URL('questions.json', from))) return [];
  const config = JSON.parse(readFileSync(new URL('questions.json', from), 'utf8')) as {
    surveys: { id: string; part: Part; paradata: boolean; questions: LabelledQuestion[] }[];
  };
  const rows = readFileSync(new URL('answers.tsv', from), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.length > 0)
    .map((l) => {
      const [survey, respondent, question, label, seconds, pastes, answer] = l.split('\t');
      return {
        survey: survey!,
        respondent: respondent!,
        question: question!,
        label: Number(label),
        seconds,
        pastes,
        answer: answer ?? '',
      };
    });
  // Where provenance.tsv says so, the answer is a real respondent's text ("real: <source>").
  const real = new Set<string>();
  if (existsSync(new URL('provenance.tsv', from)))
    for (const l of readFileSync(new URL('provenance.tsv', from), 'utf8').split('\n').slice(1)) {
      const [survey, respondent, question, source] = l.split('\t');
      if (source?.startsWith('real')) real.add(`${survey}\t${respondent}\t${question}`);
    }
  return config.surveys.map((s) => {
    const mine = rows.filter((r) => r.survey === s.id);
    const respondents = [...new Set(mine.map((r) => r.respondent))];
    const at = (q: string) => respondents.map((id) => mine.find((r) => r.respondent === id && r.question === q));
    // A respondent without a line for a question was not asked it (a split-ballot experiment): an empty,
    // unscored answer, as a survey tool exports it.
    const per = s.questions.map((q) => at(q.id));
    const num = (v: string | undefined) => (v === undefined || v === '' ? Number.NaN : Number(v));
    return {
      ...s,
      respondents,
      answers: per.map((list) => list.map((r) => r?.answer ?? '')),
      labels: per.map((list) => list.map((r) => r?.label ?? 0)),
      real: per.map((list) => list.map((r) => r !== undefined && real.has(`${s.id}\t${r.respondent}\t${r.question}`))),
      seconds: per.map((list) => Float64Array.from(list, (r) => num(r?.seconds))),
      pastes: per.map((list) => Float64Array.from(list, (r) => num(r?.pastes))),
    };
  });
}

/** The labelled surveys the synthetic and golden corpora draw their words and configurations from. */
export function corpusSurveys(): LabelledSurvey[] {
  return loadLabelledSet().filter((s) => CORPUS_SURVEYS.includes(s.id));
}

/** The classifier's input for one survey, configured as a user would (text, keywords, languages). */
export function surveyQuestions(s: LabelledSurvey): OpenQuestion[] {
  return s.questions.map((q, qi) => ({
    text: q.text,
    keywords: q.keywords,
    allowedLanguages: q.languages,
    duplicateDetection: true,
    ...(q.topicCheck !== undefined ? { topicCheck: q.topicCheck } : {}),
    answers: s.answers[qi]!,
    ...(s.paradata ? { paradata: { seconds: s.seconds[qi]!, pastes: s.pastes[qi]! } } : {}),
  }));
}

export const CATEGORY_CODES = [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, -2] as const;

export interface Evaluation {
  n: number;
  correct: number;
  accuracy: number;
  /** confusion[label][predicted] = count */
  confusion: Map<number, Map<number, number>>;
  perCategory: { code: number; support: number; predicted: number; precision: number; recall: number }[];
  validCalledWrongTopic: number;
  validCount: number;
  wrongLanguageCalledWrongLanguage: number;
  wrongLanguageCount: number;
  /** Answers that differ: survey, respondent, question, answer, label, predicted. */
  errors: { survey: string; respondent: string; question: string; answer: string; label: number; predicted: number }[];
}

/** Compares predicted categories (per survey, per question) with the labels; unscored answers, and those `include` rejects, are left out. */
export function evaluate(
  surveys: readonly LabelledSurvey[],
  predicted: readonly (readonly ArrayLike<number>[])[],
  include: (survey: LabelledSurvey, question: number, row: number) => boolean = () => true,
): Evaluation {
  const confusion = new Map<number, Map<number, number>>();
  const errors: Evaluation['errors'] = [];
  let n = 0;
  let correct = 0;
  surveys.forEach((s, si) =>
    s.labels.forEach((labels, qi) =>
      labels.forEach((label, i) => {
        if (label === 0 || !include(s, qi, i)) return;
        const p = predicted[si]![qi]![i]!;
        n++;
        if (p === label) correct++;
        else
          errors.push({
            survey: s.id,
            respondent: s.respondents[i]!,
            question: s.questions[qi]!.id,
            answer: s.answers[qi]![i]!,
            label,
            predicted: p,
          });
        const row = confusion.get(label) ?? new Map<number, number>();
        row.set(p, (row.get(p) ?? 0) + 1);
        confusion.set(label, row);
      }),
    ),
  );
  const count = (label: number, p: number) => confusion.get(label)?.get(p) ?? 0;
  const perCategory = CATEGORY_CODES.map((code) => {
    const support = [...(confusion.get(code)?.values() ?? [])].reduce((a, b) => a + b, 0);
    const predictedCount = [...confusion.values()].reduce((a, row) => a + (row.get(code) ?? 0), 0);
    const tp = count(code, code);
    return {
      code,
      support,
      predicted: predictedCount,
      precision: predictedCount ? tp / predictedCount : Number.NaN,
      recall: support ? tp / support : Number.NaN,
    };
  });
  const validCount = perCategory.find((c) => c.code === 1)!.support;
  const wrongLanguageCount = perCategory.find((c) => c.code === 11)!.support;
  return {
    n,
    correct,
    accuracy: n ? correct / n : Number.NaN,
    confusion,
    perCategory,
    validCalledWrongTopic: count(1, 10),
    validCount,
    wrongLanguageCalledWrongLanguage: count(11, 11),
    wrongLanguageCount,
    errors,
  };
}

// AI suspect (category 14) and effort (scoring/text-ai.ts) on real respondents' text nobody here
// wrote, on paraphrase groups planted among them, and on the live snippet's paradata.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { AI_REASONS, type OpenQuestion } from '../../scoring/index.ts';
import { implementations, scoring } from '../support/scoring.ts';
import { loadLabelledSet, surveyQuestions } from './open-ended-labelled.ts';

const REAL = new URL('../fixtures/real-files/', import.meta.url);

/** Every column of a real file with free text (some cell of 30+ characters), as open questions. */
function freeTextQuestions(file: string): OpenQuestion[] {
  const rows = Papa.parse<string[]>(readFileSync(new URL(file, REAL), 'utf8'), {
    skipEmptyLines: true,
    delimiter: file.endsWith('.tsv') ? '\t' : ',',
  }).data;
  const [header, ...body] = rows;
  return header!.flatMap((title, c) =>
    body.some((r) => (r[c] ?? '').length >= 30)
      ? [{ text: title || 'Question', answers: body.map((r) => r[c] ?? '') }]
      : [],
  );
}

const REAL_FILES = [
  'googleforms_autistica_turing.csv',
  'fivethirtyeight_masculinity_raw-responses_first150.csv',
  'fivethirtyeight_masculinity_coded_durations_first300.csv',
  'fivethirtyeight_flying-etiquette_first300.csv',
  'fivethirtyeight_StarWars_first300.csv',
  // Real open answers on immigration (Gadarian and Albertson, via the stm package).
  'stm_gadarian_open_answers.csv',
  // Multiple-choice options joined in one cell: the same few phrases in every combination, which a
  // paraphrase rule must not take for model text (the formulaic-question guard).
  'rcommunitysurvey_learningR_2018_first300.tsv',
];

// Written the way a language model answers the autism platform's first question when asked again and
// again: the same points in other words and order.
const MODEL_ANSWERS = [
  'I would like the platform to prioritise accessibility, clear communication and involving autistic people in designing the research questions from the start.',
  'My priority is that autistic people are involved in designing the research questions from the start, with clear communication and accessibility throughout the platform.',
  'Accessibility and clear communication matter most to me, and I would like autistic people to be involved from the start in designing the platform research questions.',
  'The platform should prioritise involving autistic people in designing research questions from the start, while ensuring accessibility and clear communication.',
];
// Two answers alike are a coincidence people produce too: not enough for a group.
const PAIR = [
  'Funding transparency is essential: participants should see where donations go, which projects receive grants and how results are published openly.',
  'Participants should see where donations go and which projects receive grants; funding transparency and openly published results are essential.',
];

describe('AI suspect on real respondents', () => {
  it('calls no answer of the labelled set or of the real files AI suspect, long answers included', () => {
    const questions = [
      ...loadLabelledSet().map((s) => surveyQuestions(s)),
      ...REAL_FILES.map((f) => freeTextQuestions(f)),
    ];
    let long = 0;
    let scored = 0;
    for (const qs of questions) {
      const result = scoring.classifyOpenEnded(qs);
      result.categories.forEach((cats, q) =>
        cats.forEach((c, i) => {
          if (c === 0) return;
          scored++;
          if ((qs[q]!.answers[i] ?? '').length >= 80) long++;
          expect({ answer: qs[q]!.answers[i], category: c }).not.toEqual({ answer: qs[q]!.answers[i], category: 14 });
        }),
      );
    }
    // The check has long answers to look at: the rules only take part from 8 content words.
    expect(scored).toBeGreaterThan(20_000);
    expect(long).toBeGreaterThan(1_000);
  });

  it('finds paraphrases planted among the real answers to the same question, and no real answer', () => {
    const [q1] = freeTextQuestions('googleforms_autistica_turing.csv').filter((q) => q.text.startsWith('Q1'));
    const real = q1!.answers;
    const answers = [
      ...real.slice(0, 10),
      ...MODEL_ANSWERS.slice(0, 2),
      PAIR[0]!,
      ...real.slice(10),
      ...MODEL_ANSWERS.slice(2),
      PAIR[1]!,
    ];
    const result = scoring.classifyOpenEnded([{ text: q1!.text, answers }]);
    const cats = result.categories[0]!;
    const reasons = result.aiReasons[0]!;
    const flagged = answers.filter((_, i) => cats[i] === 14);
    expect(flagged.sort()).toEqual([...MODEL_ANSWERS].sort());
    answers.forEach((a, i) => {
      if (MODEL_ANSWERS.includes(a!)) expect(reasons[i]).toBe(AI_REASONS.paraphrase);
      else expect(reasons[i]).toBe(0);
    });
    // Planted in a German survey of the labelled set as well, the group is found there too.
    const [survey] = loadLabelledSet().filter((s) => s.id === 'supermarkt-de');
    const [first] = surveyQuestions(survey!);
    const german = [
      'Mir gefällt besonders die große Auswahl an regionalen Produkten, die freundliche Beratung an der Frischetheke und die übersichtliche Anordnung der Regale.',
      'Besonders gefallen mir die freundliche Beratung an der Frischetheke, die übersichtliche Anordnung der Regale und die große Auswahl regionaler Produkte.',
      'Die große Auswahl regionaler Produkte und die übersichtlich angeordneten Regale gefallen mir, ebenso die freundliche Beratung an der Frischetheke.',
    ];
    const planted = scoring.classifyOpenEnded([{ ...first!, answers: [...first!.answers, ...german] }]);
    const n = first!.answers.length;
    expect(Array.from(planted.categories[0]!.subarray(n))).toEqual([14, 14, 14]);
    expect(Array.from(planted.categories[0]!.subarray(0, n)).filter((c) => c === 14)).toEqual([]);
  });
});

describe('AI suspect from the live snippet’s paradata', () => {
  const POLISHED =
    'Die Lieferung kam pünktlich, die Verpackung war nachhaltig, und der Kundenservice hat meine Rückfrage innerhalb einer Stunde freundlich beantwortet.';
  const one = (v: number) => Float64Array.of(v);
  const classify = (answer: string, paradata: OpenQuestion['paradata']) =>
    scoring.classifyOpenEnded([{ text: 'Wie war Ihre letzte Bestellung?', answers: [answer], paradata }]);

  it('calls long, polished text that was pasted or filled without keys AI suspect', () => {
    const pasted = classify(POLISHED, { pastedChars: one(POLISHED.length) });
    expect([pasted.categories[0]![0], pasted.aiReasons[0]![0]]).toEqual([14, AI_REASONS.untyped]);
    const filled = classify(POLISHED, { unexplainedChars: one(POLISHED.length), pastedChars: one(0) });
    expect([filled.categories[0]![0], filled.aiReasons[0]![0]]).toEqual([14, AI_REASONS.untyped]);
    // The paste rule of the copy-paste check (12) saw it too: AI suspect replaces it.
    const both = classify(POLISHED, { pastes: one(1), pastedChars: one(POLISHED.length) });
    expect(both.categories[0]![0]).toBe(14);
  });

  it('leaves short or unpolished pastes to the copy-paste rule and typed answers alone', () => {
    const short = 'Lieferung war pünktlich, danke.';
    expect(classify(short, { pastes: one(1), pastedChars: one(short.length) }).categories[0]![0]).toBe(12);
    const notes =
      'lieferung pünktlich verpackung nachhaltig kundenservice freundlich rückfrage schnell beantwortet super';
    expect(classify(notes, { pastedChars: one(notes.length) }).categories[0]![0]).toBe(1);
    // A third pasted: the respondent typed the rest.
    expect(classify(POLISHED, { pastedChars: one(40), typingMs: one(30_000) }).categories[0]![0]).toBe(1);
  });

  it('calls typing faster than people type AI suspect, from the typing time', () => {
    // 143 characters in 7 s is 20 per second (240 words per minute); in 36 s it is 4 per second.
    const fast = classify(POLISHED, { typingMs: one(7_000), pastedChars: one(0) });
    expect([fast.categories[0]![0], fast.aiReasons[0]![0]]).toEqual([14, AI_REASONS.tooFast]);
    expect(classify(POLISHED, { typingMs: one(36_000), pastedChars: one(0) }).categories[0]![0]).toBe(1);
    // Too short to measure a speed: typed in one burst.
    expect(classify('Alles bestens, danke!', { typingMs: one(200) }).categories[0]![0]).toBe(1);
  });

  it('gives the same verdicts when the answers and their paradata arrive in chunks', () => {
    const answers = [POLISHED, POLISHED.replace('pünktlich', 'zu spät'), 'gut', POLISHED, ...MODEL_ANSWERS];
    const m = answers.length;
    const pastedChars = Float64Array.from({ length: m }, (_, i) => (i === 1 ? 200 : Number.NaN));
    const typingMs = Float64Array.from({ length: m }, (_, i) => (i === 3 ? 5_000 : Number.NaN));
    const question = { text: 'Wie war Ihre letzte Bestellung?', duplicateDetection: false };
    const whole = scoring.classifyOpenEnded([{ ...question, answers, paradata: { pastedChars, typingMs } }]);
    const session = scoring.openEndedSession([question]);
    session.add([answers.slice(0, 2)], [{}]);
    session.add(
      [answers.slice(2, 5)],
      [{ pastedChars: pastedChars.subarray(2, 5), typingMs: typingMs.subarray(2, 5) }],
    );
    session.add([answers.slice(5)], [{ pastedChars: pastedChars.subarray(5), typingMs: typingMs.subarray(5) }]);
    const chunked = session.finish();
    expect(Array.from(whole.categories[0]!)).toEqual([1, 14, 4, 14, 14, 14, 14, 14]);
    // Chunk one came without paradata: its answers have none (the pasted second answer is not known).
    expect(Array.from(chunked.categories[0]!)).toEqual([1, 1, 4, 14, 14, 14, 14, 14]);
    expect(Array.from(chunked.effort[0]!)).toEqual(Array.from(whole.effort[0]!));
  });
});

describe('effort', () => {
  it('is low for answers that say nothing, high for long, varied and specific ones', () => {
    const answers = [
      'nichts',
      'keine Ahnung',
      'der Preis',
      'the prices are ok but parking is terrible on saturdays',
      'Fresh sourdough from the in-store bakery at 7 am, a cheese counter with 40 regional cheeses, self-checkout that rarely breaks, and staff who know where everything is.',
      '',
    ];
    const result = scoring.classifyOpenEnded([{ text: 'What do you like about your supermarket?', answers }]);
    expect(Array.from(result.effort[0]!)).toEqual([1, 1, 1, 2, 3, 0]);
  });

  it('does not reward repeating the same words', () => {
    const padded =
      'prices prices prices prices quality quality quality quality parking parking parking parking service';
    const result = scoring.classifyOpenEnded([{ text: 'What do you like?', answers: [padded] }]);
    expect(result.effort[0]![0]).toBe(2);
  });
});

describe('AI suspect in the open-ended score', () => {
  it.each(implementations)('%s: scores 0 and counts as a bad answer', (_name, impl) => {
    const result = impl.oes([Int32Array.of(14, 1), Int32Array.of(14, 1), Int32Array.of(1, 0)]);
    expect(Array.from(result.badAnswers)).toEqual([2, 0]);
    expect(result.score[0]).toBeCloseTo(100 / 3, 10);
    expect(result.score[1]).toBe(100);
  });
});

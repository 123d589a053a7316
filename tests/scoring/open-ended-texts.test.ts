// The facade side of reading each distinct text once (scoring/text.ts): normalisation with its fast
// path, the mapping of answers to distinct texts, and code points through WASM, including the
// respondent-level rules that must still see every respondent who wrote a repeated text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distinctTexts, normaliseAnswer } from '../../scoring/text.ts';
import { scoring } from '../support/scoring.ts';

/** norm(t) exactly as 5.4 writes it, without the fast path. */
const slowNorm = (t: string) =>
  t
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201B\u2032\u00B4`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const piece = fc.constantFrom(
  'a',
  'B',
  'ß',
  'ﬁ',
  'Ａ',
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\ufeff',
  '’',
  '`',
  '´',
  'é',
  'e\u0301',
  '😀',
  '\ud83d',
  '.',
  '-',
  'Ω',
  'İ',
);

describe('normaliseAnswer', () => {
  it('equals NFKC + lower case + apostrophes + collapsed, trimmed whitespace on any mix of awkward characters', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
        (t) => {
          expect(normaliseAnswer(t)).toBe(slowNorm(t));
        },
      ),
      { seed: 7, numRuns: 2000 },
    );
  });
});

describe('distinctTexts', () => {
  it('maps answers that normalise alike to one text, in order of first appearance', () => {
    const { texts, textOf } = distinctTexts(['Gut', null, 'gut', ' gut ', '', 'GUT.', undefined, 'Nichts']);
    expect(texts).toEqual(['gut', '', 'gut.', 'nichts']);
    expect(Array.from(textOf)).toEqual([0, 1, 0, 0, 1, 2, 1, 3]);
  });

  it('keeps a text written with a name apart from the same text without one, where a name can hold its function word', () => {
    const { texts, textOf } = distinctTexts(['Los Angeles', 'los angeles', 'LOS ANGELES', 'Los Angeles', 'Gut Essen']);
    // "los" is a Spanish article; "Gut Essen" holds no such word, so its capitals are never read.
    expect(texts).toEqual(['los angeles', 'los angeles', 'gut essen']);
    expect(Array.from(textOf)).toEqual([0, 1, 1, 0, 2]);
  });
});

describe('classifying repeated texts', () => {
  const q = (answers: (string | null)[], extra = {}) => ({
    text: 'Was hat Ihnen an Ihrem letzten Urlaub gefallen?',
    keywords: ['Strand', 'Hotel'],
    allowedLanguages: ['de'],
    answers,
    ...extra,
  });

  it('gives every copy of a text the same verdict as the text alone, and code points outside the BMP survive', () => {
    const texts = ['Das Essen 😀 war gut', 'keine ahnung', 'asdfgh', 'Der Strand war schön und ruhig', 'Scheiße'];
    const alone = texts.map((t) => scoring.classifyOpenEnded([q([t])]).categories[0]![0]);
    const many = scoring.classifyOpenEnded([
      q(
        Array.from({ length: 50 }, (_, i) => texts[i % texts.length]!),
        { duplicateDetection: false },
      ),
    ]);
    many.categories[0]!.forEach((c, i) => expect(c, texts[i % texts.length]).toBe(alone[i % texts.length]));
  });

  it('applies the paradata rule per respondent, not per text', () => {
    const text = 'Ich fand den Strand und das Hotel wirklich sehr schön, vor allem am Abend';
    const result = scoring.classifyOpenEnded([
      q([text, text, text], {
        duplicateDetection: false,
        paradata: { seconds: Float64Array.of(30, 2, Number.NaN), pastes: Float64Array.of(0, 0, 1) },
      }),
    ]);
    expect(Array.from(result.categories[0]!)).toEqual([1, 12, 12]);
  });

  it('counts every respondent who wrote a word towards the topic vocabulary (V_q)', () => {
    // 300+ answers: a word needs 3 other respondents. "Fahrradtour" by 3 respondents (one text) is topical
    // for nobody at 2 others, and for each of 4 writers at 3 others. The same respondents remark on the
    // survey in a second question, which makes an answer without a topical word Wrong Topic.
    const filler = Array.from({ length: 400 }, (_, i) => `Das Hotel war gut ${i}`);
    const off = 'Fahrradtour Zahnarzt Steuererklärung Werkstatt';
    const off2 = 'Diese Umfrage ist viel zu lang';
    const second = { text: 'Warum haben Sie sich für dieses Reiseziel entschieden?', keywords: ['Preis'] };
    const classify = (writers: number) =>
      scoring.classifyOpenEnded([
        q([...filler, ...new Array<string>(writers).fill(off)], { duplicateDetection: false }),
        q([...filler, ...new Array<string>(writers).fill(off2)], { duplicateDetection: false, ...second }),
      ]).categories[0]!;
    expect(Array.from(classify(3).slice(400))).toEqual([10, 10, 10]);
    expect(Array.from(classify(4).slice(400))).toEqual([1, 1, 1, 1]);
  });
});

describe('input checks', () => {
  it('refuses paradata that does not have one value per answer (the kernels would read past its end)', () => {
    expect(() =>
      scoring.classifyOpenEnded([
        { text: 'Frage', answers: ['a', 'b', 'c'], paradata: { seconds: Float64Array.of(1, 2) } },
      ]),
    ).toThrow(/paradata seconds has 2 values, expected 3/);
  });
});

describe('openEndedSession', () => {
  const config = {
    text: 'Beschreiben Sie bitte Ihren letzten Einkauf im Supermarkt.',
    keywords: ['Kasse', 'Obst'],
    allowedLanguages: ['de'],
  };
  // A made-up word per number whose first five letters (its topic key) no other number shares.
  const C = 'bdfghklmnprstvwz';
  const V = 'aeiou';
  const word = (v: number) =>
    `${C[v % 16]}${V[Math.floor(v / 16) % 5]}${C[Math.floor(v / 80) % 16]}${V[Math.floor(v / 1280) % 5]}${C[Math.floor(v / 6400) % 16]}ak`;
  // Off-topic answers of made-up words (Wrong Topic: the same respondents remark on the survey in a
  // second question), and answers that only the compound test keeps on topic ("<word>einkauf" holds
  // "einkauf"), spread over later chunks so their letters are read from a joined block.
  const answers = Array.from({ length: 240 }, (_, i) =>
    i % 7 === 3
      ? `${word(5 * i)}einkauf ${word(5 * i + 1)} ${word(5 * i + 2)} ${word(5 * i + 3)}`
      : i % 7 === 5
        ? `${word(5 * i)} ${word(5 * i + 1)} ${word(5 * i + 2)} ${word(5 * i + 3)}`
        : `Obst und Gemüse an der Kasse ${i}`,
  );
  const answers2 = answers.map((a, i) => (i % 7 === 5 ? `Diese Umfrage nervt ${word(2000 + i)}` : a));
  const config2 = { ...config, text: 'Was stört Sie beim Einkaufen im Supermarkt am meisten?' };

  it('gives the verdicts of one call when the answers arrive in chunks of any size', () => {
    const once = scoring.classifyOpenEnded([
      { ...config, answers },
      { ...config2, answers: answers2 },
    ]);
    expect(answers.flatMap((_, i) => (i % 7 === 5 ? [once.categories[0]![i]] : []))).toEqual(new Array(34).fill(10));
    expect(answers.flatMap((_, i) => (i % 7 === 3 ? [once.categories[0]![i]] : []))).toEqual(new Array(34).fill(1));
    for (const size of [1, 7, 64, 239]) {
      const session = scoring.openEndedSession([config, config2]);
      for (let from = 0; from < answers.length; from += size)
        session.add([answers.slice(from, from + size), answers2.slice(from, from + size)]);
      expect(session.rows).toBe(answers.length);
      const chunked = session.finish();
      for (const k of [0, 1]) {
        expect(Array.from(chunked.categories[k]!), `chunks of ${size}`).toEqual(Array.from(once.categories[k]!));
        expect(Array.from(chunked.unsure[k]!)).toEqual(Array.from(once.unsure[k]!));
        expect(Array.from(chunked.clusters[k]!)).toEqual(Array.from(once.clusters[k]!));
      }
    }
  });

  it('takes paradata for some chunks only: the other rows count as unknown', () => {
    const text = 'Ich fand den Strand und das Hotel wirklich sehr schön, vor allem am Abend';
    // Without duplicate detection: the copies would be Duplicate Respondent (8), which outranks 12.
    const single = { ...config, duplicateDetection: false };
    const session = scoring.openEndedSession([single]);
    session.add([[text, text]]);
    session.add([[text, text]], [{ seconds: Float64Array.of(2, 30), pastes: Float64Array.of(0, 1) }]);
    session.add([[text]]);
    const once = scoring.classifyOpenEnded([
      {
        ...single,
        answers: new Array<string>(5).fill(text),
        paradata: {
          seconds: Float64Array.of(Number.NaN, Number.NaN, 2, 30, Number.NaN),
          pastes: Float64Array.of(Number.NaN, Number.NaN, 0, 1, Number.NaN),
        },
      },
    ]);
    const chunked = session.finish();
    expect(Array.from(chunked.categories[0]!)).toEqual(Array.from(once.categories[0]!));
    expect(Array.from(chunked.categories[0]!).map((c) => c === 12)).toEqual([false, false, true, true, false]);
  });

  it('refuses answers after finish, columns of different lengths, and a wrong number of questions', () => {
    const session = scoring.openEndedSession([config, config]);
    expect(() => session.add([['a']])).toThrow(/1 answer columns for 2 open questions/);
    expect(() => session.add([['a'], ['b', 'c']])).toThrow(/open question 2 has 2 answers, expected 1/);
    session.add([['a'], ['b']]);
    session.finish();
    expect(() => session.add([['a'], ['b']])).toThrow(/already finished/);
    const abandoned = scoring.openEndedSession([config]);
    abandoned.add([['x']]);
    abandoned.dispose();
  });
});

// The facade side of reading each distinct text once (scoring/text.ts): normalisation with its fast
// path, the mapping of answers to distinct texts, and code points through WASM, including the
// respondent-level rules that must still see every respondent who wrote a repeated text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distinctTexts, normaliseAnswer } from '../../scoring/text.ts';
import { scoring } from './helpers.ts';

/** norm(t) exactly as 5.4 writes it, without the fast path. */
const slowNorm = (t: string) => t.normalize('NFKC').toLowerCase().replace(/[\u2018\u2019\u201B\u2032\u00B4`]/g, "'").replace(/\s+/g, ' ').trim();

const piece = fc.constantFrom('a', 'B', 'ß', 'ﬁ', 'Ａ', ' ', '  ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\ufeff', '’', '`', '´', 'é', 'e\u0301',
  '😀', '\ud83d', '.', '-', 'Ω', 'İ');

describe('normaliseAnswer', () => {
  it('equals NFKC + lower case + apostrophes + collapsed, trimmed whitespace on any mix of awkward characters', () => {
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }).map((p) => p.join('')), (t) => {
      expect(normaliseAnswer(t)).toBe(slowNorm(t));
    }), { seed: 7, numRuns: 2000 });
  });
});

describe('distinctTexts', () => {
  it('maps answers that normalise alike to one text, in order of first appearance', () => {
    const { texts, textOf } = distinctTexts(['Gut', null, 'gut', ' gut ', '', 'GUT.', undefined, 'Nichts']);
    expect(texts).toEqual(['gut', '', 'gut.', 'nichts']);
    expect(Array.from(textOf)).toEqual([0, 1, 0, 0, 1, 2, 1, 3]);
  });
});

describe('classifying repeated texts', () => {
  const q = (answers: (string | null)[], extra = {}) => ({
    text: 'Was hat Ihnen an Ihrem letzten Urlaub gefallen?', keywords: ['Strand', 'Hotel'], allowedLanguages: ['de'], answers, ...extra,
  });

  it('gives every copy of a text the same verdict as the text alone, and code points outside the BMP survive', () => {
    const texts = ['Das Essen 😀 war gut', 'keine ahnung', 'asdfgh', 'Der Strand war schön und ruhig', 'Scheiße'];
    const alone = texts.map((t) => scoring.classifyOpenEnded([q([t])]).categories[0]![0]);
    const many = scoring.classifyOpenEnded([q(Array.from({ length: 50 }, (_, i) => texts[i % texts.length]!), { duplicateDetection: false })]);
    many.categories[0]!.forEach((c, i) => expect(c, texts[i % texts.length]).toBe(alone[i % texts.length]));
  });

  it('applies the paradata rule per respondent, not per text', () => {
    const text = 'Ich fand den Strand und das Hotel wirklich sehr schön, vor allem am Abend';
    const result = scoring.classifyOpenEnded([q([text, text, text], {
      duplicateDetection: false, paradata: { seconds: Float64Array.of(30, 2, Number.NaN), pastes: Float64Array.of(0, 0, 1) },
    })]);
    expect(Array.from(result.categories[0]!)).toEqual([1, 12, 12]);
  });

  it('counts every respondent who wrote a word towards the topic vocabulary (V_q)', () => {
    // 300+ answers: a word needs 3 other respondents. "Fahrradtour" by 3 respondents (one text) is topical
    // for nobody at 2 others, and for each of 4 writers at 3 others.
    const filler = Array.from({ length: 400 }, (_, i) => `Das Hotel war gut ${i}`);
    const off = 'Fahrradtour Zahnarzt Steuererklärung Werkstatt';
    const three = scoring.classifyOpenEnded([q([...filler, off, off, off], { duplicateDetection: false })]).categories[0]!;
    const four = scoring.classifyOpenEnded([q([...filler, off, off, off, off], { duplicateDetection: false })]).categories[0]!;
    expect(Array.from(three.slice(400))).toEqual([10, 10, 10]);
    expect(Array.from(four.slice(400))).toEqual([1, 1, 1, 1]);
  });
});

describe('input checks', () => {
  it('refuses paradata that does not have one value per answer (the kernels would read past its end)', () => {
    expect(() => scoring.classifyOpenEnded([{ text: 'Frage', answers: ['a', 'b', 'c'], paradata: { seconds: Float64Array.of(1, 2) } }]))
      .toThrow(/paradata seconds has 2 values, expected 3/);
  });
});

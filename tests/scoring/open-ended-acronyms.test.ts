// The open-ended rules of scoring version 18, each with the answers it must leave alone: an acronym
// that is spelled like another language's function word ("AI", "EU") is a word of the answer's own,
// and "no particular ..." is a non-answer.
import { describe, expect, it } from 'vitest';
import type { OpenQuestion } from '../../scoring/index.ts';
import { scoring } from '../support/scoring.ts';

const question = (
  answers: (string | null)[],
  allowedLanguages: string[],
  text = 'What do you see as the biggest threat to quality data on the web?',
): OpenQuestion => ({
  text,
  keywords: [],
  allowedLanguages,
  duplicateDetection: false,
  topicCheck: false,
  answers,
});
const categories = (q: OpenQuestion) => Array.from(scoring.classifyOpenEnded([q]).categories[0]!);

describe('acronyms spelled like a function word of another language', () => {
  it('are words of the answer: Valid, and what follows them is no bare non-answer', () => {
    expect(categories(question(['AI', "AI, and I don't know.", 'the EU'], ['en']))).toEqual([1, 1, 1]);
    expect(
      categories(question(['EU', 'Die EU', 'KI'], ['de'], 'Was ist die größte Gefahr für gute Daten im Netz?')),
    ).toEqual([1, 1, 1]);
  });

  it('are not read so in lower case or as word salad, nor does a listed non-answer lose its place', () => {
    // The same words in lower case are function words of Romanian, Portuguese, French and Italian; "ma"
    // and "ne" in capitals are no acronyms of the answer's own language either.
    expect(categories(question(['ai', 'eu', 'is.', "don't know"], ['en']))).toEqual([4, 4, 4, 5]);
    expect(
      categories(
        question(['ma,', 'So ne.', 'weiß nicht'], ['de'], 'Was ist die größte Gefahr für gute Daten im Netz?'),
      ),
    ).toEqual([4, 4, 5]);
  });
});

describe('"no particular ..."', () => {
  it('is No Information when nothing of the answer is its own', () => {
    expect(categories(question(['no particular most-used source'], ['en'], 'What is your most-used source?'))).toEqual([
      5,
    ]);
  });

  it('leaves answers with content alone, and "nothing in particular" is Generic', () => {
    expect(
      categories(
        question(
          ['price, speed and support, in no particular order', 'nothing in particular'],
          ['en'],
          'What is your most-used source?',
        ),
      ),
    ).toEqual([1, 4]);
  });
});

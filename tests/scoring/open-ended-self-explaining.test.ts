// The open-ended rules of scoring version 17 (chatbot style's second form: version 18), each with the
// answers it must leave alone: non-answers that explain themselves, typed letters across a respondent's
// answers, another language's diacritics, domain names, bare links, and chatbot style without the
// tell-tale phrases.
import { describe, expect, it } from 'vitest';
import type { OpenQuestion } from '../../scoring/index.ts';
import { scoring } from '../support/scoring.ts';

const english = (
  answers: (string | null)[],
  text = 'What would help your team adopt the new reporting tool?',
): OpenQuestion => ({
  text,
  keywords: [],
  allowedLanguages: ['en'],
  duplicateDetection: false,
  topicCheck: false,
  answers,
});
const categories = (...questions: OpenQuestion[]) =>
  scoring.classifyOpenEnded(questions).categories.map((c) => Array.from(c));

describe('non-answers that explain themselves', () => {
  it('are No Information when a short explanation about the respondent follows the phrase', () => {
    expect(
      categories(
        english([
          'unsure as we use a shared site',
          "I don't know, I'm only an intern here.",
          'N/A - have not tried it',
          'unknown',
          'See previous answer',
          'x',
        ]),
      )[0],
    ).toEqual([5, 5, 5, 5, 5, 5]);
  });

  it('stay Valid when an answer follows the phrase, after a hedge, or the explanation runs on', () => {
    expect(
      categories(
        english([
          'not sure, it was a gift from my parents',
          "don't know, maybe I think a short video course",
          "I don't know, we would need a training day and a manual and someone to ask",
          'See, the manual is missing',
          "The missing manual - no idea what we've done wrong",
        ]),
      )[0],
    ).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('typed letters', () => {
  const three = (a: string | null, b: string | null, c: string | null) => [
    english([a, 'A short course on the basics']),
    english([b, 'Our data team'], 'Who maintains your data?'),
    english([c, 'Missing documentation'], 'What gaps do you see?'),
  ];

  it('are Nonsense when one respondent types them into two or more boxes', () => {
    expect(categories(...three('ds', 'dssa', 'dss')).map((q) => q[0])).toEqual([7, 7, 7]);
  });

  it('are left alone once per respondent, in capitals, or as words', () => {
    expect(categories(...three('ds', 'Better manuals', null)).map((q) => q[0])).toEqual([1, 1, 0]);
    expect(categories(...three('SQL', 'DDI', 'GIS')).map((q) => q[0])).toEqual([1, 1, 1]);
    expect(categories(...three('tea', 'hmm', null)).map((q) => q[0])).not.toContain(7);
  });
});

describe('languages', () => {
  it("reads another language's diacritics where only English or German are allowed", () => {
    expect(categories(english(['gros problèmes de sécurité', 'crème brûlée and a good espresso']))[0]).toEqual([11, 1]);
  });

  it('reads no language from a domain name', () => {
    expect(categories(english(['Google.com', 'docs.python.org']))[0]).toEqual([1, 1]);
  });
});

describe('links', () => {
  it('calls a bare link no advertisement, but a link with a sales pitch still Wrong Topic', () => {
    const q = {
      ...english(['https://docs.example.org/manual/start.html', 'Click here to win a free phone www.prizes.example']),
      topicCheck: true,
    };
    expect(categories(q)[0]).toEqual([1, 10]);
  });
});

describe('chatbot style', () => {
  const question = 'What is the biggest obstacle to sharing research data?';
  const polished =
    'The biggest obstacle to sharing research data is the lack of shared standards, consistent metadata, and ' +
    'reliable infrastructure. Additionally, researchers often face unclear policies, limited funding, and ' +
    'insufficient training, which makes it harder to ensure that datasets remain findable and reusable over time.';
  const person =
    'Honestly it is time. Nobody pays us to clean up old files, write the readme, check the licence and answer ' +
    'emails about a dataset from five years ago, so it slips, and then the student who knew the columns has left, ' +
    'the server was moved, and we cannot even find the raw files any more.';

  it('calls a long answer with a word models favour and two lists in threes Fake Answer', () => {
    expect(categories(english([polished, person], question))[0]).toEqual([13, 1]);
  });

  it('does not count a favoured word the question itself uses', () => {
    const asks = 'How could we ensure that shared data stays reusable, and what would you add?';
    const answer = polished.replace('Additionally, researchers', 'Researchers');
    expect(categories(english([answer], asks))[0]).toEqual([1]);
  });
});

describe('chatbot style with one list in threes (scoring version 18)', () => {
  const question = 'What gaps do you see in policies or tools for open data?';
  const polished =
    'A key gap in open data policies is the difficulty of discovering and understanding datasets because ' +
    'metadata is inconsistent across portals. Better standards, structured classification, and shared ' +
    'catalogues would help. Additionally, clearer rules on stewardship are needed to ensure that data ' +
    'remains accurate and relevant over the long term.';

  it('calls a long answer with two words models favour and one list in threes Fake Answer', () => {
    expect(categories(english([polished], question))[0]).toEqual([13]);
  });

  it('leaves it Valid with only one such word', () => {
    const one = polished.replace('Additionally, clearer', 'Clearer');
    expect(categories(english([one], question))[0]).toEqual([1]);
  });
});

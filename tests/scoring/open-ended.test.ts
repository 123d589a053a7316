import { describe, expect, it } from 'vitest';
import { CATEGORY_SCORES, type OpenQuestion } from '../../scoring/index.ts';
import { scoring } from '../support/scoring.ts';

const vacation = (answers: string[], extra: Partial<OpenQuestion> = {}): OpenQuestion => ({
  text: 'What did you like about your last vacation?',
  keywords: ['beach', 'hotel', 'food', 'weather', 'trip'],
  allowedLanguages: ['en'],
  topicCheck: true,
  duplicateDetection: false,
  answers,
  ...extra,
});

const classify = (answer: string, extra: Partial<OpenQuestion> = {}) =>
  scoring.classifyOpenEnded([vacation([answer], extra)]).categories[0]![0];

describe('open-ended classification (TV11)', () => {
  it.each([
    ['a', 'We stayed at a small hotel near the beach in Crete and loved the food.', 1],
    ['b', 'In Italy.', 1],
    ['c', 'asdfghjkl', 7],
    ['d', '12345', 7],
    ['e', '???', 5],
    ['f', 'idk', 5],
    ['g', 'good', 4],
    ['g', 'very good', 4],
    ['h', 'Das Hotel war sehr schön und das Essen gut', 11],
    ['i', 'Мы отдыхали на море', 11],
    ['j', 'This survey is shit', 6],
    ['l', 'As an AI language model, I do not have personal vacations.', 13],
    ['p', 'sooooo good', 1],
  ])('%s: "%s" is category %i', (_id, answer, category) => {
    expect(classify(answer)).toBe(category);
  });

  it('k: an answer without a word of the survey is Wrong Topic only when its respondent also wrote spam or a remark about the survey', () => {
    // The rule as first written called it Wrong Topic alone; the classifier asks for more evidence
    // (scoring/README.md, "Open-ended answers: how the classifier decides"): alone it is valid and unsure.
    const k = 'My car needs new tires and the insurance bill arrived';
    const alone = scoring.classifyOpenEnded([vacation([k])]);
    expect([alone.categories[0]![0], alone.unsure[0]![0]]).toEqual([1, 1]);
    const landlord = vacation(['My landlord raised the rent again, third time in two years'], {
      text: 'Why did you choose this destination?',
      keywords: ['price', 'distance'],
    });
    const besideLife = scoring.classifyOpenEnded([vacation([k]), landlord]);
    expect(besideLife.categories.map((c) => c[0])).toEqual([1, 1]);
    const other = vacation(['This survey is far too long, I give up'], {
      text: 'Why did you choose this destination?',
      keywords: ['price', 'distance'],
    });
    const both = scoring.classifyOpenEnded([vacation([k]), other]);
    expect(both.categories.map((c) => c[0])).toEqual([10, 10]);
  });

  it('m/n: flags copy-paste at 30 characters per second, not at 4', () => {
    const text = 'We booked a family room in a quiet hotel with sea view and the kids loved the pool.';
    expect([...text].length).toBe(83);
    const q = vacation([text, text], { paradata: { seconds: Float64Array.of(2.77, 20.75) } });
    expect(Array.from(scoring.classifyOpenEnded([q]).categories[0]!)).toEqual([12, 1]);
  });

  it('o: leaves an empty answer unscored, like "-999" and null', () => {
    const q = vacation(['', '-999', '   ']);
    expect(Array.from(scoring.classifyOpenEnded([q]).categories[0]!)).toEqual([0, 0, 0]);
  });

  it('scores Nonsense 10 and Wrong Language 20', () => {
    expect(CATEGORY_SCORES[7]).toBe(10);
    expect(CATEGORY_SCORES[11]).toBe(20);
  });
});

describe('open-ended duplicates (TV12)', () => {
  const q1 = [
    'We spent two weeks at Lake Garda in Italy',
    'We spent two weeks at Lake Garda in Italy',
    'The lake and the mountains were beautiful',
    "I don't know",
  ];
  const q2 = ['', '', 'The lake and the mountains were beautiful', "I don't know"];
  const result = scoring.classifyOpenEnded([
    { text: 'What did you like?', duplicateDetection: true, answers: q1 },
    { text: 'And what else?', duplicateDetection: true, answers: q2 },
  ]);

  it('keeps the first respondent valid and marks the later copy as duplicate respondent', () => {
    expect(result.categories[0]![0]).toBe(1);
    expect(result.categories[0]![1]).toBe(8);
    expect(result.clusters[0]![1]).toBe(0);
    expect(result.clusters[0]![0]).toBe(0);
  });

  it('marks a respondent repeating their own earlier answer as duplicate answer', () => {
    expect(result.categories[0]![2]).toBe(1);
    expect(result.categories[1]![2]).toBe(9);
  });

  it('leaves "I don\'t know" as no information in both questions', () => {
    expect(result.categories[0]![3]).toBe(5);
    expect(result.categories[1]![3]).toBe(5);
  });

  it('lets the interview start time decide which copy is the earliest', () => {
    const r = scoring.classifyOpenEnded([{ text: 'q', answers: q1.slice(0, 2) }], { order: Float64Array.of(200, 100) });
    expect(Array.from(r.categories[0]!)).toEqual([8, 1]);
  });

  it('finds near-identical copies (a changed letter) but not different answers', () => {
    const r = scoring.classifyOpenEnded([
      {
        text: 'q',
        answers: [
          'The staff at the reception were friendly and helpful every day',
          'The staff at the reception were friendly and helpful every dey',
          'The pool was too cold for the children in the morning hours',
        ],
      },
    ]);
    expect(Array.from(r.categories[0]!)).toEqual([1, 8, 1]);
  });
});

describe('open-ended rules beyond the vectors', () => {
  it('does not call a German compound with a keyboard run nonsense', () => {
    expect(classify('Der Wertzuwachs', { allowedLanguages: ['de'], topicCheck: false })).toBe(1);
  });

  it('does not count Cyrillic words as vowel-less garbage', () => {
    expect(classify('Отдыхали хорошо', { allowedLanguages: ['ru'], topicCheck: false })).toBe(1);
  });

  it('matches profanity after leetspeak mapping and only as a whole word', () => {
    expect(classify('this is sh1t', { topicCheck: false })).toBe(6);
    expect(classify('a first class assessment', { topicCheck: false })).toBe(1);
  });

  it('treats "#+#+" as nonsense and "k.a." as no information', () => {
    expect(classify('#+#+')).toBe(7);
    expect(classify('k.A.', { allowedLanguages: ['de'] })).toBe(5);
  });

  it('learns topic words used by at least three other respondents', () => {
    const answers = [
      'The snorkeling trips around the reef islands',
      'Snorkeling trips around reef islands daily',
      'Snorkeling around colourful reef islands',
      'Snorkeling with turtles near reef islands',
    ];
    const q: OpenQuestion = { text: 'What did you enjoy?', keywords: ['museum'], topicCheck: true, answers };
    expect(Array.from(scoring.classifyOpenEnded([q]).categories[0]!)).toEqual([1, 1, 1, 1]);
  });

  it('turns categories into an OES per interview', () => {
    const r = scoring.classifyOpenEnded([
      vacation(['good', 'asdfghjkl']),
      vacation(['We loved the beach hotel food.', '']),
    ]);
    const oes = scoring.oes(r.categories);
    expect(oes.score[0]).toBeCloseTo(75, 9);
    expect(oes.score[1]).toBe(10);
    expect(oes.dataPoints[1]).toBe(1);
  });
});

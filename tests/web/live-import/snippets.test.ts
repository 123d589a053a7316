import { describe, expect, it } from 'vitest';
import { snippetFor, testRespondent } from '../../../web/features/live-import/state/snippets';

const PAGES = [
  { label: 'Q1', criterion: 'OES' },
  { label: 'Sat', criterion: 'IBS', items: 10, min: 0, max: 10 },
  { label: 'Age', criterion: 'TS' },
];

describe('the HTTP snippet and the test respondent', () => {
  it('send every item a grid defines, within its scale', () => {
    const code = snippetFor('HTTP', {
      endpoint: 'https://host/api/live/x',
      secretKey: 'k',
      serverKey: 'sk',
      pages: PAGES,
    });
    const body = JSON.parse(/--data '(.*)'/.exec(code)![1]!);
    const items = body.answers.Sat.items as number[];
    expect(items).toHaveLength(10);
    expect(items.every((v) => v >= 0 && v <= 10)).toBe(true);
    expect(new Set(items).size).toBeGreaterThan(1);
    expect(testRespondent(PAGES, 'en').answers.Sat).toMatchObject({ items });
  });
});

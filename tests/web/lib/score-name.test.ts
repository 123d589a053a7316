import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../web/lib/i18n';

// The main score has one name per language, on every screen and in every guide: "Gesamtscore" in
// German, "combined score" in English. The German UI once said "Kombinierter Score" on the dashboard
// and "Gesamtscore" everywhere else.

const root = resolve(import.meta.dirname, '../../..');
const texts = (locale: 'de' | 'en') => [
  readFileSync(join(root, 'locales', `${locale}.json`), 'utf8'),
  ...readdirSync(join(root, 'locales/guides', locale)).map((name) =>
    readFileSync(join(root, 'locales/guides', locale, name), 'utf8'),
  ),
];

const OTHER_NAMES = {
  de: /kombinierte[nrs]? Score|Gesamt-Score|Gesamtwert|Combined Score/i,
  en: /overall score|total score|aggregate score|Gesamtscore/i,
};

describe('the main score name', () => {
  it('is the same in the dashboard and the result page, per language', () => {
    expect(translate('de', 'dashboard.combinedScore')).toBe('Gesamtscore');
    expect(translate('en', 'dashboard.combinedScore')).toBe('Combined score');
  });

  it('has no second name in the locale files or the guides', () => {
    for (const locale of ['de', 'en'] as const) {
      const found = texts(locale).flatMap((text) => text.match(new RegExp(OTHER_NAMES[locale], 'gi')) ?? []);
      expect(found, locale).toEqual([]);
    }
  });
});

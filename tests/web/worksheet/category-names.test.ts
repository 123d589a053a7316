import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '../../../scoring/index';
import { translate } from '../../../web/lib/i18n';

// Open-answer categories reach the screen through results.categories.<code> in the page's language.
// The scoring core's CATEGORY_NAMES are English identifiers for files and scripts: the worksheet
// once listed the bad-answer categories with them in the German UI.

const root = resolve(import.meta.dirname, '../../..');
const ANALYSIS_GUIDE = { de: 'locales/guides/de/analysis.md', en: 'locales/guides/en/analysis.md' };

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'gql' ? [] : filesUnder(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('open-answer category names', () => {
  it('every category of the scoring core has a name in German and English', () => {
    for (const code of Object.keys(CATEGORY_NAMES)) {
      for (const locale of ['de', 'en'] as const) {
        const key = `results.categories.${code}`;
        expect(translate(locale, key), `${locale} ${code}`).not.toBe(key);
      }
    }
    expect(translate('de', 'results.categories.6')).not.toBe(CATEGORY_NAMES[6]);
  });

  it('no screen shows the scoring core’s English category names', () => {
    const users = filesUnder(join(root, 'web'))
      .filter((path) => /\bCATEGORY_NAMES\b/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path));
    expect(users).toEqual([]);
  });

  it('the screens and the analysis guide call each category the same', () => {
    for (const locale of ['de', 'en'] as const) {
      const text = readFileSync(join(root, ANALYSIS_GUIDE[locale]), 'utf8');
      const start = text.indexOf(locale === 'de' ? '| Code | Kategorie |' : '| Code | Category |');
      expect(start, locale).toBeGreaterThan(0);
      const guide = text.slice(start, text.indexOf('\n\n', start));
      const rows = [...guide.matchAll(/^\| (-?\d+|−2) \| ([^|]+) \|/gm)].map((m): [string, string] => [
        m[1]!.replace('−', '-'),
        m[2]!.trim(),
      ]);
      expect(rows.length, locale).toBeGreaterThan(10);
      for (const [code, name] of rows) {
        expect(translate(locale, `results.categories.${code}`).toLowerCase(), `${locale} ${code}`).toBe(
          name.toLowerCase(),
        );
      }
    }
  });
});

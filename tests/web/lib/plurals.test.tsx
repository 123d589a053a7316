import { act, render, screen } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { LatestDatafiles } from '../../../web/features/dashboard/components/latest-datafiles';
import { setLocale, translate } from '../../../web/lib/i18n';
import { resetAppState } from '../../support/web/render-app';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';

// Plural forms: one helper (translate with a numeric count over `<key>_one` / `<key>_other`),
// Intl.PluralRules per language. What it holds: '1 Interview' and '2 Interviews', never '1 Interviews'
// or 'Benutzer(n)', in German and English.

const root = resolve(import.meta.dirname, '../../..');

function entries(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, String(tree)]];
  return Object.entries(tree).flatMap(([key, value]) => entries(value, prefix ? `${prefix}.${key}` : key));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'gql' ? [] : filesUnder(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const locales = { de, en };

describe('plural forms', () => {
  beforeEach(() => resetAppState());

  it('picks the form from the count and writes the count in the reader locale', () => {
    expect(translate('de', 'dashboard.records', { count: 1 })).toBe('1 Interview');
    expect(translate('de', 'dashboard.records', { count: 2 })).toBe('2 Interviews');
    expect(translate('de', 'dashboard.records', { count: 1234 })).toBe('1.234 Interviews');
    expect(translate('en', 'dashboard.records', { count: 1 })).toBe('1 interview');
    expect(translate('en', 'dashboard.records', { count: 0 })).toBe('0 interviews');
    expect(translate('en', 'dashboard.records', { count: 1234 })).toBe('1,234 interviews');
    expect(translate('de', 'datafiles.share.added', { count: 1 })).toBe('Mit 1 Benutzer geteilt.');
    expect(translate('de', 'datafiles.share.added', { count: 3 })).toBe('Mit 3 Benutzern geteilt.');
    expect(translate('en', 'datafiles.share.added', { count: 1 })).toBe('Shared with 1 user.');
    expect(translate('en', 'contracts.form.days', { count: 1 })).toBe('1 day');
    expect(translate('de', 'companies.adminPanel.organizations.daysAgo', { count: 1 })).toBe('vor 1 Tag');
    // Its caller passes a page count outside the plural scheme, so the text reads right for one page too.
    expect(translate('de', 'liveImport.define.estimateHelp', { pages: 1 })).not.toMatch(/alle 1 Seiten/);
    expect(translate('en', 'liveImport.define.estimateHelp', { pages: 1 })).not.toMatch(/all 1 pages/);
  });

  it('no text hedges its plural with (n), (s), (en) or (e), and every plural key has both forms', () => {
    for (const [locale, tree] of Object.entries(locales)) {
      const all = entries(tree);
      const hedged = all.filter(([, text]) => /\p{L}\((?:n|s|en|e)\)/u.test(text)).map(([key]) => `${locale}:${key}`);
      expect(hedged).toEqual([]);
      const keys = new Set(all.map(([key]) => key));
      const halves = [...keys]
        .filter((key) => /_(one|other)$/.test(key))
        .map((key) => key.replace(/_(one|other)$/, ''))
        .filter((base) => !keys.has(`${base}_one`) || !keys.has(`${base}_other`) || keys.has(base));
      expect(halves, locale).toEqual([]);
    }
  });

  it('a plural key gets its count as a number (a formatted string would always take the other form)', () => {
    const bases = entries(de)
      .map(([key]) => key)
      .filter((key) => key.endsWith('_other'))
      .map((key) => key.slice(0, -'_other'.length));
    expect(bases.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const path of filesUnder(join(root, 'web'))) {
      const text = readFileSync(path, 'utf8');
      for (const base of bases) {
        const call = new RegExp(
          `t\\(\\s*'${base.replace(/\./g, '\\.')}',\\s*\\{[^}]*count:\\s*(?:formatNumber|fmt|n)\\(`,
        );
        if (call.test(text)) wrong.push(`${path}: ${base}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the latest datafiles say 1 Interview / 1 interview on screen', () => {
    const files = [
      {
        id: 'f1',
        title: 'Eins',
        createdAt: '2026-11-20T09:00:00.000Z',
        numberOfRecords: 1,
        averageCombinedScore: 80,
        trafficLight: 'GREEN' as const,
      },
    ];
    render(
      <AppProviders>
        <LatestDatafiles files={files} />
      </AppProviders>,
    );
    expect(screen.getByTestId('latest-datafiles').textContent).toContain('1 Interview');
    expect(screen.getByTestId('latest-datafiles').textContent).not.toContain('1 Interviews');
    act(() => setLocale('en'));
    expect(screen.getByTestId('latest-datafiles').textContent).toContain('1 interview');
    expect(screen.getByTestId('latest-datafiles').textContent).not.toContain('1 interviews');
  });
});

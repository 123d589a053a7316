import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';

// A fresh copy of the i18n modules, as a page load has them: only what the page loaded is there (the
// test setup loads both languages into the copy the other tests use).
async function freshI18n() {
  vi.resetModules();
  const messages = await import('../../../web/lib/messages');
  const i18n = await import('../../../web/lib/i18n');
  const { appStore } = await import('../../../web/lib/session');
  return { ...messages, ...i18n, appStore };
}

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('messages loaded by language', () => {
  afterEach(() => {
    vi.doUnmock('../../../locales/en.json');
    vi.resetModules();
  });

  it('loads only the start language, and the other on a switch without a reload, with every key', async () => {
    window.localStorage.setItem('locale', 'de');
    const app = await freshI18n();
    await app.loadMessages(app.startLocale());
    expect(app.loadedMessages('de')).toBeDefined();
    expect(app.loadedMessages('en')).toBeUndefined();
    expect(app.translate('de', 'shell.language')).toBe(de.shell.language);

    const switched = app.changeLocale('en');
    // Until English has arrived the page stays German, and so does the stored choice.
    expect(app.appStore.get(app.localeAtom)).toBe('de');
    expect(window.localStorage.getItem('locale')).toBe('de');
    await switched;
    expect(window.localStorage.getItem('locale')).toBe('en');
    expect(app.appStore.get(app.localeAtom)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    for (const key of flatKeys(en)) {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
      if (typeof text === 'string' && text !== '' && !text.includes('{{')) expect(app.translate('en', key)).toBe(text);
    }
    // Back to German: loaded, so at once.
    app.setLocale('de');
    expect(app.appStore.get(app.localeAtom)).toBe('de');
  });

  it('starts in the stored language and, of two quick switches, shows the last', async () => {
    window.localStorage.setItem('locale', 'en');
    const app = await freshI18n();
    expect(app.startLocale()).toBe('en');
    await app.loadMessages('en');
    expect(app.loadedMessages('de')).toBeUndefined();
    expect(app.translate('en', 'shell.language')).toBe(en.shell.language);

    const toGerman = app.changeLocale('de');
    app.setLocale('en');
    await toGerman;
    expect(app.appStore.get(app.localeAtom)).toBe('en');
    expect(window.localStorage.getItem('locale')).toBe('en');
  });

  it('keeps the stored language when the other language does not load, so the next start is not in it', async () => {
    window.localStorage.setItem('locale', 'de');
    vi.doMock('../../../locales/en.json', () => {
      throw new Error('chunk failed to load');
    });
    const app = await freshI18n();
    await app.loadMessages(app.startLocale());
    await expect(app.changeLocale('en')).rejects.toThrow();
    expect(app.appStore.get(app.localeAtom)).toBe('de');
    expect(window.localStorage.getItem('locale')).toBe('de');
    expect(app.startLocale()).toBe('de');
  });
});

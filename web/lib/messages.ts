import { loadChunk } from './lazy-chunk';
import { readStorage, storageKeys } from './storage';

export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
/** German is the default locale. */
export const DEFAULT_LOCALE: Locale = 'de';

export type Messages = Record<string, unknown>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function readStoredLocale(): Locale | null {
  const stored = readStorage(storageKeys.locale);
  return isLocale(stored) ? stored : null;
}

/** The language the app starts in: this browser's stored choice, else German. */
export function startLocale(): Locale {
  return readStoredLocale() ?? DEFAULT_LOCALE;
}

// Each language is a chunk of its own (~150 kB of JSON each): a page load reads and parses only the
// one it shows; the other arrives when the user switches to it.
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  de: () => import('../../locales/de.json'),
  en: () => import('../../locales/en.json'),
};

const loaded: Partial<Record<Locale, Messages>> = {};
const pending: Partial<Record<Locale, Promise<Messages>>> = {};
const listeners = new Set<(locale: Locale, messages: Messages) => void>();

/** Loads a language's messages once; a failed load (a ChunkLoadError) is tried again on the next call. */
export function loadMessages(locale: Locale): Promise<Messages> {
  const done = loaded[locale];
  if (done) return Promise.resolve(done);
  pending[locale] ??= loadChunk(loaders[locale]).then(
    (module) => {
      loaded[locale] = module.default;
      for (const listener of listeners) listener(locale, module.default);
      return module.default;
    },
    (error: unknown) => {
      delete pending[locale];
      throw error;
    },
  );
  return pending[locale];
}

/** The messages of a language already loaded, or undefined. */
export function loadedMessages(locale: Locale): Messages | undefined {
  return loaded[locale];
}

/** Calls `listener` for every language loaded, now and later. */
export function onMessagesLoaded(listener: (locale: Locale, messages: Messages) => void): void {
  for (const locale of LOCALES) {
    const messages = loaded[locale];
    if (messages) listener(locale, messages);
  }
  listeners.add(listener);
}

import rosetta from 'rosetta';
import de from '../../locales/de.json';
import en from '../../locales/en.json';

export type Locale = 'de' | 'en';
export const DEFAULT_LOCALE: Locale = 'de';

const i18n = rosetta<Record<string, unknown>>({ de, en });

/** Server-side texts (error messages, mails) from the same locale files the web app uses. */
export function translate(locale: Locale, key: string, params?: Record<string, unknown>): string {
  const text = i18n.t(key, params ?? {}, locale);
  return text === '' ? key : text;
}

export function isLocale(value: unknown): value is Locale {
  return value === 'de' || value === 'en';
}

/** The first of de/en named by an Accept-Language header, or undefined. */
export function localeFromHeader(header: string | undefined | null): Locale | undefined {
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return undefined;
}

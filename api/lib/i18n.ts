import rosetta from 'rosetta';
import { pluralKey } from '../../db/domain/plurals';
import de from '../../locales/de.json';
import en from '../../locales/en.json';

export type Locale = 'de' | 'en';
export const DEFAULT_LOCALE: Locale = 'de';

const i18n = rosetta<Record<string, unknown>>({ de, en });

/**
 * Server-side texts (error messages, mails, notifications) from the same locale files the web app
 * uses; a key with plural forms picks its form from a numeric `count`, as the web's does.
 */
export function translate(locale: Locale, key: string, params?: Record<string, unknown>): string {
  const count = params?.count;
  const [chosen, values] =
    typeof count === 'number'
      ? pluralKey(locale, key, { count }, (k) => Boolean(i18n.t(k, {}, locale)))
      : [key, undefined];
  const text = i18n.t(chosen, { ...params, ...values }, locale);
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

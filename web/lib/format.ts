import type { Locale } from './i18n';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/**
 * One Intl formatter per kind, locale and options: building one costs far more than formatting with
 * it, and a table formats many cells per render.
 */
export function cachedFormatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => F): F {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter as F;
}

export function intlLocale(locale: Locale): string {
  return locale === 'de' ? 'de-DE' : 'en-GB';
}

export function formatNumber(value: number, locale: Locale, fractionDigits = 0): string {
  return cachedFormatter(`number:${locale}:${fractionDigits}`, () => new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  })).format(value);
}

export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return cachedFormatter(`dateTime:${locale}`, () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}

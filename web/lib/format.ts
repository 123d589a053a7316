import { intlLocale, type Locale } from './i18n';

export { intlLocale };

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

export function formatNumber(value: number, locale: Locale, fractionDigits = 0): string {
  return cachedFormatter(
    `number:${locale}:${fractionDigits}`,
    () =>
      new Intl.NumberFormat(intlLocale(locale), {
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }),
  ).format(value);
}

export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return cachedFormatter(
    `dateTime:${locale}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(date);
}

/** A calendar month ('YYYY-MM') as the locale names it: 'November 2026' (long) or 'Nov. 26' (short, for chart axes). */
export function formatMonth(month: string, locale: Locale, style: 'long' | 'short' = 'long'): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  if (!year || !m) return month;
  const formatter = cachedFormatter(
    `month:${locale}:${style}`,
    () =>
      new Intl.DateTimeFormat(
        intlLocale(locale),
        style === 'long'
          ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
          : { month: 'short', year: '2-digit', timeZone: 'UTC' },
      ),
  );
  return formatter.format(new Date(Date.UTC(year, m - 1, 15)));
}

/**
 * The one date form of each locale, used by every screen: 19.08.2026 (de) / 19 Aug 2026 (en).
 * An instant shows as its calendar date in Vienna, the platform's calendar (contracts, credits and
 * reports count days there), so the same instant is the same day for every reader.
 */
export function formatDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return cachedFormatter(
    `date:${locale}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'Europe/Vienna' }),
  ).format(date);
}

/** A calendar date as it travels (YYYY-MM-DD) in the same form as `formatDate`; '-' when there is none. */
export function formatIsoDate(date: string | null | undefined, locale: Locale): string {
  const parts = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  if (!parts) return '-';
  const [, y, m, d] = parts.map(Number) as [number, number, number, number];
  return cachedFormatter(
    `isoDate:${locale}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(y, m - 1, d)));
}

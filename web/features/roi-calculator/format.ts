import { cachedFormatter, intlLocale } from '../../lib/format';
import type { Locale } from '../../lib/i18n';

/** Euro amounts in the selected locale (amounts in euros, 0 or 2 decimals). */
export function formatEuro(value: number, locale: Locale, fractionDigits: 0 | 2 = 2): string {
  return cachedFormatter(
    `euro:${locale}:${fractionDigits}`,
    () =>
      new Intl.NumberFormat(intlLocale(locale), {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }),
  ).format(value);
}

/** A share in percent (value 150 = 150 %), without decimals. */
export function formatPercent(value: number, locale: Locale): string {
  return cachedFormatter(
    `percent:${locale}`,
    () =>
      new Intl.NumberFormat(intlLocale(locale), {
        style: 'percent',
        maximumFractionDigits: 0,
      }),
  ).format(value / 100);
}

import type { IsoDate } from '../../db/domain/calendar';
import { cachedFormatter, intlLocale } from './format';
import type { Locale } from './i18n';

// Calendar maths (Vienna dates, one year minus one day, days between) is db/domain/calendar.ts,
// shared with the server; this file is what only the browser needs: pickers and display forms.

/** A picker's Date (local midnight) from an ISO date, and back. */
export function isoToPickerDate(date: IsoDate | null | undefined): Date | null {
  if (!date) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function pickerDateToIso(date: Date | null): IsoDate | null {
  if (!date) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Euro amounts from integer cents with 2 decimals in the selected locale. */
export function formatEuroCents(cents: number, locale: Locale): string {
  return cachedFormatter(
    `euro:${locale}`,
    () =>
      new Intl.NumberFormat(intlLocale(locale), {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  ).format(cents / 100);
}

/** Balance percentage = balance / received x 100; null when nothing was received. */
export function balancePercent(balance: number, received: number): number | null {
  if (received <= 0) return null;
  return Math.max(0, Math.min(100, (balance / received) * 100));
}

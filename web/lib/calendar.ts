import { cachedFormatter, intlLocale } from './format';
import type { Locale } from './i18n';

/**
 * Calendar dates as the API speaks them: 'YYYY-MM-DD' strings in Europe/Vienna (architecture.md).
 * Arithmetic runs on UTC midnights so no daylight-saving shift can move a day.
 */
export type IsoDate = string;

export function todayInVienna(now: Date = new Date()): IsoDate {
  return cachedFormatter('viennaDay', () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna', year: 'numeric', month: '2-digit', day: '2-digit' })).format(now);
}

function toUtc(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** STARTER, PROFESSIONAL, ENTERPRISE end: start + 1 year - 1 day; a 29 February start ends on 28 February. */
export function oneYearEnd(start: IsoDate): IsoDate {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const sameDayNextYear = new Date(Date.UTC(y + 1, m - 1, d));
  // 29 Feb + 1 year rolls over to 1 March; the contract still ends on 28 February.
  if (sameDayNextYear.getUTCMonth() !== m - 1) sameDayNextYear.setUTCDate(0);
  else sameDayNextYear.setUTCDate(sameDayNextYear.getUTCDate() - 1);
  return sameDayNextYear.toISOString().slice(0, 10);
}

/** Days from start to end, both included (the API's durationInDays). */
export function daysBetweenInclusive(start: IsoDate, end: IsoDate): number {
  return Math.round((toUtc(end).getTime() - toUtc(start).getTime()) / 86_400_000) + 1;
}

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

/** DD.MM.YYYY, the pickers' and tables' date form (spec section 9). */
export function formatIsoDate(date: IsoDate | null | undefined): string {
  if (!date) return '-';
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

/** An instant (ISO-8601) shown as a calendar date in Vienna, DD.MM.YYYY. */
export function formatInstantDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return formatIsoDate(iso);
  return formatIsoDate(todayInVienna(date));
}

/** Euro amounts from integer cents with 2 decimals in the selected locale. */
export function formatEuroCents(cents: number, locale: Locale): string {
  return cachedFormatter(`euro:${locale}`, () => new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(cents / 100);
}

/** Balance percentage = balance / received x 100 (spec section 9); null when nothing was received. */
export function balancePercent(balance: number, received: number): number | null {
  if (received <= 0) return null;
  return Math.max(0, Math.min(100, (balance / received) * 100));
}

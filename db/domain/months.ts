// Calendar months ('YYYY-MM') in Europe/Vienna: the operator stats group by them. Plain TypeScript
// like calendar.ts (no packages, no node:), so api/, db/ and web/ share one definition.

import { viennaDate } from './calendar';

/** A calendar month, 'YYYY-MM'. */
export type IsoMonth = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isIsoMonth(value: unknown): value is IsoMonth {
  return typeof value === 'string' && MONTH.test(value) && value >= '1970-01';
}

/** The Vienna month of an instant (default: now). */
export function viennaMonth(instant: Date = new Date()): IsoMonth {
  return viennaDate(instant).slice(0, 7);
}

/** `month` plus `count` months (negative: minus). */
export function addMonths(month: IsoMonth, count: number): IsoMonth {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Months from `from` to `to`, both included (1 when they are equal, 0 when `to` is before `from`). */
export function monthsBetween(from: IsoMonth, to: IsoMonth): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return Math.max(0, (ty - fy) * 12 + (tm - fm) + 1);
}

/** Every month from `from` to `to`, both included, in order. */
export function monthRange(from: IsoMonth, to: IsoMonth): IsoMonth[] {
  return Array.from({ length: monthsBetween(from, to) }, (_, i) => addMonths(from, i));
}

let offsetFormatter: Intl.DateTimeFormat | undefined;

/**
 * The instant Vienna's calendar day `date` ('YYYY-MM-DD') begins, as ISO-8601 UTC text, e.g.
 * '2026-10-31T23:00:00.000Z' for 2026-11-01. Vienna switches between UTC+1 and UTC+2 at 02:00 or
 * 03:00 local time, never at midnight, so the offset at 00:00 UTC of that day is the offset at
 * its local midnight.
 */
export function viennaDayStartUtc(date: string): string {
  offsetFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Vienna',
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  });
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const [hours, minutes] = offsetFormatter.format(new Date(utcMidnight)).split(':').map(Number) as [number, number];
  return new Date(utcMidnight - (hours * 60 + minutes) * 60_000).toISOString();
}

/** The instant a Vienna month begins (its first day's local midnight) as ISO-8601 UTC text. */
export function viennaMonthStartUtc(month: IsoMonth): string {
  return viennaDayStartUtc(`${month}-01`);
}

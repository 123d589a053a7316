// Calendar dates are 'YYYY-MM-DD' strings in Europe/Vienna (the company's time zone), on the
// server, in the database and in the browser. This file is the one definition of their arithmetic:
// api/, db/ and web/ import it (db/domain is plain TypeScript: no drizzle, no node: imports, so the
// browser can). Arithmetic runs on UTC midnights, so no daylight-saving shift can move a day.

/** A calendar date, 'YYYY-MM-DD'. */
export type IsoDate = string;

let viennaFormatter: Intl.DateTimeFormat | undefined;

/** The Vienna calendar date of an instant (default: now). Building the formatter costs far more than formatting: it is built once. */
export function viennaDate(instant: Date = new Date()): IsoDate {
  viennaFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Vienna',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return viennaFormatter.format(instant);
}

const utc = (date: IsoDate) => Date.parse(`${date}T00:00:00Z`);

/** `date` plus `days` (negative: minus). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(utc(date));
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days from start to end, both included (a contract's durationInDays; 1 when start = end). */
export function daysInclusive(start: IsoDate, end: IsoDate): number {
  return Math.round((utc(end) - utc(start)) / 86_400_000) + 1;
}

/** One year minus one day after start (a 29 February start ends on 28 February). */
export function oneYearEnd(start: IsoDate): IsoDate {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const sameDayNextYear = new Date(Date.UTC(y + 1, m - 1, d));
  // 29 Feb + 1 year rolls to 1 March: step back to the last day of February first.
  if (sameDayNextYear.getUTCMonth() !== m - 1) sameDayNextYear.setUTCDate(0);
  else sameDayNextYear.setUTCDate(sameDayNextYear.getUTCDate() - 1);
  return sameDayNextYear.toISOString().slice(0, 10);
}

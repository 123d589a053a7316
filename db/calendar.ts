// Calendar dates are the storage convention of db/ (YYYY-MM-DD in Europe/Vienna); api/ and the seed share these helpers.
// Built once: constructing a DateTimeFormat costs ~100x a format() call, and every charge and
// every listed organisation asks for a Vienna date.
const VIENNA_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's calendar date in Europe/Vienna (YYYY-MM-DD), and plain date arithmetic on such strings. */
export function viennaDate(instant: Date): string {
  return VIENNA_DATE.format(instant);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** One year minus one day after start (a 29 February start ends on 28 February). */
export function oneYearEnd(start: string): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const sameDayNextYear = new Date(Date.UTC(y + 1, m - 1, d));
  // 29 Feb + 1 year rolls to 1 March: step back to the last day of February first.
  if (sameDayNextYear.getUTCMonth() !== m - 1) sameDayNextYear.setUTCDate(0);
  else sameDayNextYear.setUTCDate(sameDayNextYear.getUTCDate() - 1);
  return sameDayNextYear.toISOString().slice(0, 10);
}

// Instants in upload cells: ISO text (2018-05-10 04:01), or dates as a form tool writes them in its
// own order (5/10/18 4:01 PM, 10/05/2018 04:01:33, 24.12.2023 10:00). Whether 5/10/18 is 10 May or
// 5 October is a property of the column, not of the cell: the order is decided from the column's
// values (a number above 12 can only be a day) and carried by the TIMESTAMP data point; a column
// where no value decides it is said to be undecided, never guessed. Dotted dates are day first
// wherever they are written (24.12.2023). Two-digit years as POSIX and Python's strptime read them (69-99: 19xx,
// 00-68: 20xx). dayjs' customParseFormat did the parsing first and was measured at 20 µs a cell (40 s
// for the start and end of a million interviews); the parts are taken by one regular expression and
// checked by a round trip through Date.UTC instead (2/30/18 is no date), about 1 µs.
import type { Cell, DateOrder } from '../types';

const ISO_START = /^\d{4}-\d{2}-\d{2}/;
/** a/b/year [h:mm[:ss] [AM|PM]], with '/', '-' or '.' between the date's parts. */
const LOCAL = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s?([AaPp][Mm]))?)?$/;

/** The two numbers before the year of a local date, and whether dots separate them, or undefined. */
export function localDateParts(text: string): { first: number; second: number; dotted: boolean } | undefined {
  const m = LOCAL.exec(text.trim());
  return m ? { first: Number(m[1]), second: Number(m[3]), dotted: m[2] === '.' } : undefined;
}

/** Epoch seconds of a local date in the given order, or NaN (not a local date, or no date in that order). */
function localSeconds(text: string, order: DateOrder | undefined): number {
  const m = LOCAL.exec(text.trim());
  if (!m) return Number.NaN;
  const dayFirst = m[2] === '.' || order === 'DMY';
  if (!dayFirst && order !== 'MDY') return Number.NaN;
  const month = Number(dayFirst ? m[3] : m[1]);
  const day = Number(dayFirst ? m[1] : m[3]);
  const yy = Number(m[4]);
  const year = m[4]!.length === 2 ? yy + (yy > 68 ? 1900 : 2000) : yy;
  let hour = m[5] === undefined ? 0 : Number(m[5]);
  const minute = m[6] === undefined ? 0 : Number(m[6]);
  const second = m[7] === undefined ? 0 : Number(m[7]);
  const ampm = m[8]?.toUpperCase();
  if (ampm) {
    if (hour < 1 || hour > 12) return Number.NaN;
    hour = (hour % 12) + (ampm === 'PM' ? 12 : 0);
  }
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 2/30 over into March: a day that comes back different was no date.
  return new Date(ms).getUTCDate() === day ? ms / 1000 : Number.NaN;
}

/**
 * Epoch seconds of an instant, or NaN. Numbers are taken as seconds already; ISO text as UTC unless it
 * names its offset; a local date in the column's order (without one, only dotted dates are read).
 */
export function instantSeconds(cell: string | number, order?: DateOrder): number {
  if (typeof cell === 'number') return cell;
  if (!ISO_START.test(cell)) return localSeconds(cell, order);
  const ms = Date.parse(
    cell.length === 10
      ? `${cell}T00:00:00Z`
      : /[zZ]|[+-]\d{2}:?\d{2}$/.test(cell)
        ? cell
        : `${cell.replace(' ', 'T')}Z`,
  );
  return Number.isNaN(ms) ? Number.NaN : ms / 1000;
}

/** True when a cell is a slash or dash date whose order the column must give (5/10/18). */
export const needsDateOrder = (cell: Cell): boolean =>
  typeof cell === 'string' && localDateParts(cell)?.dotted === false;

export type DateOrderReading =
  /** A value decides it (13/5/18 is day first). */
  | { order: DateOrder }
  /** Every value reads both ways (5/10/18): the user says which; `example` is one of them. */
  | { undecided: true; example: string }
  /** No slash or dash dates, or values that contradict each other (13/5 and 5/13): no one order. */
  | undefined;

/** The day/month order of the local dates in some columns' values (a start and an end column together). */
export function dateOrderOf(values: Iterable<Cell>): DateOrderReading {
  let dayFirst = false;
  let monthFirst = false;
  let example: string | undefined;
  for (const c of values) {
    if (typeof c !== 'string') continue;
    const p = localDateParts(c);
    if (!p || p.dotted) continue;
    example ??= c.trim();
    if (p.first > 12) dayFirst = true;
    if (p.second > 12) monthFirst = true;
  }
  if (example === undefined || (dayFirst && monthFirst)) return undefined;
  if (dayFirst) return { order: 'DMY' };
  if (monthFirst) return { order: 'MDY' };
  return { undecided: true, example };
}

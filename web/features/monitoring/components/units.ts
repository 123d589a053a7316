import { cachedFormatter, formatNumber, intlLocale } from '../../../lib/format';
import type { Locale, Translate } from '../../../lib/i18n';

/** A duration in the largest unit that keeps it readable: 850 ms, 12,3 s, 4,2 min, 1,5 h. */
export function formatDuration(ms: number | null | undefined, locale: Locale): string {
  if (ms === null || ms === undefined) return '–';
  if (ms < 1000) return `${formatNumber(Math.round(ms), locale)} ms`;
  if (ms < 60_000) return `${formatNumber(ms / 1000, locale, 1)} s`;
  if (ms < 3_600_000) return `${formatNumber(ms / 60_000, locale, 1)} min`;
  return `${formatNumber(ms / 3_600_000, locale, 1)} h`;
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Bytes in decimal units named by the locale (1,2 GB). */
export function formatBytes(bytes: number | null | undefined, locale: Locale): string {
  if (bytes === null || bytes === undefined) return '–';
  // Intl names a lone byte unit 'byte' even for 0 or 500: write B like the larger units' kB, MB.
  if (bytes < 1000) return `${formatNumber(bytes, locale)} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = value >= 100 ? 0 : 1;
  return cachedFormatter(
    `bytes:${locale}:${unit}:${digits}`,
    () =>
      new Intl.NumberFormat(intlLocale(locale), {
        style: 'unit',
        unit: BYTE_UNITS[unit],
        unitDisplay: 'short',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  ).format(value);
}

/** A clock time of today, or date and time: when a job was enqueued, started or failed. */
export function formatInstant(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '–';
  const sameDay = date.toDateString() === new Date().toDateString();
  const formatter = cachedFormatter(
    `instant:${locale}:${sameDay}`,
    () =>
      new Intl.DateTimeFormat(
        intlLocale(locale),
        sameDay ? { timeStyle: 'medium' } : { dateStyle: 'short', timeStyle: 'short' },
      ),
  );
  return formatter.format(date);
}

/**
 * A job kind's name in the UI language ('upload.check' → monitoring.jobs.kinds.uploadCheck); a kind
 * this web build does not know (a newer server's) shows as the server names it.
 */
export function jobKindName(kind: string, t: Translate): string {
  const key = `monitoring.jobs.kinds.${kind.replace(/[.-](\w)/g, (_, c: string) => c.toUpperCase())}`;
  const name = t(key);
  return name === key ? kind : name;
}

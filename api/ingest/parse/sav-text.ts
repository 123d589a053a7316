// Text and value formats of SPSS system files: bytes as characters (reversibly), the file's encoding,
// and what a numeric variable's print format says its values are (dates and date-times as ISO text).

/**
 * Bytes as the characters of the same codes (ISO-8859-1, one char per byte, reversible). The
 * WHATWG 'latin1' label is windows-1252, which maps 0x80-0x9f elsewhere: the short names of a
 * UTF-8 file cut inside a character came back with other bytes and no longer met their long names.
 */
export function byteText(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

/** Seconds from the SPSS epoch (1582-10-14 00:00, the Gregorian calendar's start) to 1970-01-01. */
const SPSS_EPOCH_OFFSET = 12_219_379_200;

/** How a numeric variable's print format says its values read (PSPP's format type codes). */
export type NumberKind = 'number' | 'date' | 'datetime';
const DATE_FORMATS = new Set([20, 23, 24, 28, 29, 30, 38, 39]); // DATE ADATE JDATE MOYR QYR WKYR EDATE SDATE
const DATETIME_FORMATS = new Set([22, 41]); // DATETIME YMDHMS

export function numberKind(printFormat: number): NumberKind {
  const type = (printFormat >> 16) & 0xff;
  return DATE_FORMATS.has(type) ? 'date' : DATETIME_FORMATS.has(type) ? 'datetime' : 'number';
}

/** A date or date-time value (seconds since 1582-10-14) as ISO text; null when no calendar holds it. */
export function spssDateText(seconds: number, kind: 'date' | 'datetime'): string | null {
  const ms = (seconds - SPSS_EPOCH_OFFSET) * 1000;
  const d = new Date(kind === 'date' ? Math.floor(ms / 86_400_000) * 86_400_000 : Math.round(ms));
  if (Number.isNaN(d.getTime())) return null;
  const iso = d.toISOString();
  return kind === 'date' ? iso.slice(0, iso.indexOf('T')) : iso;
}

/** An ISO date or instant as SPSS stores it (seconds since 1582-10-14): spssDateText's inverse. */
export const spssSeconds = (iso: string): number =>
  Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso) / 1000 + SPSS_EPOCH_OFFSET;

export function encodingName(name: string | undefined, codePage: number | undefined): string {
  const n = (name ?? '').trim().toLowerCase();
  if (n === 'utf-8' || n === 'utf8' || codePage === 65001) return 'utf-8';
  if (n === 'windows-1252' || n === 'cp1252' || codePage === 1252) return 'windows-1252';
  if (n) {
    try {
      new TextDecoder(n);
      return n;
    } catch {
      return 'windows-1252';
    }
  }
  return 'windows-1252';
}

export function latin1Bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

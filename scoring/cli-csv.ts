// CSV reading for the researcher command line. Kept small: RFC 4180 quoting, comma or semicolon
// separator (German spreadsheets export semicolons), header row required.
// The file stays one byte array: parsing finds where each record lies (no string or object per cell;
// a 100,000 x 25 file has 2.6 million cells), numbers are read from the bytes row by row straight into
// typed columns, and a cell becomes a string only when a command asks for its text or a value needs
// the general rules.

/** A user-facing input problem: the command line prints the message and exits with code 2. */
export class InputError extends Error {}

/**
 * Parsed CSV: the header names and where each data record lies in `bytes` (its line break excluded).
 * A record holding a quote (`quoted`) is split by the quoting rules when read; any other is split at
 * the separator. Cells past a short record's end are empty; fields past the header are dropped.
 */
export interface Table {
  header: string[];
  rowCount: number;
  bytes: Uint8Array;
  sep: number;
  rowStarts: Int32Array;
  rowEnds: Int32Array;
  quoted: Uint8Array;
}

const QUOTE = 0x22,
  LF = 0x0a,
  CR = 0x0d,
  COMMA = 0x2c,
  SEMICOLON = 0x3b;
// ignoreBOM: a U+FEFF inside the text (e.g. at the start of a cell) is text; only the file's leading one is dropped.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** True for the ASCII characters String.prototype.trim removes (tab, line breaks, space). */
const isSpace = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);

/**
 * A field's text by the quoting rules: a quote opens quoting while the field's text is still empty;
 * inside, a doubled quote is one quote and a single quote closes.
 */
function fieldText(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  let from = start;
  let quoted = false;
  for (let i = start; i < end; i++) {
    if (bytes[i] !== QUOTE) continue;
    if (quoted) {
      text += utf8.decode(bytes.subarray(from, i));
      if (i + 1 < end && bytes[i + 1] === QUOTE) {
        text += '"';
        i++;
      } else quoted = false;
      from = i + 1;
    } else if (text === '' && from === i) {
      quoted = true;
      from = i + 1;
    }
  }
  return text + utf8.decode(bytes.subarray(from, end));
}

/**
 * Splits the record that starts at `pos` by the quoting rules into field ranges [starts[f], ends[f])
 * (bytes to decode with fieldText, as a quoted field may hold separators and line breaks); returns
 * the number of fields and the record's end (its line break, or the end of the text).
 */
function splitQuoted(bytes: Uint8Array, sep: number, pos: number, starts: number[], ends: number[]) {
  const len = bytes.length;
  let fields = 0;
  let i = pos;
  for (;;) {
    const start = i;
    let quoted = false;
    let empty = true;
    while (i < len) {
      const b = bytes[i]!;
      if (quoted) {
        // Inside quotes every byte is text except a quote: doubled it is one quote, single it closes.
        if (b === QUOTE && bytes[i + 1] === QUOTE) {
          empty = false;
          i += 2;
        } else if (b === QUOTE) {
          quoted = false;
          i++;
        } else {
          empty = false;
          i++;
        }
      } else if (b === QUOTE && empty) {
        quoted = true;
        i++;
      } else if (b === sep || b === LF || b === CR) break;
      else {
        empty = false;
        i++;
      }
    }
    starts[fields] = start;
    ends[fields] = i;
    fields++;
    if (i >= len || bytes[i] !== sep) return { fields, end: i };
    i++;
  }
}

/** Whether every field of a record is blank (white space only); the header and data skip such records. */
function blankRecord(bytes: Uint8Array, sep: number, start: number, end: number, quoted: boolean): boolean {
  if (!quoted) {
    let i = start;
    for (; i < end; i++) {
      const b = bytes[i]!;
      if (b >= 0x80) break;
      if (b !== sep && !isSpace(b)) return false;
    }
    if (i === end) return true;
  }
  return recordFields(bytes, sep, start, end, quoted).every((f) => f.trim() === '');
}

/** The texts of a record's fields. */
function recordFields(bytes: Uint8Array, sep: number, start: number, end: number, quoted: boolean): string[] {
  if (!quoted) return utf8.decode(bytes.subarray(start, end)).split(String.fromCharCode(sep));
  const starts: number[] = [];
  const ends: number[] = [];
  const { fields } = splitQuoted(bytes, sep, start, starts, ends);
  return Array.from({ length: fields }, (_, f) => fieldText(bytes, starts[f]!, ends[f]!));
}

/** Parses CSV bytes (UTF-8); the separator is whichever of ',' and ';' the first line holds more of. */
export function parseCsv(input: Uint8Array): Table {
  const bom = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0;
  const bytes = input.subarray(bom);
  const len = bytes.length;
  let firstEnd = bytes.indexOf(LF);
  if (firstEnd < 0) firstEnd = len;
  let semis = 0,
    commas = 0;
  for (let i = 0; i < firstEnd; i++) {
    const b = bytes[i];
    if (b === SEMICOLON) semis++;
    else if (b === COMMA) commas++;
  }
  const sep = semis > commas ? SEMICOLON : COMMA;
  // Line breaks are found natively where the text has only one kind; the next quote is looked up once
  // per quote, so records without one never look at the quoting rules.
  const crs = bytes.indexOf(CR) >= 0;
  let nextQuote = bytes.indexOf(QUOTE);
  if (nextQuote < 0) nextQuote = len;
  const scratchStarts: number[] = [];
  const scratchEnds: number[] = [];
  let header: string[] | null = null;
  let rowStarts = new Int32Array(1024);
  let rowEnds = new Int32Array(1024);
  let quotedRows = new Uint8Array(1024);
  let rows = 0;
  let pos = 0;
  while (pos < len) {
    let end = crs ? pos : bytes.indexOf(LF, pos);
    if (crs) while (end < len && bytes[end] !== LF && bytes[end] !== CR) end++;
    else if (end < 0) end = len;
    const quoted = nextQuote < end;
    if (quoted) {
      end = splitQuoted(bytes, sep, pos, scratchStarts, scratchEnds).end;
      nextQuote = end < len ? bytes.indexOf(QUOTE, end) : -1;
      if (nextQuote < 0) nextQuote = len;
    }
    if (!blankRecord(bytes, sep, pos, end, quoted)) {
      if (!header) header = recordFields(bytes, sep, pos, end, quoted).map((h) => h.trim());
      else {
        if (rows === rowStarts.length) {
          const grow = <T extends Int32Array | Uint8Array>(a: T, b: T): T => (b.set(a), b);
          rowStarts = grow(rowStarts, new Int32Array(rows * 2));
          rowEnds = grow(rowEnds, new Int32Array(rows * 2));
          quotedRows = grow(quotedRows, new Uint8Array(rows * 2));
        }
        rowStarts[rows] = pos;
        rowEnds[rows] = end;
        quotedRows[rows] = quoted ? 1 : 0;
        rows++;
      }
    }
    pos = end + (bytes[end] === CR && bytes[end + 1] === LF ? 2 : 1);
  }
  if (!header) throw new InputError('the input file is empty: expected a header row and at least one data row');
  if (rows === 0) throw new InputError('the input file has a header but no data rows');
  return {
    header,
    rowCount: rows,
    bytes,
    sep,
    rowStarts: rowStarts.subarray(0, rows),
    rowEnds: rowEnds.subarray(0, rows),
    quoted: quotedRows.subarray(0, rows),
  };
}

/**
 * The byte range of field `col` of data row `row`: [start, end) of plain text, or [~start, end) of a
 * field to decode by the quoting rules. Past the record's last field: an empty range.
 */
export function cellRange(table: Table, row: number, col: number): [number, number] {
  const { bytes, sep } = table;
  const start = table.rowStarts[row]!;
  const end = table.rowEnds[row]!;
  if (table.quoted[row]) {
    const starts: number[] = [];
    const ends: number[] = [];
    const { fields } = splitQuoted(bytes, sep, start, starts, ends);
    return col < fields ? [~starts[col]!, ends[col]!] : [0, 0];
  }
  let s = start;
  for (let f = 0; f < col; f++) {
    while (s < end && bytes[s] !== sep) s++;
    if (s >= end) return [0, 0];
    s++;
  }
  let e = s;
  while (e < end && bytes[e] !== sep) e++;
  return [s, e];
}

/** The text of a cell. */
export function cellText(table: Table, row: number, col: number): string {
  const [s, e] = cellRange(table, row, col);
  return s < 0 ? fieldText(table.bytes, ~s, e) : utf8.decode(table.bytes.subarray(s, e));
}

/** Index of a named column, or an InputError that lists the available names. */
export function columnIndex(table: Table, name: string): number {
  const i = table.header.indexOf(name);
  if (i < 0) throw new InputError(`unknown column "${name}"; the header has: ${table.header.join(', ')}`);
  return i;
}

/** Column indices of `first:last` (inclusive, header order) or of a single name. */
export function columnRange(table: Table, spec: string): number[] {
  const [first, last, extra] = spec.split(':');
  if (extra !== undefined || !first) throw new InputError(`bad item range "${spec}": expected <first>:<last>`);
  const a = columnIndex(table, first.trim());
  const b = last === undefined ? a : columnIndex(table, last.trim());
  if (b < a) throw new InputError(`bad item range "${spec}": "${last}" comes before "${first}" in the header`);
  return Array.from({ length: b - a + 1 }, (_, k) => a + k);
}

/** Text column; missing cells become ''. */
export function textColumn(table: Table, index: number): string[] {
  return Array.from({ length: table.rowCount }, (_, r) => cellText(table, r, index));
}

const MISSING_TEXT = new Set(['', 'na', 'nan', 'null', '-999']);
// Every power of ten up to 1e15 is exact, so an integer below 1e15 over one of them is the correctly
// rounded value of the decimal, exactly what Number() reads.
const POW10 = new Float64Array(16).map((_, k) => 10 ** k);
/** What the plain-decimal reader returns for text it leaves to the general rules (it never reads it). */
const GENERAL = Number.NEGATIVE_INFINITY;

/**
 * The value of bytes [s, e) when they are a plain decimal ([+-] digits [. digits], or -digits,digits
 * with a decimal comma) of at most 15 digits, NaN when blank; GENERAL for anything else.
 */
function plainNumber(bytes: Uint8Array, s: number, e: number): number {
  while (s < e && isSpace(bytes[s]!)) s++;
  while (e > s && isSpace(bytes[e - 1]!)) e--;
  if (s === e) return Number.NaN;
  let b = bytes[s]!;
  const negative = b === 0x2d;
  const plus = b === 0x2b;
  if (negative || plus) s++;
  let m = 0,
    digits = 0,
    fraction = 0,
    point = false,
    comma = false;
  for (let i = s; i < e; i++) {
    b = bytes[i]!;
    if (b >= 0x30 && b <= 0x39) {
      m = m * 10 + (b - 0x30);
      digits++;
      if (point) fraction++;
    } else if (b === 0x2e && !point) point = true;
    else if (b === COMMA && !point && !plus && digits > 0) point = comma = true;
    else return GENERAL;
  }
  if (digits === 0 || digits > 15 || (comma && fraction === 0)) return GENERAL;
  const v = fraction === 0 ? m : m / POW10[fraction]!;
  return negative ? -v : v;
}

/**
 * A numeric cell by the general rules: empty, NA, NaN, null and -999 are missing (NaN / -999), the rest
 * goes through Number() after a decimal comma became a point; text that is not a number is an
 * InputError naming the row and column when `strict`, else NaN.
 */
function generalNumber(table: Table, row: number, col: number, strict: boolean): number {
  const raw = cellText(table, row, col).trim();
  if (MISSING_TEXT.has(raw.toLowerCase())) return raw === '-999' ? -999 : Number.NaN;
  const v = Number(raw.replace(/^(-?\d+),(\d+)$/, '$1.$2'));
  if (Number.isNaN(v) && strict)
    throw new InputError(`column "${table.header[col]}", data row ${row + 1}: "${raw}" is not a number`);
  return v;
}

function cellNumber(table: Table, row: number, col: number, strict: boolean): number {
  const [s, e] = cellRange(table, row, col);
  const v = s < 0 ? GENERAL : plainNumber(table.bytes, s, e);
  return v === GENERAL ? generalNumber(table, row, col, strict) : v;
}

/**
 * Numeric columns `indices` into `outs` (e.g. the columns of a matrix in the scoring core's memory),
 * read row by row in one pass over the bytes. Empty, NA, NaN, null and -999 are missing (NaN / -999);
 * anything else that is not a number is an InputError naming the row and column (the first one in
 * column order), because a text value in an item column means the wrong columns were chosen.
 */
export function numericColumns(
  table: Table,
  indices: readonly number[],
  outs: readonly Float64Array[],
  strict = true,
): void {
  if (new Set(indices).size === indices.length) {
    try {
      return readRows(table, indices, outs, strict);
    } catch (error) {
      if (!(error instanceof InputError) || indices.length === 1) throw error;
    }
  }
  // Repeated columns, or an error to report in column order: one column at a time.
  indices.forEach((c, k) => readRows(table, [c], [outs[k]!], strict));
}

function readRows(table: Table, indices: readonly number[], outs: readonly Float64Array[], strict: boolean): void {
  const { bytes, sep, rowStarts, rowEnds, quoted, rowCount } = table;
  const last = Math.max(...indices);
  const target = new Int32Array(last + 1).fill(-1);
  indices.forEach((c, k) => (target[c] = k));
  for (let r = 0; r < rowCount; r++) {
    if (quoted[r]) {
      for (let k = 0; k < indices.length; k++) outs[k]![r] = cellNumber(table, r, indices[k]!, strict);
      continue;
    }
    let s = rowStarts[r]!;
    const end = rowEnds[r]!;
    for (let f = 0; ; f++) {
      const k = target[f]!;
      const digit = bytes[s]! - 0x30;
      let e = s + 1;
      if (s < end && digit >= 0 && digit <= 9 && (e === end || bytes[e] === sep)) {
        // The commonest item cell, one digit (a Likert code), read on the spot.
        if (k >= 0) outs[k]![r] = digit;
      } else {
        e = s;
        while (e < end && bytes[e] !== sep) e++;
        if (k >= 0) {
          const v = plainNumber(bytes, s, e);
          outs[k]![r] = v === GENERAL ? generalNumber(table, r, f, strict) : v;
        }
      }
      if (f === last) break;
      if (e >= end) {
        // A short record: the fields it lacks are empty, so missing.
        for (f++; f <= last; f++) if (target[f]! >= 0) outs[target[f]!]![r] = Number.NaN;
        break;
      }
      s = e + 1;
    }
  }
}

/** One numeric column (see numericColumns), into `out` or a new array. */
export function numericColumn(
  table: Table,
  index: number,
  strict = true,
  out: Float64Array = new Float64Array(table.rowCount),
): Float64Array {
  numericColumns(table, [index], [out], strict);
  return out;
}

// CSV reading for the researcher command line. Kept small: RFC 4180 quoting, comma or semicolon
// separator (German spreadsheets export semicolons), header row required.
// The file is parsed once, as bytes, into the byte range of every cell: no string or object per cell
// (a 100,000 x 25 file has 2.6 million cells). Numbers are read straight from those bytes, and a
// cell becomes a string only when a command asks for its text or a value needs the general rules.

/** A user-facing input problem: the command line prints the message and exits with code 2. */
export class InputError extends Error {}

/**
 * Parsed CSV: the header names and, per data row and header column, where the cell's text lies in
 * `bytes` (row-major, `rowCount` x `header.length`). A cell that differs from its bytes (quoted with
 * doubled quotes, or text after the closing quote) stores `~start` (negative) and is decoded by the
 * quoting rules when read. Cells past a short row's end are empty; fields past the header are dropped.
 */
export interface Table {
  header: string[];
  rowCount: number;
  bytes: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
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

/** The text of a cell (stored range, see Table). */
export function cellText(table: Table, row: number, col: number): string {
  const at = row * table.header.length + col;
  const s = table.starts[at]!;
  return s < 0 ? fieldText(table.bytes, ~s, table.ends[at]!) : utf8.decode(table.bytes.subarray(s, table.ends[at]));
}

/** True when the text of bytes [start, end) is only white space; decodes only when a byte is not ASCII. */
function blank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    if (b >= 0x80) return utf8.decode(bytes.subarray(start, end)).trim() === '';
    if (!isSpace(b)) return false;
  }
  return true;
}

/** Splits records into fields; keeps the current record's field ranges (see Table for `~start`). */
class FieldScanner {
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  fields = 0;
  /** Whether a field of the current record has text other than white space. */
  filled = false;
  /** Whether the last field's text was '' (decides whether text ending there makes a record). */
  lastEmpty = true;
  constructor(
    readonly bytes: Uint8Array,
    readonly sep: number,
  ) {}

  /** Scans the field that starts at `i`, adds it to the record and returns where it ends. */
  field(i: number): number {
    const { bytes, sep } = this;
    const len = bytes.length;
    if (bytes[i] !== QUOTE) {
      // Unquoted: after its first byte a field's text is not empty, so any later quote is text.
      const start = i;
      while (i < len) {
        const b = bytes[i]!;
        if (b === sep || b === LF || b === CR) break;
        i++;
      }
      this.add(start, i);
      this.lastEmpty = i === start;
      return i;
    }
    return this.quotedField(i);
  }

  /** A field that opens with a quote; `empty` while its text is still '' (a quote then opens quoting). */
  quotedField(start: number): number {
    const { bytes, sep } = this;
    const len = bytes.length;
    let i = start;
    let quoted = false;
    let empty = true;
    let opens = 0;
    let escapes = 0;
    let closedAt = -1;
    while (i < len) {
      const b = bytes[i]!;
      if (quoted) {
        // Inside quotes every byte is text except a quote: doubled it is one quote, single it closes.
        if (b === QUOTE && bytes[i + 1] === QUOTE) {
          escapes++;
          empty = false;
          i += 2;
        } else if (b === QUOTE) {
          quoted = false;
          closedAt = i++;
        } else {
          empty = false;
          i++;
        }
      } else if (b === QUOTE && empty) {
        quoted = true;
        opens++;
        i++;
      } else if (b === sep || b === LF || b === CR) break;
      else {
        empty = false;
        i++;
      }
    }
    // "text" with nothing around it is stored as a plain range; anything else is decoded when read.
    if (opens === 1 && escapes === 0 && (closedAt === i - 1 || (closedAt < 0 && quoted)))
      this.add(start + 1, closedAt < 0 ? i : i - 1);
    else this.add(~start, i);
    this.lastEmpty = empty;
    return i;
  }

  add(s: number, e: number): void {
    if (this.fields === this.starts.length) {
      const starts = new Int32Array(this.fields * 2);
      starts.set(this.starts);
      this.starts = starts;
      const ends = new Int32Array(this.fields * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.starts[this.fields] = s;
    this.ends[this.fields] = e;
    this.fields++;
    if (!this.filled) this.filled = s < 0 ? fieldText(this.bytes, ~s, e).trim() !== '' : !blank(this.bytes, s, e);
  }
}

/** Parses CSV bytes (UTF-8); the separator is whichever of ',' and ';' the first line holds more of. */
export function parseCsv(input: Uint8Array): Table {
  const bom = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0;
  const bytes = input.subarray(bom);
  const len = bytes.length;
  let firstEnd = bytes.indexOf(LF);
  if (firstEnd < 0) firstEnd = len;
  let semis = 0,
    commas = 0,
    breaks = 1;
  for (let i = 0; i < firstEnd; i++) {
    const b = bytes[i];
    if (b === SEMICOLON) semis++;
    else if (b === COMMA) commas++;
  }
  for (let i = 0; i < len; i++) {
    const b = bytes[i]!;
    if (b === LF || b === CR) breaks++;
  }
  const scan = new FieldScanner(bytes, semis > commas ? SEMICOLON : COMMA);
  let header: string[] | null = null;
  let cols = 0;
  let starts = new Int32Array(0);
  let ends = new Int32Array(0);
  let rows = 0;
  // A record of blank fields only is skipped; the first other one is the header.
  const endRecord = () => {
    if (scan.filled && !header) {
      header = [];
      for (let f = 0; f < scan.fields; f++) {
        const s = scan.starts[f]!;
        const e = scan.ends[f]!;
        header.push((s < 0 ? fieldText(bytes, ~s, e) : utf8.decode(bytes.subarray(s, e))).trim());
      }
      cols = header.length;
      // Records never outnumber line breaks: one allocation holds every data row.
      starts = new Int32Array(breaks * cols);
      ends = new Int32Array(breaks * cols);
    } else if (scan.filled) {
      // Copied one by one: a record has few fields, and subarray views per record cost more.
      const at = rows * cols;
      const n = Math.min(scan.fields, cols);
      for (let f = 0; f < n; f++) {
        starts[at + f] = scan.starts[f]!;
        ends[at + f] = scan.ends[f]!;
      }
      for (let f = n; f < cols; f++) starts[at + f] = ends[at + f] = 0;
      rows++;
    }
    scan.fields = 0;
    scan.filled = false;
  };

  let i = 0;
  for (;;) {
    const end = scan.field(i);
    if (end >= len) {
      // The text ends: a record with fields before this one, or a last field with text, is complete.
      if (scan.fields > 1 || !scan.lastEmpty) endRecord();
      break;
    }
    const b = bytes[end]!;
    i = end + 1;
    if (b === scan.sep) continue;
    if (b === CR && bytes[i] === LF) i++;
    endRecord();
  }
  if (!header) throw new InputError('the input file is empty: expected a header row and at least one data row');
  if (rows === 0) throw new InputError('the input file has a header but no data rows');
  return { header, rowCount: rows, bytes, starts, ends };
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
 * A numeric column: empty, NA, NaN, null and -999 are missing (NaN / -999); anything else that is not
 * a number is an InputError naming the row and column, because a text value in an item column means
 * the wrong columns were chosen. Writes into `out` when given (e.g. a column of a matrix in the
 * scoring core's memory), else into a new array.
 */
export function numericColumn(
  table: Table,
  index: number,
  strict = true,
  out: Float64Array = new Float64Array(table.rowCount),
): Float64Array {
  const { bytes, starts, ends, rowCount } = table;
  const cols = table.header.length;
  for (let r = 0, at = index; r < rowCount; r++, at += cols) {
    const s = starts[at]!;
    const v = s < 0 ? GENERAL : plainNumber(bytes, s, ends[at]!);
    out[r] = v === GENERAL ? generalNumber(table, r, index, strict) : v;
  }
  return out;
}

/** A numeric cell by the general rules (Number() after the missing codes and the decimal comma). */
function generalNumber(table: Table, row: number, index: number, strict: boolean): number {
  const raw = cellText(table, row, index).trim();
  if (MISSING_TEXT.has(raw.toLowerCase())) return raw === '-999' ? -999 : Number.NaN;
  const v = Number(raw.replace(/^(-?\d+),(\d+)$/, '$1.$2'));
  if (Number.isNaN(v) && strict)
    throw new InputError(`column "${table.header[index]}", data row ${row + 1}: "${raw}" is not a number`);
  return v;
}

/** Text column; missing cells become ''. */
export function textColumn(table: Table, index: number): string[] {
  return Array.from({ length: table.rowCount }, (_, r) => cellText(table, r, index));
}

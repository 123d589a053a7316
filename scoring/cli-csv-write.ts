// CSV writing for the researcher command line: each column's cell texts are prepared on their own,
// then copied row by row into one byte buffer of the document's size, written out with one call.
// Whole numbers are written digit by digit, text cells taken over from the input are copied as bytes,
// a fractional column's distinct values are formatted once each, and only those and other text pass
// through a string.
import { cellRange, cellText, type Table } from './cli-csv.ts';

/** A text column of the input, written as its cells' bytes (no string per cell). */
export class CellColumn {
  constructor(
    readonly table: Table,
    readonly index: number,
  ) {}
  get length(): number {
    return this.table.rowCount;
  }
}

export type CsvColumn = readonly (string | number)[] | ArrayLike<number> | CellColumn;

const QUOTE = 0x22,
  COMMA = 0x2c,
  LF = 0x0a,
  CR = 0x0d;
const needsQuotes = /[",\n\r]/;
const quote = (s: string) => (needsQuotes.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Rounds half up, as every displayed score is, to `decimals` places and drops trailing zeros. */
export function roundHalfUp(v: number, decimals: number): string {
  const f = 10 ** decimals;
  const r = Math.floor(v * f + 0.5 + 1e-9) / f;
  return String(Number(r.toFixed(decimals)));
}

class ByteWriter {
  buf: Uint8Array;
  at = 0;
  #encoder = new TextEncoder();
  constructor(capacity: number) {
    this.buf = new Uint8Array(Math.max(1024, capacity));
  }
  room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    next.set(this.buf.subarray(0, this.at));
    this.buf = next;
  }
  byte(b: number): void {
    this.room(1);
    this.buf[this.at++] = b;
  }
  text(s: string): void {
    const n = s.length;
    this.room(n);
    const buf = this.buf;
    let at = this.at;
    for (let k = 0; k < n; k++) {
      const c = s.charCodeAt(k);
      if (c >= 0x80) {
        // Not ASCII: UTF-8 takes at most three bytes per UTF-16 unit.
        this.room(n * 3);
        this.at += this.#encoder.encodeInto(s, this.buf.subarray(this.at)).written;
        return;
      }
      buf[at++] = c;
    }
    this.at = at;
  }
  /** A whole number of magnitude below 2^31, as String() would write it. */
  int(v: number): void {
    this.room(11);
    let n = v < 0 ? -v : v;
    if (v < 0) this.buf[this.at++] = 0x2d;
    let digits = 1;
    for (let t = n; t >= 10; t = Math.floor(t / 10)) digits++;
    this.at += digits;
    for (let p = this.at - 1; digits > 0; digits--, p--) {
      this.buf[p] = 0x30 + (n % 10);
      n = Math.floor(n / 10);
    }
  }
}

function writeNumber(w: ByteWriter, v: number, d: number | null | undefined): void {
  if (Number.isNaN(v)) return;
  // A whole number reads the same rounded to any number of places as long as v * 10^d stays exact
  // (below 2^51, so adding a half cannot round); -0 is written "0", as String() writes it.
  const scale = d === null || d === undefined ? 1 : 10 ** d;
  if (Number.isInteger(v) && v < 2147483648 && v > -2147483648 && Math.abs(v) * scale < 2 ** 51) w.int(v === 0 ? 0 : v);
  else w.text(d === null || d === undefined ? String(v) : roundHalfUp(v, d));
}

/** An input cell: its bytes as they are when plain (even if they are not valid UTF-8), else quoted text. */
function writeCell(w: ByteWriter, c: CellColumn, row: number): void {
  const [s, e] = cellRange(c.table, row, c.index);
  if (s >= 0) {
    const bytes = c.table.bytes;
    let plain = true;
    for (let i = s; i < e && plain; i++) {
      const b = bytes[i]!;
      plain = b !== QUOTE && b !== COMMA && b !== LF && b !== CR;
    }
    if (plain) {
      w.room(e - s);
      w.buf.set(bytes.subarray(s, e), w.at);
      w.at += e - s;
      return;
    }
  }
  w.text(quote(cellText(c.table, row, c.index)));
}

/** Past this many distinct values a column is formatted whole rather than value by value. */
const DISTINCT_LIMIT = 4096;

/**
 * One column's cell texts: row i's bytes are bytes[starts[t], ends[t]) with t = codes[i], or t = i
 * without codes; `size` is at least the bytes of all its cells together. Every column is prepared on
 * its own (a loop of one kind each), then the rows are copied into the document by one loop that is
 * the same for every column.
 */
interface Texts {
  bytes: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  codes: Int32Array | null;
  size: number;
}

/**
 * A number column at full precision, each value's text as String() writes it (nothing for NaN). The
 * texts come from one native Float64Array.prototype.join, at a fraction of the cost of a String() call
 * per value (a first call over 300,000 doubles took ~170 ms, the join of the same ~35 ms). Most index
 * columns hold few distinct values (avgstr, irv and ibs of 100,000 Likert rows: 19, 1,053 and 20), so
 * only the distinct values are joined while they stay under DISTINCT_LIMIT; Map keys treat -0 as 0
 * and NaN as one value, as String() writes them.
 */
function joinedTexts(values: Float64Array): Texts {
  const n = values.length;
  let codes: Int32Array | null = new Int32Array(n);
  const distinct = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    let c = distinct.get(v);
    if (c === undefined) {
      if (distinct.size === DISTINCT_LIMIT) {
        codes = null;
        break;
      }
      c = distinct.size;
      distinct.set(v, c);
    }
    codes[i] = c;
  }
  const texts = codes ? Float64Array.from(distinct.keys()) : values;
  const bytes = new TextEncoder().encode(texts.join('\n'));
  const starts = new Int32Array(texts.length);
  const ends = new Int32Array(texts.length);
  let longest = 0;
  for (let t = 0, p = 0; t < texts.length; t++) {
    const start = p;
    while (p < bytes.length && bytes[p] !== LF) p++;
    // NaN is joined as "NaN" and written as an empty cell.
    starts[t] = start;
    ends[t] = Number.isNaN(texts[t]!) ? start : p;
    if (p - start > longest) longest = p - start;
    p++;
  }
  return { bytes, starts, ends, codes, size: codes ? n * longest : bytes.length };
}

/**
 * An input column's cells as ranges of the input's bytes (the rules of cellRange, without a range
 * object per cell), or null when a record is quoted or a cell would need quotes in the output.
 */
function cellTexts(c: CellColumn): Texts | null {
  const n = c.length;
  const { bytes, sep, rowStarts, rowEnds, quoted } = c.table;
  const col = c.index;
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  let size = 0;
  for (let i = 0; i < n; i++) {
    if (quoted[i]) return null;
    let s = rowStarts[i]!;
    const end = rowEnds[i]!;
    let f = 0;
    for (; f < col; f++) {
      while (s < end && bytes[s] !== sep) s++;
      if (s >= end) break;
      s++;
    }
    // A short record: the field past its end is empty.
    if (f < col) continue;
    let e = s;
    for (; e < end; e++) {
      const b = bytes[e]!;
      if (b === sep) break;
      if (b === QUOTE || b === COMMA || b === LF || b === CR) return null;
    }
    starts[i] = s;
    ends[i] = e;
    size += e - s;
  }
  return { bytes, starts, ends, codes: null, size };
}

/** Any column, cell by cell through a writer of its own. */
function writtenTexts(c: CsvColumn, n: number, d: number | null | undefined): Texts {
  const w = new ByteWriter(n * 8);
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  const typed = ArrayBuffer.isView(c);
  for (let i = 0; i < n; i++) {
    starts[i] = w.at;
    if (c instanceof CellColumn) writeCell(w, c, i);
    else if (typed) writeNumber(w, (c as ArrayLike<number>)[i]!, d);
    else {
      const v = (c as ArrayLike<string | number | undefined>)[i];
      if (typeof v === 'number') writeNumber(w, v, d);
      else w.text(quote(String(v ?? '')));
    }
    ends[i] = w.at;
  }
  return { bytes: w.buf, starts, ends, codes: null, size: w.at };
}

function columnTexts(c: CsvColumn, n: number, d: number | null | undefined): Texts {
  if (c instanceof Float64Array && (d === null || d === undefined)) return joinedTexts(c);
  return (c instanceof CellColumn && cellTexts(c)) || writtenTexts(c, n, d);
}

/**
 * Formats a CSV document as UTF-8; NaN becomes an empty cell. `decimals[j]` rounds column j half up to
 * that many places; null writes the number at full precision (the shortest text that reads back as
 * the same double, so R or Python see exactly the value computed here).
 */
export function formatCsv(header: string[], columns: CsvColumn[], decimals: (number | null)[]): Uint8Array {
  const n = columns[0]?.length ?? 0;
  const head = new ByteWriter(256);
  head.text(header.map(quote).join(','));
  head.byte(LF);
  const texts = columns.map((c, j) => columnTexts(c, n, decimals[j]));
  // At least the document's size: the header, every cell, a separator or line break after each.
  let size = head.at + n * texts.length;
  for (const t of texts) size += t.size;
  const out = new Uint8Array(size);
  out.set(head.buf.subarray(0, head.at));
  let at = head.at;
  const last = texts.length - 1;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= last; j++) {
      const { bytes, starts, ends, codes } = texts[j]!;
      const t = codes === null ? i : codes[i]!;
      const e = ends[t]!;
      for (let p = starts[t]!; p < e; p++) out[at++] = bytes[p]!;
      out[at++] = j === last ? LF : COMMA;
    }
  }
  return out.subarray(0, at);
}

// CSV reading and writing for the researcher command line. Kept small: RFC 4180 quoting, comma or
// semicolon separator (German spreadsheets export semicolons), header row required.

/** A user-facing input problem: the command line prints the message and exits with code 2. */
export class InputError extends Error {}

export interface Table {
  header: string[];
  rows: string[][];
}

/** Parses CSV text; the separator is whichever of ',' and ';' the header line uses more. */
export function parseCsv(text: string): Table {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  const nonEmpty = records.filter((r) => r.some((c) => c.trim() !== ''));
  const [header, ...rows] = nonEmpty;
  if (!header) throw new InputError('the input file is empty: expected a header row and at least one data row');
  if (rows.length === 0) throw new InputError('the input file has a header but no data rows');
  return { header: header.map((h) => h.trim()), rows };
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

/**
 * A numeric column: empty, NA, NaN, null and -999 are missing (NaN / -999); anything else that is not
 * a number is an InputError naming the row and column, because a text value in an item column means
 * the wrong columns were chosen.
 */
export function numericColumn(table: Table, index: number, strict = true): Float64Array {
  return Float64Array.from(table.rows, (r, i) => {
    const raw = (r[index] ?? '').trim();
    if (MISSING_TEXT.has(raw.toLowerCase())) return raw === '-999' ? -999 : Number.NaN;
    const v = Number(raw.replace(/^(-?\d+),(\d+)$/, '$1.$2'));
    if (Number.isNaN(v)) {
      if (!strict) return Number.NaN;
      throw new InputError(`column "${table.header[index]}", data row ${i + 1}: "${raw}" is not a number`);
    }
    return v;
  });
}

/** Text column; missing cells become ''. */
export function textColumn(table: Table, index: number): string[] {
  return table.rows.map((r) => r[index] ?? '');
}

const quote = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/**
 * Formats a CSV document; NaN becomes an empty cell. `decimals[j]` rounds column j half up to that
 * many places; null writes the number at full precision (the shortest text that reads back as the
 * same double, so R or Python see exactly the value computed here).
 */
export function formatCsv(
  header: string[],
  columns: (readonly (string | number)[] | ArrayLike<number>)[],
  decimals: (number | null)[],
): string {
  const n = columns[0]?.length ?? 0;
  const lines = [header.map(quote).join(',')];
  for (let i = 0; i < n; i++) {
    lines.push(
      columns
        .map((c, j) => {
          const v = (c as ArrayLike<string | number>)[i];
          if (typeof v === 'number') {
            if (Number.isNaN(v)) return '';
            const d = decimals[j];
            return d === null || d === undefined ? String(v) : roundHalfUp(v, d);
          }
          return quote(String(v ?? ''));
        })
        .join(','),
    );
  }
  return lines.join('\n') + '\n';
}

/** Rounds half up, as every displayed score is, to `decimals` places and drops trailing zeros. */
export function roundHalfUp(v: number, decimals: number): string {
  const f = 10 ** decimals;
  const r = Math.floor(v * f + 0.5 + 1e-9) / f;
  return String(Number(r.toFixed(decimals)));
}

// The command line's CSV reader and writer work on bytes (cell ranges, numbers read from the bytes,
// one output buffer). They must read and write exactly what the plain string-based rules give:
// `oracle` below states those rules the simple way (a string per cell), and random texts full of
// quotes, separators, line breaks, blanks, non-ASCII and number spellings are compared cell by cell.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError, cellText, numericColumn, numericColumns, parseCsv, textColumn } from '../../scoring/cli-csv.ts';
import { CellColumn, formatCsv } from '../../scoring/cli-csv-write.ts';

const oracle = {
  parse(text: string): { header: string[]; rows: string[][] } {
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
    const [header, ...rows] = records.filter((r) => r.some((c) => c.trim() !== ''));
    return { header: (header ?? []).map((h) => h.trim()), rows };
  },
  /** A numeric cell: a number, or an error message. */
  number(cell: string): number | string {
    const raw = cell.trim();
    if (['', 'na', 'nan', 'null', '-999'].includes(raw.toLowerCase())) return raw === '-999' ? -999 : Number.NaN;
    const v = Number(raw.replace(/^(-?\d+),(\d+)$/, '$1.$2'));
    return Number.isNaN(v) ? `"${raw}" is not a number` : v;
  },
  format(header: string[], columns: (readonly (string | number)[] | ArrayLike<number>)[], decimals: (number | null)[]) {
    const quote = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    const round = (v: number, d: number) => {
      const f = 10 ** d;
      return String(Number((Math.floor(v * f + 0.5 + 1e-9) / f).toFixed(d)));
    };
    const lines = [header.map(quote).join(',')];
    for (let i = 0; i < (columns[0]?.length ?? 0); i++) {
      const cells = columns.map((c, j) => {
        const v = (c as ArrayLike<string | number>)[i];
        if (typeof v !== 'number') return quote(String(v ?? ''));
        if (Number.isNaN(v)) return '';
        const d = decimals[j];
        return d === null || d === undefined ? String(v) : round(v, d);
      });
      lines.push(cells.join(','));
    }
    return lines.join('\n') + '\n';
  },
};

const bytes = (text: string) => new TextEncoder().encode(text);
const params = { seed: Number(process.env.PROP_SEED ?? 20261127), numRuns: Number(process.env.PROP_RUNS ?? 400) };

// Pieces that stress the quoting rules and the number reader.
const piece = fc.constantFrom(
  ...['a', 'id', '1', '07', '2.5', '-3', '+.5', '5.', '.', '-', '1,5', '-0,25', '1e3', '0x1f', 'Infinity', '-999'],
  ...['NA', 'nan', ' null ', '', ' ', '\t', '"', '""', '"x"', '"a""b"', ',', ';', '\n', '\r', '\r\n', '\n\n'],
  ...['ä', '\u00a0', '\uFEFF', '12345678901234567', '0.1234567890123', '9007199254740993', ' 4 ', '-0'],
);
const csvText = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''));

function compareParse(text: string): void {
  const want = oracle.parse(text);
  let table;
  try {
    table = parseCsv(bytes(text));
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect(want.header.length === 0 || want.rows.length === 0, (e as Error).message).toBe(true);
    return;
  }
  expect(table.header).toEqual(want.header);
  expect(table.rowCount).toBe(want.rows.length);
  const expected = table.header.map((_, c) => want.rows.map((r) => oracle.number(r[c] ?? '')));
  const lenient = (e: number | string) => (typeof e === 'string' ? Number.NaN : e);
  for (let c = 0; c < table.header.length; c++) {
    expect(textColumn(table, c)).toEqual(want.rows.map((r) => r[c] ?? ''));
    // Copied through to the output as its bytes (plain records) or by the quoting rules (the rest).
    const copied = new TextDecoder().decode(formatCsv(['x'], [new CellColumn(table, c)], [null]));
    expect(copied).toBe(oracle.format(['x'], [want.rows.map((r) => r[c] ?? '')], [null]));
    const firstError = expected[c]!.findIndex((v) => typeof v === 'string');
    if (firstError >= 0)
      expect(() => numericColumn(table, c)).toThrow(`data row ${firstError + 1}: ${expected[c]![firstError]}`);
    Array.from(numericColumn(table, c, false)).forEach((v, r) => {
      expect(Object.is(v, lenient(expected[c]![r]!)), `row ${r}: ${v} vs ${expected[c]![r]}`).toBe(true);
    });
  }
  // All columns at once (as the indices command reads its items), backwards, and with a repeat: the
  // same values, and the error of the first column in the given order that has one.
  const backwards = [...table.header.keys()].reverse();
  for (const order of [backwards, [...backwards, backwards[0]!]]) {
    const outs = order.map(() => new Float64Array(table.rowCount));
    numericColumns(table, order, outs, false);
    order.forEach((c, k) =>
      outs[k]!.forEach((v, r) => expect(Object.is(v, lenient(expected[c]![r]!)), `column ${c} row ${r}`).toBe(true)),
    );
    const bad = order.find((c) => expected[c]!.some((v) => typeof v === 'string'));
    if (bad === undefined) continue;
    const r = expected[bad]!.findIndex((v) => typeof v === 'string');
    expect(() => numericColumns(table, order, outs)).toThrow(
      `column "${table.header[bad]}", data row ${r + 1}: ${expected[bad]![r]}`,
    );
  }
}

describe('command line CSV reader', () => {
  it('reads every cell as the string rules do, on random texts', () => {
    fc.assert(fc.property(csvText, compareParse), params);
  });

  it('reads random spellings of numbers as Number() does, with the decimal comma and missing codes', () => {
    const number = fc.oneof(
      fc.double({ noNaN: true }).map(String),
      fc.integer({ min: -1e9, max: 1e9 }).map(String),
      fc
        .tuple(fc.integer({ min: -99999, max: 99999 }), fc.nat({ max: 999999999 }), fc.constantFrom('.', ','))
        .map(([a, b, p]) => `${a}${p}${b}`),
      fc.stringMatching(/^[ +-]?\d{0,17}(\.\d{0,17})?[ ]?$/),
    );
    const text = fc
      .array(number, { minLength: 1, maxLength: 30 })
      .map((cells) => `x;y\n${cells.map((c) => `"${c}";1`).join('\n')}\n`);
    fc.assert(fc.property(text, compareParse), params);
  });

  it('keeps blank records out, takes the header from the first other one and pads short rows', () => {
    const table = parseCsv(bytes('\uFEFF ; \n"id";"q1";q2\r\n;;\r\nA;1,5\r\n"B ""x""";"";NA;extra\n'));
    expect(table.header).toEqual(['id', 'q1', 'q2']);
    expect(table.rowCount).toBe(2);
    expect(cellText(table, 1, 0)).toBe('B "x"');
    expect(Array.from(numericColumn(table, 1))).toEqual([1.5, Number.NaN]);
    expect(Array.from(numericColumn(table, 2))).toEqual([Number.NaN, Number.NaN]);
  });
  it('names the first bad cell of the first column with one, as reading column by column would', () => {
    // Read row by row, "x" in column b comes first; the message must name column a, as it did when
    // every column was read on its own in the given order.
    const table = parseCsv(bytes('a,b\n1,x\ny,2\n'));
    const outs = [new Float64Array(2), new Float64Array(2)];
    expect(() => numericColumns(table, [0, 1], outs)).toThrow('column "a", data row 2: "y" is not a number');
    expect(() => numericColumns(table, [1, 0], outs)).toThrow('column "b", data row 1: "x" is not a number');
  });
});

describe('command line CSV writer', () => {
  const value = fc.oneof(
    fc.double(),
    fc.integer({ min: -3e9, max: 3e9 }),
    fc.constantFrom(0, -0, 0.5, 2.5, -2.5, 1e21, 2 ** 31, -(2 ** 31), 123456.7, Number.NaN),
  );

  it('writes numbers and text exactly as the string rules do, at full precision and rounded', () => {
    const columns = fc.tuple(
      fc.array(value, { minLength: 1, maxLength: 40 }),
      fc.array(fc.string({ unit: fc.constantFrom('a', 'ö', '"', ',', '\n', '\r', ';', ' ', '€') }), { maxLength: 40 }),
      fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 10 })),
    );
    fc.assert(
      fc.property(columns, ([numbers, texts, d]) => {
        const n = numbers.length;
        const text = Array.from({ length: n }, (_, i) => texts[i] ?? '');
        const mixed = numbers.map((v, i) => (i % 3 === 0 ? text[i]! : v));
        const cols = [Float64Array.from(numbers), text, mixed, numbers];
        const decimals = [d, null, d, 0];
        const got = new TextDecoder().decode(formatCsv(['a', 'b,"c"', 'ü', 'd'], cols, decimals));
        expect(got).toBe(oracle.format(['a', 'b,"c"', 'ü', 'd'], cols, decimals));
      }),
      params,
    );
  });

  it('writes columns with few and with many distinct values as String() does', () => {
    // Few distinct values are formatted once each; past a few thousand the column is joined whole.
    const few = Float64Array.from({ length: 9000 }, (_, i) => [0.1, -0, 0, Number.NaN, 1 / 3, 25, 1e21][i % 7]!);
    const many = Float64Array.from({ length: 9000 }, (_, i) =>
      i % 11 === 0 ? Number.NaN : Math.sqrt(i) * (i % 2 ? -1 : 1),
    );
    const cols = [few, many, many.map((v) => Math.round(v))];
    const got = new TextDecoder().decode(formatCsv(['few', 'many', 'whole'], cols, [null, null, null]));
    expect(got).toBe(oracle.format(['few', 'many', 'whole'], cols, [null, null, null]));
  });

  it('copies input cells through as their text, quoted where needed', () => {
    const table = parseCsv(bytes('id,x\nA,1\n"b,c",2\n"say ""hi""",3\nü,4\n,5\n'));
    const out = new TextDecoder().decode(formatCsv(['id'], [new CellColumn(table, 0)], [null]));
    expect(out).toBe('id\nA\n"b,c"\n"say ""hi"""\nü\n\n');
    // Unquoted records: the cells' bytes, quoted when a semicolon file holds a comma; short records empty.
    const copy = (text: string) =>
      new TextDecoder().decode(formatCsv(['id'], [new CellColumn(parseCsv(bytes(text)), 1)], [null]));
    expect(copy('x;id\n1;A\n2\n3;ü\n')).toBe('id\nA\n\nü\n');
    expect(copy('x;id\n1;A\n2;b,c\n3\n4;ü\n')).toBe('id\nA\n"b,c"\n\nü\n');
    // A plain cell's bytes go through as they are, even beside a quoted record and when not UTF-8.
    const raw = parseCsv(Uint8Array.from([...bytes('id,x\n"q",1\nA'), 0xff, ...bytes(',2\n')]));
    expect(Array.from(formatCsv(['id'], [new CellColumn(raw, 0)], [null]))).toEqual([...bytes('id\nq\nA'), 0xff, 0x0a]);
  });
});

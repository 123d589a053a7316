// CSV for Excel and for scripts: UTF-8 with a byte-order mark (Excel otherwise reads UTF-8 as the
// system code page), RFC 4180 quoting, text that a spreadsheet would run as a formula neutralised.
// Numbers in their shortest exact form with '.' decimals by default (a script must not guess); with
// ';' and the decimal comma chosen, the way German Excel reads a double-clicked file; scores
// rounded to one decimal unless every digit is asked for. Produced row block by row block as the
// store pulls, so a large export never exists as one string.
import { neutraliseText } from '../../ingest/index';
import type { Decisions, ExportTable } from './export-table';
import { recordIds } from './export-table';

const BOM = '\uFEFF';
const ROWS_PER_CHUNK = 2_000;

export interface CsvOptions {
  /** ',' (default) or ';' (what German Excel expects when a file is opened by double-click). */
  delimiter?: ',' | ';';
  /** Leading byte-order mark for Excel (default true). */
  bom?: boolean;
  /** '.' (default) or ',' (only with ';' between columns). */
  decimal?: '.' | ',';
  /** Decimals of score columns (half up, as scores are shown); null or absent: every digit. */
  scoreDecimals?: number | null;
  /** Header row: the readable headers in the export's language (default) or the technical names. */
  columnNames?: 'readable' | 'technical';
}

export function quoter(delimiter: string): (text: string) => string {
  const special = new RegExp(`["\\r\\n${delimiter === ';' ? ';' : ','}]|^\\s|\\s$`);
  return (text) => (special.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
}

/** A number as CSV text: '' for missing, rounded half up to `decimals` when given, with the decimal mark. */
export function formatNumber(v: number, decimal: '.' | ',' = '.', decimals: number | null = null): string {
  if (v !== v) return '';
  let text: string;
  if (decimals === null) text = String(v);
  else {
    const f = 10 ** decimals;
    text = (Math.floor(v * f + 0.5) / f).toFixed(decimals);
  }
  return decimal === ',' ? text.replace('.', ',') : text;
}

/** Pulls lines from `lines` in blocks as the consumer reads (backpressure by construction). */
export function textStream(lines: Iterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let block = '';
      for (let k = 0; k < ROWS_PER_CHUNK; k++) {
        const next = lines.next();
        if (next.done) {
          if (block) controller.enqueue(encoder.encode(block));
          controller.close();
          return;
        }
        block += next.value;
      }
      controller.enqueue(encoder.encode(block));
    },
  });
}

function* csvLines(table: ExportTable, options: CsvOptions): Generator<string> {
  const d = options.delimiter ?? ',';
  const q = quoter(d);
  const text = (v: string | null) => (v === null ? '' : q(neutraliseText(v)));
  const header = table.columns.map((c) => text(options.columnNames === 'technical' ? c.name : c.header));
  yield (options.bom === false ? '' : BOM) + header.join(d) + '\r\n';
  const cols = table.columns;
  const decimal = options.decimal ?? '.';
  const decimals = cols.map((c) => (c.kind === 'number' && c.score ? (options.scoreDecimals ?? null) : null));
  for (let i = 0; i < table.rows; i++) {
    let line = '';
    for (let j = 0; j < cols.length; j++) {
      const c = cols[j]!;
      if (j > 0) line += d;
      line += c.kind === 'number' ? formatNumber(c.values[i]!, decimal, decimals[j]!) : text(c.values[i]!);
    }
    yield `${line}\r\n`;
  }
}

/** The export table as CSV. */
export function csvExportStream(table: ExportTable, options: CsvOptions = {}): ReadableStream<Uint8Array> {
  return textStream(csvLines(table, options));
}

function* rejectLines(
  ids: (string | null)[],
  decisions: Decisions,
  codes: readonly string[],
  options: CsvOptions,
): Generator<string> {
  const d = options.delimiter ?? ',';
  const q = quoter(d);
  yield `${options.bom === false ? '' : BOM}record_id${d}reason_code${d}reason_codes\r\n`;
  for (let i = 0; i < ids.length; i++) {
    if (decisions.kept[i] === 1) continue;
    const p = decisions.primary[i]!;
    const bits = decisions.reasons[i]!;
    const all = codes.filter((_, k) => (bits & (1 << k)) !== 0).join('|');
    yield `${q(neutraliseText(ids[i] ?? ''))}${d}${p >= 0 ? codes[p] : ''}${d}${all}\r\n`;
  }
}

/**
 * The reject list for panel reconciliation: one line per removed interview with its record id, the
 * primary reason code and every reason code that fired (REASONS: manual, combined, quota, IS, PS,
 * CS, SDS, TS, IBS, OES, CON, BAS, target).
 */
export function rejectListStream(
  table: ExportTable,
  decisions: Decisions,
  codes: readonly string[],
  options: CsvOptions = {},
): ReadableStream<Uint8Array> {
  return textStream(rejectLines(recordIds(table), decisions, codes, options));
}

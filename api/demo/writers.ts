// Writes a generated survey as the files users upload: CSV (UTF-8, UTF-8 with BOM, Windows-1252;
// optionally in Qualtrics' three-header-row layout) streamed in chunks, and xlsx through
// write-excel-file (a real spreadsheet writer, so the reader is tested against files it did not make).
import type { Cell } from '../ingest';
import type { DemoSurvey } from './survey';

export interface CsvWriteOptions {
  delimiter?: string;
  encoding?: 'utf-8' | 'utf-8-bom' | 'windows-1252';
  /** Qualtrics export layout: ids, question texts, then a row of ImportId JSON. */
  qualtrics?: boolean;
  /** Line ending (default CRLF, as Excel and Qualtrics write). */
  eol?: string;
  /** Rows per yielded chunk. */
  chunkRows?: number;
}

function quote(value: Cell, delimiter: string): string {
  if (value === null) return '';
  const s = typeof value === 'number' ? String(value) : value;
  return /["\r\n]/.test(s) || s.includes(delimiter) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Windows-1252 bytes of `text`; characters it cannot represent become '?'. */
export function encodeWindows1252(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c < 0x80 || (c >= 0xa0 && c <= 0xff) ? c : (CP1252_HIGH.get(c) ?? 0x3f);
  }
  return out;
}

// Code points of the 0x80-0x9F block of Windows-1252.
const CP1252_HIGH = new Map<number, number>([
  [0x20ac, 0x80],
  [0x201a, 0x82],
  [0x0192, 0x83],
  [0x201e, 0x84],
  [0x2026, 0x85],
  [0x2020, 0x86],
  [0x2021, 0x87],
  [0x02c6, 0x88],
  [0x2030, 0x89],
  [0x0160, 0x8a],
  [0x2039, 0x8b],
  [0x0152, 0x8c],
  [0x017d, 0x8e],
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x2022, 0x95],
  [0x2013, 0x96],
  [0x2014, 0x97],
  [0x02dc, 0x98],
  [0x2122, 0x99],
  [0x0161, 0x9a],
  [0x203a, 0x9b],
  [0x0153, 0x9c],
  [0x017e, 0x9e],
  [0x0178, 0x9f],
]);

/** The survey as CSV bytes, chunk by chunk (a million rows never sit in memory). */
export async function* surveyCsvChunks(survey: DemoSurvey, options: CsvWriteOptions = {}): AsyncGenerator<Uint8Array> {
  const d = options.delimiter ?? ',';
  const eol = options.eol ?? '\r\n';
  const encoding = options.encoding ?? 'utf-8';
  const utf8 = new TextEncoder();
  const encode = (s: string) => (encoding === 'windows-1252' ? encodeWindows1252(s) : utf8.encode(s));
  const line = (cells: readonly Cell[]) => cells.map((c) => quote(c, d)).join(d) + eol;
  let head = line(survey.header);
  if (options.qualtrics) {
    head += line(survey.labels);
    head += line(survey.header.map((h) => `{"ImportId":"QID_${h}"}`));
  }
  if (encoding === 'utf-8-bom') yield new Uint8Array([0xef, 0xbb, 0xbf]);
  yield encode(head);
  const per = options.chunkRows ?? 2000;
  for (let start = 0; start < survey.rows; start += per) {
    let text = '';
    const end = Math.min(survey.rows, start + per);
    for (let i = start; i < end; i++) text += line(survey.row(i));
    yield encode(text);
  }
}

export async function surveyCsvBytes(survey: DemoSurvey, options: CsvWriteOptions = {}): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const p of surveyCsvChunks(survey, options)) parts.push(p);
  return concatBytes(parts);
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface XlsxWriteOptions {
  sheet?: string;
  /** Extra sheets written before the data sheet (to test sheet selection). */
  extraSheets?: { name: string; rows: Cell[][] }[];
  /** Rows written above the header (titles, notes), to test header-row selection. */
  preamble?: Cell[][];
}

/** The survey as an xlsx workbook (shared strings, as Excel writes them). */
export async function surveyXlsxBytes(survey: DemoSurvey, options: XlsxWriteOptions = {}): Promise<Uint8Array> {
  const data: (string | number | null)[][] = [...(options.preamble ?? []), survey.header];
  for (let i = 0; i < survey.rows; i++) data.push(survey.row(i));
  const sheets = [
    ...(options.extraSheets ?? []).map((s) => ({ sheet: s.name, data: s.rows })),
    { sheet: options.sheet ?? 'Data', data },
  ];
  // Loaded on use: write-excel-file is a development dependency (tests, benches, the demo seed), and
  // this module sits on the server's import path.
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const buffer = await writeXlsxFile(sheets as never).toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

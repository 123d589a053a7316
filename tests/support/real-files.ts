// The corpus of real survey files (tests/fixtures/real-files): its manifest, written once from
// readers that are not this product (PSPP, Python's csv module, openpyxl; see the folder's README),
// and how one of our cells compares with one of theirs.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Cell } from '../../api/ingest/types';

export interface ExpectedCell {
  /** 1-based data record (the first record after the header rows is 1). */
  row: number;
  column: string;
  column_index: number;
  /** The reader's text: PSPP's plain CSV (mm/dd/yyyy dates, ' ' for system-missing), csv.reader's field, openpyxl's value. */
  value: string | number | boolean | null;
  /** SPSS: the value label (else the value). */
  label?: string;
  /** SPSS dates and times: the stored double. */
  numeric_value?: string;
  value_type?: string;
  note?: string;
}

export interface RealFile {
  file: string;
  format: 'spss-sav' | 'spss-zsav' | 'csv' | 'tsv' | 'xlsx';
  not_survey_data: boolean;
  licence: string;
  header_row: number | null;
  first_data_row: number;
  last_data_row: number | null;
  rows: number;
  /** CSV/xlsx: records in the data range whose every field is blank (layout: the product skips them). */
  blank_records?: number;
  columns: number;
  id_column: string | null;
  sheet?: string;
  expected_cells: ExpectedCell[];
}

const DIR = new URL('../fixtures/real-files/', import.meta.url);

export const REAL_FILES: RealFile[] = JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8'));
export const realFile = (name: string) => new Uint8Array(readFileSync(new URL(name, DIR)));

/** PSPP's mm/dd/yyyy[ hh:mm:ss] as the ISO text our readers give dates. */
function psppDateIso(text: string): string | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4,})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return undefined;
  const [, mm, dd, yyyy, h, mi, s] = m;
  const year = yyyy!.length > 4 ? `+${yyyy!.padStart(6, '0')}` : yyyy;
  return h === undefined ? `${year}-${mm}-${dd}` : `${year}-${mm}-${dd}T${h}:${mi}:${s}.000Z`;
}

/** True when the reader's note says the dictionary declares this value missing. */
const userMissing = (c: ExpectedCell) => /USER-MISSING/.test(c.note ?? '');

/**
 * Our cell against the independent reader's. Numbers compare as numbers, text as text; an empty or
 * blank field is our null, a declared missing value (SPSS user-missing, step 1's codes) our NaN.
 */
export function expectSameCell(
  file: RealFile,
  expected: ExpectedCell,
  cell: Cell | undefined,
  where: string,
  options: { stored?: boolean; missingCodes?: readonly string[] } = {},
): void {
  const v = expected.value;
  // A code step 1 declares missing (-99, SoSci Survey's -1) is stored as missing, not as the answer.
  if (options.stored && v !== null && options.missingCodes?.includes(String(v).trim()))
    return void expect(cell ?? null, `${where}: missing code`).toBeNull();
  if (userMissing(expected)) {
    // The reader marks a declared missing value NaN; the stored revision keeps it as missing (null).
    if (options.stored) expect(cell ?? null, `${where}: user-missing`).toBeNull();
    else expect(Number.isNaN(cell), `${where}: user-missing`).toBe(true);
    return;
  }
  if (file.format.startsWith('spss')) {
    const text = String(v);
    if (text.trim() === '') return void expect(cell ?? null, where).toBeNull();
    if (/TIME/.test(expected.note ?? '') && expected.numeric_value !== undefined && !/DATE/.test(expected.note ?? ''))
      return void expect(cell, where).toBeCloseTo(Number(expected.numeric_value), 6);
    const iso = expected.numeric_value !== undefined ? psppDateIso(text) : undefined;
    if (iso !== undefined) return void expect(cell, where).toBe(iso);
    if (typeof cell === 'number') return void expect(cell, where).toBe(Number(text));
    // A string cut inside its last UTF-8 character: PSPP shows '??', haven drops the fragment (as we do).
    if (text.endsWith('??')) return void expect(cell, where).toBe(text.slice(0, -2));
    return void expect(cell, where).toBe(text);
  }
  if (v === null || (typeof v === 'string' && v.trim() === '')) return void expect(cell ?? null, where).toBeNull();
  if (typeof v === 'boolean') return void expect(cell, where).toBe(v ? 1 : 0);
  // A record ID is stored as text whatever the reader gives (openpyxl's 5 is our '5').
  if (typeof v === 'number' && options.stored && typeof cell === 'string')
    return void expect(Number(cell), where).toBe(v);
  if (typeof v === 'number') return void expect(cell, where).toBe(v);
  // openpyxl gives every date as a date-time; our readers give a whole day as the date alone.
  if (expected.value_type === 'datetime') return void expect(cell, where).toBe(v.replace(/T00:00:00$/, ''));
  if (typeof cell === 'number') return void expect(cell, where).toBe(Number(v));
  // A stored text column keeps numbers as their shortest text ("1.50" is stored as 1.5).
  if (options.stored && NUMBER.test(v.trim()) && typeof cell === 'string' && NUMBER.test(cell))
    return void expect(Number(cell), where).toBe(Number(v));
  expect(cell, where).toBe(v);
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

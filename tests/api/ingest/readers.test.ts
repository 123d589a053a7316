// The readers: every format of the same survey reads to the same header and cells; Qualtrics'
// three header rows, encodings, delimiters, multi-line quoted fields, SPSS labels and user-missing
// values, xlsx sheet and header-row selection.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTableFromBytes } from '../../../api/ingest/parse/index';
import { csvCell, detectDelimiter, detectEncoding } from '../../../api/ingest/parse/csv';
import { readXlsx, xlsxSheetNames } from '../../../api/ingest/parse/xlsx';
import { DEFAULT_LIMITS } from '../../../api/ingest/limits';
import type { Cell, ReadOptions, UploadFormat } from '../../../api/ingest/types';
import {
  FIXTURE_ROWS,
  INJECTION_ROW,
  INJECTION_TEXT,
  MULTILINE_ANSWER,
  MULTILINE_ROW,
  fixtureSurvey,
} from '../../fixtures/uploads/make-fixtures';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/uploads/${name}`, import.meta.url)));

async function readAll(name: string, format: UploadFormat, options: ReadOptions = {}) {
  const table = await readTableFromBytes(fixture(name), format, options);
  const rows: Cell[][] = [];
  const numbers: number[] = [];
  for await (const b of table.batches()) {
    rows.push(...b.rows);
    numbers.push(...b.rowNumbers);
  }
  return { header: table.header, rows, numbers };
}

const FILES: [string, UploadFormat, ReadOptions][] = [
  ['survey.xlsx', 'xlsx', { sheet: 'Data', headerRow: 3 }],
  ['qualtrics-utf8-bom.csv', 'csv', {}],
  ['qualtrics-cp1252.csv', 'csv', {}],
  ['plain-tab.csv', 'csv', {}],
  ['survey-compressed.sav', 'sav', {}],
  ['survey-uncompressed.sav', 'sav', {}],
];

describe('every format reads the same survey', () => {
  const survey = fixtureSurvey();
  it.each(FILES)('%s', async (name, format, options) => {
    const { header, rows } = await readAll(name, format, options);
    expect(header.columns.map((c) => c.name)).toEqual(survey.header);
    expect(rows).toHaveLength(FIXTURE_ROWS);
    const open1 = survey.header.indexOf('open1');
    expect(rows[MULTILINE_ROW]![open1]).toBe(MULTILINE_ANSWER);
    // Formula-looking text is data, kept as text.
    expect(rows[INJECTION_ROW]![open1]).toBe(INJECTION_TEXT);
    for (const i of [0, 17, 199]) {
      const expected = survey.row(i).map((c) => (c === -999 ? Number.NaN : c));
      if (format === 'sav' && i === 2) continue;
      expect(rows[i]).toEqual(expected);
    }
  });
});

describe('csv', () => {
  it('takes Qualtrics question texts as labels and skips the ImportId row', async () => {
    for (const name of ['qualtrics-utf8-bom.csv', 'qualtrics-cp1252.csv']) {
      const { header, numbers } = await readAll(name, 'csv');
      expect(header.qualtrics).toBe(true);
      expect(header.firstDataRow).toBe(4);
      expect(numbers[0]).toBe(4);
      expect(header.columns.find((c) => c.name === 'open1')?.label).toBe(
        'Was hat Ihnen an Ihrem letzten Urlaub gefallen?',
      );
    }
  });

  it('detects encoding and delimiter', async () => {
    expect((await readAll('qualtrics-cp1252.csv', 'csv')).header).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
    });
    expect((await readAll('qualtrics-utf8-bom.csv', 'csv')).header).toMatchObject({
      encoding: 'utf-8',
      delimiter: ',',
    });
    expect((await readAll('plain-tab.csv', 'csv')).header).toMatchObject({
      encoding: 'utf-8',
      delimiter: '\t',
      qualtrics: false,
    });
    expect(detectEncoding(new Uint8Array([0x61, 0xe4, 0x62])).encoding).toBe('windows-1252');
    // A multi-byte character cut at the end of the sample is still UTF-8.
    expect(detectEncoding(new TextEncoder().encode('abc ä').subarray(0, 5)).encoding).toBe('utf-8');
    expect(detectDelimiter('a;b;c\n1;"x;y";3\n')).toBe(';');
    expect(detectDelimiter('a|b\n1|2\n')).toBe('|');
  });

  it('types cells: numbers, ids with leading zeros as text, decimal comma with ;', () => {
    expect(csvCell('42', false)).toBe(42);
    expect(csvCell('-1.5e3', false)).toBe(-1500);
    expect(csvCell('007', false)).toBe('007');
    expect(csvCell('12,5', true)).toBe(12.5);
    expect(csvCell('12,5', false)).toBe('12,5');
    expect(csvCell('', false)).toBeNull();
    expect(csvCell('   ', false)).toBeNull();
  });

  it('turns missing-value codes into NaN and keeps empty cells null', async () => {
    const bytes = new TextEncoder().encode('id,a,b\n1,-999,\n2,98,x\n3,-999.0,98\n');
    const t = await readTableFromBytes(bytes, 'csv', { missingValues: ['-999', '98'] });
    const rows: Cell[][] = [];
    for await (const b of t.batches()) rows.push(...b.rows);
    expect(rows).toEqual([
      [1, Number.NaN, null],
      [2, Number.NaN, 'x'],
      [3, Number.NaN, Number.NaN],
    ]);
  });

  it('refuses a first data row that is not after the header row', async () => {
    await expect(
      readTableFromBytes(new TextEncoder().encode('a\n1\n'), 'csv', { headerRow: 2, firstDataRow: 2 }),
    ).rejects.toMatchObject({
      code: 'INVALID_PARAMETERS',
      details: { reason: 'FIRST_DATA_ROW_NOT_AFTER_HEADER_ROW' },
    });
  });
});

describe('xlsx', () => {
  it('lists sheet names without reading sheet data', () => {
    expect(xlsxSheetNames(fixture('survey.xlsx'), DEFAULT_LIMITS)).toEqual(['Info', 'Data']);
  });

  it('reads the first sheet by default and refuses an unknown sheet', async () => {
    const { header, rows } = await readAll('survey.xlsx', 'xlsx');
    expect(header.sheet).toBe('Info');
    expect(header.columns[0]?.name).toBe('Exported by the fixture generator');
    expect(rows).toEqual([['200 interviews']]);
    await expect(readTableFromBytes(fixture('survey.xlsx'), 'xlsx', { sheet: 'Nope' })).rejects.toMatchObject({
      code: 'SHEET_NOT_FOUND',
    });
  });

  it('reads the same cells whatever the chunk boundaries cut through', async () => {
    const whole = await readAll('survey.xlsx', 'xlsx', { sheet: 'Data', headerRow: 3 });
    for (const chunk of [1, 7, 13, 64, 1000]) {
      const table = await readXlsx(fixture('survey.xlsx'), { sheet: 'Data', headerRow: 3 }, DEFAULT_LIMITS, chunk);
      const rows: Cell[][] = [];
      for await (const b of table.batches()) rows.push(...b.rows);
      expect(rows).toEqual(whole.rows);
    }
  });

  it('numbers rows as the spreadsheet does (header row 3, data from row 4)', async () => {
    const { numbers } = await readAll('survey.xlsx', 'xlsx', { sheet: 'Data', headerRow: 3 });
    expect(numbers.slice(0, 2)).toEqual([4, 5]);
  });
});

describe('sav', () => {
  it('keeps variable labels and value labels, and reads user-missing values as missing', async () => {
    for (const name of ['survey-compressed.sav', 'survey-uncompressed.sav']) {
      const { header, rows } = await readAll(name, 'sav');
      const q11 = header.columns.findIndex((c) => c.name === 'Q1_1');
      expect(header.columns[q11]).toMatchObject({
        label: 'Grid 1: statement 1 (1 = disagree, 5 = agree)',
        valueLabels: { 1: 'stimme gar nicht zu', 5: 'stimme voll zu', 99: 'weiß nicht' },
        sourceType: 'number',
      });
      expect(header.columns.find((c) => c.name === 'gender')?.valueLabels).toEqual({
        1: 'weiblich',
        2: 'männlich',
        3: 'divers',
      });
      expect(rows[2]![q11]).toBeNaN();
      expect(rows[3]![q11]).not.toBeNaN();
    }
  });

  it('reads a zlib-compressed .zsav like the others', async () => {
    const { fixtureSurvey: make, savRows, savVariables } = await import('../../fixtures/uploads/make-fixtures');
    const { writeSav } = await import('../../../api/ingest/export/sav-writer');
    const survey = make();
    const table = await readTableFromBytes(writeSav(savVariables(survey), savRows(survey), { compression: 2 }), 'sav');
    const rows: Cell[][] = [];
    for await (const b of table.batches()) rows.push(...b.rows);
    expect(rows).toEqual((await readAll('survey-uncompressed.sav', 'sav')).rows);
  });

  it('reads compressed and uncompressed files to identical cells', async () => {
    const a = await readAll('survey-compressed.sav', 'sav');
    const b = await readAll('survey-uncompressed.sav', 'sav');
    expect(a.rows).toEqual(b.rows);
  });
});

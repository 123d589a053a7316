// The readers on real files nobody here wrote (tests/fixtures/real-files): with the header and data
// rows the manifest gives, every file reads to the records and cells an independent reader found
// (PSPP for SPSS, Python's csv for CSV/TSV, openpyxl for xlsx). The steps that find those rows by
// themselves are tested through the API in real-files.test.ts.
import { describe, expect, it } from 'vitest';
import { readTableFromBytes } from '../../../api/ingest/parse/index';
import type { Cell, ReadOptions, UploadFormat } from '../../../api/ingest/types';
import { expectSameCell, REAL_FILES, realFile, type RealFile } from '../../support/real-files';

const formatOf = (f: RealFile): UploadFormat =>
  f.format.startsWith('spss') ? 'sav' : f.format === 'xlsx' ? 'xlsx' : 'csv';

async function readAll(f: RealFile) {
  const options: ReadOptions = {
    ...(f.sheet ? { sheet: f.sheet } : {}),
    ...(f.header_row ? { headerRow: f.header_row, firstDataRow: f.first_data_row } : {}),
    ...(f.last_data_row ? { lastDataRow: f.last_data_row } : {}),
  };
  const table = await readTableFromBytes(realFile(f.file), formatOf(f), options);
  const rows: Cell[][] = [];
  const numbers: number[] = [];
  for await (const b of table.batches()) {
    rows.push(...b.rows);
    numbers.push(...b.rowNumbers);
  }
  return { header: table.header, rows, numbers };
}

describe('real files read to the records and cells of an independent reader', () => {
  it.each(REAL_FILES.map((f) => [f.file, f] as const))('%s', async (_name, f) => {
    const { header, rows, numbers } = await readAll(f);
    expect(rows).toHaveLength(f.rows - (f.blank_records ?? 0));
    // SPSS: case k is row k + 1 (the variable names are row 1); the others count rows of the file.
    const first = formatOf(f) === 'sav' ? 2 : f.first_data_row;
    for (const c of f.expected_cells) {
      const k = numbers.indexOf(first + c.row - 1);
      const where = `${f.file} row ${c.row} column ${c.column_index} (${c.column})`;
      expect(k, `${where}: record read`).toBeGreaterThanOrEqual(0);
      expectSameCell(f, c, rows[k]![c.column_index - 1], where);
      if (formatOf(f) === 'sav') {
        const column = header.columns[c.column_index - 1]!;
        expect(column.name, where).toBe(c.column);
        const cell = rows[k]![c.column_index - 1];
        if (c.label !== undefined && c.label !== String(c.value) && cell !== null)
          expect(column.valueLabels?.[String(c.value)], `${where}: value label`).toBe(c.label);
      }
    }
  });
});

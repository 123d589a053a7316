// A record id from the row number, for files without an id column: a mapping whose RECORD_ID data
// point names ROW_NUMBER_COLUMN reads the file with one more column, holding each interview's
// 1-based row (line, case) number in the source. It wraps whatever reader opened the file, so
// every format gets it alike, and it is not part of the file's structure (a new version's columns
// are compared without it).
import { uploadError } from '../../kernel/errors/upload-errors';
import type { ColumnMapping, RowBatch, TableSource } from '../types';

export const ROW_NUMBER_COLUMN = '#row';

export const usesRowNumberId = (mapping: ColumnMapping) =>
  mapping.dataPoints.some((d) => d.type === 'RECORD_ID' && d.column === ROW_NUMBER_COLUMN);

/** The table with the row-number column appended when the mapping's record id is the row number. */
export function withRowNumberId(table: TableSource, mapping: ColumnMapping): TableSource {
  if (!usesRowNumberId(mapping)) return table;
  if (table.header.columns.some((c) => c.name === ROW_NUMBER_COLUMN))
    throw uploadError('HEADER_ROW_HAS_DUPLICATES', { column: ROW_NUMBER_COLUMN });
  async function* batches(): AsyncGenerator<RowBatch> {
    for await (const batch of table.batches()) {
      batch.rows.forEach((row, i) => row.push(batch.rowNumbers[i]!));
      yield batch;
    }
  }
  return {
    ...table,
    header: {
      ...table.header,
      columns: [...table.header.columns, { name: ROW_NUMBER_COLUMN, label: 'Row number', sourceType: 'number' }],
    },
    batches,
  };
}

/** Header names of a revision without the row-number column (what a new version's file must have). */
export const fileColumns = (columns: readonly string[]) => columns.filter((c) => c !== ROW_NUMBER_COLUMN);

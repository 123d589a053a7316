// One assembler behind every reader: from raw rows (1-based row number + cells) to a header and
// batches of data rows. It applies step 1's header row and first data row, turns missing-value codes
// into null, cleans text (NUL bytes, over-long cells) and enforces the row, column and cell caps.
import { uploadError } from '../../kernel/errors/upload-errors';
import type { UploadLimits } from '../limits';
import type { Cell, ColumnInfo, ReadOptions, RowBatch, TableHeader, TableSource, UploadFormat } from '../types';

export interface RawRow {
  /** 1-based row (line, case) number in the source. */
  number: number;
  cells: Cell[];
}

export const BATCH_ROWS = 8192;

/** Missing-value codes as a fast test for numbers and for text. */
export function missingTest(codes: readonly string[] | undefined): (cell: Cell) => boolean {
  const list = (codes ?? ['-999']).map((c) => c.trim()).filter((c) => c !== '');
  const numbers = new Set(list.map(Number).filter((n) => Number.isFinite(n)));
  const texts = new Set(list);
  const [only] = numbers;
  const one = numbers.size === 1;
  // Called for every cell: no allocation unless the text has surrounding spaces.
  return (cell) => {
    if (typeof cell === 'number') return one ? cell === only : numbers.has(cell);
    if (cell === null) return false;
    if (texts.has(cell)) return true;
    const first = cell.charCodeAt(0);
    const last = cell.charCodeAt(cell.length - 1);
    return (first <= 32 || last <= 32) && texts.has(cell.trim());
  };
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/** NUL and other C0 controls except tab and line breaks are dropped; very long text is refused. */
export function cleanText(text: string, maxChars: number, column: string, row: number): string | null {
  const t = CONTROL_CHARS.test(text) ? text.replace(CONTROL_CHARS_ALL, '') : text;
  if (t.length > maxChars)
    throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
      reason: 'CELL_TOO_LONG',
      column,
      rows: [row],
      limit: maxChars,
      value: t.length,
    });
  return t.trim() === '' ? null : t;
}

/** Spreadsheet column letters of a 0-based index: 0 -> A, 27 -> AB. */
export function columnLetters(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export interface AssembleInput {
  format: UploadFormat;
  rows: AsyncIterator<RawRow>;
  options: ReadOptions;
  limits: UploadLimits;
  /** Readers that know the header themselves (SPSS): names, labels, value labels. */
  columns?: ColumnInfo[];
  /** Extra facts for the header (sheet, delimiter, encoding, qualtrics). */
  extra?: Partial<TableHeader>;
  /** Rows between the header and the data by default (Qualtrics: the question texts and the ImportId row). */
  labelRowOffset?: number;
  /** SPSS: a case whose every value is missing is still a record (CSV and xlsx: an empty row is layout). */
  keepEmptyRows?: boolean;
}

/**
 * Column names from the header row and, when the data start more than one row below it, the row
 * right below (sub-labels: Qualtrics' question texts, the answer options of a check-all or grid
 * block under one question). A header cell left empty inside such a block (the question text sits
 * over its first column only) is named `question [option]`, like the block's first column; any other
 * unnamed column is named by its letter, `(C)`, so every column can be mapped and found again.
 */
export function headerColumns(headerCells: readonly Cell[], labelCells: readonly Cell[] | undefined): ColumnInfo[] {
  const text = (c: Cell | undefined) =>
    c === null || c === undefined ? '' : String(c).replaceAll('\u0000', '').replace(/\s+/g, ' ').trim();
  const names = headerCells.map(text);
  const labels = (labelCells ?? []).map(text);
  let width = 0;
  names.forEach((n, i) => n !== '' && (width = i + 1));
  labels.forEach((l, i) => l !== '' && (width = Math.max(width, i + 1)));
  const columns: ColumnInfo[] = [];
  let block = '';
  for (let i = 0; i < width; i++) {
    const name = names[i] ?? '';
    const label = labels[i] ?? '';
    const continues = (names[i + 1] ?? '') === '' && (labels[i + 1] ?? '') !== '';
    let final = name;
    if (name !== '') {
      block = name;
      if (label !== '' && continues) final = `${name} [${label}]`;
    } else if (label !== '' && block !== '') final = `${block} [${label}]`;
    else {
      final = `(${columnLetters(i)})`;
      block = '';
    }
    columns.push({ name: final, ...(label !== '' ? { label } : {}) });
  }
  return columns;
}

/** Reads up to the header row and returns the table; its batches continue the same rows once. */
export async function assembleTable(input: AssembleInput): Promise<TableSource> {
  const { rows, options, limits, format } = input;
  const headerRow = options.headerRow ?? 1;
  const firstDataRow = options.firstDataRow ?? headerRow + 1 + (input.labelRowOffset ?? 0);
  const lastDataRow = options.lastDataRow;
  if (!Number.isInteger(headerRow) || headerRow < 1)
    throw uploadError('INVALID_PARAMETERS', { reason: 'HEADER_ROW_INVALID', value: headerRow });
  if (!Number.isInteger(firstDataRow) || firstDataRow <= headerRow) {
    throw uploadError('INVALID_PARAMETERS', {
      reason: 'FIRST_DATA_ROW_NOT_AFTER_HEADER_ROW',
      value: firstDataRow,
      limit: headerRow,
    });
  }
  if (lastDataRow !== undefined && (!Number.isInteger(lastDataRow) || lastDataRow < firstDataRow))
    throw uploadError('INVALID_PARAMETERS', {
      reason: 'LAST_DATA_ROW_BEFORE_FIRST',
      value: lastDataRow,
      limit: firstDataRow,
    });
  // The row right below the header holds sub-labels whenever the data start further down.
  const labelRow = firstDataRow > headerRow + 1 ? headerRow + 1 : undefined;
  let columns = input.columns;
  let pending: RawRow | undefined;
  if (!columns) {
    let headerCells: Cell[] | undefined;
    let labelCells: Cell[] | undefined;
    for (;;) {
      const next = await rows.next();
      if (next.done) break;
      const r = next.value;
      if (r.number < headerRow) continue;
      if (r.number === headerRow) {
        headerCells = r.cells;
        continue;
      }
      if (r.number === labelRow) {
        labelCells = r.cells;
        continue;
      }
      pending = r;
      break;
    }
    if (!headerCells) throw uploadError('NO_RECORDS_FOUND', { reason: 'NO_HEADER_ROW', rows: [headerRow] });
    columns = headerColumns(headerCells, labelCells);
    if (columns.length > limits.maxColumns)
      throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
        reason: 'TOO_MANY_COLUMNS',
        limit: limits.maxColumns,
        value: columns.length,
      });
  }
  const header: TableHeader = {
    format,
    columns,
    headerRow,
    firstDataRow,
    ...(lastDataRow !== undefined ? { lastDataRow } : {}),
    ...input.extra,
  };
  const width = columns.length;
  const names = columns.map((c) => c.name);
  const isMissing = missingTest(options.missingValues);
  const maxCells = limits.maxCells[format];

  async function* batches(): AsyncGenerator<RowBatch> {
    let batch: RowBatch = { rows: [], rowNumbers: [] };
    let count = 0;
    const take = (r: RawRow): void => {
      if (r.number < firstDataRow || (lastDataRow !== undefined && r.number > lastDataRow)) return;
      const cells = r.cells;
      const out: Cell[] = new Array(width);
      let any = false;
      for (let i = 0; i < cells.length; i++) {
        let c = cells[i] ?? null;
        if (c === null) {
          if (i < width) out[i] = null;
          continue;
        }
        if (typeof c === 'string') c = cleanText(c, limits.maxCellChars, names[i] ?? columnLetters(i), r.number);
        else if (!Number.isFinite(c) && !Number.isNaN(c)) c = null;
        // A missing-value code stays distinguishable from an empty cell (the record ID rules differ).
        if (c !== null && isMissing(c)) c = Number.NaN;
        if (i >= width) {
          // Data under no header name: the header row must name every column that holds data.
          if (c !== null && !(typeof c === 'number' && Number.isNaN(c)))
            throw uploadError('HEADER_ROW_HAS_DUPLICATES', {
              reason: 'EMPTY_HEADER_NAME',
              column: `(${columnLetters(i)})`,
              rows: [r.number],
            });
          continue;
        }
        if (c !== null && !(typeof c === 'number' && Number.isNaN(c))) any = true;
        out[i] = c;
      }
      for (let i = cells.length; i < width; i++) out[i] = null;
      // Fully empty rows are layout, not interviews (except cases of a system file).
      if (!any && !input.keepEmptyRows) return;
      count++;
      if (count > limits.maxRows)
        throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
          reason: 'TOO_MANY_ROWS',
          limit: limits.maxRows,
          value: count,
        });
      if (count * width > maxCells)
        throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
          reason: 'TOO_MANY_CELLS',
          limit: maxCells,
          value: count * width,
        });
      batch.rows.push(out);
      batch.rowNumbers.push(r.number);
    };
    if (pending) take(pending);
    for (;;) {
      const next = await rows.next();
      if (next.done || (lastDataRow !== undefined && next.value.number > lastDataRow)) break;
      take(next.value);
      if (batch.rows.length >= BATCH_ROWS) {
        yield batch;
        batch = { rows: [], rowNumbers: [] };
      }
    }
    if (batch.rows.length) yield batch;
  }
  let used = false;
  return {
    header,
    batches() {
      if (used) throw new Error('uploads: a table source is read once');
      used = true;
      return batches();
    },
  };
}

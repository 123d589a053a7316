// Every upload rule of the data points against a confirmed mapping: the catalogue code, the
// column and the first offending rows (1-based, as in the file), in German and English.
import { afterAll, describe, expect, it } from 'vitest';
import { describeIssue, validateUpload } from '../../../api/ingest/index';
import { ROW_NUMBER_ID, type ColumnMapping, type DataPoint } from '../../../api/ingest/types';
import { diskBlobStore } from '../../support/disk-blob-store';

const blobs = diskBlobStore();
afterAll(() => blobs.dispose());
let n = 0;

/** A CSV of 40 good interviews; `edit(row, cells)` changes cells (row = 1-based data row). */
async function csv(
  edit: (row: number, cells: Record<string, string>) => void = () => {},
  extraHeader = '',
): Promise<string> {
  const names = [
    'id',
    'dur',
    'p1',
    ...Array.from({ length: 7 }, (_, i) => `g_${i + 1}`),
    'open',
    'vote',
    'pred',
    'grp',
    'start',
    'end',
  ];
  const lines = [names.join(',') + extraHeader];
  for (let r = 1; r <= 40; r++) {
    const cells: Record<string, string> = {
      id: `R${r}`,
      dur: String(300 + r),
      p1: String(50 + r),
      open: `"answer number ${r} about the hotel"`,
      vote: String(1 + (r % 2)),
      pred: String(40 + r),
      grp: r % 2 ? 'A' : 'B',
      start: `2026-01-01T10:00:${String(r).padStart(2, '0')}Z`,
      end: `2026-01-01T10:10:${String(r).padStart(2, '0')}Z`,
    };
    for (let i = 1; i <= 7; i++) cells[`g_${i}`] = String(1 + ((r + i) % 5));
    edit(r, cells);
    lines.push(names.map((k) => cells[k] ?? '').join(','));
  }
  const key = `uploads/v${n++}.csv`;
  await blobs.put(key, new TextEncoder().encode(lines.join('\n') + '\n'));
  return key;
}

const GRID: DataPoint = {
  type: 'ITEM_BATTERY',
  id: 'g',
  title: 'Grid G',
  items: Array.from({ length: 7 }, (_, i) => `g_${i + 1}`),
  min: 1,
  max: 5,
};
const FULL: ColumnMapping = {
  dataPoints: [
    { type: 'RECORD_ID', column: 'id' },
    { type: 'DURATION', column: 'dur', role: 'TOTAL' },
    { type: 'DURATION', column: 'p1', role: 'PAGE' },
    GRID,
    { type: 'OPEN_ENDED', column: 'open', questionTitle: 'What did you like?' },
    { type: 'PROJECTIVE', id: 'pq', vote: 'vote', predictions: ['pred'], algorithms: ['PS', 'CS', 'IS'] },
    { type: 'GROUPING', column: 'grp' },
    { type: 'TIMESTAMP', start: 'start', end: 'end', role: 'PAGE' },
  ],
};
const with_ = (dp: DataPoint[]): ColumnMapping => ({ dataPoints: [...FULL.dataPoints, ...dp] });
const issues = async (key: string, mapping: ColumnMapping = FULL, options = {}) =>
  validateUpload(blobs, key, 'csv', options, mapping);

describe('a good file and mapping', () => {
  it('has no issues', async () => {
    expect(await issues(await csv())).toEqual([]);
  });
});

describe('record ID column', () => {
  it('empty values, with the rows', async () => {
    const key = await csv((r, c) => {
      if (r === 3 || r === 9) c.id = '';
    });
    expect(await issues(key)).toEqual([
      { code: 'RECORD_ID_COLUMN_EMPTY_VALUES', column: 'id', rows: [4, 10], value: 2 },
    ]);
  });
  it('missing values (a missing-value code) are their own refusal', async () => {
    const key = await csv((r, c) => {
      if (r === 5) c.id = '-999';
    });
    expect(await issues(key)).toEqual([{ code: 'RECORD_ID_COLUMN_MISSING_VALUES', column: 'id', rows: [6], value: 1 }]);
  });
  it('duplicates: the rows of the repeats, at most five', async () => {
    const key = await csv((r, c) => {
      if (r > 30) c.id = 'R1';
    });
    expect(await issues(key)).toEqual([
      { code: 'RECORD_ID_COLUMN_DUPLICATES', column: 'id', rows: [32, 33, 34, 35, 36], value: 10 },
    ]);
  });
  it('no data', async () => {
    const key = await csv((_r, c) => {
      c.id = '';
    });
    expect(await issues(key)).toEqual([{ code: 'RECORD_ID_COLUMN_NO_DATA', column: 'id' }]);
  });
  it('is required', async () => {
    expect(await issues(await csv(), { dataPoints: FULL.dataPoints.slice(1) })).toEqual([
      { code: 'INCOMPLETE_INPUT', reason: 'RECORD_ID_COLUMN_REQUIRED' },
    ]);
  });
});

describe('item battery', () => {
  it('under 5 items (5 and 6 are taken)', async () => {
    const sized = (n: number) =>
      ({ ...GRID, items: GRID.type === 'ITEM_BATTERY' ? GRID.items.slice(0, n) : [] }) as DataPoint;
    const withGrid = (g: DataPoint) => ({ dataPoints: FULL.dataPoints.map((d) => (d === GRID ? g : d)) });
    expect(await issues(await csv(), withGrid(sized(5)))).toEqual([]);
    expect(await issues(await csv(), withGrid(sized(6)))).toEqual([]);
    const result = await issues(await csv(), withGrid(sized(4)));
    expect(result).toEqual([
      expect.objectContaining({
        code: 'ITEM_BATTERY_UNDER_MINIMUM_ITEMS',
        reason: 'GRID_TOO_FEW_ITEMS',
        column: 'Grid G',
        limit: 5,
        value: 4,
      }),
    ]);
    // A grid is named as a grid, not as a column.
    expect(describeIssue(result[0]!, 'en')).toMatch(/^Grid “Grid G” has 4 items; a grid needs at least 5 .*merge it/);
    expect(describeIssue(result[0]!, 'de')).toMatch(/^Die Matrixfrage „Grid G“ hat 4 Items; .* mindestens 5/);
  });
  it('non-numeric values, with the item and rows', async () => {
    const key = await csv((r, c) => {
      if (r === 7) c.g_3 = 'agree';
    });
    const result = await issues(key);
    expect(result).toEqual([{ code: 'ITEMS_NOT_NUMERIC', column: 'g_3', rows: [8], value: 1 }]);
    expect(describeIssue(result[0]!, 'en')).toBe('Column “g_3”, row 8: The items contain non-numeric values.');
    expect(describeIssue(result[0]!, 'de')).toBe('Spalte „g_3“, Zeile 8: Die Items enthalten nicht-numerische Werte.');
  });
  it('an empty items column', async () => {
    const key = await csv((_r, c) => {
      c.g_7 = '';
    });
    expect(await issues(key)).toEqual([{ code: 'ITEMS_COLUMN_EMPTY', column: 'g_7' }]);
  });
});

describe('durations and timestamps', () => {
  it('non-numeric duration', async () => {
    const key = await csv((r, c) => {
      if (r === 2) c.dur = 'ten minutes';
    });
    expect(await issues(key)).toEqual([{ code: 'TIMESTAMP_COLUMN_NOT_NUMERIC', column: 'dur', rows: [3], value: 1 }]);
  });
  it('timestamps that are neither numbers nor instants', async () => {
    const key = await csv((r, c) => {
      if (r === 40) c.end = 'yesterday';
    });
    expect(await issues(key)).toEqual([{ code: 'TIMESTAMP_COLUMN_NOT_NUMERIC', column: 'end', rows: [41], value: 1 }]);
  });
  it('no data', async () => {
    const key = await csv((_r, c) => {
      c.p1 = '';
    });
    expect(await issues(key)).toEqual([{ code: 'TIMESTAMP_COLUMN_NO_DATA', column: 'p1' }]);
  });
  it('fewer than 30 valid records', async () => {
    const key = await csv((r, c) => {
      if (r > 29) c.dur = '-999';
    });
    expect(await issues(key)).toEqual([{ code: 'DURATION_TOO_FEW_RECORDS', column: 'dur', limit: 30, value: 29 }]);
  });
});

describe('open-ended, projective, vote, grouping', () => {
  it('open-ended column with only numbers', async () => {
    const key = await csv((r, c) => {
      c.open = String(r);
    });
    expect(await issues(key)).toEqual([
      { code: 'OPEN_ENDED_COLUMN_ONLY_NUMBERS', column: 'open', rows: [2, 3, 4, 5, 6] },
    ]);
  });
  it('open-ended column without data', async () => {
    const key = await csv((_r, c) => {
      c.open = '';
    });
    expect(await issues(key)).toEqual([{ code: 'OPEN_ENDED_COLUMN_NO_DATA', column: 'open' }]);
  });
  it('prediction and vote not numeric', async () => {
    const key = await csv((r, c) => {
      if (r === 11) c.pred = 'half';
      if (r === 12) c.vote = 'yes';
    });
    expect(await issues(key)).toEqual([
      { code: 'VOTE_COLUMN_NOT_NUMERIC', column: 'vote', rows: [13], value: 1 },
      { code: 'PREDICTION_COLUMN_NOT_NUMERIC', column: 'pred', rows: [12], value: 1 },
    ]);
  });
  it('vote and prediction without data', async () => {
    const key = await csv((_r, c) => {
      c.vote = '';
      c.pred = '';
    });
    expect(await issues(key)).toEqual([
      { code: 'VOTE_COLUMN_NO_DATA', column: 'vote' },
      { code: 'PREDICTION_COLUMN_NO_DATA', column: 'pred' },
    ]);
  });
  it('IS cannot combine with SDS', async () => {
    const mapping = {
      dataPoints: FULL.dataPoints.map((d) => (d.type === 'PROJECTIVE' ? { ...d, algorithms: ['PS', 'IS', 'SDS'] } : d)),
    } as ColumnMapping;
    expect(await issues(await csv(), mapping)).toEqual([
      { code: 'INVALID_PARAMETERS', reason: 'IS_WITH_SDS', column: 'pq' },
    ]);
  });
  it('grouping column without data', async () => {
    const key = await csv((_r, c) => {
      c.grp = '';
    });
    expect(await issues(key)).toEqual([{ code: 'GROUPING_COLUMN_NO_DATA', column: 'grp' }]);
  });
  it('a standalone vote column must be numeric', async () => {
    const key = await csv((r, c) => {
      if (r === 1) c.grp = 'x';
    });
    const mapping = {
      dataPoints: [...FULL.dataPoints.filter((d) => d.type !== 'GROUPING'), { type: 'VOTE', column: 'grp' }],
    } as ColumnMapping;
    expect((await issues(key, mapping))[0]).toMatchObject({
      code: 'VOTE_COLUMN_NOT_NUMERIC',
      column: 'grp',
      rows: [2, 3, 4, 5, 6],
    });
  });
  it('more than 15 keywords', async () => {
    const mapping = with_([]);
    mapping.dataPoints = mapping.dataPoints.map((d) =>
      d.type === 'OPEN_ENDED' ? { ...d, keywords: Array.from({ length: 16 }, (_, i) => `k${i}`) } : d,
    );
    expect(await issues(await csv(), mapping)).toEqual([
      { code: 'INVALID_PARAMETERS', reason: 'TOO_MANY_KEYWORDS', column: 'open', limit: 15, value: 16 },
    ]);
  });
});

describe('header row and mapping', () => {
  it('duplicate header names', async () => {
    const key = await csv(() => {}, ',dur');
    expect(await issues(key)).toEqual([
      expect.objectContaining({
        code: 'HEADER_ROW_HAS_DUPLICATES',
        column: 'dur',
        reason: 'DUPLICATE_HEADER_NAME',
        rows: [1],
      }),
    ]);
  });
  it('a column without a name in the header row is named by its letter, data beyond the header are refused', async () => {
    const key = `uploads/v${n++}.csv`;
    await blobs.put(key, new TextEncoder().encode('id,,x\n1,,a\n2,7,b\n'));
    const mapping = {
      dataPoints: [
        { type: 'RECORD_ID', column: 'id' } as const,
        { type: 'OPEN_ENDED', column: 'x', questionTitle: 'x' } as const,
        { type: 'VOTE', column: '(B)' } as const,
      ],
    };
    expect(await issues(key, mapping)).toEqual([]);
    const wider = `uploads/v${n++}.csv`;
    await blobs.put(wider, new TextEncoder().encode('id,x\n1,a\n2,b,7\n'));
    await expect(issues(wider, { dataPoints: mapping.dataPoints.slice(0, 2) })).rejects.toMatchObject({
      code: 'HEADER_ROW_HAS_DUPLICATES',
      details: { reason: 'EMPTY_HEADER_NAME', column: '(C)', rows: [3] },
    });
  });
  it('unknown columns and columns mapped twice', async () => {
    const mapping = with_([
      { type: 'GROUPING', column: 'nope' },
      { type: 'VOTE', column: 'dur' },
    ]);
    expect(await issues(await csv(), mapping)).toEqual([
      { code: 'INVALID_PARAMETERS', reason: 'UNKNOWN_COLUMN', column: 'nope' },
      { code: 'INVALID_PARAMETERS', reason: 'COLUMN_MAPPED_TWICE', column: 'dur' },
    ]);
  });
  it('the sheet must exist, the first data row must follow the header row', async () => {
    await expect(issues(await csv(), FULL, { headerRow: 3, firstDataRow: 3 })).rejects.toMatchObject({
      code: 'INVALID_PARAMETERS',
      details: { reason: 'FIRST_DATA_ROW_NOT_AFTER_HEADER_ROW' },
    });
  });
  it('an empty data region', async () => {
    const key = `uploads/v${n++}.csv`;
    await blobs.put(key, new TextEncoder().encode('id,dur\n'));
    const mapping: ColumnMapping = {
      dataPoints: [
        { type: 'RECORD_ID', column: 'id' },
        { type: 'DURATION', column: 'dur', role: 'TOTAL' },
      ],
    };
    expect(await issues(key, mapping)).toEqual([{ code: 'NO_RECORDS_FOUND', rows: [2] }]);
  });
  it('a record ID alone, or with groupings and votes, yields no score: refused before any row is read', async () => {
    const only = await issues(await csv(), { dataPoints: [{ type: 'RECORD_ID', column: 'id' }] });
    expect(only).toEqual([{ code: 'NO_SCORABLE_DATA_POINT' }]);
    expect(describeIssue(only[0]!, 'en')).toContain('Add a grid of at least 5 items');
    expect(describeIssue(only[0]!, 'de')).toContain('mindestens 5 Items');
    const withGrouping = await issues(await csv(), {
      dataPoints: [
        { type: 'RECORD_ID', column: 'id' },
        { type: 'GROUPING', column: 'grp' },
        { type: 'VOTE', column: 'vote' },
      ],
    });
    expect(withGrouping).toEqual([{ code: 'NO_SCORABLE_DATA_POINT' }]);
  });
  it('the row number as the record ID: every record gets its position, nothing to refuse', async () => {
    const mapping = { dataPoints: [ROW_NUMBER_ID, ...FULL.dataPoints.filter((d) => d.type !== 'RECORD_ID')] };
    expect(await issues(await csv(), mapping)).toEqual([]);
  });
});

// The hostile corpus (the caps of api/ingest/limits.ts): each file is answered with its catalogue code and
// reason through the whole processing path, and nothing of the revision is left in storage.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { processUpload, type ProcessUploadInput } from '../../../api/ingest/processing/process';
import { readTableFromBytes } from '../../../api/ingest/parse/index';
import { DEFAULT_LIMITS } from '../../../api/ingest/limits';
import type { Cell, ColumnMapping } from '../../../api/ingest/types';
import { neutraliseCell, neutraliseText } from '../../../api/ingest/export/neutralise';
import { CORPUS } from '../../fixtures/uploads/hostile/make-hostile';
import { diskBlobStore } from '../../support/disk-blob-store';
import { scoring } from '../../support/scoring';

const blobs = diskBlobStore();
afterAll(() => blobs.dispose());
const bytesOf = (file: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/uploads/hostile/${file}`, import.meta.url)));
const MAPPING: ColumnMapping = { dataPoints: [{ type: 'RECORD_ID', column: 'id' }] };

/** The record ID and the second column as an open question, where the file has a header (a mapping that yields a score, so its rows are read). */
async function mappingFor(file: string, format: ProcessUploadInput['source']['format']): Promise<ColumnMapping> {
  try {
    const second = (await readTableFromBytes(bytesOf(file), format)).header.columns[1]?.name;
    if (second)
      return { dataPoints: [...MAPPING.dataPoints, { type: 'OPEN_ENDED', column: second, questionTitle: second }] };
  } catch {
    // A file refused before its header: the mapping is never looked at.
  }
  return MAPPING;
}

async function run(
  file: string,
  format: ProcessUploadInput['source']['format'],
  extra: Partial<ProcessUploadInput> = {},
) {
  const key = `uploads/${file}`;
  await blobs.put(key, bytesOf(file));
  return processUpload({
    blobs,
    scoring,
    source: { key, format },
    options: {},
    mapping: await mappingFor(file, format),
    datafileId: 'hostile',
    revision: 1,
    ...extra,
  });
}

describe('hostile corpus', () => {
  it.each(CORPUS.filter((c) => c.expect !== 'ok'))('$file: $why', async ({ file, format, expect: want }) => {
    const w = want as { code: string; reason?: string };
    await expect(run(file, format)).rejects.toMatchObject({
      code: w.code,
      ...(w.reason ? { details: expect.objectContaining({ reason: w.reason }) } : {}),
    });
    expect(await blobs.keys('datafiles/')).toEqual([]);
  });

  it('reads formula cells as cached values and keeps formula-looking text as text', async () => {
    const table = await readTableFromBytes(bytesOf('formulas-and-injection.xlsx'), 'xlsx');
    const rows: Cell[][] = [];
    for await (const b of table.batches()) rows.push(...b.rows);
    expect(rows).toEqual([
      [1, 2, "=cmd|' /C calc'!A0"],
      [2, 'ab', "@SUM(1+1)*cmd|' /C calc'!A0"],
      [3, null, '+1+1'],
      // Error cells are missing; the _x0000_ escape (a NUL) is dropped.
      [4, null, '-2+3 & NUL'],
    ]);
    // The export side neutralises them; numbers stay numbers.
    expect(rows.map((r) => neutraliseCell(r[2]))).toEqual([
      "'=cmd|' /C calc'!A0",
      "'@SUM(1+1)*cmd|' /C calc'!A0",
      "'+1+1",
      "'-2+3 & NUL",
    ]);
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseText('  =1+1')).toBe("'  =1+1");
    expect(neutraliseText('plain')).toBe('plain');
  });

  it('drops NUL bytes and replaces invalid UTF-8 after the sample', async () => {
    const table = await readTableFromBytes(bytesOf('nul-and-bad-utf8.csv'), 'csv');
    const rows: Cell[][] = [];
    for await (const b of table.batches()) rows.push(...b.rows);
    expect(table.header.encoding).toBe('utf-8');
    expect(rows).toHaveLength(40_002);
    expect(rows[0]).toEqual([1, 'schön und gut 1 – Grüße']);
    expect(rows[40_000]).toEqual([40001, 'beforeafter']);
    expect(rows[40_001]![1]).toBe('bad \uFFFD\uFFFD byte');
  });

  it('checks the size before parsing', async () => {
    await expect(
      run('huge-cell.csv', 'csv', { limits: { maxFileBytes: { xlsx: 1, csv: 1000, sav: 1 } } }),
    ).rejects.toMatchObject({
      code: 'UPLOAD_FILE_TOO_LARGE',
      details: { limit: 1000, value: 40011 },
    });
  });

  it('stops at the row and cell caps', async () => {
    await expect(run('nul-and-bad-utf8.csv', 'csv', { limits: { maxRows: 1000 } })).rejects.toMatchObject({
      code: 'UPLOAD_FILE_LIMITS_EXCEEDED',
      details: { reason: 'TOO_MANY_ROWS' },
    });
    await expect(
      run('nul-and-bad-utf8.csv', 'csv', { limits: { maxCells: { xlsx: 1, csv: 500, sav: 1 } } }),
    ).rejects.toMatchObject({ code: 'UPLOAD_FILE_LIMITS_EXCEEDED', details: { reason: 'TOO_MANY_CELLS' } });
    expect(await blobs.keys('datafiles/')).toEqual([]);
  });

  it('stops at the time budget', async () => {
    await expect(run('nul-and-bad-utf8.csv', 'csv', { limits: { maxMillis: 0 } })).rejects.toMatchObject({
      code: 'UPLOAD_FILE_LIMITS_EXCEEDED',
      details: { reason: 'PROCESSING_TIME' },
    });
    expect(await blobs.keys('datafiles/')).toEqual([]);
  });

  it('refuses a line of 64 MiB without a break before parsing it, whose cost grows with its square', async () => {
    // Before, papaparse parsed the unfinished line again with every 16 KiB piece: 16 MiB took 0.4 s of
    // CPU, 500 MiB minutes, and the refusal (CELL_TOO_LONG) came only at the line's end.
    const line = new Uint8Array(64 * 1024 * 1024 + 16).fill(0x61);
    line.set(new TextEncoder().encode('id;q1\n1;"'));
    await blobs.put('uploads/long-line.csv', line);
    const started = process.cpuUsage();
    await expect(
      processUpload({
        blobs,
        scoring,
        source: { key: 'uploads/long-line.csv', format: 'csv' },
        options: {},
        mapping: MAPPING,
        datafileId: 'hostile',
        revision: 1,
      }),
    ).rejects.toMatchObject({
      code: 'UPLOAD_FILE_LIMITS_EXCEEDED',
      details: { reason: 'LINE_TOO_LONG', limit: DEFAULT_LIMITS.maxLineChars },
    });
    console.info(`64 MiB line: refused after ${Math.round(process.cpuUsage(started).user / 1000)} ms of CPU`);
    expect(await blobs.keys('datafiles/')).toEqual([]);
  });

  it('refuses a file whose content does not match the chosen format', async () => {
    await blobs.put('uploads/real.xlsx', bytesOf('formulas-and-injection.xlsx'));
    await expect(
      processUpload({
        blobs,
        scoring,
        source: { key: 'uploads/real.xlsx', format: 'csv' },
        options: {},
        mapping: MAPPING,
        datafileId: 'hostile',
        revision: 1,
      }),
    ).rejects.toMatchObject({ code: 'UPLOAD_FILE_TYPE_MISMATCH' });
  });
});

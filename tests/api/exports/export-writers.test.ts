// Exports end to end: uploads processed by the real engine, cleaned by the facade, written into the
// blob store as xlsx, CSV, Arrow and a reject list, then read back with independent readers (exceljs
// for the workbook, papaparse for CSV, apache-arrow) and checked cell by cell against the facade.
import { readFileSync } from 'node:fs';
import { tableFromIPC } from 'apache-arrow';
import { parquetReadObjects } from 'hyparquet';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanRevision } from '../../../api/modules/cleaning/revision-cleaning';
import { describeThresholds, runExport, type ExportJobInput } from '../../../api/modules/exports/export.service';
import { processUpload, readRevisionColumns } from '../../../api/ingest/index';
import type { ColumnMapping } from '../../../api/ingest/types';
import { DEFAULT_RULES, GRID_LABELS, REASONS, type CleaningRules, type Scoring } from '../../../scoring/index';
import { fixtureSurvey } from '../../fixtures/uploads/make-fixtures';
import { diskBlobStore } from '../../support/disk-blob-store';
import { scoring } from '../../support/scoring';

const blobs = diskBlobStore();
let s: Scoring;
const ROWS = 120;
const TRICKY = [
  '=HYPERLINK("http://x.example","click")',
  '+1+1',
  '@SUM(A1:A9)',
  '-5',
  '42',
  '007',
  '\t=1+2',
  'plain text',
  ' -leading space',
  '＝fullwidth',
];

/** A CSV with formula-looking text, numbers stored as text, a record id and enough for a time score. */
function trickyCsv(): Uint8Array {
  const lines = ['respid,duration,q1,q2,q3,q4,q5,q6,q7,comment,segment'];
  let state = 99;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  for (let i = 0; i < ROWS; i++) {
    // Every seventh is a fast straightliner; the rest answer around their own opinion.
    const fast = i % 7 === 0;
    const mean = 2 + next() * 2;
    const items = Array.from({ length: 7 }, () =>
      fast ? 3 : Math.min(5, Math.max(1, Math.round(mean + (next() - 0.5) * 2.5))),
    );
    const comment = TRICKY[i % TRICKY.length]!;
    lines.push(
      [
        `ID${String(i + 1).padStart(4, '0')}`,
        fast ? 40 + i : 600 + (i % 50) * 7,
        ...items,
        `"${comment.replaceAll('"', '""')}"`,
        i % 3 === 0 ? 'A' : 'B',
      ].join(','),
    );
  }
  return new TextEncoder().encode(lines.join('\n'));
}

const MAPPING: ColumnMapping = {
  dataPoints: [
    { type: 'RECORD_ID', column: 'respid' },
    { type: 'DURATION', column: 'duration', role: 'TOTAL' },
    { type: 'ITEM_BATTERY', id: 'g1', items: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'], min: 1, max: 5 },
    { type: 'GROUPING', column: 'segment' },
  ],
};

const rules: CleaningRules = {
  ...DEFAULT_RULES,
  rules: { ...DEFAULT_RULES.rules, combined: { enabled: true, threshold: 65, minDataPoints: 0 } },
};
const base = (format: ExportJobInput['format'], extra: Partial<ExportJobInput> = {}): ExportJobInput => ({
  datafileId: 'dfX',
  revision: 1,
  format,
  cleaning: { rules, manual: { ID0002: 1, ID0008: 2 } },
  certificate: {
    certificateCode: 'ABCD-EFGH-JKMN-P',
    reportURL: 'https://app.example/report-verification?code=ABCD-EFGH-JKMN-P',
    certificateLevel: 2,
  },
  productName: 'QualityCheck',
  locale: 'de',
  title: 'Tricky Wave 1',
  ...extra,
});

async function bytesOf(key: string): Promise<Uint8Array> {
  return (await blobs.getBytes(key))!;
}

let expected: ReturnType<typeof cleanRevision>;

beforeAll(async () => {
  s = scoring;
  await blobs.put('uploads/tricky.csv', trickyCsv());
  await processUpload({
    blobs,
    scoring: s,
    source: { key: 'uploads/tricky.csv', format: 'csv' },
    options: {},
    mapping: MAPPING,
    datafileId: 'dfX',
    revision: 1,
  });
  await blobs.put(
    'uploads/survey.sav',
    new Uint8Array(readFileSync(new URL('../../fixtures/uploads/survey-compressed.sav', import.meta.url))),
  );
  await processUpload({
    blobs,
    scoring: s,
    source: { key: 'uploads/survey.sav', format: 'sav' },
    options: {},
    mapping: fixtureSurvey().mapping,
    datafileId: 'dfS',
    revision: 1,
  });
  const scores = await readRevisionColumns(blobs, 'dfX', 1, 'scores');
  const manual = new Float64Array(ROWS);
  manual[1] = 1;
  manual[7] = 2;
  expected = cleanRevision(s, scores, rules, { manual });
});
afterAll(() => blobs.dispose());

describe('export writers', () => {
  it('writes the workbook with technical names: both sheets, headers, numbers as numbers, decisions, neutralised text', async () => {
    const progress: number[] = [];
    const out = await runExport({ blobs, scoring: s }, base('xlsx', { columnNames: 'technical' }), (p) => {
      progress.push(p);
    });
    expect(out).toMatchObject({
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: 'Tricky_Wave_1-export.xlsx',
      rows: ROWS,
      removed: ROWS - expected.keptCount,
    });
    expect(progress.at(-1)).toBe(100);
    expect(expected.keptCount).toBeLessThan(ROWS);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await bytesOf(out.key)) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['QualityCheck Export Result', 'Quality Mark']);
    const sheet = wb.getWorksheet('QualityCheck Export Result')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 11)).toEqual([
      'respid',
      'duration',
      'q1',
      'q2',
      'q3',
      'q4',
      'q5',
      'q6',
      'q7',
      'comment',
      'segment',
    ]);
    expect(header).toEqual(
      expect.arrayContaining([
        'ts',
        'grid.g1.score',
        'grid.g1.label',
        'grid.g1.label_label',
        'ibs',
        'combined',
        'decision',
        'reason',
        'reason_code',
        'reason_codes',
      ]),
    );
    expect(header).not.toContain('__source_row');
    expect(header).not.toContain('record_id');
    expect(sheet.rowCount).toBe(ROWS + 1);
    const col = (name: string) => header.indexOf(name) + 1;
    const scores = await readRevisionColumns(blobs, 'dfX', 1, 'scores');
    const combined = scores.getChild('combined')!;
    for (let i = 0; i < ROWS; i++) {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(col('respid')).value).toBe(`ID${String(i + 1).padStart(4, '0')}`);
      expect(typeof row.getCell(col('duration')).value).toBe('number');
      expect(typeof row.getCell(col('q1')).value).toBe('number');
      const c = combined.get(i) as number | null;
      expect(row.getCell(col('combined')).value).toBe(c);
      expect(row.getCell(col('decision')).value).toBe(expected.kept[i] === 1 ? 'Behalten' : 'Entfernt');
      const p = expected.primary[i]!;
      expect(row.getCell(col('reason_code')).value).toBe(p >= 0 ? REASONS[p] : null);
      // Formula-looking text is shown as text; numbers stored as text become numbers again.
      const comment = TRICKY[i % TRICKY.length]!;
      const cell = row.getCell(col('comment')).value;
      if (comment === '-5' || comment === '42') expect(cell).toBe(Number(comment));
      else if (/^\s*[=+\-@\t＝]/.test(comment)) expect(cell).toBe(`'${comment}`);
      else expect(cell).toBe(comment);
      expect(row.getCell(col('comment')).formula).toBeUndefined();
    }
    expect(sheet.getRow(3).getCell(col('reason_code')).value).toBe('manual');
    expect(sheet.getRow(9).getCell(col('decision')).value).toBe('Behalten');
    const labels = sheet.getColumn(col('grid.g1.label_label')).values.slice(2) as string[];
    const codes = sheet.getColumn(col('grid.g1.label')).values.slice(2) as number[];
    // The grid labels in the export's language (German here).
    const german: Record<string, string> = {
      none: 'Nicht bewertet',
      OK: 'OK',
      Straightliner: 'Straightliner',
      'Partial Straightliner': 'Teilweiser Straightliner',
      Pattern: 'Muster',
      Inconsistent: 'Inkonsistent',
    };
    labels.forEach((l, i) => expect(l).toBe(german[GRID_LABELS[codes[i]!]!]));
    expect(labels).toContain('Straightliner');
    expect(labels).toContain('OK');
    const mark = wb.getWorksheet('Quality Mark')!;
    expect((mark.getRow(1).values as unknown[]).slice(1)).toEqual([
      'certificateCode',
      'reportURL',
      'certificateLevel',
      'includedRecords',
      'removedRecords',
      'scoreThresholds',
    ]);
    const values = (mark.getRow(2).values as unknown[]).slice(1);
    expect(values.slice(0, 5)).toEqual([
      'ABCD-EFGH-JKMN-P',
      'https://app.example/report-verification?code=ABCD-EFGH-JKMN-P',
      2,
      expected.keptCount,
      ROWS - expected.keptCount,
    ]);
    expect(values[5]).toBe(
      'Gesamtscore < 65; TS < 20; IBS < 20 (Datenpunkte ≥ 2); OES < 40 (Datenpunkte ≥ 2); CON < 20 (Datenpunkte ≥ 1); BAS < 20 (Datenpunkte ≥ 1); OES: schlechte offene Antworten ≥ 2',
    );
  });

  it('names k of n failing checks among the thresholds of the quality mark', () => {
    expect(describeThresholds({ ...DEFAULT_RULES, minFailing: 2 }, 'en')).toBe(
      'Combined score < 60; TS < 20; IBS < 20 (data points ≥ 2); OES < 40 (data points ≥ 2); CON < 20 (data points ≥ 1); BAS < 20 (data points ≥ 1); OES: bad open answers ≥ 2; removed only when 2+ checks fail',
    );
    expect(describeThresholds({ ...DEFAULT_RULES, minFailing: 2 }, 'de')).toMatch(
      /; entfernt erst, wenn mindestens 2 Prüfungen fehlschlagen$/,
    );
    expect(describeThresholds({ ...DEFAULT_RULES, minFailing: 1 }, 'en')).not.toContain('checks fail');
  });

  it('keeps SPSS value labels beside the codes', async () => {
    const out = await runExport(
      { blobs, scoring: s },
      { ...base('xlsx', { columnNames: 'technical' }), datafileId: 'dfS', cleaning: { rules: DEFAULT_RULES } },
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await bytesOf(out.key)) as never);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const code = header.indexOf('gender') + 1,
      label = header.indexOf('gender_label') + 1;
    expect(label).toBe(code + 1);
    const raw = await readRevisionColumns(blobs, 'dfS', 1, 'raw', ['gender']);
    const names: Record<string, string> = { 1: 'weiblich', 2: 'männlich', 3: 'divers' };
    for (let i = 0; i < 5; i++) {
      const g = raw.getChild('gender')!.get(i) as number | null;
      expect(sheet.getRow(i + 2).getCell(code).value).toBe(g);
      expect(sheet.getRow(i + 2).getCell(label).value).toBe(g === null ? null : names[String(g)]);
    }
  });

  it('writes CSV with a BOM, quoting and neutralised text, and the reject list of removed interviews', async () => {
    const csv = await runExport({ blobs, scoring: s }, base('csv', { locale: 'en', columnNames: 'technical' }));
    const bytes = await bytesOf(csv.key);
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(rows).toHaveLength(ROWS);
    const at = (name: string) => header!.indexOf(name);
    rows.forEach((row, i) => {
      const comment = TRICKY[i % TRICKY.length]!;
      expect(row[at('comment')]).toBe(/^\s*[=+\-@\t＝]/.test(comment) ? `'${comment}` : comment);
      expect(row[at('decision')]).toBe(expected.kept[i] === 1 ? 'Kept' : 'Removed');
    });
    const rejects = await runExport({ blobs, scoring: s }, base('rejects'));
    expect(rejects.fileName).toBe('Tricky_Wave_1-reject-list.csv');
    const list = Papa.parse<string[]>(new TextDecoder().decode(await bytesOf(rejects.key)), {
      skipEmptyLines: true,
    }).data;
    expect(list[0]).toEqual(['record_id', 'reason_code', 'reason_codes']);
    const removedIds = Array.from(expected.kept).flatMap((k, i) =>
      k === 0 ? [`ID${String(i + 1).padStart(4, '0')}`] : [],
    );
    expect(list.slice(1).map((r) => r[0])).toEqual(removedIds);
    expect(list.find((r) => r[0] === 'ID0002')?.[1]).toBe('manual');
    for (const r of list.slice(1)) expect(REASONS).toContain(r[1]);
  });

  it('writes Arrow for scripts with types, field metadata and the decision columns', async () => {
    const out = await runExport(
      { blobs, scoring: s },
      { ...base('arrow'), datafileId: 'dfS', cleaning: { rules: DEFAULT_RULES } },
    );
    const table = tableFromIPC(await bytesOf(out.key));
    const names = table.schema.fields.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['gender', 'combined', 'kept', 'reason_code', 'reason_codes']));
    expect(JSON.parse(table.schema.fields.find((f) => f.name === 'gender')!.metadata.get('value_labels')!)).toEqual({
      1: 'weiblich',
      2: 'männlich',
      3: 'divers',
    });
    const decisions = cleanRevision(s, await readRevisionColumns(blobs, 'dfS', 1, 'scores'), DEFAULT_RULES);
    expect(Array.from(table.getChild('kept')!.toArray() as Int8Array)).toEqual(Array.from(decisions.kept));
  });

  it('writes Parquet with the same columns and decisions, read back by hyparquet (not the writer)', async () => {
    const out = await runExport(
      { blobs, scoring: s },
      { ...base('parquet'), datafileId: 'dfS', cleaning: { rules: DEFAULT_RULES } },
    );
    expect(out.contentType).toBe('application/vnd.apache.parquet');
    expect(out.fileName).toMatch(/-export\.parquet$/);
    const file = (await bytesOf(out.key)).slice().buffer;
    const rows = (await parquetReadObjects({ file })) as Record<string, unknown>[];
    const arrow = tableFromIPC(
      await bytesOf(
        (
          await runExport(
            { blobs, scoring: s },
            { ...base('arrow'), datafileId: 'dfS', cleaning: { rules: DEFAULT_RULES } },
          )
        ).key,
      ),
    );
    expect(Object.keys(rows[0]!)).toEqual(arrow.schema.fields.map((f) => f.name));
    expect(rows.map((r) => r.kept)).toEqual(Array.from(arrow.getChild('kept')!.toArray() as Int8Array));
    expect(rows.map((r) => r.combined ?? null)).toEqual(Array.from(arrow.getChild('combined')!, (v) => v ?? null));
  });

  it('refuses a datafile that was never cleaned, and an unpublished revision', async () => {
    await expect(runExport({ blobs, scoring: s }, { ...base('xlsx'), cleaning: null })).rejects.toMatchObject({
      code: 'DATAFILE_NOT_CLEANED',
    });
    await expect(runExport({ blobs, scoring: s }, { ...base('xlsx'), revision: 9 })).rejects.toMatchObject({
      code: 'SCORES_NOT_AVAILABLE',
    });
  });

  it('quota-cleans by a characteristic column before writing', async () => {
    const out = await runExport(
      { blobs, scoring: s },
      base('rejects', { cleaning: { rules: DEFAULT_RULES, quota: { column: 'segment', targets: { A: 10 } } } }),
    );
    const list = Papa.parse<string[]>(new TextDecoder().decode(await bytesOf(out.key)), {
      skipEmptyLines: true,
    }).data.slice(1);
    const scores = await readRevisionColumns(blobs, 'dfX', 1, 'scores');
    const plain = cleanRevision(s, scores, DEFAULT_RULES);
    const keptA = Array.from(plain.kept).filter((k, i) => k === 1 && i % 3 === 0).length;
    expect(keptA).toBeGreaterThan(10);
    expect(list.filter((r) => r[1] === 'quota')).toHaveLength(keptA - 10);
  });
});

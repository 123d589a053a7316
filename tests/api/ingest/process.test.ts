// processUpload end to end on the fixtures: the summary the job charges from, the published Arrow
// files (read back by column name, stamped with the scoring version), exact credits equal to the
// scoring core's, re-uploads charging only new records, the structure check, and no half-written
// revision on failure.
import { readFileSync } from 'node:fs';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processUpload, readManifest, readRevisionColumns, revisionColumnsIpc } from '../../../api/ingest/index';
import { FIELD_META, META, SCORE_COLUMNS } from '../../../api/ingest/columnar/layout';
import type { ColumnMapping } from '../../../api/ingest/types';
import { SCORING_VERSION, type Scoring } from '../../../scoring/index';
import { FIXTURE_ROWS, fixtureSurvey } from '../../fixtures/uploads/make-fixtures';
import { diskBlobStore } from '../../support/disk-blob-store';
import { scoring } from '../../support/scoring';

const blobs = diskBlobStore();
let s: Scoring;
const survey = fixtureSurvey();
const mapping: ColumnMapping = survey.mapping;
const put = async (name: string) => {
  await blobs.put(
    `uploads/${name}`,
    new Uint8Array(readFileSync(new URL(`../../fixtures/uploads/${name}`, import.meta.url))),
  );
  return `uploads/${name}`;
};
beforeAll(async () => {
  s = scoring;
});
afterAll(() => blobs.dispose());

describe('processUpload', () => {
  it('publishes raw and score columns and returns the exact credits', async () => {
    const progress: number[] = [];
    const summary = await processUpload({
      blobs,
      scoring: s,
      source: { key: await put('qualtrics-cp1252.csv'), format: 'csv' },
      options: {},
      mapping,
      datafileId: 'dfA',
      revision: 1,
      onProgress: (p) => progress.push(p),
    });
    expect(summary).toMatchObject({
      numberOfRecords: FIXTURE_ROWS,
      numberOfProjectiveQuestions: 2,
      numberOfDatapoints: 12,
      scoringVersion: SCORING_VERSION,
      source: { format: 'csv', qualtrics: true, encoding: 'windows-1252', delimiter: ';', firstDataRow: 4 },
      recordSummary: {
        totalNumberOfDataRecords: FIXTURE_ROWS,
        numberOfExcludedDataRecords: 0,
        numberOfIncludedDataRecords: FIXTURE_ROWS,
      },
    });
    expect(summary.qualityScores).toEqual(['TS', 'IBS', 'OES', 'PS', 'CS', 'IS']);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const scores = await readRevisionColumns(blobs, 'dfA', 1, 'scores');
    expect(scores.numRows).toBe(FIXTURE_ROWS);
    expect(scores.schema.metadata.get(META.scoringVersion)).toBe(SCORING_VERSION);
    expect(scores.schema.metadata.get(META.content)).toBe('scores');
    const credits = scores.getChild(SCORE_COLUMNS.credits)!.toArray() as Float64Array;
    const total = credits.reduce((a, b) => a + b, 0);
    expect(summary.credits).toEqual({ total, toCharge: total, newRecords: FIXTURE_ROWS, alreadyCharged: 0 });
    expect(Math.min(...credits)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...credits)).toBeLessThanOrEqual(10);
    for (const name of [
      'ts',
      'grid.grid1.score',
      'grid.grid2.label',
      'oes.open1.category',
      'oes.open3.duplicate_of',
      'ibs',
      'oes',
      'ps',
      'cs',
      'is',
      'sds',
      'combined',
      'data_points',
    ]) {
      expect(scores.schema.fields.map((f) => f.name)).toContain(name);
    }
    // The same numbers as scoring the columns directly with the facade (same core, same inputs).
    const raw = await readRevisionColumns(blobs, 'dfA', 1, 'raw', [
      'respid',
      'duration_total',
      'time_page1',
      'time_page2',
      'time_page3',
      'time_page4',
    ]);
    const dur = ['duration_total', 'time_page1', 'time_page2', 'time_page3', 'time_page4'].map((c) =>
      Float64Array.from(raw.getChild(c)!.toArray() as Float64Array, (v) => v ?? Number.NaN),
    );
    const direct = s.scoreAll({ rows: FIXTURE_ROWS, durations: { matrix: dur, totalIndex: 0 } });
    const ts = scores.getChild('ts')!.toArray() as Float64Array;
    expect(Array.from(ts, (v) => (v === null ? Number.NaN : v))).toEqual(Array.from(direct.ts));
  });

  it('keeps labels and value labels as field metadata, and reads selected columns as an IPC stream', async () => {
    await processUpload({
      blobs,
      scoring: s,
      source: { key: await put('survey-compressed.sav'), format: 'sav' },
      options: {},
      mapping,
      datafileId: 'dfS',
      revision: 1,
    });
    const raw = await readRevisionColumns(blobs, 'dfS', 1, 'raw', ['gender', 'open1', 'Q1_1']);
    const gender = raw.schema.fields.find((f) => f.name === 'gender')!;
    expect(JSON.parse(gender.metadata.get(FIELD_META.valueLabels)!)).toEqual({
      1: 'weiblich',
      2: 'männlich',
      3: 'divers',
    });
    expect(raw.schema.fields.find((f) => f.name === 'open1')!.metadata.get(FIELD_META.label)).toBe(
      'Was hat Ihnen an Ihrem letzten Urlaub gefallen?',
    );
    expect(raw.schema.fields.find((f) => f.name === 'Q1_1')!.metadata.get(FIELD_META.columnType)).toBe('ITEM_BATTERY');
    // The user-missing 99 of case 3 is null in storage.
    expect(raw.getChild('Q1_1')!.get(2)).toBeNull();
    const ipc = tableFromIPC(await revisionColumnsIpc(blobs, 'dfS', 1, 'scores', ['record_id', 'combined']));
    expect(ipc.schema.fields.map((f) => f.name)).toEqual(['record_id', 'combined']);
    expect(ipc.getChild('record_id')!.get(0)).toBe('R0000001');
    await expect(readRevisionColumns(blobs, 'dfS', 1, 'scores', ['nope'])).rejects.toMatchObject({
      code: 'DATAPOINT_NOT_FOUND',
      details: { column: 'nope' },
    });
  });

  it('a re-upload charges only records not charged before, and must keep the structure', async () => {
    const first = await processUpload({
      blobs,
      scoring: s,
      source: { key: await put('survey.xlsx'), format: 'xlsx' },
      options: { sheet: 'Data', headerRow: 3 },
      mapping,
      datafileId: 'dfR',
      revision: 1,
    });
    // Revision 2: the same 200 records plus 40 new ones (a longer generated survey, same seed).
    const { generateDemoSurvey } = await import('../../../api/demo/survey');
    const { surveyCsvBytes } = await import('../../../api/demo/writers');
    const longer = generateDemoSurvey({ rows: FIXTURE_ROWS + 40, seed: 11, language: 'de' });
    await blobs.put('uploads/longer.csv', await surveyCsvBytes(longer));
    const second = await processUpload({
      blobs,
      scoring: s,
      source: { key: 'uploads/longer.csv', format: 'csv' },
      options: {},
      mapping,
      datafileId: 'dfR',
      revision: 2,
      previous: { revision: 1, columns: first.columns },
    });
    const credits = (await readRevisionColumns(blobs, 'dfR', 2, 'scores', ['credits']))
      .getChild('credits')!
      .toArray() as Float64Array;
    const newOnes = credits.slice(FIXTURE_ROWS).reduce((a, b) => a + b, 0);
    expect(second.credits).toMatchObject({ toCharge: newOnes, newRecords: 40, alreadyCharged: FIXTURE_ROWS });
    expect(second.chargedRecordIds.count).toBe(FIXTURE_ROWS + 40);
    // A third upload of the same file charges nothing.
    const third = await processUpload({
      blobs,
      scoring: s,
      source: { key: 'uploads/longer.csv', format: 'csv' },
      options: {},
      mapping,
      datafileId: 'dfR',
      revision: 3,
      previous: { revision: 2, columns: second.columns },
    });
    expect(third.credits).toMatchObject({ toCharge: 0, newRecords: 0 });
    expect(third.chargedRecordIds.digest).toBe(second.chargedRecordIds.digest);

    await blobs.put('uploads/other.csv', new TextEncoder().encode('respid,x\nR1,1\n'));
    await expect(
      processUpload({
        blobs,
        scoring: s,
        source: { key: 'uploads/other.csv', format: 'csv' },
        options: {},
        mapping,
        datafileId: 'dfR',
        revision: 4,
        previous: { revision: 3, columns: third.columns },
      }),
    ).rejects.toMatchObject({
      code: 'DATAFILE_STRUCTURE_IS_DIFFERENT',
      details: { reason: 'COLUMNS_MISSING', column: 'duration_total' },
    });
    expect(await blobs.keys('datafiles/dfR/4/')).toEqual([]);
  });

  it('leaves nothing behind when validation fails mid-file, and a dry run writes nothing', async () => {
    const bad = {
      dataPoints: mapping.dataPoints.map((d) =>
        d.type === 'GROUPING' ? { type: 'VOTE' as const, column: d.column } : d,
      ),
    };
    await expect(
      processUpload({
        blobs,
        scoring: s,
        source: { key: await put('plain-tab.csv'), format: 'csv' },
        options: {},
        mapping: bad,
        datafileId: 'dfF',
        revision: 1,
      }),
    ).rejects.toMatchObject({ code: 'VOTE_COLUMN_NOT_NUMERIC', details: { column: 'region' } });
    expect(await blobs.keys('datafiles/dfF/')).toEqual([]);
    expect(await readManifest(blobs, 'dfF', 1)).toBeNull();
    const estimate = await processUpload({
      blobs,
      scoring: s,
      source: { key: await put('plain-tab.csv'), format: 'csv' },
      options: {},
      mapping,
      datafileId: 'dfD',
      revision: 1,
      dryRun: true,
    });
    expect(estimate.credits.total).toBeGreaterThanOrEqual(4 * FIXTURE_ROWS);
    expect(await blobs.keys('datafiles/dfD/')).toEqual([]);
  });

  it('clears a half-written revision left by a crashed attempt before writing again', async () => {
    await blobs.put('datafiles/dfC/1/raw.arrow', new Uint8Array([1, 2, 3]));
    expect(await readManifest(blobs, 'dfC', 1)).toBeNull();
    await expect(readRevisionColumns(blobs, 'dfC', 1, 'raw')).rejects.toMatchObject({ code: 'SCORES_NOT_AVAILABLE' });
    await processUpload({
      blobs,
      scoring: s,
      source: { key: await put('plain-tab.csv'), format: 'csv' },
      options: {},
      mapping,
      datafileId: 'dfC',
      revision: 1,
    });
    expect((await readRevisionColumns(blobs, 'dfC', 1, 'raw', ['respid'])).numRows).toBe(FIXTURE_ROWS);
  });
});

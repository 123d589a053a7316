// Demo data for the seed: a generated survey with planted careless respondents goes through the
// real pipeline, and the planted ones score lower than the careful ones.
import { afterAll, describe, expect, it } from 'vitest';
import { processUpload, readRevisionColumns } from '../../../api/ingest/index';
import { generateDemoSurvey, surveyXlsxBytes } from '../../../api/demo/index';
import { diskBlobStore } from '../../support/disk-blob-store';
import { scoring } from '../../support/scoring';

const blobs = diskBlobStore();
afterAll(() => blobs.dispose());

describe('demo surveys', () => {
  it('score the planted speeders, straightliners and gibberish writers lower', async () => {
    const survey = generateDemoSurvey({ rows: 600, seed: 21 });
    expect(survey.header).toHaveLength(50);
    await blobs.put('uploads/demo.xlsx', await surveyXlsxBytes(survey));
    const summary = await processUpload({
      blobs,
      scoring,
      source: { key: 'uploads/demo.xlsx', format: 'xlsx' },
      options: {},
      mapping: survey.mapping,
      datafileId: 'demo',
      revision: 1,
    });
    expect(summary.numberOfRecords).toBe(600);
    const table = await readRevisionColumns(blobs, 'demo', 1, 'scores', ['combined', 'ts', 'ibs', 'oes', 'con']);
    const mean = (col: string, kind: (k: string) => boolean) => {
      const v = table.getChild(col)!.toArray() as Float64Array;
      const xs = survey.kinds.map((k, i) => (kind(k) ? v[i]! : Number.NaN)).filter((x) => x === x);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    const careful = mean('combined', (k) => k === 'careful');
    expect(mean('ts', (k) => k === 'speeder')).toBeLessThan(mean('ts', (k) => k === 'careful') - 30);
    expect(mean('ibs', (k) => k === 'straightliner')).toBeLessThan(mean('ibs', (k) => k === 'careful') - 30);
    expect(mean('oes', (k) => k === 'gibberish')).toBeLessThan(mean('oes', (k) => k === 'careful') - 30);
    expect(mean('combined', (k) => k !== 'careful')).toBeLessThan(careful - 10);
    // The consistency score is stored with the revision (the cleaning rule 'con' reads it) and
    // catches the random answerers the other scores let pass.
    expect(mean('con', (k) => k === 'random')).toBeLessThan(mean('con', (k) => k === 'careful') - 30);
  });
});

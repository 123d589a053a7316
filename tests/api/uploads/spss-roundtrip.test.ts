// An SPSS file to READY and back out of the revision: a variable whose name is Hebrew (only in the
// long-name record), variable and value labels, DATE and DATETIME variables, a user-missing code, a
// case whose every value is missing, no ID variable (the row number is the record ID) and a 5-item
// grid; uploaded with the suggestions unchanged. The stored columns carry the names, labels, ISO
// dates and the empty case (the real SPSS files of tests/fixtures/real-files are read against PSPP
// in real-files-readers.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readRevisionColumns, spssSeconds, writeSav, type SavVariable } from '../../../api/ingest/index';
import { createTestApp, type TestApp } from '../../support/test-app';
import { runJobs, UPLOAD_QUERIES as Q, uploadThrough, uploadWorld, type UploadWorld } from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
});
afterAll(() => t.close());

const AGREE = { 1: 'trifft nicht zu', 5: 'trifft voll zu', 9: 'keine Angabe' };
const VARIABLES: SavVariable[] = [
  { name: 'ותק_ב', type: 'number', label: 'Betriebszugehörigkeit (Jahre)', valueLabels: { 0: 'unter einem Jahr' } },
  { name: 'interview_date', type: 'number', dateFormat: 'date', label: 'Datum des Interviews' },
  { name: 'started', type: 'number', dateFormat: 'datetime' },
  ...[1, 2, 3, 4, 5].map((i): SavVariable => ({
    name: `Q1_${i}`,
    type: 'number',
    label: `Zufriedenheit ${i}`,
    valueLabels: AGREE,
    missing: [9],
  })),
  { name: 'kommentar', type: 'string', width: 40 },
];
const EMPTY_CASE = 7;
const rows = Array.from({ length: 40 }, (_, i) => {
  if (i + 1 === EMPTY_CASE) return VARIABLES.map(() => null);
  const day = `2024-03-${String(1 + (i % 28)).padStart(2, '0')}`;
  return [
    i % 12,
    spssSeconds(day),
    spssSeconds(`${day}T10:${String(i).padStart(2, '0')}:05Z`),
    ...[1, 2, 3, 4, 5].map((k) => (i === 2 ? 9 : 1 + ((i + k * (i % 3)) % 5))),
    `Antwort ${i + 1}`,
  ];
});

it('round-trips names, labels, dates, missing values and a case without any value', async () => {
  const bytes = writeSav(VARIABLES, rows);
  const { datafileId, estimate } = await uploadThrough(t, w.tokens.admin, w.A, 'mitarbeiter.sav', bytes);
  // Every case is a record, the empty one too.
  expect(estimate.numberOfRecords).toBe(40);
  const drafted = (await t.gql(Q.drafted, { id: datafileId }, { token: w.tokens.admin })).body.data.getDraftedDatafile;
  expect(drafted.datapointsMetadata).toContainEqual(
    expect.objectContaining({ dataPointType: 'RECORD_ID', isRowNumber: true, columns: [] }),
  );
  expect(drafted.datapointsMetadata).toContainEqual(
    expect.objectContaining({ dataPointType: 'ITEM_BATTERY', columns: ['Q1_1', 'Q1_2', 'Q1_3', 'Q1_4', 'Q1_5'] }),
  );
  await runJobs(t);
  const raw = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'raw');
  const names = raw.schema.fields.map((f) => f.name);
  expect(names).toEqual(['__source_row', ...VARIABLES.map((v) => v.name)]);
  const hebrew = raw.schema.fields[1]!;
  expect(hebrew.metadata.get('label')).toBe('Betriebszugehörigkeit (Jahre)');
  expect(JSON.parse(hebrew.metadata.get('value_labels')!)).toEqual({ '0': 'unter einem Jahr' });
  expect(JSON.parse(raw.schema.fields[4]!.metadata.get('value_labels')!)).toMatchObject({ '1': 'trifft nicht zu' });
  const col = (name: string) => raw.getChild(name)!;
  expect(col('interview_date').get(0)).toBe('2024-03-01');
  expect(col('started').get(1)).toBe('2024-03-02T10:01:05.000Z');
  // The user-missing code 9 is missing, not an answer.
  expect(col('Q1_1').get(2)).toBeNull();
  // Case 7 (row 8: the names are row 1) is there, every value missing; its record ID is its row number.
  const sourceRows = [...(col('__source_row').toArray() as Int32Array)];
  const k = sourceRows.indexOf(EMPTY_CASE + 1);
  expect(k).toBe(EMPTY_CASE - 1);
  for (const v of VARIABLES) expect(col(v.name).get(k), v.name).toBeNull();
  const scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores', ['record_id']);
  expect(scores.getChild('record_id')!.get(k)).toBe(String(EMPTY_CASE + 1));
});

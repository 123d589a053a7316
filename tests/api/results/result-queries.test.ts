// The result page's queries on a datafile uploaded through the real pipeline (the binary columns route:
// columns-route.test.ts): every number the calls give must be what the upload stored in scores.arrow and the row.
import type { Table } from 'apache-arrow';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRevisionColumns } from '../../../api/ingest/index';
import { DEFAULT_WEIGHTS, SCORING_VERSION } from '../../../scoring/index';
import { FIXTURE_ROWS } from '../../fixtures/uploads/make-fixtures';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { processedSurvey, uploadWorld, type UploadWorld } from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
let datafileId: string;
let scores: Table;

const FULL = `query($id:ID!){getDatafile(datafileId:$id){id title status importType certificateLevel cost numberOfRecords numberOfCleanedRecords isCleaned meanCombinedScore
  revision scoringVersion qualityScores scoreColumns rawColumns owner{id name} uploadedBy{id name date} company{id name} createdDate
  metadata{dataRecordIdColumn headerRow dataRecordStartRow missingValues sheetName sourceFormat}
  weightingMethod{datafileWeighting{key value name} projectiveQuestionsWeighting{dataPointIdentifier algorithms apply}}
  dataPoints{dataPointIdentifier dataPointType columns questionTitle algorithms{TS IBS OES PS CS IS SDS}}}}`;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
  const survey = await processedSurvey(t, w);
  expect(survey.jobs).toBe(1);
  datafileId = survey.datafileId;
  scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores');
});
afterAll(() => t.close());

const column = (name: string) => Array.from(scores.getChild(name)!.toArray() as Float64Array);
const q = (query: string, vars: Record<string, unknown>, token = w.tokens.admin) => t.gql(query, vars, { token });

describe('the result page queries read what the upload stored', () => {
  it('getDatafile: header, columns of the revision, data points, weighting', async () => {
    const res = await q(FULL, { id: datafileId });
    expect(res.body.errors).toBeUndefined();
    const d = res.body.data.getDatafile;
    const combined = column('combined').filter((v) => !Number.isNaN(v));
    expect(d).toMatchObject({
      id: datafileId,
      title: 'Ergebnisse',
      status: 'READY',
      importType: 'MANUAL',
      revision: 1,
      scoringVersion: SCORING_VERSION,
      numberOfRecords: scores.numRows,
      isCleaned: false,
      owner: { id: w.admin.id },
      uploadedBy: { id: w.admin.id },
      company: { id: w.A },
      metadata: { sheetName: 'Data', headerRow: 3, dataRecordStartRow: 4, sourceFormat: 'xlsx' },
    });
    expect(d.meanCombinedScore).toBeCloseTo(combined.reduce((a, b) => a + b, 0) / combined.length, 9);
    expect(d.scoreColumns).toEqual(scores.schema.fields.map((f) => f.name));
    expect(d.rawColumns).toEqual(
      (await readRevisionColumns(t.deps.blobs, datafileId, 1, 'raw')).schema.fields.map((f) => f.name),
    );
    const [charged] = await t.db.all<{ credits: number }>(
      sql`select sum(credits) as credits from datafile_charges where datafile_id = ${datafileId}`,
    );
    expect(d.cost).toBe(Number(charged!.credits));
    expect(d.cost).toBe(column('credits').reduce((a, b) => a + b, 0));
    // Every stored score kind with a value is listed.
    for (const [kind, name] of [
      ['TS', 'ts'],
      ['IBS', 'ibs'],
      ['OES', 'oes'],
      ['PS', 'ps'],
    ] as const) {
      expect(d.qualityScores.includes(kind)).toBe(column(name).some((v) => !Number.isNaN(v)));
    }
    expect(
      d.dataPoints
        .filter((p: any) => p.dataPointType === 'OPEN_ENDED')
        .every((p: any) => scores.getChild(`oes.${p.columns[0]}.category`)),
    ).toBe(true);
    expect(d.weightingMethod.datafileWeighting).toEqual(
      expect.arrayContaining([{ key: 'oes', value: DEFAULT_WEIGHTS.oes, name: 'Open-ended score' }]),
    );
    expect(d.weightingMethod.projectiveQuestionsWeighting).toHaveLength(2);
  });

  it('getDatafileMetadata, getNumberOfDatarecords and the record summary count the stored interviews', async () => {
    const valid = column('combined').filter((v) => !Number.isNaN(v)).length;
    const res = await q(
      `query($id:ID!){m:getDatafileMetadata(datafileId:$id,isCleaned:false){numberOfRecords numberOfValidRecords numberOfInvalidRecords numberOfProjectiveQuestions numberOfQualityScores qualityScores cost title isCleaned createdBy{id}}
      n:getNumberOfDatarecords(datafileId:$id) s:getDataRecordSummaryForDatafile(datafileId:$id){totalNumberOfDataRecords numberOfDataRecordsWithValidScore numberOfDataRecordsWithInvalidScore numberOfExcludedDataRecords numberOfIncludedDataRecords}}`,
      { id: datafileId },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({
      m: expect.objectContaining({
        numberOfRecords: FIXTURE_ROWS,
        numberOfValidRecords: valid,
        numberOfInvalidRecords: FIXTURE_ROWS - valid,
        numberOfProjectiveQuestions: 2,
        title: 'Ergebnisse',
        isCleaned: false,
        createdBy: { id: w.admin.id },
      }),
      n: scores.numRows,
      s: {
        totalNumberOfDataRecords: FIXTURE_ROWS,
        numberOfDataRecordsWithValidScore: valid,
        numberOfDataRecordsWithInvalidScore: FIXTURE_ROWS - valid,
        numberOfExcludedDataRecords: 0,
        numberOfIncludedDataRecords: FIXTURE_ROWS,
      },
    });
  });

  it('the cleaned view is refused before a cleaning and counts the kept records after one', async () => {
    const ask = `query($id:ID!){m:getDatafileMetadata(datafileId:$id,isCleaned:true){numberOfRecords numberOfValidRecords} n:getNumberOfDatarecords(datafileId:$id,isCleaned:true)}`;
    expect(codeOf(await q(ask, { id: datafileId }))).toBe('DATAFILE_NOT_CLEANED');
    await t.db.run(sql`update datafiles set is_cleaned = 1, number_of_cleaned_records = 17 where id = ${datafileId}`);
    try {
      const res = await q(ask, { id: datafileId });
      expect(res.body.data).toMatchObject({ m: { numberOfRecords: 17 }, n: 17 });
    } finally {
      await t.db.run(sql`update datafiles set is_cleaned = 0, number_of_cleaned_records = 0 where id = ${datafileId}`);
    }
  });

  it('getAlgorithmsInDatafile and getProjectiveQuestions follow the published data points', async () => {
    const res = await q(
      `query($id:ID!){a:getAlgorithmsInDatafile(datafileId:$id) p:getProjectiveQuestions(datafileId:$id){dataPointIdentifier dataPointType columns algorithms{PS CS IS SDS}} wm:getDatafileWeightingMethod(datafileId:$id){projectiveQuestionsWeighting{dataPointIdentifier apply}}}`,
      { id: datafileId },
    );
    expect(res.body.errors).toBeUndefined();
    const { a, p, wm } = res.body.data;
    expect(a).toEqual(expect.arrayContaining(['TS', 'IBS', 'OES', 'PS']));
    expect(p).toHaveLength(2);
    expect(p.every((x: any) => x.dataPointType === 'PROJECTIVE')).toBe(true);
    expect(wm.projectiveQuestionsWeighting.map((x: any) => x.dataPointIdentifier)).toEqual(
      p.map((x: any) => x.dataPointIdentifier),
    );
    // PS is listed exactly when a projective question feeds it and the stored ps column has values.
    expect(column('ps').some((v) => !Number.isNaN(v))).toBe(p.some((x: any) => x.algorithms.PS));
  });

  it('another organisation and an employee it is not shared with get NO_DATAFILE_FOUND, like a missing id', async () => {
    for (const token of [w.tokens.adminB, w.tokens.employee]) {
      for (const op of [
        'getDatafile(datafileId:$id){id}',
        'getDatafileMetadata(datafileId:$id){title}',
        'getNumberOfDatarecords(datafileId:$id)',
        'getProjectiveQuestions(datafileId:$id){columns}',
      ]) {
        expect(codeOf(await q(`query($id:ID!){${op}}`, { id: datafileId }, token))).toBe('NO_DATAFILE_FOUND');
        expect(codeOf(await q(`query($id:ID!){${op}}`, { id: crypto.randomUUID() }, token))).toBe('NO_DATAFILE_FOUND');
      }
    }
    // Shared with the employee: now it is theirs to read.
    await t.db.run(
      sql`insert into datafile_contributors (datafile_id, user_id, created_at) values (${datafileId}, ${w.employee.id}, ${t.clock.now().toISOString()})`,
    );
    try {
      expect(
        (await q('query($id:ID!){getDatafile(datafileId:$id){id}}', { id: datafileId }, w.tokens.employee)).body.data
          .getDatafile.id,
      ).toBe(datafileId);
    } finally {
      await t.db.run(sql`delete from datafile_contributors where datafile_id = ${datafileId}`);
    }
  });
});

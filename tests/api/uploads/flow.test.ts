// The upload path through the API, as the browser walks it: signed PUT, getSheetNames,
// createDraftDatafile, the preview, saving the columns (check job), confirmation, the upload job;
// the datafile ends READY with its metadata, its scores stored, charged once, and the uploader
// notified. One test per format, then what the steps show on the way.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, readRevisionColumns } from '../../../api/ingest/index';
import { SCORING_VERSION } from '../../../scoring/index';
import { FIXTURE_ROWS } from '../../fixtures/uploads/make-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  createDraft,
  fixture,
  ledgerOf,
  putFile,
  runJobs,
  saveSuggested,
  UPLOAD_QUERIES as Q,
  uploadThrough,
  uploadWorld,
  type UploadWorld,
} from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
});
afterAll(() => t.close());

const notificationsOf = (userId: string) =>
  t.db.all<{ type: string; title: string; description: string; url: string }>(
    sql`select type, title, description, url from notifications where user_id = ${userId} order by created_at, rowid`,
  );

describe('an upload from the file to scored, charged interviews', () => {
  it.each([
    ['survey.xlsx', { sheetName: 'Data', headerRow: 3, dataRecordStartRow: 4 }],
    ['qualtrics-utf8-bom.csv', { headerRow: 1, dataRecordStartRow: 4 }],
    ['survey-compressed.sav', {}],
  ])('%s', async (name, step) => {
    const before = await ledgerOf(t, w.A);
    const { datafileId, estimate } = await uploadThrough(t, w.tokens.admin, w.A, name, fixture(name), {
      title: `Reisestudie ${name}`,
      ...step,
    });
    expect(estimate).toMatchObject({ numberOfRecords: FIXTURE_ROWS, newRecords: FIXTURE_ROWS });
    const processing = await t.gql(Q.progress, { id: datafileId }, { token: w.tokens.admin });
    expect(processing.body.data.getDatafileUploadingProgress).toMatchObject({
      status: 'PROCESSING',
      upload: { status: 'PROCESSING', revision: 1 },
    });

    expect(await runJobs(t)).toBe(1);
    const done = (await t.gql(Q.progress, { id: datafileId }, { token: w.tokens.admin })).body.data
      .getDatafileUploadingProgress;
    expect(done).toMatchObject({
      status: 'READY',
      upload: {
        kind: 'UPLOAD',
        status: 'READY',
        progress: 100,
        revision: 1,
        numberOfRecords: FIXTURE_ROWS,
        chargedRecords: FIXTURE_ROWS,
        creditsCharged: estimate.creditAmount,
      },
      metadata: {
        numberOfRecords: FIXTURE_ROWS,
        cost: estimate.creditAmount,
        revision: 1,
        scoringVersion: SCORING_VERSION,
        numberOfProjectiveQuestions: 2,
      },
      recordSummary: {
        totalNumberOfDataRecords: FIXTURE_ROWS,
        numberOfExcludedDataRecords: 0,
        numberOfIncludedDataRecords: FIXTURE_ROWS,
      },
    });
    expect(done.metadata.numberOfValidRecords + done.metadata.numberOfInvalidRecords).toBe(FIXTURE_ROWS);
    expect(done.metadata.qualityScores).toEqual(expect.arrayContaining(['TS', 'IBS', 'OES', 'PS']));

    // Charged exactly the estimate, once, under the revision's key.
    const after = await ledgerOf(t, w.A);
    expect(after.used - before.used).toBe(estimate.creditAmount);
    expect(after.charges - before.charges).toBe(1);
    const [charge] = await t.db.all<{ idempotency_key: string; interviews: number; kind: string }>(
      sql`select idempotency_key, interviews, kind from datafile_charges where datafile_id = ${datafileId}`,
    );
    expect(charge).toEqual({ idempotency_key: `upload:${datafileId}:1`, interviews: FIXTURE_ROWS, kind: 'UPLOAD' });

    // The scores are stored as the revision's columns, stamped with the scoring version.
    const manifest = await readManifest(t.deps.blobs, datafileId, 1);
    expect(manifest).toMatchObject({ rows: FIXTURE_ROWS, scoringVersion: SCORING_VERSION });
    const scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores', ['credits', 'combined']);
    const credits = scores.getChild('credits')!.toArray() as Float64Array;
    expect(credits.reduce((a, b) => a + b, 0)).toBe(estimate.creditAmount);

    // The uploader (de) is told, with a link to the result page.
    const notes = await notificationsOf(w.admin.id);
    expect(notes.at(-1)).toMatchObject({
      type: 'UPLOAD_FINISHED',
      title: 'Upload abgeschlossen',
      url: `/datafile-result?datafileId=${datafileId}`,
    });
    expect(notes.at(-1)!.description).toContain('200 Interviews');
  });
});

describe('what the steps show', () => {
  it('step 1 lists the sheets of an xlsx and none of a csv', async () => {
    const key = await putFile(t, w.tokens.employee, w.A, 'survey.xlsx', fixture('survey.xlsx'));
    expect((await t.gql(Q.sheets, { k: key, c: w.A }, { token: w.tokens.employee })).body.data.getSheetNames).toEqual([
      'Info',
      'Data',
    ]);
    const csv = await putFile(t, w.tokens.employee, w.A, 'plain.csv', fixture('plain-tab.csv'));
    expect((await t.gql(Q.sheets, { k: csv, c: w.A }, { token: w.tokens.employee })).body.data.getSheetNames).toEqual(
      [],
    );
  });

  it('step 2 previews the first rows with SPSS labels and suggested types, and resumes a draft with its saved columns', async () => {
    const key = await putFile(t, w.tokens.employee, w.A, 'survey.sav', fixture('survey-uncompressed.sav'));
    const draft = await createDraft(t, w.tokens.employee, key, { title: 'SPSS draft' });
    const id = draft.body.data.createDraftDatafile.datafileId;
    const preview = (await t.gql(Q.preview, { id }, { token: w.tokens.employee })).body.data.getUploadPreview;
    expect(preview.source).toMatchObject({ format: 'SAV', headerRow: 1, dataRecordStartRow: 2 });
    expect(preview.rows).toHaveLength(20);
    const gender = preview.columns.find((c: any) => c.name === 'gender');
    expect(gender.valueLabels).toEqual(expect.arrayContaining([{ value: '1', label: 'weiblich' }]));
    expect(preview.columns.find((c: any) => c.name === 'respid').suggestedType).toBe('RECORD_ID');
    // SPSS user-missing 99 in Q1_1 of the third interview shows as a missing cell.
    const q11 = preview.columns.findIndex((c: any) => c.name === 'Q1_1');
    expect(preview.rows[2].missing).toContain(q11);
    const types = new Set(preview.suggestedColumns.map((c: any) => c.dataPointType));
    for (const type of ['RECORD_ID', 'DURATION', 'ITEM_BATTERY', 'OPEN_ENDED', 'PROJECTIVE'])
      expect(types.has(type), type).toBe(true);

    const check = await saveSuggested(t, w.tokens.employee, id);
    expect(check.state).toBe('DONE');
    const drafted = (await t.gql(Q.drafted, { id }, { token: w.tokens.employee })).body.data.getDraftedDatafile;
    expect(drafted).toMatchObject({
      name: 'SPSS draft',
      status: 'DRAFT',
      revision: 0,
      upload: { kind: 'UPLOAD', status: 'DRAFT', format: 'SAV', missingValues: ['-999'] },
    });
    expect(drafted.datapointsMetadata.map((d: any) => d.dataPointIdentifier)).toEqual(
      preview.suggestedColumns.map((d: any) => d.dataPointIdentifier),
    );
    const grid = drafted.datapointsMetadata.find((d: any) => d.dataPointType === 'ITEM_BATTERY');
    expect(grid.algorithms).toEqual({ IS: false, PS: false, SDS: false, TS: false, IBS: true, CS: false, OES: false });
    expect(grid.columns.length).toBeGreaterThanOrEqual(7);
  });

  it("the check names every problem with its column in the caller's language, and step 3 cannot be confirmed until it is fixed", async () => {
    const key = await putFile(t, w.tokens.admin, w.A, 'survey.xlsx', fixture('survey.xlsx'));
    const id = (
      await createDraft(t, w.tokens.admin, key, {
        title: 'Broken grid',
        sheetName: 'Data',
        headerRow: 3,
        dataRecordStartRow: 4,
      })
    ).body.data.createDraftDatafile.datafileId;
    const check = await saveSuggested(t, w.tokens.admin, id, (cols) =>
      cols.map((c) => (c.dataPointType === 'ITEM_BATTERY' ? { ...c, columns: c.columns.slice(0, 4) } : c)),
    );
    expect(check.state).toBe('DONE');
    expect(check.estimate).toBeNull();
    expect(check.issues[0]).toMatchObject({ code: 'ITEM_BATTERY_UNDER_MINIMUM_ITEMS', reason: 'GRID_TOO_FEW_ITEMS' });
    // A grid is called a grid, and the message says what to do.
    expect(check.issues[0].message).toMatch(
      /^Die Matrixfrage „.+“ hat 4 Items; eine Matrixfrage braucht mindestens 5 /,
    );
    const en = await t.gql(Q.check, { id }, { token: w.tokens.admin, headers: { 'accept-language': 'en' } });
    expect(en.body.data.getUploadCheck.issues[0].message).toMatch(
      /^Grid “.+” has 4 items; a grid needs at least 5 .*: add its other items, merge it with a grid on the same scale/,
    );
    const confirm = await t.gql(Q.confirm, { id, c: 0, s: 'PROCESSING' }, { token: w.tokens.admin });
    expect(confirm.body.errors?.[0]?.extensions).toMatchObject({
      code: 'INVALID_PARAMETERS',
      reason: 'CHECK_FOUND_PROBLEMS',
    });
  });
});

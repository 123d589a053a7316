// Every rule of the upload steps on the server: whatever the
// browser sends, step 1's name, file, sheet and rows, step 2's data points, step 3's confirmation,
// who may see and change which datafile, and the processing job's refusal when the credits ran out
// after the confirmation.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDatafile } from '../../../api/modules/credits/ledger.service';
import { createTestApp, codeOf, type TestApp } from '../../support/test-app';
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

const csv = (text: string) => new TextEncoder().encode(text);
const XLSX = { sheetName: 'Data', headerRow: 3, dataRecordStartRow: 4 };

describe('step 1', () => {
  it('needs a name of at most 100 characters, a file, a header row and a first data row after it', async () => {
    const key = await putFile(t, w.tokens.admin, w.A, 'survey.xlsx', fixture('survey.xlsx'));
    const untitled = await createDraft(t, w.tokens.admin, key, { ...XLSX, title: '  ' });
    expect(codeOf(untitled)).toBe('INCOMPLETE_INPUT:FIELD_REQUIRED');
    // The refusal names the field, in the caller's language.
    expect(untitled.body.errors![0]!.message).toBe('Bitte füllen Sie „title“ aus.');
    const long = await createDraft(t, w.tokens.admin, key, { ...XLSX, title: 'x'.repeat(101) });
    expect(codeOf(long)).toBe('INVALID_PARAMETERS:TOO_LONG');
    expect(
      codeOf(
        await t.gql(
          Q.draft,
          { i: { title: 'No file', headerRow: 1, dataRecordStartRow: 2 } },
          { token: w.tokens.admin },
        ),
      ),
    ).toBe('INCOMPLETE_INPUT:FIELD_REQUIRED');
    expect(codeOf(await createDraft(t, w.tokens.admin, key, { ...XLSX, headerRow: 0 }))).toBe(
      'INVALID_PARAMETERS:ROW_NUMBER',
    );
    const rows = await createDraft(t, w.tokens.admin, key, { ...XLSX, headerRow: 3, dataRecordStartRow: 3 });
    expect(codeOf(rows)).toBe('INVALID_PARAMETERS:FIRST_DATA_ROW_NOT_AFTER_HEADER_ROW');
    expect(rows.body.errors![0]!.message).toBe(
      'Die erste Datenzeile (3) muss nach der Kopfzeile (3) kommen: Geben Sie eine größere erste Datenzeile an.',
    );
    expect(
      codeOf(
        await createDraft(t, w.tokens.admin, key, {
          ...XLSX,
          missingValues: Array.from({ length: 21 }, (_, i) => String(i)),
        }),
      ),
    ).toBe('INVALID_PARAMETERS:MISSING_VALUE_CODES');
    expect(await t.db.all(sql`select id from datafiles where company_id = ${w.A} and title like 'x%'`)).toEqual([]);
  });

  it('needs a sheet of the workbook, and unique, non-empty header names', async () => {
    const key = await putFile(t, w.tokens.admin, w.A, 'survey.xlsx', fixture('survey.xlsx'));
    expect(codeOf(await createDraft(t, w.tokens.admin, key, { headerRow: 3, dataRecordStartRow: 4 }))).toBe(
      'SHEET_NOT_FOUND:SHEET_REQUIRED',
    );
    const missing = await createDraft(t, w.tokens.admin, key, { ...XLSX, sheetName: 'Daten' });
    expect(codeOf(missing)).toBe('SHEET_NOT_FOUND:SHEET_MISSING');
    expect(missing.body.errors![0]!.message).toContain('„Daten“');
    // Names that repeat are the check's refusal: step 2 shows the rows, so another header row can be chosen there.
    const dup = await putFile(t, w.tokens.admin, w.A, 'dup.csv', csv('id;q;q\n1;2;3\n'));
    const draft = await createDraft(t, w.tokens.admin, dup, {});
    const id = draft.body.data.createDraftDatafile.datafileId;
    const preview = (await t.gql(Q.preview, { id }, { token: w.tokens.admin })).body.data.getUploadPreview;
    expect(preview.readingIssues).toEqual([
      expect.objectContaining({ code: 'HEADER_ROW_HAS_DUPLICATES', reason: 'DUPLICATE_HEADER_NAME', column: 'q' }),
    ]);
    const check = await saveSuggested(t, w.tokens.admin, id);
    expect(check.issues[0]).toMatchObject({ code: 'HEADER_ROW_HAS_DUPLICATES', column: 'q', rows: [1] });
  });

  it('finds the rows left out in the file, and refuses a file without a record below its header', async () => {
    const key = await putFile(t, w.tokens.admin, w.A, 'survey.xlsx', fixture('survey.xlsx'));
    const found = await t.gql(
      Q.draft,
      { i: { title: 'Rows found', datafileKey: key, sheetName: 'Data' } },
      { token: w.tokens.admin },
    );
    const id = found.body.data.createDraftDatafile.datafileId;
    const drafted = (await t.gql(Q.drafted, { id }, { token: w.tokens.admin })).body.data.getDraftedDatafile;
    // The data sheet has title rows above its header (row 3).
    expect(drafted.upload).toMatchObject({ headerRow: 3, dataRecordStartRow: 4 });
    const headerOnly = await putFile(t, w.tokens.admin, w.A, 'header.csv', csv('id,q1,q2\n'));
    const refused = await t.gql(
      Q.draft,
      { i: { title: 'Only a header', datafileKey: headerOnly } },
      { token: w.tokens.admin, headers: { 'accept-language': 'en' } },
    );
    expect(codeOf(refused)).toBe('NO_RECORDS_FOUND:NO_DATA_ROWS');
    expect(refused.body.errors![0]!.message).toMatch(/^There is no interview below the header row/);
    const last = await createDraft(t, w.tokens.admin, key, { ...XLSX, lastDataRow: 3 } as never);
    expect(codeOf(last)).toBe('INVALID_PARAMETERS:LAST_DATA_ROW_BEFORE_FIRST');
  });

  it('takes only files issued to the caller for that organisation, stored, of a known type, for one draft', async () => {
    expect(codeOf(await t.gql(Q.url, { f: 'survey.xls', c: w.A }, { token: w.tokens.admin }))).toBe(
      'UPLOAD_FILE_TYPE_MISMATCH:UNSUPPORTED_FILE_TYPE',
    );
    expect(codeOf(await t.gql(Q.url, { f: 'survey.xlsx', c: w.B }, { token: w.tokens.admin }))).toBe(
      'COMPANY_NOT_FOUND',
    );
    const url = await t.gql(Q.url, { f: 'survey.csv', c: w.A }, { token: w.tokens.admin });
    const notPut = url.body.data.getDatafileUploadURL.datafileKey;
    expect(codeOf(await createDraft(t, w.tokens.admin, notPut, {}))).toBe('FILE_DOWNLOAD_FAILED:UPLOAD_NOT_STORED');
    const mine = await putFile(t, w.tokens.employee, w.A, 'plain.csv', fixture('plain-tab.csv'));
    expect(codeOf(await createDraft(t, w.tokens.employee2, mine, {}))).toBe('INVALID_ID:NOT_AN_UPLOAD_FILE');
    expect(codeOf(await t.gql(Q.sheets, { k: mine, c: w.A }, { token: w.tokens.employee2 }))).toBe(
      'INVALID_ID:NOT_AN_UPLOAD_FILE',
    );
    expect(codeOf(await t.gql(Q.sheets, { k: mine, c: w.B }, { token: w.tokens.adminB }))).toBe(
      'INVALID_ID:NOT_AN_UPLOAD_FILE',
    );
    expect(codeOf(await t.gql(Q.sheets, { k: '../../etc/passwd', c: w.A }, { token: w.tokens.employee }))).toBe(
      'INVALID_ID:NOT_AN_UPLOAD_FILE',
    );
    expect(codeOf(await createDraft(t, w.tokens.employee, mine, {}))).toBeUndefined();
    expect(codeOf(await createDraft(t, w.tokens.employee, mine, {}))).toBe('FILEKEY_ALREADY_EXISTS');
  });

  it('resumes a draft: changing its file or rows starts step 2 over', async () => {
    const key = await putFile(t, w.tokens.employee, w.A, 'plain.csv', fixture('plain-tab.csv'));
    const id = (await createDraft(t, w.tokens.employee, key, { title: 'Resume me' })).body.data.createDraftDatafile
      .datafileId;
    await saveSuggested(t, w.tokens.employee, id);
    const same = await t.gql(
      Q.draft,
      {
        i: {
          datafileId: id,
          title: 'Resumed',
          datafileKey: key,
          fileName: 'plain.csv',
          headerRow: 1,
          dataRecordStartRow: 2,
        },
      },
      { token: w.tokens.employee },
    );
    expect(same.body.data.createDraftDatafile.datafileId).toBe(id);
    let drafted = (await t.gql(Q.drafted, { id }, { token: w.tokens.employee })).body.data.getDraftedDatafile;
    expect(drafted.name).toBe('Resumed');
    expect(drafted.datapointsMetadata.length).toBeGreaterThan(5);
    const other = await putFile(t, w.tokens.employee, w.A, 'plain2.csv', fixture('qualtrics-utf8-bom.csv'));
    await t.gql(
      Q.draft,
      { i: { datafileId: id, datafileKey: other, fileName: 'plain2.csv', headerRow: 1, dataRecordStartRow: 4 } },
      { token: w.tokens.employee },
    );
    drafted = (await t.gql(Q.drafted, { id }, { token: w.tokens.employee })).body.data.getDraftedDatafile;
    expect(drafted).toMatchObject({
      name: 'Resumed',
      upload: { datafileKey: other, dataRecordStartRow: 4 },
      datapointsMetadata: [],
    });
    // The first file is not kept once the draft holds another.
    expect(await t.deps.blobs.stat(key)).toBeNull();
  });
});

describe('who sees a draft', () => {
  it("its owner, the organisation's ADMINs and operators; another employee and another organisation get NO_DATAFILE_FOUND", async () => {
    const key = await putFile(t, w.tokens.employee, w.A, 'plain.csv', fixture('plain-tab.csv'));
    const id = (await createDraft(t, w.tokens.employee, key, { title: 'Mine' })).body.data.createDraftDatafile
      .datafileId;
    for (const token of [w.tokens.employee, w.tokens.admin, w.tokens.op])
      expect(codeOf(await t.gql(Q.drafted, { id }, { token }))).toBeUndefined();
    for (const token of [w.tokens.employee2, w.tokens.adminB]) {
      expect(codeOf(await t.gql(Q.drafted, { id }, { token }))).toBe('NO_DATAFILE_FOUND');
      expect(codeOf(await t.gql(Q.preview, { id }, { token }))).toBe('NO_DATAFILE_FOUND');
      expect(codeOf(await t.gql(Q.save, { id, c: [] }, { token }))).toBe('NO_DATAFILE_FOUND');
    }
    expect(codeOf(await t.gql(Q.drafted, { id: crypto.randomUUID() }, { token: w.tokens.admin }))).toBe(
      'NO_DATAFILE_FOUND',
    );
  });
});

describe('step 2', () => {
  it('refuses a data point whose columns do not fit its type', async () => {
    const key = await putFile(t, w.tokens.admin, w.A, 'plain.csv', fixture('plain-tab.csv'));
    const id = (await createDraft(t, w.tokens.admin, key, { title: 'Shapes' })).body.data.createDraftDatafile
      .datafileId;
    const res = await t.gql(
      Q.save,
      { id, c: [{ dataPointIdentifier: 'respid', dataPointType: 'RECORD_ID', columns: ['respid', 'gender'] }] },
      { token: w.tokens.admin },
    );
    expect(codeOf(res)).toBe('INVALID_PARAMETERS:DATA_POINT_SHAPE');
    expect(res.body.errors![0]!.message).toContain('„respid“');
  });
});

describe('step 3', () => {
  it('confirms only PROCESSING, a finished check of the saved columns, the estimate shown, and no second upload of the same user at once', async () => {
    const key = await putFile(t, w.tokens.employee2, w.A, 'plain.csv', fixture('plain-tab.csv'));
    const id = (await createDraft(t, w.tokens.employee2, key, { title: 'Confirm rules' })).body.data.createDraftDatafile
      .datafileId;
    const preview = (await t.gql(Q.preview, { id }, { token: w.tokens.employee2 })).body.data.getUploadPreview;
    const cols = preview.suggestedColumns.map((c: any) => ({ ...c, questionTitle: c.questionTitle ?? 'Q' }));
    await t.gql(Q.save, { id, c: cols }, { token: w.tokens.employee2 });
    expect(codeOf(await t.gql(Q.confirm, { id, c: 1, s: 'PROCESSING' }, { token: w.tokens.employee2 }))).toBe(
      'INVALID_PARAMETERS:NOT_CHECKED_YET',
    );
    await runJobs(t);
    const check = (await t.gql(Q.check, { id }, { token: w.tokens.employee2 })).body.data.getUploadCheck;
    expect(check).toMatchObject({
      state: 'DONE',
      issues: [],
      estimate: { isBalanceEnough: true, hasPayAsUsagePlan: true },
    });
    expect(
      codeOf(await t.gql(Q.confirm, { id, c: check.estimate.creditAmount, s: 'DRAFT' }, { token: w.tokens.employee2 })),
    ).toBe('INVALID_PARAMETERS:ONLY_PROCESSING');
    const wrong = await t.gql(
      Q.confirm,
      { id, c: check.estimate.creditAmount + 1, s: 'PROCESSING' },
      { token: w.tokens.employee2 },
    );
    expect(codeOf(wrong)).toBe('INVALID_PARAMETERS:ESTIMATE_CHANGED');
    expect(wrong.body.errors![0]!.extensions.value).toBe(check.estimate.creditAmount);
    const changed = await t.gql(
      'mutation($id:ID!,$c:Int!,$s:[SelectedColumnInput!]){changeDatafileUploadingProgressStatus(datafileInputObject:{datafileId:$id},selectedColumns:$s,creditAmount:$c,status:PROCESSING){status}}',
      { id, c: check.estimate.creditAmount, s: cols.slice(1) },
      { token: w.tokens.employee2 },
    );
    expect(codeOf(changed)).toBe('INVALID_PARAMETERS:NOT_CHECKED_YET');
    // The employee may not confirm a draft of another user (they cannot even see it).
    expect(
      codeOf(
        await t.gql(Q.confirm, { id, c: check.estimate.creditAmount, s: 'PROCESSING' }, { token: w.tokens.employee }),
      ),
    ).toBe('NO_DATAFILE_FOUND');
    expect(
      (await t.gql(Q.confirm, { id, c: check.estimate.creditAmount, s: 'PROCESSING' }, { token: w.tokens.employee2 }))
        .body.data,
    ).toBeTruthy();
    expect(
      codeOf(
        await t.gql(Q.confirm, { id, c: check.estimate.creditAmount, s: 'PROCESSING' }, { token: w.tokens.employee2 }),
      ),
    ).toBe('UPLOAD_GOING_ON');
    // A second file of the same user waits until the first is processed.
    const key2 = await putFile(t, w.tokens.employee2, w.A, 'other.csv', fixture('plain-tab.csv'));
    const id2 = (await createDraft(t, w.tokens.employee2, key2, { title: 'Second' })).body.data.createDraftDatafile
      .datafileId;
    const check2 = await saveSuggested(t, w.tokens.employee2, id2);
    // saveSuggested ran the jobs: the first upload is READY now, so the second may go.
    expect(
      (await t.gql(Q.progress, { id }, { token: w.tokens.employee2 })).body.data.getDatafileUploadingProgress.status,
    ).toBe('READY');
    expect(
      codeOf(
        await t.gql(
          Q.confirm,
          { id: id2, c: check2.estimate.creditAmount, s: 'PROCESSING' },
          { token: w.tokens.employee2 },
        ),
      ),
    ).toBeUndefined();
    await runJobs(t);
  });

  it('refuses the confirmation when the organisation cannot pay the estimate', async () => {
    const poor = await uploadWorld(t, { credits: 100, backup: false });
    const key = await putFile(t, poor.tokens.admin, poor.A, 'plain.csv', fixture('plain-tab.csv'));
    const id = (await createDraft(t, poor.tokens.admin, key, { title: 'Too big' })).body.data.createDraftDatafile
      .datafileId;
    const check = await saveSuggested(t, poor.tokens.admin, id);
    expect(check.estimate).toMatchObject({ availableCredits: 100, isBalanceEnough: false, hasPayAsUsagePlan: false });
    const res = await t.gql(
      Q.confirm,
      { id, c: check.estimate.creditAmount, s: 'PROCESSING' },
      { token: poor.tokens.admin },
    );
    expect(codeOf(res)).toBe('BALANCE_NOT_ENOUGH:NOT_ENOUGH_CREDITS_FOR_ESTIMATE');
    expect(res.body.errors![0]!.message).toMatch(
      /^Dieser Upload braucht etwa [\d.]+ Credits, die Organisation hat 100/,
    );
  });
});

describe('processing when the credits ran out after the confirmation', () => {
  it('ends with UPLOAD_ERROR and BALANCE_NOT_ENOUGH, charges nothing, publishes nothing, and can be confirmed again once there are credits', async () => {
    const world = await uploadWorld(t, { credits: 5_000, backup: false });
    const { datafileId, estimate } = await uploadThrough(
      t,
      world.tokens.admin,
      world.A,
      'plain.csv',
      fixture('plain-tab.csv'),
      { title: 'Ran out' },
    );
    // Meanwhile another charge takes almost everything.
    const other = crypto.randomUUID();
    await t.db.run(
      sql`insert into datafiles (id, company_id, owner_id, title, import_type, status, created_at) values (${other}, ${world.A}, ${world.admin.id}, 'Other', 'MANUAL', 'READY', ${t.clock.now().toISOString()})`,
    );
    await chargeDatafile(t.deps, {
      companyId: world.A,
      datafileId: other,
      kind: 'UPLOAD',
      idempotencyKey: `upload:${other}:1`,
      interviewCredits: Array.from({ length: 490 }, () => 10),
      actorId: world.admin.id,
      description: 'x',
    });
    const before = await ledgerOf(t, world.A);
    await runJobs(t);
    const progress = (await t.gql(Q.progress, { id: datafileId }, { token: world.tokens.admin })).body.data
      .getDatafileUploadingProgress;
    expect(progress).toMatchObject({
      status: 'ERROR',
      upload: { status: 'ERROR', error: { code: 'BALANCE_NOT_ENOUGH', reason: 'NOT_ENOUGH_CREDITS_FOR_UPLOAD' } },
    });
    expect(await ledgerOf(t, world.A)).toEqual(before);
    expect(await t.deps.blobs.stat(`datafiles/${datafileId}/1/manifest.json`)).toBeNull();
    const [note] = await t.db.all<{ type: string; url: string; description: string }>(
      sql`select type, url, description from notifications where user_id = ${world.admin.id} and type = 'UPLOAD_ERROR'`,
    );
    expect(note).toMatchObject({ type: 'UPLOAD_ERROR', url: `/upload-dataset/step1?datafileId=${datafileId}` });
    expect(note!.description).toContain(progress.upload.error.message);

    // Credits available again: the same draft is confirmed again and charged under a new revision.
    // The backup pay-as-usage plan is switched on again: it takes what the prepaid plan cannot.
    await t.db.run(
      sql`update credit_plans set deactivated_at = null where company_id = ${world.A} and category = 'PAY_AS_USAGE'`,
    );
    const again = await t.gql(
      Q.confirm,
      { id: datafileId, c: estimate.creditAmount, s: 'PROCESSING' },
      { token: world.tokens.admin },
    );
    expect(codeOf(again)).toBeUndefined();
    await runJobs(t);
    const done = (await t.gql(Q.progress, { id: datafileId }, { token: world.tokens.admin })).body.data
      .getDatafileUploadingProgress;
    expect(done).toMatchObject({ status: 'READY', upload: { revision: 2, creditsCharged: estimate.creditAmount } });
  });
});

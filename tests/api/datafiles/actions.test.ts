import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDatafile } from '../../../api/modules/credits/ledger.service';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { datafilesWorld, LIST, rowOf, type DatafilesWorld } from '../../support/datafiles-world';

let t: TestApp;
let w: DatafilesWorld;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await datafilesWorld(t);
});
afterAll(() => t.close());

const RENAME = 'mutation($id:ID!,$t:String!){editDatafileTitle(datafileId:$id,datafileTitle:$t){status}}';
const STOP = 'mutation($id:ID!){stopLiveDatafile(datafileId:$id){status}}';
const REOPEN = 'mutation($id:ID!){reOpenLiveDatafile(datafileId:$id){status}}';
const DELETE = 'mutation($id:ID!){deleteDatafile(datafileId:$id){status}}';
const RESET = 'mutation($id:ID!){resetDatafileCleaning(datafileId:$id){status}}';
const OWNER =
  'mutation($id:ID!,$c:ID!,$u:ID!,$m:Boolean!){changeDatafileOwnership(datafileId:$id,companyId:$c,userId:$u,changeWalletAndTransactions:$m){status}}';
const CONTRIBUTORS =
  'query($id:ID!){getAllDatafileContributors(datafileId:$id){id email name{first last} accessLevel}}';

const as = (token: string) => ({ token });

describe('editDatafileTitle', () => {
  it('renames for the owner and the organisation ADMIN; a name is required, at most 100 characters (trimmed)', async () => {
    const id = await w.file({ ownerId: w.employee.id, title: 'Old name' });
    expect(codeOf(await t.gql(RENAME, { id, t: '   ' }, as(w.tokens.employee)))).toBe(
      'INCOMPLETE_INPUT:DATAFILE_TITLE_REQUIRED',
    );
    expect(codeOf(await t.gql(RENAME, { id, t: 'x'.repeat(101) }, as(w.tokens.employee)))).toBe(
      'INVALID_PARAMETERS:TOO_LONG',
    );
    expect((await rowOf(t, id)).title).toBe('Old name');
    expect(
      (await t.gql(RENAME, { id, t: `  ${'ä'.repeat(100)}  ` }, as(w.tokens.employee))).body.data.editDatafileTitle
        .status,
    ).toBe('SUCCESS');
    expect((await rowOf(t, id)).title).toBe('ä'.repeat(100));
    expect(
      (await t.gql(RENAME, { id, t: 'By the admin' }, as(w.tokens.admin))).body.data.editDatafileTitle.status,
    ).toBe('SUCCESS');
    expect((await rowOf(t, id)).title).toBe('By the admin');
  });

  it('a contributor reads but may not rename; another organisation and a made-up id get the same answer', async () => {
    const id = await w.file({ ownerId: w.admin.id, title: 'Shared' });
    await w.share(id, w.employee.id);
    expect(codeOf(await t.gql(RENAME, { id, t: 'Mine now' }, as(w.tokens.employee)))).toBe('UNAUTHORIZED');
    expect(codeOf(await t.gql(RENAME, { id, t: 'Mine now' }, as(w.tokens.employee2)))).toBe('NO_DATAFILE_FOUND');
    expect(codeOf(await t.gql(RENAME, { id, t: 'Mine now' }, as(w.tokens.adminB)))).toBe('NO_DATAFILE_FOUND');
    expect(codeOf(await t.gql(RENAME, { id: crypto.randomUUID(), t: 'Mine now' }, as(w.tokens.adminB)))).toBe(
      'NO_DATAFILE_FOUND',
    );
    expect((await rowOf(t, id)).title).toBe('Shared');
  });
});

describe('stopLiveDatafile and reOpenLiveDatafile', () => {
  it('STOPPED <-> READY for live imports only, each from the right state', async () => {
    const live = await w.file({ ownerId: w.employee.id, importType: 'LIVE' });
    const manual = await w.file({ ownerId: w.employee.id });
    expect(codeOf(await t.gql(STOP, { id: manual }, as(w.tokens.employee)))).toBe(
      'INVALID_PARAMETERS:NOT_A_LIVE_DATAFILE',
    );
    expect(codeOf(await t.gql(REOPEN, { id: live }, as(w.tokens.employee)))).toBe(
      'INVALID_PARAMETERS:LIVE_DATAFILE_NOT_STOPPED',
    );
    expect((await t.gql(STOP, { id: live }, as(w.tokens.employee))).body.data.stopLiveDatafile.status).toBe('SUCCESS');
    expect((await rowOf(t, live)).status).toBe('STOPPED');
    expect(codeOf(await t.gql(STOP, { id: live }, as(w.tokens.employee)))).toBe(
      'INVALID_PARAMETERS:LIVE_DATAFILE_NOT_RUNNING',
    );
    expect((await t.gql(REOPEN, { id: live }, as(w.tokens.op))).body.data.reOpenLiveDatafile.status).toBe('SUCCESS');
    expect((await rowOf(t, live)).status).toBe('READY');
    const draft = await w.file({ ownerId: w.employee.id, importType: 'LIVE', status: 'DRAFT' });
    expect(codeOf(await t.gql(STOP, { id: draft }, as(w.tokens.employee)))).toBe(
      'INVALID_PARAMETERS:LIVE_DATAFILE_NOT_RUNNING',
    );
  });

  it('a contributor may not stop a live import', async () => {
    const live = await w.file({ ownerId: w.admin.id, importType: 'LIVE' });
    await w.share(live, w.employee2.id);
    expect(codeOf(await t.gql(STOP, { id: live }, as(w.tokens.employee2)))).toBe('UNAUTHORIZED');
    expect((await rowOf(t, live)).status).toBe('READY');
  });
});

describe('deleteDatafile', () => {
  it('soft-deletes: gone from the list and every call, the ledger rows stay', async () => {
    const id = await w.file({ ownerId: w.employee.id, title: 'To be deleted' });
    await chargeDatafile(t.deps, {
      companyId: w.A,
      datafileId: id,
      kind: 'UPLOAD',
      idempotencyKey: `upload:${id}:1`,
      interviewCredits: [4, 5, 6],
      actorId: w.employee.id,
      description: 'Datafile upload',
    });
    const ledger = async () =>
      (await t.db.all<{ n: number }>(sql`select count(*) as n from credit_transactions where datafile_id = ${id}`))[0]!
        .n;
    const before = await ledger();
    expect(before).toBeGreaterThan(0);
    expect((await t.gql(DELETE, { id }, as(w.tokens.employee))).body.data.deleteDatafile.status).toBe('SUCCESS');
    expect((await rowOf(t, id)).is_deleted).toBe(1);
    expect(await ledger()).toBe(before);
    const listed = (await t.gql(LIST, { f: { search: 'To be deleted' } }, as(w.tokens.admin))).body.data
      .getDatafilesForLoggedInUser.datafiles;
    expect(listed).toEqual([]);
    expect(codeOf(await t.gql(DELETE, { id }, as(w.tokens.employee)))).toBe('NO_DATAFILE_FOUND');
    expect(codeOf(await t.gql(RENAME, { id, t: 'Back?' }, as(w.tokens.op)))).toBe('NO_DATAFILE_FOUND');
  });

  it('waits for processing to finish; a contributor and another organisation may not delete', async () => {
    const processing = await w.file({ ownerId: w.employee.id, status: 'PROCESSING', progress: 30 });
    expect(codeOf(await t.gql(DELETE, { id: processing }, as(w.tokens.employee)))).toBe(
      'UPLOAD_GOING_ON:DATAFILE_PROCESSING',
    );
    const shared = await w.file({ ownerId: w.admin.id });
    await w.share(shared, w.employee.id);
    expect(codeOf(await t.gql(DELETE, { id: shared }, as(w.tokens.employee)))).toBe('UNAUTHORIZED');
    expect(codeOf(await t.gql(DELETE, { id: shared }, as(w.tokens.adminB)))).toBe('NO_DATAFILE_FOUND');
    expect((await rowOf(t, processing)).is_deleted).toBe(0);
    expect((await rowOf(t, shared)).is_deleted).toBe(0);
  });
});

describe('resetDatafileCleaning', () => {
  it('clears the cleaning outcome and keeps the settings; an uncleaned file answers DATAFILE_NOT_CLEANED', async () => {
    const settings = {
      scoreThresholds: [{ key: 'combined', name: 'Combined', isEnable: true, threshold: 40 }],
      targetSampleSize: 100,
    };
    const id = await w.file({
      ownerId: w.employee.id,
      isCleaned: true,
      numberOfCleanedRecords: 80,
      numberOfExcludedRecords: 20,
      certificateLevel: 3,
      cleaningSettings: settings,
    });
    expect((await t.gql(RESET, { id }, as(w.tokens.employee))).body.data.resetDatafileCleaning.status).toBe('SUCCESS');
    const row = await rowOf(t, id);
    expect(row).toMatchObject({
      is_cleaned: 0,
      number_of_cleaned_records: 0,
      number_of_excluded_records: 0,
      certificate_level: null,
    });
    expect(JSON.parse(row.cleaning_settings as string)).toEqual(settings);
    expect(codeOf(await t.gql(RESET, { id }, as(w.tokens.employee)))).toBe('DATAFILE_NOT_CLEANED');
  });
});

describe('changeDatafileOwnership', () => {
  it('hands the file to an active user of the organisation; the previous owner stays a contributor', async () => {
    const id = await w.file({ ownerId: w.employee.id, title: 'Handed over' });
    await w.share(id, w.employee2.id);
    const res = await t.gql(OWNER, { id, c: w.A, u: w.employee2.id, m: false }, as(w.tokens.employee));
    expect(res.body.data.changeDatafileOwnership.status).toBe('SUCCESS');
    expect((await rowOf(t, id)).owner_id).toBe(w.employee2.id);
    const contributors = (await t.gql(CONTRIBUTORS, { id }, as(w.tokens.employee))).body.data
      .getAllDatafileContributors;
    expect(contributors.map((c: { id: string }) => c.id)).toEqual([w.employee.id]);
    // The previous owner now only reads it.
    expect(codeOf(await t.gql(RENAME, { id, t: 'Still mine?' }, as(w.tokens.employee)))).toBe('UNAUTHORIZED');
  });

  it('moves no ledger row whatever the wallet flag says: the organisation was charged', async () => {
    const id = await w.file({ ownerId: w.admin.id });
    await chargeDatafile(t.deps, {
      companyId: w.A,
      datafileId: id,
      kind: 'UPLOAD',
      idempotencyKey: `upload:${id}:1`,
      interviewCredits: [4, 4],
      actorId: w.admin.id,
      description: 'Datafile upload',
    });
    const ledger = async () =>
      JSON.stringify(
        await t.db.all(
          sql`select id, company_id, amount from credit_transactions where datafile_id = ${id} order by id`,
        ),
      );
    const before = await ledger();
    expect(
      (await t.gql(OWNER, { id, c: w.A, u: w.employee.id, m: true }, as(w.tokens.admin))).body.data
        .changeDatafileOwnership.status,
    ).toBe('SUCCESS');
    expect(await ledger()).toBe(before);
  });

  it('refuses another organisation, unknown, pending and foreign users, contributors and processing files', async () => {
    const id = await w.file({ ownerId: w.admin.id });
    expect(codeOf(await t.gql(OWNER, { id, c: w.B, u: w.adminB.id, m: false }, as(w.tokens.admin)))).toBe(
      'COMPANY_NOT_FOUND',
    );
    expect(codeOf(await t.gql(OWNER, { id, c: w.B, u: w.adminB.id, m: true }, as(w.tokens.op)))).toBe(
      'INVALID_PARAMETERS:DATAFILE_STAYS_IN_COMPANY',
    );
    expect(codeOf(await t.gql(OWNER, { id, c: w.A, u: w.adminB.id, m: false }, as(w.tokens.admin)))).toBe(
      'USER_NOT_FOUND',
    );
    expect(codeOf(await t.gql(OWNER, { id, c: w.A, u: w.pending.id, m: false }, as(w.tokens.admin)))).toBe(
      'USER_NOT_FOUND',
    );
    expect(codeOf(await t.gql(OWNER, { id, c: w.A, u: crypto.randomUUID(), m: false }, as(w.tokens.admin)))).toBe(
      'USER_NOT_FOUND',
    );
    await w.share(id, w.employee.id);
    expect(codeOf(await t.gql(OWNER, { id, c: w.A, u: w.employee.id, m: false }, as(w.tokens.employee)))).toBe(
      'UNAUTHORIZED',
    );
    expect(codeOf(await t.gql(OWNER, { id, c: w.B, u: w.adminB.id, m: false }, as(w.tokens.adminB)))).toBe(
      'NO_DATAFILE_FOUND',
    );
    const processing = await w.file({ ownerId: w.admin.id, status: 'PROCESSING' });
    expect(codeOf(await t.gql(OWNER, { id: processing, c: w.A, u: w.employee.id, m: false }, as(w.tokens.admin)))).toBe(
      'UPLOAD_GOING_ON:DATAFILE_PROCESSING',
    );
    expect((await rowOf(t, id)).owner_id).toBe(w.admin.id);
    expect((await rowOf(t, processing)).owner_id).toBe(w.admin.id);
  });
});

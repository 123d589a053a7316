// Re-upload (update) of a READY datafile: the same columns or DATAFILE_STRUCTURE_IS_DIFFERENT, a new
// revision, only records not charged before are charged, the previous revision stays readable until
// the new one is published, and the transactions tab counts the update.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../../api/ingest/index';
import { surveyCsvBytes } from '../../../api/demo/writers';
import { generateDemoSurvey } from '../../../api/demo/survey';
import { createTestApp, codeOf, type TestApp } from '../../support/test-app';
import {
  createDraft,
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

/** The same survey with `rows` interviews: the first rows are the same interviews (same ids) in every size. */
const surveyOf = (rows: number) =>
  surveyCsvBytes(generateDemoSurvey({ rows, seed: 21, language: 'de' }), { encoding: 'utf-8' });
const GROUPED =
  'query($c:ID!){getCompanyTransactionsGroupedByDatafile(companyId:$c){transactions{datafileId type amount numberOfUpdates latestTransactionDate}}}';

describe('a re-upload', () => {
  it('adds a revision that charges only the new records, keeps the old revision readable until then, and counts as an update', async () => {
    const { datafileId, estimate } = await uploadThrough(t, w.tokens.admin, w.A, 'wave1.csv', await surveyOf(150), {
      title: 'Tracker',
    });
    await runJobs(t);
    expect(estimate.newRecords).toBe(150);

    // Wave 2: the same 150 interviews and 50 new ones.
    const key = await putFile(t, w.tokens.admin, w.A, 'wave2.csv', await surveyOf(200));
    const draft = await createDraft(t, w.tokens.admin, key, { reuploadOf: datafileId, title: undefined });
    expect(draft.body.data.createDraftDatafile.datafileId).toBe(datafileId);
    const drafted = (await t.gql(Q.drafted, { id: datafileId }, { token: w.tokens.admin })).body.data
      .getDraftedDatafile;
    // The update starts from the published columns; the datafile stays READY meanwhile.
    expect(drafted).toMatchObject({ status: 'READY', revision: 1, upload: { kind: 'UPDATE', status: 'DRAFT' } });
    expect(drafted.datapointsMetadata.length).toBeGreaterThan(5);
    const cols = drafted.datapointsMetadata.map(({ startingQuestion: _s, ...c }: any) => c);
    await t.gql(Q.save, { id: datafileId, c: cols }, { token: w.tokens.admin });
    await runJobs(t);
    const check = (await t.gql(Q.check, { id: datafileId }, { token: w.tokens.admin })).body.data.getUploadCheck;
    expect(check.estimate).toMatchObject({ numberOfRecords: 200, newRecords: 50 });
    const before = await ledgerOf(t, w.A);
    expect(
      codeOf(
        await t.gql(
          Q.confirm,
          { id: datafileId, c: check.estimate.creditAmount, s: 'PROCESSING' },
          { token: w.tokens.admin },
        ),
      ),
    ).toBeUndefined();

    // Processing: the published revision is still revision 1, readable.
    const during = (await t.gql(Q.progress, { id: datafileId }, { token: w.tokens.admin })).body.data
      .getDatafileUploadingProgress;
    expect(during).toMatchObject({
      status: 'READY',
      upload: { kind: 'UPDATE', status: 'PROCESSING', revision: 2 },
      metadata: { revision: 1, numberOfRecords: 150 },
    });
    expect(await readManifest(t.deps.blobs, datafileId, 1)).not.toBeNull();

    await runJobs(t);
    const after = (await t.gql(Q.progress, { id: datafileId }, { token: w.tokens.admin })).body.data
      .getDatafileUploadingProgress;
    expect(after).toMatchObject({
      status: 'READY',
      upload: {
        kind: 'UPDATE',
        status: 'READY',
        revision: 2,
        numberOfRecords: 200,
        chargedRecords: 50,
        creditsCharged: check.estimate.creditAmount,
      },
      metadata: { revision: 2, numberOfRecords: 200, cost: estimate.creditAmount + check.estimate.creditAmount },
    });
    const ledger = await ledgerOf(t, w.A);
    expect(ledger.used - before.used).toBe(check.estimate.creditAmount);
    expect(ledger.charges - before.charges).toBe(1);
    const [note] = await t.db.all<{ type: string; url: string }>(
      sql`select type, url from notifications where user_id = ${w.admin.id} and type = 'UPDATE_FINISHED'`,
    );
    expect(note).toEqual({ type: 'UPDATE_FINISHED', url: `/datafile-result?datafileId=${datafileId}` });

    // The same file once more: nothing new, nothing charged, still an update on the transactions tab.
    const again = await putFile(t, w.tokens.admin, w.A, 'wave2-again.csv', await surveyOf(200));
    await createDraft(t, w.tokens.admin, again, { reuploadOf: datafileId, title: undefined });
    const c3 = await saveSuggested(t, w.tokens.admin, datafileId, () => cols);
    expect(c3.estimate).toMatchObject({ newRecords: 0, creditAmount: 0 });
    await t.gql(Q.confirm, { id: datafileId, c: 0, s: 'PROCESSING' }, { token: w.tokens.admin });
    await runJobs(t);
    expect((await ledgerOf(t, w.A)).charges).toBe(ledger.charges);
    const lines = (await t.gql(GROUPED, { c: w.A }, { token: w.tokens.admin })).body.data
      .getCompanyTransactionsGroupedByDatafile.transactions;
    expect(lines.find((l: any) => l.datafileId === datafileId && l.type === 'USED')).toMatchObject({
      numberOfUpdates: 2,
      amount: estimate.creditAmount + check.estimate.creditAmount,
    });
  });

  it('with other columns is refused as DATAFILE_STRUCTURE_IS_DIFFERENT, naming the column', async () => {
    const { datafileId } = await uploadThrough(t, w.tokens.admin, w.A, 'base.csv', await surveyOf(60), {
      title: 'Structure',
    });
    await runJobs(t);
    const text = new TextDecoder().decode(await surveyOf(60)).replace('gender', 'sex');
    const key = await putFile(t, w.tokens.admin, w.A, 'renamed.csv', new TextEncoder().encode(text));
    const res = await createDraft(t, w.tokens.admin, key, { reuploadOf: datafileId, title: undefined });
    expect(codeOf(res)).toBe('DATAFILE_STRUCTURE_IS_DIFFERENT:COLUMNS_MISSING');
    expect(res.body.errors![0]!.message).toContain('„gender“');
    // Only READY datafiles can be uploaded again.
    const draftKey = await putFile(t, w.tokens.admin, w.A, 'draft.csv', await surveyOf(60));
    const draftId = (await createDraft(t, w.tokens.admin, draftKey, { title: 'Still a draft' })).body.data
      .createDraftDatafile.datafileId;
    const key2 = await putFile(t, w.tokens.admin, w.A, 'x.csv', await surveyOf(60));
    expect(codeOf(await createDraft(t, w.tokens.admin, key2, { reuploadOf: draftId, title: undefined }))).toBe(
      'INVALID_PARAMETERS:DATAFILE_NOT_READY',
    );
  });
});

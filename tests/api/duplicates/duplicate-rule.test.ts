// The Duplicate Respondent rule over live interviews with planted duplicates: within wave X the same
// panel ID twice (the first interview careless, the second careful) and through supplier Y a device
// of wave X. Keep the first removes the careful second interview, keep the best removes the careless
// first one; Y's copy of an X device is removed either way (X's was delivered). The saved rule holds
// in the report and the reject list, with reason DUP, and another organisation's identical device
// and panel ID are never matched. The window and velocity are saved with the rule and refused out of
// range, saying what to change.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { publishNow } from '../../../api/modules/live-import/live-publish';
import { REASONS } from '../../../scoring/index';
import { sessionFor } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { CREATE, INTEGRATION, liveWorld, OPEN, PAGES, respondent, send } from '../../support/live-world';

const SAVE = `mutation($id:ID!,$s:CleaningSettingsInput!){updateCleaningSettings(datafileId:$id,cleaningSettings:$s){
  numberOfCleanedRecords removedByReason}}`;
const GET = `query($id:ID!){getDatafileCleaningSettings(datafileId:$id){duplicateRule{isEnable keep windowDays velocitySurveys velocityDays}}}`;
const REVISION = `query($id:ID!){getDatafileCleaningSettings(datafileId:$id){revision}}`;
const DUPES = `query($id:ID!){datafileDuplicates(datafileId:$id){windowDays velocitySurveys velocityDays}}`;
const REPORT = `query($id:ID!){getDatafileReport(datafileId:$id){report{exclusions{duplicate scoreThreshold} removedByReason{reason group count}
  bySource{source interviews removed reasons{reason count}}}}}`;
const REMOVALS = `query($id:ID!){datafileDuplicates(datafileId:$id){removals{source interviews removed reasons{reason count}}}}`;
const EXPORT = `mutation($i:ExportRequestInput!){requestDatafileExport(input:$i){jobId}}`;
const JOB = `query($id:ID!){getExportJob(jobId:$id){state downloadUrl}}`;
const DAY = 86_400_000;
const FP = (n: string) => `fp-${n}-0123456789abcdef`;

let t: TestApp;
let a: Awaited<ReturnType<typeof liveWorld>>;
let b: Awaited<ReturnType<typeof liveWorld>>;
let y = { id: '', secret: '' };
let tokenA = '';
let tokenB = '';

/** A careless interview: a nonsense answer typed in a second and a straight-lined grid. */
const careless = (recordId: string, identity: Record<string, string>) => ({
  ...respondent(recordId, 60, identity),
  answers: {
    Q1: { answer: 'asdf', seconds: 1, pastes: 0, keystrokes: 4 },
    Grid1: { items: [3, 3, 3, 3, 3, 3, 3], seconds: 2 },
    Q3: { seconds: 1 },
  },
});

async function interview(file: { id: string; secret: string }, body: unknown) {
  const res = await send(t, file.id, file.secret, body);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
}

/** Settings that remove nothing but duplicates: one rule that cannot fire, no open-answer rule. */
const settings = (duplicateRule: Record<string, unknown> | null, revision = 1) => ({
  revision,
  scoreThresholds: [{ key: 'sds', isEnable: true, threshold: 0, minDataPoints: 0 }],
  badAnswers: { isEnable: false, min: 2 },
  cleaningMethod: 'THRESHOLDS',
  duplicateRule,
});

const revisionOf = async (file: string, token: string) =>
  (await t.gql(REVISION, { id: file }, { token })).body.data.getDatafileCleaningSettings.revision as number;

async function save(file: string, token: string, duplicateRule: Record<string, unknown> | null) {
  const res = await t.gql(SAVE, { id: file, s: settings(duplicateRule, await revisionOf(file, token)) }, { token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.updateCleaningSettings as { numberOfCleanedRecords: number; removedByReason: number[] };
}

/** The reject list as a script reads it: record id and reason code per removed interview. */
async function rejects(file: string, token: string): Promise<Record<string, string>> {
  const req = await t.gql(EXPORT, { i: { datafileId: file, format: 'REJECTS', language: 'en' } }, { token });
  expect(req.body.errors).toBeUndefined();
  await runJobsUntilIdle(t.deps);
  const job = (await t.gql(JOB, { id: req.body.data.requestDatafileExport.jobId }, { token })).body.data.getExportJob;
  expect(job.state).toBe('SUCCEEDED');
  const text = (await (await t.app.request(job.downloadUrl)).text()).replace(/^\uFEFF/, '');
  const rows = Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
  return Object.fromEntries(rows.map((r) => [r.record_id!, r.reason_code!]));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await liveWorld(t);
  b = await liveWorld(t);
  const token = a.tokens.admin;
  const created = await t.gql(CREATE, { i: { name: 'Supplier Y', surveySoftware: 'OTHER', pages: PAGES } }, { token });
  const yId = created.body.data.createLiveDatafile.datafileId as string;
  await t.gql(OPEN, { id: yId }, { token });
  y = {
    id: yId,
    secret: (await t.gql(INTEGRATION, { id: yId }, { token })).body.data.getLiveDatafileIntegration.secretKey,
  };
  const x = { id: a.datafileId, secret: a.secret };
  for (let i = 0; i < 6; i++) await interview(x, respondent(`x-d${i}`, 60, { fingerprint: FP(`x${i}`), source: 'X' }));
  await interview(x, respondent('x-1', 60, { fingerprint: FP('shared'), source: 'X' }));
  await interview(x, careless('x-2', { panelId: 'P-twice', source: 'X' }));
  t.clock.advance(60_000);
  await interview(x, respondent('x-3', 60, { panelId: 'P-twice', source: 'X' }));
  t.clock.advance(DAY);
  for (let i = 0; i < 4; i++) await interview(y, respondent(`y-d${i}`, 60, { fingerprint: FP(`y${i}`), source: 'Y' }));
  await interview(y, respondent('y-1', 60, { fingerprint: FP('shared'), source: 'Y' }));
  // Another organisation: the same device and panel ID, careless first as well.
  const other = { id: b.datafileId, secret: b.secret };
  await interview(other, careless('b-1', { fingerprint: FP('shared'), panelId: 'P-twice' }));
  await interview(other, respondent('b-2', 60, { fingerprint: FP('b2') }));
  for (const [id, companyId] of [
    [a.datafileId, a.A],
    [y.id, a.A],
    [b.datafileId, b.A],
  ] as const)
    await publishNow(t.deps, { id, companyId });
  await runJobsUntilIdle(t.deps);
  // Sessions last eight hours: the readers sign in now.
  tokenA = await sessionFor(t, a.admin.id, a.A);
  tokenB = await sessionFor(t, b.admin.id, b.A);
}, 120_000);
afterAll(() => t?.close());

const DUP = REASONS.indexOf('DUP');

describe('the Duplicate Respondent rule', () => {
  it('keeps the first of the panel ID twice in one wave, or the best, and says so in the report and the reject list', async () => {
    const token = tokenA;
    const first = await save(a.datafileId, token, { isEnable: true, keep: 'FIRST' });
    expect(first.removedByReason[DUP]).toBe(1);
    expect(first.numberOfCleanedRecords).toBe(8);
    expect(await rejects(a.datafileId, token)).toEqual({ 'x-3': 'DUP' });

    const best = await save(a.datafileId, token, { isEnable: true, keep: 'BEST' });
    expect(best.removedByReason[DUP]).toBe(1);
    expect(await rejects(a.datafileId, token)).toEqual({ 'x-2': 'DUP' });
    const report = (await t.gql(REPORT, { id: a.datafileId }, { token })).body.data.getDatafileReport.report;
    expect(report.exclusions).toEqual({ duplicate: 1, scoreThreshold: 0 });
    expect(report.removedByReason).toEqual([{ reason: 'DUP', group: 'duplicate', count: 1 }]);
    // Removal rates per source, in the report and on the result page: supplier X delivered the duplicate.
    const bySource = [{ source: 'X', interviews: 9, removed: 1, reasons: [{ reason: 'DUP', count: 1 }] }];
    expect(report.bySource).toEqual(bySource);
    const removals = await t.gql(REMOVALS, { id: a.datafileId }, { token });
    expect(removals.body.data.datafileDuplicates.removals).toEqual(bySource);

    // The supplier's reconciliation pack: the removed duplicate under the frame's DUPLICATE, naming its match.
    const pack = await t.app.request(`/api/datafiles/${a.datafileId}/reconciliation?format=csv&language=en`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pack.status).toBe(200);
    const [, ...packRows] = Papa.parse<string[]>((await pack.text()).replace(/^\uFEFF/, '').trim()).data;
    expect(packRows.map((r) => [r[0], r[2], r[5], r.at(-1)])).toEqual([
      ['x-2', 'DUP', 'DUPLICATE', expect.stringContaining('x-3')],
    ]);

    const off = await save(a.datafileId, token, { isEnable: false, keep: 'BEST' });
    expect(off.numberOfCleanedRecords).toBe(9);
  }, 60_000);

  it("removes the later supplier's copy of an earlier datafile's respondent, whichever is kept", async () => {
    for (const keep of ['FIRST', 'BEST']) {
      const saved = await save(y.id, tokenA, { isEnable: true, keep });
      expect(saved.removedByReason[DUP]).toBe(1);
      expect(await rejects(y.id, tokenA)).toEqual({ 'y-1': 'DUP' });
    }
  }, 60_000);

  it("never matches another organisation's device or panel ID", async () => {
    const saved = await save(b.datafileId, tokenB, { isEnable: true, keep: 'FIRST' });
    expect(saved.removedByReason[DUP]).toBe(0);
    expect(saved.numberOfCleanedRecords).toBe(2);
    // Its interviews came without a source: no per-source figures.
    const removals = await t.gql(REMOVALS, { id: b.datafileId }, { token: tokenB });
    expect(removals.body.data.datafileDuplicates.removals).toEqual([]);
  }, 60_000);
});

describe('the window and velocity thresholds of a datafile', () => {
  it('are saved with the rule, read back, and used by the Duplicates tab', async () => {
    const token = tokenA;
    const rule = { isEnable: true, keep: 'BEST', windowDays: 60, velocitySurveys: 3, velocityDays: 14 };
    await save(a.datafileId, token, rule);
    const got = await t.gql(GET, { id: a.datafileId }, { token });
    expect(got.body.data.getDatafileCleaningSettings.duplicateRule).toEqual(rule);
    const dupes = await t.gql(DUPES, { id: a.datafileId }, { token });
    expect(dupes.body.data.datafileDuplicates).toEqual({ windowDays: 60, velocitySurveys: 3, velocityDays: 14 });
  });

  it('are refused out of range, naming the field and its bounds, in the reader’s language', async () => {
    for (const [field, value, min, max] of [
      ['windowDays', 0, 1, 730],
      ['velocitySurveys', 101, 2, 100],
      ['velocityDays', 91, 1, 90],
    ] as const) {
      const res = await t.gql(
        SAVE,
        {
          id: a.datafileId,
          s: settings({ isEnable: true, keep: 'FIRST', [field]: value }, await revisionOf(a.datafileId, tokenA)),
        },
        { token: tokenA, headers: { 'accept-language': 'en' } },
      );
      expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PARAMETERS', reason: 'OUT_OF_RANGE' });
      expect(res.body.errors?.[0]?.message).toContain(String(min));
      expect(res.body.errors?.[0]?.message).toContain(String(max));
    }
  });
});

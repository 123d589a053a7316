// updateCleaningSettings and getDatafileCleaningSettings over a real processed revision: each rule of
// the cleaning form refused on the server with its reason and nothing written; a valid save
// stores exactly what cleanRevision computes (counts, decisions beside the revision, certificate,
// audit trail), with k of n failing checks exactly as the facade runs it; the worksheet's columns route
// serves the columns under the datafile policy.
import { eq } from 'drizzle-orm';
import { tableFromIPC } from 'apache-arrow';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, cleaningAudit, datafiles } from '../../../db/schema';
import { cleanRevision, groupingOf, quotaFor, recordIdsOf } from '../../../api/modules/cleaning/revision-cleaning';
import { loadSavedCleaning } from '../../../api/modules/cleaning/saved-cleaning.repo';
import { readRevisionColumns } from '../../../api/ingest/index';
import { cleaningRulesFrom, REASONS } from '../../../scoring/index';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser, sessionFor } from '../../support/factories';
import { publishedDemoDatafile } from '../../support/published-datafile';

const SAVE = `mutation($id:ID!,$s:CleaningSettingsInput!){updateCleaningSettings(datafileId:$id,cleaningSettings:$s){
  status numberOfRecords numberOfCleanedRecords removedByReason certificateLevel certificateCode scoringVersion }}`;
const GET = `query($id:ID!){getDatafileCleaningSettings(datafileId:$id){ datafileId revision numberOfRecords isCleaned numberOfCleanedRecords
  certificateCode certificateLevel cleaningMethod targetSampleSize groupingColumns savedBy
  scoreThresholds{key isEnable threshold minDataPoints} badAnswers{isEnable min} quotaSetting{column rename show options{value label target}}
  manualDecisions{recordId decision} weightingMethod{datafileWeighting{key value name}} }}`;
const AUDIT = `query($id:ID!,$p:PageInput){getCleaningAuditTrail(datafileId:$id,page:$p){entries{action recordId reason userName detail} pageInfo{total nextPage}}}`;

const ROWS = 600;
let t: TestApp;
let datafileId = '';
let owner = '';
let other = '';
let employee = '';
let ownerId = '';

const thresholds = (combined: number, enabled = true) => [
  { key: 'combined', name: 'Combined score', isEnable: enabled, threshold: combined, minDataPoints: 0 },
  { key: 'ts', name: 'TS', isEnable: false, threshold: 20, minDataPoints: 0 },
];
const base = (patch: Record<string, unknown> = {}) => ({
  revision: 1,
  scoreThresholds: thresholds(60),
  targetSampleSize: null,
  badAnswers: { isEnable: true, min: 2 },
  cleaningMethod: 'THRESHOLDS',
  ...patch,
});

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T10:00:00.000Z' });
  const A = await makeCompany(t.db);
  const B = await makeCompany(t.db);
  const admin = await makeUser(t.db, t.deps.appSecret, { companyId: A, accessLevel: 'ADMIN', owner: true });
  const emp = await makeUser(t.db, t.deps.appSecret, { companyId: A });
  const adminB = await makeUser(t.db, t.deps.appSecret, { companyId: B, accessLevel: 'ADMIN', owner: true });
  ownerId = admin.id;
  owner = await sessionFor(t, admin.id, A);
  employee = await sessionFor(t, emp.id, A);
  other = await sessionFor(t, adminB.id, B);
  ({ datafileId } = await publishedDemoDatafile(t, {
    companyId: A,
    ownerId: admin.id,
    title: 'Omnibus',
    rows: ROWS,
    seed: 11,
  }));
});
afterAll(() => t.close());

const TS_WEIGHT = { key: 'ts', value: 2, name: 'TS' };
const BAS_WEIGHT = { key: 'bas', value: 4, name: 'BAS' };
async function refused(settings: Record<string, unknown>, token = owner) {
  const before = await t.db.select().from(datafiles).where(eq(datafiles.id, datafileId)).get();
  const auditBefore = (await t.db.select().from(cleaningAudit)).length;
  const res = await t.gql(SAVE, { id: datafileId, s: settings }, { token });
  expect(res.body.data).toBeNull();
  const after = await t.db.select().from(datafiles).where(eq(datafiles.id, datafileId)).get();
  expect(after).toEqual(before);
  expect((await t.db.select().from(cleaningAudit)).length).toBe(auditBefore);
  return res.body.errors![0]!;
}

describe("the cleaning form's rules on the server", () => {
  it('at least one threshold set and enabled', async () => {
    const e = await refused(base({ scoreThresholds: thresholds(60, false) }));
    expect(e.extensions).toMatchObject({ code: 'INVALID_PARAMETERS', reason: 'NO_THRESHOLD_ENABLED' });
    expect(e.message).toBe('Aktivieren Sie mindestens einen Score-Schwellenwert.');
  });
  it('a method chosen', async () => {
    expect((await refused(base({ cleaningMethod: null }))).extensions).toMatchObject({
      code: 'INVALID_PARAMETERS',
      reason: 'CLEANING_METHOD_REQUIRED',
    });
  });
  it('remaining records at least the target sample size', async () => {
    const scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores');
    const kept = cleanRevision(
      t.deps.scoring,
      scores,
      cleaningRulesFrom({ ...base(), targetSampleSize: null, cleaningMethod: 'THRESHOLDS' } as never),
    ).keptCount;
    expect(kept).toBeLessThan(ROWS);
    const e = await refused(base({ targetSampleSize: kept + 1 }));
    expect(e.extensions).toMatchObject({
      code: 'TARGET_SAMPLE_SIZE_TOO_SMALL',
      reason: 'REMAINING_BELOW_TARGET',
      remaining: kept,
      target: kept + 1,
    });
    expect((await refused(base({ targetSampleSize: ROWS + 1 }))).extensions).toMatchObject({
      code: 'TARGET_SAMPLE_SIZE_TOO_SMALL',
      reason: 'TARGET_ABOVE_RECORDS',
    });
  });
  it('nothing left is refused', async () => {
    expect((await refused(base({ scoreThresholds: thresholds(100) }))).extensions).toMatchObject({
      code: 'NUMBER_OF_CLEANED_RECORDS_ZERO',
    });
  });
  it('quota cleaning needs quota settings with targets', async () => {
    expect((await refused(base({ cleaningMethod: 'QUOTA' }))).extensions).toMatchObject({
      code: 'QUOTA_SETTINGS_NOT_SAVED',
      reason: 'QUOTA_TARGETS_REQUIRED',
    });
    expect(
      (
        await refused(
          base({
            cleaningMethod: 'QUOTA',
            quotaSetting: { column: 'secret', show: true, options: [{ value: 'x', target: 1 }] },
          }),
        )
      ).extensions,
    ).toMatchObject({ code: 'INVALID_PARAMETERS', reason: 'UNKNOWN_COLUMN' });
  });
  it('trimming needs a target; keys, ranges, stale revisions and unknown records are refused', async () => {
    expect((await refused(base({ cleaningMethod: 'TRIM_TO_TARGET' }))).extensions).toMatchObject({
      reason: 'TARGET_REQUIRED_FOR_TRIM',
    });
    expect(
      (await refused(base({ scoreThresholds: [{ key: 'xyz', isEnable: true, threshold: 1 }] }))).extensions,
    ).toMatchObject({ reason: 'UNKNOWN_SCORE_KEY' });
    expect(
      (await refused(base({ scoreThresholds: [...thresholds(60), { key: 'ts', isEnable: true, threshold: 1 }] })))
        .extensions,
    ).toMatchObject({ reason: 'DUPLICATE_SCORE_KEY' });
    expect((await refused(base({ scoreThresholds: thresholds(101) }))).extensions).toMatchObject({
      reason: 'OUT_OF_RANGE',
    });
    expect((await refused(base({ revision: 2 }))).extensions).toMatchObject({
      code: 'INVALID_PARAMETERS',
      reason: 'REVISION_CHANGED',
      revision: 1,
    });
    expect(
      (await refused(base({ manualDecisions: [{ recordId: 'no-such-id', decision: 'EXCLUDE' }] }))).extensions,
    ).toMatchObject({ code: 'DATARECORD_NOT_FOUND', recordId: 'no-such-id' });
  });
  it('another organisation cannot see nor save', async () => {
    expect((await refused(base(), other)).extensions.code).toBe('NO_DATAFILE_FOUND');
    expect((await refused(base(), employee)).extensions.code).toBe('NO_DATAFILE_FOUND');
  });
});

describe('saving', () => {
  it("stores the server's own re-run: counts, decisions, certificate, saved cleaning, audit", async () => {
    const scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores');
    const ids = recordIdsOf(scores);
    const raw = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'raw', ['region']);
    const region = groupingOf(raw, 'region');
    const targets = Object.fromEntries(
      region.values.map((v, c) => [String(v), Math.floor(region.cells.filter((x) => x === c).length * 0.5)]),
    );
    const settings = base({
      scoreThresholds: thresholds(55),
      cleaningMethod: 'QUOTA',
      targetSampleSize: 50,
      quotaSetting: {
        column: 'region',
        rename: 'Region',
        show: true,
        options: region.values.map((v) => ({ value: String(v), label: String(v), target: targets[String(v)] })),
      },
      manualDecisions: [
        { recordId: ids[0], decision: 'EXCLUDE', reason: 'speeder seen in paradata' },
        { recordId: ids[1], decision: 'KEEP' },
      ],
      weightingMethod: { datafileWeighting: [TS_WEIGHT, BAS_WEIGHT], projectiveQuestionsWeighting: [] },
      comment: 'first cleaning',
    });
    const res = await t.gql(SAVE, { id: datafileId, s: settings }, { token: owner });
    expect(res.body.errors).toBeUndefined();
    const manual = new Float64Array(ROWS);
    manual[0] = 1;
    manual[1] = 2;
    const rules = cleaningRulesFrom({ ...settings, cleaningMethod: 'QUOTA' } as never);
    const expected = cleanRevision(t.deps.scoring, scores, rules, { manual, quota: quotaFor(region, targets) });
    const out = res.body.data.updateCleaningSettings;
    expect(out).toMatchObject({
      status: 'SUCCESS',
      numberOfRecords: ROWS,
      numberOfCleanedRecords: expected.keptCount,
      scoringVersion: t.deps.scoring.version,
    });
    expect(out.removedByReason).toEqual(REASONS.map((_, k) => expected.primary.filter((p) => p === k).length));
    expect(out.removedByReason[REASONS.indexOf('quota')]).toBeGreaterThan(0);
    expect(out.removedByReason[REASONS.indexOf('manual')]).toBe(1);

    const row = (await t.db.select().from(datafiles).where(eq(datafiles.id, datafileId)).get())!;
    expect(row).toMatchObject({
      isCleaned: true,
      numberOfCleanedRecords: expected.keptCount,
      cleaningMethod: 'QUOTA',
      certificateLevel: out.certificateLevel,
      isWeighted: true,
    });
    expect(row.weightingMethod?.datafileWeighting).toContainEqual(BAS_WEIGHT);
    const saved = (await loadSavedCleaning(t.db, datafileId))!;
    expect(saved).toMatchObject({
      revision: 1,
      rules,
      manual: { [ids[0]!]: 1, [ids[1]!]: 2 },
      quota: { column: 'region', targets },
      method: 'QUOTA',
      certificateCode: out.certificateCode,
      savedBy: ownerId,
    });
    const cert = await t.db.select().from(certificates).where(eq(certificates.datafileId, datafileId));
    expect(cert).toHaveLength(1);
    const decisions = tableFromIPC((await t.deps.blobs.getBytes(saved.decisionsKey!))!);
    expect(Array.from(decisions.getChild('kept')!.toArray() as Uint8Array)).toEqual(Array.from(expected.kept));
    expect(Array.from(decisions.getChild('primary_reason')!.toArray() as Int8Array)).toEqual(
      Array.from(expected.primary),
    );

    const got = (await t.gql(GET, { id: datafileId }, { token: owner })).body.data.getDatafileCleaningSettings;
    expect(got).toMatchObject({
      isCleaned: true,
      numberOfCleanedRecords: expected.keptCount,
      cleaningMethod: 'QUOTA',
      targetSampleSize: 50,
      groupingColumns: ['region'],
      certificateCode: out.certificateCode,
    });
    expect(got.scoreThresholds.find((s: { key: string }) => s.key === 'combined')).toEqual({
      key: 'combined',
      isEnable: true,
      threshold: 55,
      minDataPoints: 0,
    });
    expect(got.quotaSetting).toMatchObject({ column: 'region', rename: 'Region', show: true });
    expect(got.manualDecisions).toHaveLength(2);

    const audit = (await t.gql(AUDIT, { id: datafileId }, { token: owner })).body.data.getCleaningAuditTrail;
    expect(audit.pageInfo.total).toBe(3);
    expect(audit.entries[0]).toMatchObject({ action: 'SAVE', reason: 'first cleaning' });
    expect(JSON.parse(audit.entries[0].detail)).toMatchObject({
      kept: expected.keptCount,
      method: 'QUOTA',
      certificateCode: out.certificateCode,
    });
    expect(
      audit.entries
        .slice(1)
        .map((e: { action: string; recordId: string; reason: string | null }) => [e.action, e.recordId, e.reason])
        .sort(),
    ).toEqual([
      ['MANUAL_EXCLUDE', ids[0], 'speeder seen in paradata'],
      ['MANUAL_KEEP', ids[1], null],
    ]);
    expect(audit.entries[0].userName).toMatch(/^Test User/);

    // A second save that drops one manual decision logs the clear, and the trail pages.
    t.clock.set('2026-11-22T10:05:00.000Z');
    const second = await t.gql(
      SAVE,
      { id: datafileId, s: base({ manualDecisions: [{ recordId: ids[0], decision: 'EXCLUDE' }] }) },
      { token: owner },
    );
    expect(second.body.errors).toBeUndefined();
    const page1 = (await t.gql(AUDIT, { id: datafileId, p: { page: 1, limit: 2 } }, { token: owner })).body.data
      .getCleaningAuditTrail;
    expect(page1.pageInfo).toEqual({ total: 5, nextPage: 2 });
    expect(page1.entries.map((e: { action: string }) => e.action)).toEqual(['SAVE', 'MANUAL_CLEAR']);
  });
});

describe('k of n failing checks', () => {
  const checks = [
    { key: 'combined', isEnable: true, threshold: 60 },
    { key: 'ts', isEnable: true, threshold: 20 },
    { key: 'ibs', isEnable: true, threshold: 20, minDataPoints: 2 },
    { key: 'con', isEnable: true, threshold: 20, minDataPoints: 1 },
  ];
  it('refuses more failing checks than enabled checks (4 rules and the open-answer rule), and fewer than one', async () => {
    const e = await refused(base({ scoreThresholds: checks, minFailingChecks: 6 }));
    expect(e.extensions).toMatchObject({ reason: 'MORE_FAILING_CHECKS_THAN_CHECKS', checks: 5, asked: 6 });
    expect(e.message).toMatch(/^Es sind nur 5 Prüfungen aktiviert, 6 fehlgeschlagene/);
    expect((await refused(base({ minFailingChecks: 0 }))).extensions).toMatchObject({
      reason: 'OUT_OF_RANGE',
      field: 'minFailingChecks',
    });
  });
  it('re-runs k of n on the server as the facade does, stores it and reads it back', async () => {
    const scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores');
    const any = cleaningRulesFrom({ ...base({ scoreThresholds: checks }), cleaningMethod: 'THRESHOLDS' } as never);
    const one = cleanRevision(t.deps.scoring, scores, any);
    const two = cleanRevision(t.deps.scoring, scores, { ...any, minFailing: 2 });
    expect(two.keptCount).toBeGreaterThan(one.keptCount);
    const res = await t.gql(
      SAVE,
      { id: datafileId, s: base({ scoreThresholds: checks, minFailingChecks: 2 }) },
      {
        token: owner,
      },
    );
    expect(res.body.errors).toBeUndefined();
    const out = res.body.data.updateCleaningSettings;
    expect(out.numberOfCleanedRecords).toBe(two.keptCount);
    expect(out.removedByReason).toEqual(REASONS.map((_, k) => two.primary.filter((p) => p === k).length));
    const saved = (await loadSavedCleaning(t.db, datafileId))!;
    expect(saved.rules.minFailing).toBe(2);
    const decisions = tableFromIPC((await t.deps.blobs.getBytes(saved.decisionsKey!))!);
    expect(Array.from(decisions.getChild('kept')!.toArray() as Uint8Array)).toEqual(Array.from(two.kept));
    const GETK = `query($id:ID!){getDatafileCleaningSettings(datafileId:$id){ minFailingChecks }}`;
    const read = async () =>
      (await t.gql(GETK, { id: datafileId }, { token: owner })).body.data.getDatafileCleaningSettings.minFailingChecks;
    expect(await read()).toBe(2);
    // Back to the OR rule: nothing stored, read as 1, the server's count that of k = 1.
    const back = await t.gql(SAVE, { id: datafileId, s: base({ scoreThresholds: checks }) }, { token: owner });
    expect(back.body.data.updateCleaningSettings.numberOfCleanedRecords).toBe(one.keptCount);
    expect((await loadSavedCleaning(t.db, datafileId))!.rules.minFailing).toBeUndefined();
    expect(await read()).toBe(1);
  });
});

describe('the columns the worksheet reads', () => {
  it('come from the results columns route, to who may see the datafile and nobody else', async () => {
    const res = await t.app.request(`/api/datafiles/${datafileId}/columns?file=scores`, {
      headers: { authorization: `Bearer ${owner}`, 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const table = tableFromIPC(res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes);
    expect(table.numRows).toBe(ROWS);
    expect(table.schema.fields.map((f) => f.name)).toContain('combined');
    expect(table.schema.fields.map((f) => f.name)).toContain('record_id');
    const raw = await t.app.request(`/api/datafiles/${datafileId}/columns?file=raw&columns=region`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(tableFromIPC(new Uint8Array(await raw.arrayBuffer())).schema.fields.map((f) => f.name)).toEqual(['region']);
    expect(
      (
        await t.app.request(`/api/datafiles/${datafileId}/columns?file=scores`, {
          headers: { authorization: `Bearer ${other}` },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.app.request(`/api/datafiles/${datafileId}/columns?file=scores`, {
          headers: { authorization: `Bearer ${employee}` },
        })
      ).status,
    ).toBe(404);
    expect((await t.app.request(`/api/datafiles/${datafileId}/columns?file=scores`)).status).toBe(401);
  });
});

describe('the saved decisions on the columns route (file=cleaning)', () => {
  const decisions = (token?: string, etag?: string) =>
    t.app.request(`/api/datafiles/${datafileId}/columns?file=cleaning`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(etag ? { 'if-none-match': etag } : {}) },
    });
  it('are the last save, row for row, to who may see the datafile; none after a reset', async () => {
    const saved = await t.gql(SAVE, { id: datafileId, s: base() }, { token: owner });
    expect(saved.body.errors).toBeUndefined();
    const res = await decisions(owner);
    expect(res.status).toBe(200);
    const table = tableFromIPC(new Uint8Array(await res.arrayBuffer()));
    expect(table.numRows).toBe(ROWS);
    expect(table.schema.fields.map((f) => f.name)).toEqual(['record_id', 'kept', 'primary_reason', 'reasons']);
    const kept = [...table.getChild('kept')!].filter((v) => Number(v) === 1).length;
    expect(kept).toBe(saved.body.data.updateCleaningSettings.numberOfCleanedRecords);
    expect((await decisions(other)).status).toBe(404);
    expect((await decisions()).status).toBe(401);
    // A reset datafile has no saved cleaning: refused with what to do.
    const reset = await t.gql(
      'mutation($id:ID!){resetDatafileCleaning(datafileId:$id){status}}',
      { id: datafileId },
      {
        token: owner,
      },
    );
    expect(reset.body.errors).toBeUndefined();
    // Also a browser holding the saved decisions' ETag: no 304 for decisions that are gone.
    expect((await decisions(owner, res.headers.get('etag')!)).status).toBe(404);
    const none = await decisions(owner);
    expect(none.status).toBe(404);
    expect((await none.json()).errors[0].extensions).toMatchObject({
      code: 'DATAFILE_NOT_CLEANED',
      reason: 'NO_SAVED_CLEANING_FOR_REVISION',
    });
  });
});

// The worksheet's saved weighting reaches the combined score everywhere it is read: a save that
// favours one score stores, in the revision's scores.arrow, exactly the WASM combine of the stored
// subscores with those weights; the result page's columns route, the scores export, the cleaning
// counts and the datafile's mean follow; defaults give back the upload's numbers bit for bit; all
// weights 0 is refused with its reason.
import { eq } from 'drizzle-orm';
import { tableFromIPC, type Table } from 'apache-arrow';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datafileScoreStats } from '../../../db/schema';
import { cleanRevision, numericColumns } from '../../../api/modules/cleaning/revision-cleaning';
import { processUpload, readManifest, readRevisionColumns, revisionPrefix } from '../../../api/ingest/index';
import { uploadPlan } from '../../../api/modules/uploads/upload-job.service';
import { DEFAULT_WEIGHTS, cleaningRulesFrom, combinedWeightsOf, type CombinedWeights } from '../../../scoring/index';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser, sessionFor } from '../../support/factories';
import { publishedDemoDatafile } from '../../support/published-datafile';

const SAVE = `mutation($id:ID!,$s:CleaningSettingsInput!){updateCleaningSettings(datafileId:$id,cleaningSettings:$s){
  numberOfCleanedRecords }}`;
const MEAN = `query($id:ID!){getDatafile(datafileId:$id){ meanCombinedScore }}`;
const ROWS = 300;
let t: TestApp;
let datafileId = '';
let token = '';
let uploadId = '';
let mapping: unknown;
let sourceKey = '';

const settings = (weights: [string, number][] | null) => ({
  revision: 1,
  scoreThresholds: [{ key: 'combined', name: 'Combined', isEnable: true, threshold: 60, minDataPoints: 0 }],
  targetSampleSize: null,
  badAnswers: { isEnable: false, min: 2 },
  cleaningMethod: 'THRESHOLDS',
  weightingMethod: weights && {
    datafileWeighting: weights.map(([key, value]) => ({ key, value, name: key })),
    projectiveQuestionsWeighting: [],
  },
});
const stored = () => readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores');
const combinedOf = (table: Table) => Array.from(numericColumns(table)('combined')!);
/** The WASM combine of the stored subscores with `weights`: what every reader must show. */
function expectedCombined(table: Table, weights: CombinedWeights): number[] {
  const col = numericColumns(table);
  const sub = {
    oes: col('oes'),
    ts: col('ts'),
    ibs: col('ibs'),
    ps: col('ps'),
    cs: col('cs'),
    con: col('con'),
    bas: col('bas'),
  };
  return Array.from(t.deps.scoring.combined(sub, table.numRows, weights).combined);
}
async function get(path: string): Promise<Table> {
  const res = await t.app.request(path, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return tableFromIPC(res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes);
}
const save = async (weights: [string, number][] | null) =>
  (await t.gql(SAVE, { id: datafileId, s: settings(weights) }, { token })).body;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T10:00:00.000Z' });
  const company = await makeCompany(t.db);
  const admin = await makeUser(t.db, t.deps.appSecret, { companyId: company, accessLevel: 'ADMIN', owner: true });
  token = await sessionFor(t, admin.id, company);
  ({ datafileId, uploadId, sourceKey, mapping } = await publishedDemoDatafile(t, {
    companyId: company,
    ownerId: admin.id,
    title: 'Weighted',
    rows: ROWS,
    seed: 5,
  }));
});
afterAll(() => t.close());

describe("the datafile's weights in the combined score", () => {
  it('defaults: the upload’s numbers, bit for bit, equal to the combine with DEFAULT_WEIGHTS', async () => {
    const before = await stored();
    expect(combinedOf(before)).toEqual(expectedCombined(before, DEFAULT_WEIGHTS));
    const res = await save(null);
    expect(res.errors).toBeUndefined();
    expect(combinedOf(await stored())).toEqual(combinedOf(before));
  });

  it('weights that favour TS reach the stored scores, the result page, the export, the counts and the mean', async () => {
    const before = await stored();
    const defaultKept = cleanRevision(t.deps.scoring, before, cleaningRulesFrom(settings(null) as never)).keptCount;
    const entries: [string, number][] = [
      ['ts', 100],
      ['oes', 0],
      ['ibs', 1],
      ['is', 7],
    ];
    const expected = expectedCombined(before, combinedWeightsOf(entries.map(([key, value]) => ({ key, value }))));
    expect(expected).not.toEqual(combinedOf(before));

    // The dashboard's other kinds stay as the upload stored them.
    const ts = {
      datafileId,
      revision: 1,
      kind: 'TS' as const,
      count: 3,
      sum: 150,
      band0: 0,
      band1: 3,
      band2: 0,
      band3: 0,
    };
    await t.db.insert(datafileScoreStats).values(ts);
    const columnsPath = `/api/datafiles/${datafileId}/columns?file=scores&columns=combined`;
    const etagOf = async () =>
      (await t.app.request(columnsPath, { headers: { authorization: `Bearer ${token}` } })).headers.get('etag');
    const etagBefore = await etagOf();
    const publishedBytes = await t.deps.blobs.getBytes(`${revisionPrefix(datafileId, 1)}scores.arrow`);
    const res = await save(entries);
    expect(res.errors).toBeUndefined();
    const after = await stored();
    expect(combinedOf(after)).toEqual(expected);
    // The result page and the worksheet read the columns route; the scores export the scores route.
    expect(combinedOf(await get(`/api/datafiles/${datafileId}/columns?file=scores&columns=combined`))).toEqual(
      expected,
    );
    expect(combinedOf(await get(`/api/datafiles/${datafileId}/scores?format=arrow`))).toEqual(expected);
    // A browser holding the old answer asks with its ETag: it must not be told its copy is current.
    expect(await etagOf()).not.toBe(etagBefore);
    // The published file is not rewritten in place (a reader or export streaming it keeps whole bytes):
    // the reweighted one has a key of its own, named in the manifest.
    expect(await t.deps.blobs.getBytes(`${revisionPrefix(datafileId, 1)}scores.arrow`)).toEqual(publishedBytes);
    // The cleaning ran on the weighted score: its count is the facade's over the new column, not the default one.
    const kept = cleanRevision(t.deps.scoring, after, cleaningRulesFrom(settings(entries) as never)).keptCount;
    expect(res.data.updateCleaningSettings.numberOfCleanedRecords).toBe(kept);
    expect(kept).not.toBe(defaultKept);
    const present = expected.filter((v) => !Number.isNaN(v));
    const mean = (await t.gql(MEAN, { id: datafileId }, { token })).body.data.getDatafile.meanCombinedScore;
    expect(mean).toBeCloseTo(present.reduce((a, b) => a + b, 0) / present.length, 9);
    const stat = await t.db.select().from(datafileScoreStats).where(eq(datafileScoreStats.kind, 'COMBINED')).get();
    expect(stat?.count).toBe(present.length);
    expect(await t.db.select().from(datafileScoreStats).where(eq(datafileScoreStats.kind, 'TS')).get()).toEqual(ts);
  });

  it('all weights 0 is refused with what to change, and nothing is written', async () => {
    const before = combinedOf(await stored());
    const zero: [string, number][] = ['ts', 'ibs', 'oes', 'ps', 'cs', 'con', 'bas'].map((k) => [k, 0]);
    const res = await save(zero);
    expect(res.errors![0]!.extensions).toMatchObject({ code: 'INVALID_PARAMETERS', reason: 'ALL_WEIGHTS_ZERO' });
    expect(res.errors![0]!.message).toMatch(/Gewicht über 0/);
    expect(combinedOf(await stored())).toEqual(before);
  });

  it('back to the defaults gives the upload’s numbers again', async () => {
    const original = expectedCombined(await stored(), DEFAULT_WEIGHTS);
    const res = await save(Object.entries(DEFAULT_WEIGHTS));
    expect(res.errors).toBeUndefined();
    expect(combinedOf(await stored())).toEqual(original);
  });

  it('a new revision of a weighted datafile is scored with its weights', async () => {
    const entries: [string, number][] = [['ts', 100]];
    expect((await save(entries)).errors).toBeUndefined();
    const plan = await uploadPlan(t.deps, uploadId);
    const weights = combinedWeightsOf(entries.map(([key, value]) => ({ key, value })));
    expect(plan?.weights).toEqual(weights);
    await processUpload({
      blobs: t.deps.blobs,
      scoring: t.deps.scoring,
      source: { key: sourceKey, format: 'csv' },
      options: {},
      mapping: mapping as never,
      datafileId,
      revision: 2,
      weights: plan!.weights!,
    });
    const second = await readRevisionColumns(t.deps.blobs, datafileId, 2, 'scores');
    expect(combinedOf(second)).toEqual(expectedCombined(second, weights));
    expect(combinedOf(second)).not.toEqual(expectedCombined(second, DEFAULT_WEIGHTS));
    expect((await readManifest(t.deps.blobs, datafileId, 2))?.weights).toEqual(weights);
  });
});

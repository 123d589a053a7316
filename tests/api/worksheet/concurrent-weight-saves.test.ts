// Saves of different weights arriving at once: whichever save is last, the datafile's saved weights, the
// scores file the revision's manifest names, and the mean combined score all follow that one save. Each
// save writes its weighted scores file first and names it in the manifest in the same write transaction
// as the database rows, so the manifest and the rows cannot be left by two different saves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numericColumns } from '../../../api/modules/cleaning/revision-cleaning';
import { readManifest, readRevisionColumns } from '../../../api/ingest/index';
import { combinedWeightsOf, sameWeights } from '../../../scoring/index';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser, sessionFor } from '../../support/factories';
import { publishedDemoDatafile } from '../../support/published-datafile';

const SAVE = `mutation($id:ID!,$s:CleaningSettingsInput!){updateCleaningSettings(datafileId:$id,cleaningSettings:$s){
  numberOfCleanedRecords }}`;
const READ = `query($id:ID!){getDatafile(datafileId:$id){ meanCombinedScore }
  getDatafileCleaningSettings(datafileId:$id){ weightingMethod { datafileWeighting { key value } } } }`;
let t: TestApp;
let datafileId = '';
let token = '';

const settings = (weights: [string, number][]) => ({
  revision: 1,
  scoreThresholds: [{ key: 'combined', name: 'Combined', isEnable: true, threshold: 10, minDataPoints: 0 }],
  targetSampleSize: null,
  badAnswers: { isEnable: false, min: 2 },
  cleaningMethod: 'THRESHOLDS',
  weightingMethod: {
    datafileWeighting: weights.map(([key, value]) => ({ key, value, name: key })),
    projectiveQuestionsWeighting: [],
  },
});

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-28T10:00:00.000Z' });
  const company = await makeCompany(t.db);
  const admin = await makeUser(t.db, t.deps.appSecret, { companyId: company, accessLevel: 'ADMIN', owner: true });
  token = await sessionFor(t, admin.id, company);
  ({ datafileId } = await publishedDemoDatafile(t, {
    companyId: company,
    ownerId: admin.id,
    title: 'Concurrent',
    rows: 200,
    seed: 9,
  }));
});
afterAll(() => t.close());

describe('concurrent saves of different weights', () => {
  it('leave the saved weights, the manifest and the mean of one and the same save', async () => {
    const variants: [string, number][][] = [[['ts', 100]], [['oes', 100]], [['ibs', 100]], [['ts', 1]]];
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.gql(SAVE, { id: datafileId, s: settings(variants[(i + round) % variants.length]!) }, { token }),
        ),
      );
      for (const r of results) expect(r.body.errors).toBeUndefined();
      const read = (await t.gql(READ, { id: datafileId }, { token })).body.data;
      const saved = combinedWeightsOf(read.getDatafileCleaningSettings.weightingMethod.datafileWeighting);
      const manifest = await readManifest(t.deps.blobs, datafileId, 1);
      expect(manifest?.weights && sameWeights(manifest.weights, saved)).toBe(true);
      const combined = Array.from(
        numericColumns(await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores'))('combined')!,
      ).filter((v) => !Number.isNaN(v));
      expect(read.getDatafile.meanCombinedScore).toBeCloseTo(combined.reduce((a, b) => a + b, 0) / combined.length, 9);
    }
  }, 120_000);
});

// Datafiles whose weights were saved before the weights reached the scores: the weights row is
// there, the published revision's manifest names the upload's default-weighted scores file. The
// one-off job enqueued at start-up writes their weighted scores as a save does: the columns route,
// the mean and the dashboard figures show the weighted numbers; a second start enqueues nothing, a
// second run changes nothing, a run stopped half-way is finished by the next, and a datafile saved
// with the default weights is left alone.
import { eq } from 'drizzle-orm';
import { tableFromIPC, type Table } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datafileScoreStats, datafiles, jobs } from '../../../db/schema';
import { numericColumns } from '../../../api/modules/cleaning/revision-cleaning';
import { combinedStatOf, readManifest, readRevisionColumns, revisionPrefix } from '../../../api/ingest/index';
import { runJobsUntilIdle } from '../../../api/jobs/job-loop';
import { jobByDedupeKey } from '../../../api/jobs/job-store';
import { enqueueStartupJobs } from '../../../api/compose/job-kinds';
import { reweightSavedDatafiles } from '../../../api/modules/worksheet/jobs/reweight-saved.jobs';
import { REWEIGHT_SAVED_JOB, REWEIGHT_SAVED_KEY } from '../../../api/modules/worksheet/jobs/contract';
import { DEFAULT_WEIGHTS, combinedWeightsOf } from '../../../scoring/index';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser, sessionFor } from '../../support/factories';
import { publishedDemoDatafile } from '../../support/published-datafile';

const MEAN = `query($id:ID!){getDatafile(datafileId:$id){ meanCombinedScore }}`;
const WEIGHTS: [string, number][] = [
  ['ts', 100],
  ['oes', 0],
  ['ibs', 1],
];
let t: TestApp;
let token = '';
let weighted = '';
let second = '';
let defaults = '';

const combinedOf = (table: Table) => Array.from(numericColumns(table)('combined')!);
const stored = (id: string) => readRevisionColumns(t.deps.blobs, id, 1, 'scores');
const manifestBytes = (id: string) => t.deps.blobs.getBytes(`${revisionPrefix(id, 1)}manifest.json`);
function expectedCombined(table: Table, weights = combinedWeightsOf(WEIGHTS.map(([key, value]) => ({ key, value })))) {
  const col = numericColumns(table);
  const sub = { oes: col('oes'), ts: col('ts'), ibs: col('ibs'), ps: col('ps'), cs: col('cs'), con: col('con') };
  return Array.from(t.deps.scoring.combined({ ...sub, bas: col('bas') }, table.numRows, weights).combined);
}
const etags = new Map<string, string>();
async function columnsRoute(id: string): Promise<number[]> {
  const url = `/api/datafiles/${id}/columns?file=scores&columns=combined`;
  // A browser's copy from before the job is not taken for current: the ETag names the scores file.
  const before = etags.get(id);
  if (before) {
    const again = await t.app.request(url, { headers: { authorization: `Bearer ${token}`, 'if-none-match': before } });
    expect(again.status, 'a copy from before the job').toBe(200);
  }
  const res = await t.app.request(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  etags.set(id, res.headers.get('etag')!);
  return combinedOf(tableFromIPC(new Uint8Array(await res.arrayBuffer())));
}
const meanOf = async (id: string) =>
  (await t.gql(MEAN, { id }, { token })).body.data.getDatafile.meanCombinedScore as number;
const combinedStat = (id: string) =>
  t.db
    .select()
    .from(datafileScoreStats)
    .where(eq(datafileScoreStats.datafileId, id))
    .all()
    .then((rows) => rows.filter((r) => r.kind === 'COMBINED'));

/** A published datafile as the old save left it: weights saved, the upload's scores file, mean and dashboard figures. */
async function savedTheOldWay(companyId: string, ownerId: string, title: string, seed: number, entries = WEIGHTS) {
  const { datafileId } = await publishedDemoDatafile(t, { companyId, ownerId, title, rows: 120, seed });
  const stat = combinedStatOf(numericColumns(await stored(datafileId))('combined')!)!;
  const [band0, band1, band2, band3] = stat.bands;
  await t.db.insert(datafileScoreStats).values({
    datafileId,
    revision: 1,
    kind: 'COMBINED',
    count: stat.count,
    sum: stat.sum,
    band0,
    band1,
    band2,
    band3,
  });
  const weightingMethod = {
    datafileWeighting: entries.map(([key, value]) => ({ key, value, name: key })),
    projectiveQuestionsWeighting: [],
  };
  await t.db
    .update(datafiles)
    .set({ weightingMethod, isWeighted: true, meanCombinedScore: stat.sum / stat.count })
    .where(eq(datafiles.id, datafileId));
  return datafileId;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T10:00:00.000Z' });
  const company = await makeCompany(t.db);
  const admin = await makeUser(t.db, t.deps.appSecret, { companyId: company, accessLevel: 'ADMIN', owner: true });
  token = await sessionFor(t, admin.id, company);
  weighted = await savedTheOldWay(company, admin.id, 'Weighted before', 5);
  second = await savedTheOldWay(company, admin.id, 'Stopped half-way', 6);
  defaults = await savedTheOldWay(company, admin.id, 'Defaults saved', 7, Object.entries(DEFAULT_WEIGHTS));
});
afterAll(() => t.close());

describe('the start-up job for datafiles whose weights were saved before they reached the scores', () => {
  it('a run stopped after the figures and before the scores file is finished by the job; the weighted numbers everywhere', async () => {
    const before = await stored(weighted);
    const expected = expectedCombined(before);
    expect(expected).not.toEqual(combinedOf(before));
    expect(await columnsRoute(weighted)).toEqual(combinedOf(before));

    // A process dies while writing the first datafile's scores: the blob store refuses every write.
    const failing = {
      ...t.deps.blobs,
      put: async () => {
        throw new Error('process killed');
      },
    };
    await expect(reweightSavedDatafiles({ ...t.deps, blobs: failing as never })).rejects.toThrow('process killed');
    expect((await readManifest(t.deps.blobs, weighted, 1))?.weights).toBeUndefined();

    // Every start enqueues it; the dedupe key keeps it to one job.
    await enqueueStartupJobs(t.deps);
    await enqueueStartupJobs(t.deps);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, REWEIGHT_SAVED_JOB)).all()).toHaveLength(1);
    expect(await runJobsUntilIdle(t.deps, { kinds: [REWEIGHT_SAVED_JOB] })).toBe(1);
    const job = await t.deps.jobs.find(REWEIGHT_SAVED_JOB, (await jobByDedupeKey(t.db, REWEIGHT_SAVED_KEY))!.id);
    expect(job?.state).toBe('SUCCEEDED');
    expect(job?.result).toEqual({ checked: 2, reweighted: 2 });

    for (const id of [weighted, second]) {
      const scores = expectedCombined(await readRevisionColumns(t.deps.blobs, id, 1, 'scores'));
      expect(await columnsRoute(id)).toEqual(scores);
      const present = scores.filter((v) => !Number.isNaN(v));
      expect(await meanOf(id)).toBeCloseTo(present.reduce((a, b) => a + b, 0) / present.length, 9);
      const [stat] = await combinedStat(id);
      expect(stat?.count).toBe(present.length);
      expect(stat?.sum).toBeCloseTo(
        present.reduce((a, b) => a + b, 0),
        6,
      );
      expect((await readManifest(t.deps.blobs, id, 1))?.weights).toEqual(
        combinedWeightsOf(WEIGHTS.map(([key, value]) => ({ key, value }))),
      );
    }
    // The upload's file stays as it was (a reader of the older manifest keeps whole bytes).
    expect(
      combinedOf(tableFromIPC((await t.deps.blobs.getBytes(`${revisionPrefix(weighted, 1)}scores.arrow`))!)),
    ).toEqual(combinedOf(before));
  });

  it('a second run changes nothing, and a datafile saved with the default weights is left alone', async () => {
    const manifests = await Promise.all([weighted, second, defaults].map(manifestBytes));
    const means = await Promise.all([weighted, second, defaults].map(meanOf));
    expect(await reweightSavedDatafiles(t.deps)).toEqual({ checked: 2, reweighted: 0 });
    expect(await Promise.all([weighted, second, defaults].map(manifestBytes))).toEqual(manifests);
    expect(await Promise.all([weighted, second, defaults].map(meanOf))).toEqual(means);

    const untouched = await stored(defaults);
    expect((await readManifest(t.deps.blobs, defaults, 1))?.weights).toBeUndefined();
    expect(await columnsRoute(defaults)).toEqual(combinedOf(untouched));
    expect(combinedOf(untouched)).toEqual(expectedCombined(untouched, DEFAULT_WEIGHTS));
  });
});

// getMyDatafilesSummaryForDashboard against the database: real uploads through the pipeline, then
// every figure the dashboard shows computed here on its own from what is stored (the datafile rows
// and each published revision's scores.arrow in the blob store), for each role and visibility.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRevisionColumns } from '../../../api/ingest/index';
import { generateDemoSurvey, surveyCsvBytes } from '../../../api/demo/index';
import { assignContract } from '../../../api/modules/contracts/contracts.service';
import { createTestApp, type TestApp } from '../../support/test-app';
import { runJobs, uploadThrough, uploadWorld, type UploadWorld } from '../../support/upload-world';

const Q = `{getMyDatafilesSummaryForDashboard{
  numberOfDatafiles numberOfDataRecords numberOfQualityScores
  combinedScore{numberOfScoredRecords average trafficLight bands{from to count}}
  scoreKinds{kind numberOfScoredRecords average trafficLight bands{from to count}}
  latestDatafiles{id title createdAt numberOfRecords averageCombinedScore trafficLight}}}`;

let t: TestApp;
let w: UploadWorld;
const ids: Record<string, string> = {};

async function upload(token: string, companyId: string, title: string, rows: number, seed: number) {
  const bytes = await surveyCsvBytes(generateDemoSurvey({ rows, seed }), { qualtrics: false, encoding: 'utf-8' });
  const { datafileId } = await uploadThrough(t, token, companyId, `${title}.csv`, bytes, { title });
  await runJobs(t);
  return datafileId;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
  // The other organisation needs credits too.
  await assignContract(
    t.deps,
    w.op.id,
    {
      companyId: w.B,
      contract: { contractType: 'STARTER', startDate: '2026-11-21', endDate: '2027-11-20', autoRenew: true },
      creditPlan: {
        creditPlanCategory: 'EXPIRING',
        creditAmount: 100_000,
        pricePerCredit: 12,
        paymentAmount: 1_200_000,
      },
    },
    'NEW',
  );
  ids.a1 = await upload(w.tokens.admin, w.A, 'Admin wave 1', 180, 11);
  ids.a2 = await upload(w.tokens.admin, w.A, 'Admin wave 2 with a long title', 120, 12);
  ids.e1 = await upload(w.tokens.employee, w.A, 'Employee study', 90, 13);
  ids.b1 = await upload(w.tokens.adminB, w.B, 'Other organisation', 60, 14);
  ids.gone = await upload(w.tokens.admin, w.A, 'Deleted later', 45, 15);
  await t.db.run(sql`update datafiles set is_deleted = 1 where id = ${ids.gone}`);
  // Distinct creation instants, so "newest first" has one answer.
  let minute = 0;
  for (const id of [ids.a1, ids.a2, ids.e1, ids.b1, ids.gone])
    await t.db.run(sql`update datafiles set created_at = ${`2026-11-2${++minute}T08:00:00.000Z`} where id = ${id}`);
  // The employee contributes to the admin's first wave: it joins their dashboard.
  await t.db.run(
    sql`insert into datafile_contributors (datafile_id, user_id, created_at) values (${ids.a1}, ${w.employee.id}, ${t.clock.now().toISOString()})`,
  );
}, 240_000);
afterAll(() => t?.close());

const KINDS = [
  ['TS', 'ts'],
  ['IBS', 'ibs'],
  ['OES', 'oes'],
  ['PS', 'ps'],
  ['CS', 'cs'],
  ['IS', 'is'],
  ['SDS', 'sds'],
] as const;

/** Everything the dashboard should show for these datafiles, from the rows and the stored score columns. */
async function expected(datafileIds: string[]) {
  const files = await t.db.all<{
    id: string;
    title: string;
    created_at: string;
    number_of_records: number;
    revision: number;
    mean_combined_score: number | null;
  }>(
    sql`select id, title, created_at, number_of_records, revision, mean_combined_score from datafiles where id in ${datafileIds} order by created_at desc`,
  );
  const acc = new Map<string, { n: number; sum: number; bands: number[] }>();
  let values = 0;
  for (const f of files) {
    const table = await readRevisionColumns(t.deps.blobs, f.id, f.revision, 'scores', [
      'combined',
      ...KINDS.map(([, c]) => c),
    ]);
    for (const [kind, column] of [['COMBINED', 'combined'], ...KINDS] as const) {
      const a = acc.get(kind) ?? { n: 0, sum: 0, bands: [0, 0, 0, 0] };
      for (const v of table.getChild(column)!.toArray() as Float64Array) {
        if (Number.isNaN(v)) continue;
        const rounded = Math.round(v); // scores are >= 0, so Math.round is half up
        a.n++;
        a.sum += v;
        a.bands[rounded < 40 ? 0 : rounded < 60 ? 1 : rounded < 80 ? 2 : 3]!++;
        if (kind !== 'COMBINED') values++;
      }
      acc.set(kind, a);
    }
  }
  const bands = (b: number[]) =>
    [
      [0, 39],
      [40, 59],
      [60, 79],
      [80, 100],
    ].map(([from, to], i) => ({ from, to, count: b[i] }));
  const combined = acc.get('COMBINED')!;
  return {
    numberOfDatafiles: files.length,
    numberOfDataRecords: files.reduce((s, f) => s + f.number_of_records, 0),
    numberOfQualityScoresAtLeast: values,
    combinedScore: {
      numberOfScoredRecords: combined.n,
      average: combined.sum / combined.n,
      bands: bands(combined.bands),
    },
    kinds: Object.fromEntries(
      KINDS.filter(([k]) => acc.get(k)!.n > 0).map(([k]) => [
        k,
        { n: acc.get(k)!.n, average: acc.get(k)!.sum / acc.get(k)!.n, bands: bands(acc.get(k)!.bands) },
      ]),
    ),
    latest: files.slice(0, 5).map((f) => ({
      id: f.id,
      title: f.title,
      numberOfRecords: f.number_of_records,
      averageCombinedScore: f.mean_combined_score,
    })),
  };
}

async function summaryAs(token: string) {
  const res = await t.gql(Q, {}, { token });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data.getMyDatafilesSummaryForDashboard;
}

function expectMatches(got: any, want: Awaited<ReturnType<typeof expected>>) {
  expect(got.numberOfDatafiles).toBe(want.numberOfDatafiles);
  expect(got.numberOfDataRecords).toBe(want.numberOfDataRecords);
  expect(got.combinedScore.numberOfScoredRecords).toBe(want.combinedScore.numberOfScoredRecords);
  expect(got.combinedScore.bands).toEqual(want.combinedScore.bands);
  expect(got.combinedScore.average).toBeCloseTo(want.combinedScore.average, 9);
  for (const [kind, k] of Object.entries(want.kinds)) {
    const row = got.scoreKinds.find((s: any) => s.kind === kind);
    expect(row, kind).toBeDefined();
    expect(row.numberOfScoredRecords, kind).toBe(k.n);
    expect(row.bands, kind).toEqual(k.bands);
    expect(row.average, kind).toBeCloseTo(k.average, 9);
  }
  // CON is not among the stored score columns: it is checked for shape (its own test is in tests/scoring).
  const con = got.scoreKinds.find((s: any) => s.kind === 'CON');
  if (con) expect(con.bands.reduce((s: number, b: any) => s + b.count, 0)).toBe(con.numberOfScoredRecords);
  // Score values: every stored kind's values, plus CON's.
  expect(got.numberOfQualityScores).toBe(want.numberOfQualityScoresAtLeast + (con?.numberOfScoredRecords ?? 0));
  expect(
    got.latestDatafiles.map((f: any) => ({
      id: f.id,
      title: f.title,
      numberOfRecords: f.numberOfRecords,
      averageCombinedScore: f.averageCombinedScore,
    })),
  ).toEqual(want.latest);
}

describe('getMyDatafilesSummaryForDashboard', () => {
  it('sums up the organisation for its ADMIN: every band, average and the newest files, deleted ones left out', async () => {
    const got = await summaryAs(w.tokens.admin);
    const want = await expected([ids.a1!, ids.a2!, ids.e1!]);
    expectMatches(got, want);
    // The demo surveys plant careless respondents: the chart has more than one band to draw.
    expect(got.combinedScore.bands.filter((b: any) => b.count > 0).length).toBeGreaterThan(1);
    expect(got.scoreKinds.map((s: any) => s.kind)).toEqual(expect.arrayContaining(['TS', 'IBS', 'OES', 'PS', 'CS']));
    expect(got.latestDatafiles.map((f: any) => f.id)).toEqual([ids.e1, ids.a2, ids.a1]);
    for (const f of got.latestDatafiles) {
      const r = Math.round(f.averageCombinedScore);
      expect(f.trafficLight).toBe(r >= 80 ? 'GREEN' : r >= 60 ? 'LIGHT_GREEN' : r >= 40 ? 'YELLOW' : 'RED');
    }
  });

  it('gives an EMPLOYEE their own files and those shared with them', async () => {
    expectMatches(await summaryAs(w.tokens.employee), await expected([ids.e1!, ids.a1!]));
  });

  it('keeps another organisation apart, and gives an unscoped operator everything', async () => {
    expectMatches(await summaryAs(w.tokens.adminB), await expected([ids.b1!]));
    expectMatches(await summaryAs(w.tokens.op), await expected([ids.a1!, ids.a2!, ids.e1!, ids.b1!]));
  });

  it('answers zeros and no bands for a user without datafiles', async () => {
    const got = await summaryAs(w.tokens.employee2);
    expect(got).toEqual({
      numberOfDatafiles: 0,
      numberOfDataRecords: 0,
      numberOfQualityScores: 0,
      combinedScore: {
        numberOfScoredRecords: 0,
        average: null,
        trafficLight: 'GREY',
        bands: [
          [0, 39],
          [40, 59],
          [60, 79],
          [80, 100],
        ].map(([from, to]) => ({ from, to, count: 0 })),
      },
      scoreKinds: [],
      latestDatafiles: [],
    });
  });

  it('counts only the published revision: stats of another revision are left out, never mixed in', async () => {
    const before = await summaryAs(w.tokens.adminB);
    expect(before.combinedScore.numberOfScoredRecords).toBeGreaterThan(0);
    await t.db.run(sql`update datafiles set revision = revision + 1 where id = ${ids.b1}`);
    try {
      const after = await summaryAs(w.tokens.adminB);
      expect(after.numberOfDatafiles).toBe(1);
      expect(after.combinedScore.numberOfScoredRecords).toBe(0);
      expect(after.scoreKinds).toEqual([]);
    } finally {
      await t.db.run(sql`update datafiles set revision = revision - 1 where id = ${ids.b1}`);
    }
  });
});

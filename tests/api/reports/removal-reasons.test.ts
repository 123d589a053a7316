// Why interviews were removed, as the four surfaces say it: the worksheet's save, the quality report,
// the CSV export and the reject list. All four read the primary reason of the one cleaning run, so
// for a demo datafile cleaned at combined >= 40 and trimmed to 320 interviews they give the same
// counts per reason, and no interview is attributed to a threshold its score passes (the trimmed
// ones, which may score above 40, carry the reason 'target', not 'combined'). With "remove only when
// k of n checks fail" the saved k travels with the rules, so every surface removes the same interviews.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../../db/seed';
import { demoCleaningInput } from '../../../api/demo/demo-finish.jobs';
import { DEMO_DATAFILES, DEMO_FINISH_JOB, seedDemoDatafiles } from '../../../api/demo/seed-datafiles';
import { seedSecrets } from '../../../api/demo/seed-secrets';
import { runJobsUntilIdle, runJobsUntilSettled } from '../../../api/jobs/job-loop';
import { REASONS } from '../../../scoring/index';
import { createTestApp, type TestApp } from '../../support/test-app';

const SAVE = `mutation($id:ID!,$s:CleaningSettingsInput!){updateCleaningSettings(datafileId:$id,cleaningSettings:$s){
  numberOfRecords numberOfCleanedRecords removedByReason}}`;
const REPORT = `query($id:ID!){getDatafileReport(datafileId:$id){report{recordsRemoved
  exclusions{quotaCleaning scoreThreshold targetSample manual duplicate} removedByReason{reason group count}}}}`;
const EXPORT = `mutation($i:ExportRequestInput!){requestDatafileExport(input:$i){jobId}}`;
const JOB = `query($id:ID!){getExportJob(jobId:$id){state downloadUrl removedRecords}}`;

/** The trimmed demo datafile: combined score 40 and up, trimmed to 320 interviews. */
const demo = DEMO_DATAFILES.find((f) => f.finish?.cleaning.method === 'TRIM_TO_TARGET')!;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, seedSecrets(), { now: t.clock.now() });
  const jobs = await seedDemoDatafiles(t.deps);
  const settled = await runJobsUntilSettled(t.deps, jobs, { timeoutMs: 120_000 });
  expect(settled.filter((j) => j.kind === DEMO_FINISH_JOB).every((j) => j.state === 'SUCCEEDED')).toBe(true);
  token = await t.tokenFor(demo.owner, DEMO_PASSWORD);
}, 180_000);
afterAll(() => t.close());

/** Counts per reason code, as a plain object without zeros. */
function tally(codes: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const code of codes) out[code] = (out[code] ?? 0) + 1;
  return out;
}

async function exportRows(format: 'CSV' | 'REJECTS'): Promise<Record<string, string>[]> {
  // The technical names and every digit, as a script reads the file (a rounded 39.96 would read 40.0).
  const options = format === 'CSV' ? { columnNames: 'TECHNICAL', roundScores: false } : {};
  const req = await t.gql(EXPORT, { i: { datafileId: demo.id, format, language: 'en', ...options } }, { token });
  expect(req.body.errors).toBeUndefined();
  await runJobsUntilIdle(t.deps);
  const job = (await t.gql(JOB, { id: req.body.data.requestDatafileExport.jobId }, { token })).body.data.getExportJob;
  expect(job.state).toBe('SUCCEEDED');
  const text = (await (await t.app.request(job.downloadUrl)).text()).replace(/^\uFEFF/, '');
  return Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
}

describe.each([
  { name: "the demo's own cleaning", extra: [] as { key: string; threshold: number }[], k: 1 },
  { name: 'the same with a Time-Score threshold on top', extra: [{ key: 'ts', threshold: 30 }], k: 1 },
  { name: 'both thresholds, removing only when both checks fail', extra: [{ key: 'ts', threshold: 30 }], k: 2 },
])('removal reasons under $name', ({ extra, k }) => {
  const input = { ...demoCleaningInput(1, demo.finish!.cleaning), minFailingChecks: k };
  input.scoreThresholds.push(
    ...extra.map((e) => ({ key: e.key, isEnable: true, threshold: e.threshold, minDataPoints: 0 })),
  );
  let worksheet: Record<string, number>;

  beforeAll(async () => {
    const saved = await t.gql(SAVE, { id: demo.id, s: input }, { token });
    expect(saved.body.errors).toBeUndefined();
    const out = saved.body.data.updateCleaningSettings;
    expect(out.numberOfCleanedRecords).toBe(demo.finish!.cleaning.targetSampleSize);
    worksheet = Object.fromEntries(
      REASONS.map((r, i) => [r, out.removedByReason[i] as number]).filter(([, n]) => (n as number) > 0),
    );
    // Trimming to the target removed interviews of its own reason.
    expect(worksheet.target).toBeGreaterThan(0);
  }, 60_000);

  it('the report, the CSV export and the reject list count what the worksheet counts', async () => {
    const report = (await t.gql(REPORT, { id: demo.id }, { token })).body.data.getDatafileReport.report;
    const byReason = Object.fromEntries(
      report.removedByReason.map((r: { reason: string; count: number }) => [r.reason, r.count]),
    );
    expect(byReason).toEqual(worksheet);
    const scoreReasons = Object.entries(worksheet).filter(([r]) => !['manual', 'quota', 'target', 'DUP'].includes(r));
    expect(report.exclusions).toEqual({
      quotaCleaning: worksheet.quota ?? 0,
      scoreThreshold: scoreReasons.reduce((s, [, n]) => s + n, 0),
      targetSample: worksheet.target,
      manual: worksheet.manual ?? 0,
      duplicate: worksheet.DUP ?? 0,
    });

    const rows = await exportRows('CSV');
    expect(tally(rows.filter((r) => r.reason_code).map((r) => r.reason_code!))).toEqual(worksheet);
    const rejects = await exportRows('REJECTS');
    expect(tally(rejects.map((r) => r.reason_code!))).toEqual(worksheet);
  }, 60_000);

  it('attributes no interview to a threshold its score passes', async () => {
    const rows = await exportRows('CSV');
    const thresholds = new Map(input.scoreThresholds.map((s) => [s.key, s.threshold]));
    const column: Record<string, string> = { combined: 'combined', TS: 'ts' };
    let trimmedAboveThreshold = 0;
    for (const row of rows) {
      for (const code of (row.reason_codes ?? '').split('|').filter(Boolean)) {
        if (code === 'target') {
          if (Number(row.combined) >= thresholds.get('combined')!) trimmedAboveThreshold++;
          continue;
        }
        const key = column[code];
        expect(key, `an unexpected reason ${code}`).toBeDefined();
        expect(Number(row[key!]), `${row.record_id} removed by ${code}`).toBeLessThan(thresholds.get(key!)!);
      }
    }
    // The case the old attribution got wrong: interviews above the combined threshold trimmed away.
    expect(trimmedAboveThreshold).toBeGreaterThan(0);
  }, 60_000);

  it('removes by a threshold only interviews that fail at least k checks', async () => {
    const rows = await exportRows('CSV');
    const thresholds = input.scoreThresholds;
    const failing = (row: Record<string, string>) =>
      thresholds.filter((s) => Number(row[s.key]) < s.threshold && row[s.key] !== '').length;
    const byScore = (r: Record<string, string>) =>
      (r.reason_codes ?? '').split('|').some((c) => c === 'combined' || c === 'TS');
    expect(rows.filter(byScore).length).toBeGreaterThan(0);
    for (const row of rows.filter(byScore)) expect(failing(row), row.record_id).toBeGreaterThanOrEqual(k);
    // One failing check removes under the OR rule (k = 1) and never under k = 2 (trimming may still
    // take such an interview, with the reason 'target').
    const single = rows.filter((r) => failing(r) === 1);
    expect(single.length).toBeGreaterThan(0);
    for (const row of single) expect(byScore(row), row.record_id).toBe(k === 1);
  }, 60_000);
});

import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type S3rver } from '../../support/s3rver';
import { graphqlPoster, startServerProcess, type ServerProcess } from '../../support/server-process';
import {
  liveScoresAgainstReplay,
  metricSum,
  opsWorld,
  scrape,
  sendRespondents,
  uploadAcross,
  type OpsWorld,
} from '../../support/ops-world';

// Several processes, one data set: two API processes (JOB_CONCURRENCY=0) and one job-only worker
// (npm run worker) on one database file and one bucket of a fake S3 server. Uploads and live
// respondents go to both API processes at once while the worker is killed and restarted; every job
// is done once, every respondent charged once, scores do not depend on the process that answered,
// and the API processes keep serving reads while no worker runs.

let s3dir: string;
let s3: S3rver;
let w: OpsWorld;
const processes: ServerProcess[] = [];

beforeAll(async () => {
  s3dir = mkdtempSync(join(tmpdir(), 'sqp-ops-s3-'));
  s3 = await startS3rver(s3dir);
  w = await opsWorld({ s3Env: s3.env });
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  w?.close();
  await s3?.stop();
  rmSync(s3dir, { recursive: true, force: true });
});

async function start(role: 'server' | 'worker', env: Record<string, string>) {
  const p = await startServerProcess({ ...w.env, ...env }, { role });
  processes.push(p);
  return p;
}

const count = async (query: ReturnType<typeof sql>) => Number((await w.deps.db.all<{ n: number }>(query))[0]!.n);

describe('two API processes and a worker on one database and bucket', () => {
  it('do every job once, charge every respondent once, score alike, and serve reads without a worker', async () => {
    const [api1, api2] = await Promise.all([
      start('server', { JOB_CONCURRENCY: '0' }),
      start('server', { JOB_CONCURRENCY: '0' }),
    ]);
    let worker = await start('worker', { JOB_CONCURRENCY: '2' });
    const apis = [api1!.baseUrl, api2!.baseUrl];

    // Uploads and live respondents at once, over both API processes.
    const uploads = Promise.all([
      uploadAcross(apis, { token: w.world.tokens.admin, companyId: w.world.A }, 'plain-tab.csv', 'Tab-separated'),
      uploadAcross(
        [...apis].reverse(),
        { token: w.world.tokens.employee, companyId: w.world.A },
        'survey.xlsx',
        'Workbook',
      ),
    ]);
    // Awaited below; a failure meanwhile is reported there, not as an unhandled rejection.
    uploads.catch(() => undefined);
    const firstWave = await sendRespondents(apis, w.live, 0, 120);

    // The worker dies (no shutdown handler runs); reads and live respondents keep being served.
    await worker.kill();
    const me = '{ me { user { id email } } }';
    for (const api of apis) {
      const data = await graphqlPoster(api, w.world.tokens.admin)(me, {});
      expect(data.me.user.id).toBe(w.world.admin.id);
    }
    const list = await graphqlPoster(apis[1]!, w.world.tokens.admin)(
      '{ getDatafilesForLoggedInUser { totalNumberOfDatafiles } }',
      {},
    );
    expect(list.getDatafilesForLoggedInUser.totalNumberOfDatafiles).toBeGreaterThanOrEqual(1);
    const duringOutage = await sendRespondents(apis, w.live, 120, 200);
    worker = await start('worker', { JOB_CONCURRENCY: '2' });
    const lastWave = await sendRespondents(apis, w.live, 200, 260);
    const [tabId, workbookId] = await uploads;

    // Every respondent stored and charged once; the duplicates sent to both processes got one SCORED.
    const answers = new Map([...firstWave, ...duringOutage, ...lastWave]);
    expect(answers.size).toBe(260);
    for (const [recordId, list] of answers) expect(list.filter((a) => a.status === 'SCORED').length, recordId).toBe(1);
    const id = w.live.datafileId;
    expect(await count(sql`select count(*) as n from live_respondents where datafile_id = ${id}`)).toBe(260);
    expect(
      await count(sql`select count(*) as n from datafile_charges where datafile_id = ${id} and kind = 'LIVE'`),
    ).toBe(260);
    expect(
      await count(
        sql`select count(*) as n from live_respondents r join datafile_charges c on c.id = r.charge_id where r.datafile_id = ${id}`,
      ),
    ).toBe(260);

    // The same scores whichever process answered: what was answered is what is stored, and what is
    // stored is what one process receiving them in arrival order would have answered.
    const { rows, differing } = await liveScoresAgainstReplay(w.deps, id);
    expect(differing).toEqual([]);
    const stored = new Map(rows.map((r) => [r.recordId, r]));
    for (const [recordId, list] of answers)
      for (const a of list) {
        const { kept, ...scores } = stored.get(recordId)!.scores;
        expect(a.scores, recordId).toEqual(scores);
        expect(a.decision).toBe(kept ? 'KEEP' : 'REMOVE');
      }
    expect(rows.filter((r) => r.scores.ts !== null).length).toBeGreaterThan(200);

    // Every upload charged once and READY with one revision; every job finished, none twice.
    for (const datafileId of [tabId, workbookId]) {
      expect(
        await count(sql`select count(*) as n from datafile_charges where datafile_id = ${datafileId}`),
        datafileId,
      ).toBe(1);
      expect(
        await count(
          sql`select count(*) as n from datafiles where id = ${datafileId} and status = 'READY' and revision = 1`,
        ),
      ).toBe(1);
    }
    const unfinished = await w.deps.db.all<{ kind: string; state: string }>(
      sql`select kind, state from jobs where state not in ('SUCCEEDED', 'CANCELLED')`,
    );
    // A live.publish of the last slot may still be queued or running in the worker; nothing failed.
    expect(unfinished.filter((j) => j.kind !== 'live.publish' || !['QUEUED', 'RUNNING'].includes(j.state))).toEqual([]);
    expect(
      await count(sql`select count(*) as n from jobs where kind in ('upload', 'upload.check') and state = 'SUCCEEDED'`),
    ).toBe(4);
    // Four starts (two API processes, the worker twice), one start-up job: its dedupe key.
    expect(
      await count(sql`select count(*) as n from jobs where kind = 'worksheet.reweight-saved' and state = 'SUCCEEDED'`),
    ).toBe(1);

    // Each process counted what it did; the sums are the installation's.
    const [m1, m2] = await Promise.all([scrape(apis[0]!), scrape(apis[1]!)]);
    const sum = (name: string, labels: Record<string, string>) =>
      metricSum(m1, name, labels) + metricSum(m2, name, labels);
    expect(sum('sqp_live_respondents_total', { outcome: 'scored' })).toBe(260);
    expect(sum('sqp_credit_charges_total', { kind: 'LIVE' })).toBe(260);
    expect(metricSum(m1, 'sqp_live_respondents_total', { outcome: 'scored' })).toBeGreaterThan(0);
    expect(metricSum(m2, 'sqp_live_respondents_total', { outcome: 'scored' })).toBeGreaterThan(0);
    const workerMetrics = await (await fetch(`${worker.baseUrl}/metrics`)).text();
    expect(metricSum(workerMetrics, 'sqp_jobs', { kind: 'upload', state: 'FAILED' })).toBe(0);
  }, 300_000);
});

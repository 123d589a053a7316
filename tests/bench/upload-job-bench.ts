// The upload through the real job: a real server process (api/server.ts, Bun.serve, file
// database, local blob store) gets the file by signed PUT, a draft, step 2's preview, the
// generator's data points and the check; then the clock runs from the confirmation to READY, while 8 concurrent callers ask `me`
// (from the save of step 2 on: the check and the prepare count too). Memory is the server process's
// resident set, sampled from /proc every 50 ms from the save of step 2 to READY.
// `confirm`: 'off' runs the server with UPLOAD_PREPARE=false (the upload job processes the file after
// the confirmation); 'instant' confirms the moment the estimate shows (the check job still prepares
// the revision); 'prepared' confirms once the revision prepared at step 3 is complete.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { fixedClock } from '../../api/lib/clock';
import { silentLogger } from '../../api/lib/logger';
import { generateDemoSurvey } from '../../api/demo/survey';
import { rowOfDataPoint } from '../../api/modules/uploads/datapoints';
import { presentDatapoint } from '../../api/modules/datafiles/datafiles.presenter';
import type { ColumnMapping } from '../../api/ingest/types';
import { graphqlPoster, startServerProcess } from '../support/server-process';
import type { TestApp } from '../support/test-app';
import { UPLOAD_QUERIES as Q, uploadWorld } from '../support/upload-world';

export type JobBenchResult = {
  confirmToReadyMs: number;
  checkMs: number;
  /** The save mutation's own answer time, within checkMs. */
  saveMs: number;
  /** The check as the poll saw it (ms after the save was sent: state and progress). */
  checkPhases: { at: number; state: string; progress: number }[];
  /** CPU of the server's threads but its main thread (the check's Worker, its helpers, the collector's) from the save to the estimate shown. */
  checkThreadsCpuMs: number;
  /** The same, of the threads named Worker only (the check's own thread). */
  checkWorkerCpuMs: number;
  /** CPU ms by thread name, the API's and the bench's own process included, from the save to the estimate. */
  checkCpuByThread: string;
  /** From the estimate shown to the prepared revision complete ('prepared' only). */
  prepareMs?: number;
  /** The upload job published the prepared revision. */
  adopted: boolean;
  peakRssMB: number;
  baselineRssMB: number;
  meP50: number;
  meP95: number;
  meCalls: number;
  phases: { at: number; percent: number }[];
};

/**
 * CPU time (ms) of the threads of `pid` but the main one (the API's), from /proc (clock ticks of 10
 * ms): all of them (the Worker's, the collector's helpers, I/O), and those named Worker alone.
 */
const threadsCpuOf = (pid: number) => {
  let all = 0;
  let workers = 0;
  /** CPU ms by thread name ('API' for the main thread): where the cores went while the check ran. */
  const byName: Record<string, number> = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const name = Number(tid) === pid ? 'API' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      byName[name] = (byName[name] ?? 0) + ticks * 10;
      if (Number(tid) === pid) continue;
      all += ticks;
      if (name === 'Worker') workers += ticks;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return { all: all * 10, workers: workers * 10, byName };
};

/** Per-name CPU ms between two readings, largest first, the bench's own process (the 8 callers, the poll) beside them. */
const cpuByName = (before: Record<string, number>, after: Record<string, number>, benchMs: number) =>
  [
    ...Object.entries(after)
      .map(([name, ms]) => [name, ms - (before[name] ?? 0)] as const)
      .filter(([, ms]) => ms > 0),
    ['bench client', benchMs] as const,
  ]
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(', ');

/** BENCH_UPLOAD_ME_BEFORE_MS: the 8 `me` callers start this long before the save of step 2 (within the 2 s step 2 is read). */
const ME_BEFORE_SAVE_MS = Math.min(2000, Number(process.env.BENCH_UPLOAD_ME_BEFORE_MS ?? 0));

const rssOf = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** Steps 1-3 of one file through a real server, then confirmation -> READY measured; `open` 'ignore' maps the open questions as ignored. */
export async function uploadThroughJob(
  dir: string,
  file: string,
  format: 'xlsx' | 'csv',
  rows: number,
  open: 'classify' | 'ignore',
  confirm: 'off' | 'instant' | 'prepared',
  /** Another checkout whose server runs instead of this one's (BENCH_BASELINE). */
  root?: string,
): Promise<JobBenchResult> {
  mkdirSync(dir, { recursive: true });
  const env = {
    DATABASE_URL: `file:${dir}/app.db`,
    STORAGE_DIR: `${dir}/storage`,
    JOB_POLL_MS: '100',
    JOB_WORKER_TIMEOUT_SECONDS: '3600',
    JOB_WORKER_MAX_MB: '16384',
    UPLOAD_PREPARE: confirm === 'off' ? 'false' : 'true',
  };
  const deps = await createDeps(
    readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://bench.test', JOB_INTERVAL_MINUTES: '0', ...env }),
    { log: silentLogger },
  );
  const w = await uploadWorld(
    { db: deps.db, deps, clock: fixedClock(new Date().toISOString()) } as unknown as TestApp,
    { credits: 20_000_000 },
  );
  const server = await startServerProcess(env, root ? { root } : {});
  const post = graphqlPoster(server.baseUrl, w.tokens.admin);
  try {
    const { signedUrl, datafileKey } = (await post(Q.url, { f: `bench.${format}`, c: w.A })).getDatafileUploadURL;
    const put = await fetch(new URL(signedUrl, server.baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: Bun.file(file),
    });
    if (put.status !== 200) throw new Error(`PUT ${put.status} ${await put.text()}`);
    const { datafileId } = (
      await post(Q.draft, {
        i: {
          title: 'Bench',
          datafileKey,
          fileName: `bench.${format}`,
          headerRow: 1,
          dataRecordStartRow: 2,
          ...(format === 'xlsx' ? { sheetName: 'Data' } : {}),
        },
      })
    ).createDraftDatafile;
    const mapping: ColumnMapping = generateDemoSurvey({ rows: 1, seed: 5 }).mapping;
    const columns = mapping.dataPoints.map((dp) => {
      const { startingQuestion: _s, ...rest } = presentDatapoint(
        rowOfDataPoint(open === 'ignore' && dp.type === 'OPEN_ENDED' ? { type: 'IGNORE', column: dp.column } : dp),
      );
      return rest;
    });
    // Step 2 as the browser shows it: its preview (the server then gets the check's Worker ready).
    const preview = await post(Q.preview, { id: datafileId });
    if (!preview.getUploadPreview) throw new Error('no preview');
    // A user reads step 2 for seconds at least before saving it; the server's RSS settles meanwhile.
    await Bun.sleep(2000 - ME_BEFORE_SAVE_MS);
    const baselineRssMB = rssOf(server.pid);

    // `me` from 8 callers until READY, counted from the save of step 2 (BENCH_UPLOAD_ME_BEFORE_MS: started that long before it).
    let done = false;
    let counting = ME_BEFORE_SAVE_MS === 0;
    const latencies: number[] = [];
    const me = () =>
      fetch(`${server.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${w.tokens.employee}` },
        body: JSON.stringify({ query: '{ me { user { id email } companyId } }' }),
      });
    const hammer = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (!done) {
          const t0 = performance.now();
          await (await me()).json();
          if (counting) latencies.push(performance.now() - t0);
        }
      }),
    );
    // A server in use has run `me` before: its code is compiled by then, not while the check runs.
    await Bun.sleep(ME_BEFORE_SAVE_MS);
    counting = true;
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 50);

    const cpuBefore = threadsCpuOf(server.pid);
    const benchCpuBefore = process.cpuUsage();
    const checkStart = performance.now();
    await post(Q.save, { id: datafileId, c: columns });
    const saveMs = performance.now() - checkStart;
    let check: any;
    const checkPhases: JobBenchResult['checkPhases'] = [];
    for (;;) {
      check = (await post(Q.check, { id: datafileId })).getUploadCheck;
      const last = checkPhases.at(-1);
      if (last?.state !== check.state || last?.progress !== check.progress)
        checkPhases.push({
          at: Math.round(performance.now() - checkStart),
          state: check.state,
          progress: check.progress,
        });
      if (check.state === 'DONE' || check.state === 'FAILED') break;
      await Bun.sleep(100);
    }
    const checkMs = performance.now() - checkStart;
    const cpuAfter = threadsCpuOf(server.pid);
    const checkThreadsCpuMs = cpuAfter.all - cpuBefore.all;
    const checkWorkerCpuMs = cpuAfter.workers - cpuBefore.workers;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const checkCpuByThread = cpuByName(cpuBefore.byName, cpuAfter.byName, (benchCpu.user + benchCpu.system) / 1000);
    if (!check.estimate) throw new Error(`check: ${JSON.stringify(check.issues)}`);
    let prepareMs: number | undefined;
    if (confirm === 'prepared') {
      // The user reads step 3 until the prepared revision is complete.
      const shown = performance.now();
      for (;;) {
        const [job] = await deps.db.all<{ state: string; result: string | null }>(
          sql`select state, result from jobs where kind = 'upload.check' order by created_at desc, rowid desc limit 1`,
        );
        if (job && job.state !== 'QUEUED' && job.state !== 'RUNNING') {
          if (job.state !== 'SUCCEEDED' || JSON.parse(job.result ?? '{}')?.prepare?.done !== true)
            throw new Error(`prepare ended ${job.state}: ${job.result}`);
          break;
        }
        await Bun.sleep(50);
      }
      prepareMs = performance.now() - shown;
    }
    const phases: { at: number; percent: number }[] = [];
    const t0 = performance.now();
    await post(Q.confirm, { id: datafileId, c: check.estimate.creditAmount, s: 'PROCESSING' });
    let progress: any;
    for (;;) {
      progress = (await post(Q.progress, { id: datafileId })).getDatafileUploadingProgress;
      if (phases.at(-1)?.percent !== progress.upload.progress)
        phases.push({ at: Math.round(performance.now() - t0), percent: progress.upload.progress });
      if (progress.status === 'READY' || progress.status === 'ERROR') break;
      await Bun.sleep(50);
    }
    const confirmToReadyMs = performance.now() - t0;
    const [uploadJob] = await deps.db.all<{ result: string | null }>(
      sql`select result from jobs where kind = 'upload' order by created_at desc, rowid desc limit 1`,
    );
    const adopted = JSON.parse(uploadJob?.result ?? '{}')?.prepared === true;
    done = true;
    clearInterval(sampler);
    await hammer;
    if (progress.status !== 'READY')
      throw new Error(`upload ended ${progress.status}: ${JSON.stringify(progress.upload.error)}`);
    if (progress.upload.numberOfRecords !== rows)
      throw new Error(`READY with ${progress.upload.numberOfRecords} records, expected ${rows}`);
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
    return {
      confirmToReadyMs,
      checkMs,
      saveMs,
      checkPhases,
      checkThreadsCpuMs,
      checkWorkerCpuMs,
      checkCpuByThread,
      ...(prepareMs !== undefined ? { prepareMs } : {}),
      adopted,
      peakRssMB: Math.round(peak),
      baselineRssMB: Math.round(baselineRssMB),
      meP50: q(0.5),
      meP95: q(0.95),
      meCalls: latencies.length,
      phases,
    };
  } finally {
    await server.stop();
    deps.close();
  }
}

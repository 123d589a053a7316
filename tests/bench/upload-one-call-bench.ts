// The one-call upload (POST /api/datafiles) beside the steps a script would otherwise call (signed
// PUT, createDraftDatafile, saveDraftDatafileColumns, getUploadCheck polled, the confirmation the
// moment the estimate shows, getDatafileUploadingProgress polled), same file, same data points,
// same real server process: wall time from the first byte sent to READY. Goal: within 10 %.
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { fixedClock } from '../../api/lib/clock';
import { silentLogger } from '../../api/lib/logger';
import { generateDemoSurvey } from '../../api/demo/survey';
import { rowOfDataPoint } from '../../api/modules/uploads/datapoints';
import { presentDatapoint } from '../../api/modules/datafiles/datafiles.presenter';
import { graphqlPoster, startServerProcess } from '../support/server-process';
import type { TestApp } from '../support/test-app';
import { UPLOAD_QUERIES as Q, uploadWorld } from '../support/upload-world';

export type OneCallBenchResult = { stepsMs: number[]; oneCallMs: number[]; loads: string[] };

export async function compareOneCall(
  dir: string,
  file: string,
  rows: number,
  repeats = 2,
): Promise<OneCallBenchResult> {
  mkdirSync(dir, { recursive: true });
  const env = { DATABASE_URL: `file:${dir}/app.db`, STORAGE_DIR: `${dir}/storage`, JOB_POLL_MS: '100' };
  const deps = await createDeps(
    readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://bench.test', JOB_INTERVAL_MINUTES: '0', ...env }),
    { log: silentLogger },
  );
  const w = await uploadWorld(
    { db: deps.db, deps, clock: fixedClock(new Date().toISOString()) } as unknown as TestApp,
    { credits: 50_000_000 },
  );
  deps.close();
  const server = await startServerProcess(env);
  const post = graphqlPoster(server.baseUrl, w.tokens.admin);
  const columns = generateDemoSurvey({ rows: 1, seed: 5 }).mapping.dataPoints.map((dp) => {
    const { startingQuestion: _s, ...rest } = presentDatapoint(rowOfDataPoint(dp));
    return rest;
  });
  const ready = (records: number) => {
    if (records !== rows) throw new Error(`READY with ${records} records, expected ${rows}`);
  };

  async function steps(): Promise<number> {
    const t0 = performance.now();
    const { signedUrl, datafileKey } = (await post(Q.url, { f: 'bench.xlsx', c: w.A })).getDatafileUploadURL;
    const put = await fetch(new URL(signedUrl, server.baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: Bun.file(file),
    });
    if (put.status !== 200) throw new Error(`PUT ${put.status}`);
    const draft = {
      title: 'Steps',
      datafileKey,
      fileName: 'bench.xlsx',
      headerRow: 1,
      dataRecordStartRow: 2,
      sheetName: 'Data',
    };
    const { datafileId } = (await post(Q.draft, { i: draft })).createDraftDatafile;
    await post(Q.save, { id: datafileId, c: columns });
    let check: any;
    do {
      await Bun.sleep(100);
      check = (await post(Q.check, { id: datafileId })).getUploadCheck;
    } while (check.state !== 'DONE' && check.state !== 'FAILED');
    await post(Q.confirm, { id: datafileId, c: check.estimate.creditAmount, s: 'PROCESSING' });
    let progress: any;
    do {
      await Bun.sleep(100);
      progress = (await post(Q.progress, { id: datafileId })).getDatafileUploadingProgress;
    } while (progress.status !== 'READY' && progress.status !== 'ERROR');
    ready(progress.upload.numberOfRecords);
    return performance.now() - t0;
  }

  async function oneCall(): Promise<number> {
    const t0 = performance.now();
    const query = new URLSearchParams({
      fileName: 'bench.xlsx',
      sheet: 'Data',
      mapping: JSON.stringify(columns),
      wait: 'true',
    });
    const res = await fetch(`${server.baseUrl}/api/datafiles?${query}`, {
      method: 'POST',
      headers: { 'x-api-key': w.admin.apiKey, 'content-type': 'application/octet-stream' },
      body: Bun.file(file),
    });
    const body = (await res.json()) as any;
    if (res.status !== 200) throw new Error(`one call: ${res.status} ${JSON.stringify(body.errors)}`);
    ready(body.upload.numberOfRecords);
    return performance.now() - t0;
  }

  const result: OneCallBenchResult = { stepsMs: [], oneCallMs: [], loads: [] };
  try {
    // Alternating, so a change of load on the machine falls on both alike.
    for (let i = 0; i < repeats; i++) {
      result.loads.push(
        loadavg()
          .map((l) => l.toFixed(2))
          .join(' '),
      );
      result.stepsMs.push(await steps());
      result.oneCallMs.push(await oneCall());
    }
  } finally {
    await server.stop();
  }
  return result;
}

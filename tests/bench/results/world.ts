// The datafile `npm run bench:results` opens: a survey of N interviews x 50 columns (the upload
// bench's generator: 2 grids of 10, 5 durations, 3 open-ended, 2 projective, an id, 15 ignored) made
// through the real pipeline of a real server (api/server.ts on 127.0.0.1, a free port, a temporary
// libSQL file and blob store): signed PUT, draft, data points, check, confirmation, the upload job
// to READY. The server keeps running for the browser; the caller stops it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDeps } from '../../../api/compose/create-deps';
import { readEnv } from '../../../api/env';
import { fixedClock } from '../../../api/lib/clock';
import { silentLogger } from '../../../api/lib/logger';
import { presentDatapoint } from '../../../api/modules/datafiles/datafiles.presenter';
import { generateDemoSurvey } from '../../../api/demo/survey';
import { surveyCsvChunks } from '../../../api/demo/writers';
import { rowOfDataPoint } from '../../../api/modules/uploads/datapoints';
import { graphqlPoster, startServerProcess, type ServerProcess } from '../../support/server-process';
import type { TestApp } from '../../support/test-app';
import { UPLOAD_QUERIES as Q, uploadWorld } from '../../support/upload-world';

/** `env`: the database and storage the server runs on (another checkout's server can be started over them). */
export type ResultsWorld = {
  server: ServerProcess;
  env: Record<string, string>;
  datafileId: string;
  token: string;
  uploadMs: number;
};

/** Writes the survey as CSV (streamed: 100,000 rows never sit in memory as one string). */
async function writeSurveyCsv(file: string, rows: number): Promise<void> {
  const writer = Bun.file(file).writer();
  for await (const chunk of surveyCsvChunks(generateDemoSurvey({ rows, seed: 5 }), { chunkRows: 5000 }))
    writer.write(chunk);
  await writer.end();
}

export async function resultsWorld(dir: string, rows: number): Promise<ResultsWorld> {
  mkdirSync(dir, { recursive: true });
  const csv = join(dir, 'survey.csv');
  await writeSurveyCsv(csv, rows);
  const env = {
    DATABASE_URL: `file:${dir}/app.db`,
    STORAGE_DIR: `${dir}/storage`,
    JOB_POLL_MS: '100',
    JOB_WORKER_TIMEOUT_SECONDS: '3600',
    JOB_WORKER_MAX_MB: '16384',
  };
  // The organisation, its ADMIN and a session are written straight into the database (no Argon2 login).
  const deps = await createDeps(
    readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://bench.test', JOB_INTERVAL_MINUTES: '0', ...env }),
    { log: silentLogger },
  );
  const w = await uploadWorld(
    { db: deps.db, deps, clock: fixedClock(new Date().toISOString()) } as unknown as TestApp,
    { credits: 20_000_000, locale: 'de' },
  );
  deps.close();
  const server = await startServerProcess(env);
  const post = graphqlPoster(server.baseUrl, w.tokens.admin);
  try {
    const t0 = performance.now();
    const { signedUrl, datafileKey } = (await post(Q.url, { f: 'bench.csv', c: w.A })).getDatafileUploadURL;
    const put = await fetch(new URL(signedUrl, server.baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: Bun.file(csv),
    });
    if (put.status !== 200) throw new Error(`PUT ${put.status} ${await put.text()}`);
    const { datafileId } = (
      await post(Q.draft, {
        i: {
          title: `Bench ${rows.toLocaleString('en')} interviews`,
          datafileKey,
          fileName: 'bench.csv',
          headerRow: 1,
          dataRecordStartRow: 2,
        },
      })
    ).createDraftDatafile;
    const columns = generateDemoSurvey({ rows: 1, seed: 5 }).mapping.dataPoints.map((dp) => {
      const { startingQuestion: _s, ...rest } = presentDatapoint(rowOfDataPoint(dp));
      return rest;
    });
    await post(Q.save, { id: datafileId, c: columns });
    let check: any;
    for (;;) {
      check = (await post(Q.check, { id: datafileId })).getUploadCheck;
      if (check.state === 'DONE' || check.state === 'FAILED') break;
      await Bun.sleep(200);
    }
    if (!check.estimate) throw new Error(`check: ${JSON.stringify(check.issues)}`);
    await post(Q.confirm, { id: datafileId, c: check.estimate.creditAmount, s: 'PROCESSING' });
    let progress: any;
    for (;;) {
      progress = (await post(Q.progress, { id: datafileId })).getDatafileUploadingProgress;
      if (progress.status === 'READY' || progress.status === 'ERROR') break;
      await Bun.sleep(250);
    }
    if (progress.status !== 'READY')
      throw new Error(`upload ended ${progress.status}: ${JSON.stringify(progress.upload.error)}`);
    if (progress.upload.numberOfRecords !== rows)
      throw new Error(`READY with ${progress.upload.numberOfRecords} records, expected ${rows}`);
    return { server, env, datafileId, token: w.tokens.admin, uploadMs: performance.now() - t0 };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

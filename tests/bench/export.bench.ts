// `npm run bench:export`: a generated survey of 100,000 interviews x 50 columns
// goes through the upload engine once, then each export format is written by its own process
// (tests/bench/export-child.ts), which reports wall and CPU time and its peak RSS. Target: the xlsx
// within 10 s. BENCH_EXPORT_ROWS=20000 makes a quick run. Not part of the test suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blobStoreConfig } from '../../api/infra/blob-store/blob-store';
import { createLocalBlobStore } from '../../api/infra/blob-store/blob-store-local';
import { processUpload } from '../../api/ingest/index';
import { generateDemoSurvey, surveyCsvChunks } from '../../api/demo/index';
import { loadScoringFromDisk } from '../../scoring/load-node';
import { DEFAULT_RULES } from '../../scoring/index';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { runJobsUntilIdle } from '../../api/jobs/job-loop';
import { EXPORT_JOB, type ExportJobPayload } from '../../api/modules/exports/export-job.service';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const CHILD = fileURLToPath(new URL('./export-child.ts', import.meta.url));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const dir = mkdtempSync(join(tmpdir(), 'bench-export-'));

/**
 * The xlsx as users get it: requestDatafileExport's job ('export', its Worker step, the progress
 * writes, the final state) on a real database over the same stored revision, from enqueue to SUCCEEDED.
 */
async function throughTheJob(): Promise<void> {
  const deps = await createDeps(
    readEnv({
      NODE_ENV: 'test',
      DATABASE_URL: `file:${join(dir, 'bench.db')}`,
      STORAGE_DIR: dir,
      PUBLIC_URL: 'http://127.0.0.1',
      JOB_INTERVAL_MINUTES: '0',
    }),
    { log: { info: () => undefined, error: (m, d) => console.error(m, d) } },
  );
  try {
    const payload: ExportJobPayload = {
      input: {
        datafileId: 'bench',
        revision: 1,
        format: 'xlsx',
        cleaning: { rules: DEFAULT_RULES },
        certificate: { certificateCode: null, reportURL: null, certificateLevel: null },
        locale: 'de',
        title: 'bench',
      },
      requestedBy: 'bench',
    };
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const { id } = await deps.jobs.enqueue(EXPORT_JOB, payload);
    await runJobsUntilIdle(deps, { kinds: [EXPORT_JOB] });
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const job = (await deps.jobs.get(id))!;
    if (job.state !== 'SUCCEEDED') throw new Error(`export job ${job.state}: ${job.errorCode} ${job.errorDetail}`);
    const size = (job.result as { size: number }).size;
    console.log(
      `xlsx through the export job (enqueue -> SUCCEEDED, Worker step): ${(wallMs / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU (all threads), ${(size / 2 ** 20).toFixed(1)} MB   target <= 10 s: ${wallMs <= 10_000 ? 'met' : 'MISSED'}`,
    );
  } finally {
    deps.close();
  }
}
try {
  console.log(`bench:export  ${cpus().length} cores, load average ${load()}`);
  const blobs = createLocalBlobStore(
    blobStoreConfig(
      { storageDir: dir, s3: undefined, publicUrl: 'http://127.0.0.1', uploadMaxBytes: 1e10 } as never,
      'bench',
    ),
  );
  // 50 columns: id, 5 durations, 2 grids of 10, 2 projective questions (vote + 2 predictions), 3 open
  // answers (stored, not classified: the classifier is the upload bench's subject) and padding.
  const survey = generateDemoSurvey({ rows: ROWS, seed: 3, totalColumns: 50 });
  const chunks = surveyCsvChunks(survey);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  await blobs.put('uploads/bench.csv', stream);
  const mapping = {
    dataPoints: survey.mapping.dataPoints.map((dp) =>
      dp.type === 'OPEN_ENDED' ? { type: 'IGNORE' as const, column: dp.column } : dp,
    ),
  };
  const t0 = performance.now();
  await processUpload({
    blobs,
    scoring: await loadScoringFromDisk(),
    source: { key: 'uploads/bench.csv', format: 'csv' },
    options: {},
    mapping,
    datafileId: 'bench',
    revision: 1,
  });
  console.log(
    `input: ${ROWS.toLocaleString('en')} interviews x ${survey.header.length} columns uploaded and scored in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  console.log('format   wall       CPU        peak RSS    file');
  for (const format of (process.env.BENCH_EXPORT_FORMATS ?? 'xlsx,csv,sav,arrow,rejects').split(',')) {
    const p = Bun.spawnSync([process.execPath, CHILD, dir, 'bench', format], { stdout: 'pipe', stderr: 'inherit' });
    if (p.exitCode !== 0) throw new Error(`export child failed for ${format}`);
    const r = JSON.parse(p.stdout.toString().trim().split('\n').at(-1)!) as {
      wallMs: number;
      cpuMs: number;
      maxRssMB: number;
      size: number;
    };
    const target = format === 'xlsx' ? `   target <= 10 s: ${r.wallMs <= 10_000 ? 'met' : 'MISSED'}` : '';
    console.log(
      `${format.padEnd(8)} ${(r.wallMs / 1000).toFixed(2).padStart(6)} s  ${(r.cpuMs / 1000).toFixed(2).padStart(6)} s  ${r.maxRssMB.toFixed(0).padStart(6)} MB  ${(r.size / 2 ** 20).toFixed(1).padStart(6)} MB${target}`,
    );
  }
  if (process.env.BENCH_EXPORT_JOB !== '0') await throughTheJob();
  console.log(`load average after: ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

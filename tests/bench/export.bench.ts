// `npm run bench:export` (issue 13, "Speed"): a generated survey of 100,000 interviews x 50 columns
// goes through the upload engine once, then each export format is written by its own process
// (tests/bench/export-child.ts), which reports wall and CPU time and its peak RSS. Target: the xlsx
// within 10 s. BENCH_EXPORT_ROWS=20000 makes a quick run. Not part of the test suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { blobStoreConfig } from '../../api/modules/files/blob-store';
import { createLocalBlobStore } from '../../api/modules/files/blob-store-local';
import { generateDemoSurvey, processUpload, surveyCsvChunks } from '../../api/modules/uploads/index';
import { loadScoringFromDisk } from '../../scoring/load-node';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const CHILD = fileURLToPath(new URL('./export-child.ts', import.meta.url));
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const dir = mkdtempSync(join(tmpdir(), 'bench-export-'));
try {
  console.log(`bench:export  ${cpus().length} cores, load average ${load()}`);
  const blobs = createLocalBlobStore(blobStoreConfig({ storageDir: dir, s3: undefined, publicUrl: 'http://127.0.0.1', uploadMaxBytes: 1e10 } as never, 'bench'));
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
  const mapping = { dataPoints: survey.mapping.dataPoints.map((dp) => (dp.type === 'OPEN_ENDED' ? { type: 'IGNORE' as const, column: dp.column } : dp)) };
  const t0 = performance.now();
  await processUpload({ blobs, scoring: await loadScoringFromDisk(), source: { key: 'uploads/bench.csv', format: 'csv' }, options: {}, mapping, datafileId: 'bench', revision: 1 });
  console.log(`input: ${ROWS.toLocaleString('en')} interviews x ${survey.header.length} columns uploaded and scored in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log('format   wall       CPU        peak RSS    file');
  for (const format of (process.env.BENCH_EXPORT_FORMATS ?? 'xlsx,csv,arrow,rejects').split(',')) {
    const p = Bun.spawnSync([process.execPath, CHILD, dir, 'bench', format], { stdout: 'pipe', stderr: 'inherit' });
    if (p.exitCode !== 0) throw new Error(`export child failed for ${format}`);
    const r = JSON.parse(p.stdout.toString().trim().split('\n').at(-1)!) as { wallMs: number; cpuMs: number; maxRssMB: number; size: number };
    const target = format === 'xlsx' ? `   target <= 10 s: ${r.wallMs <= 10_000 ? 'met' : 'MISSED'}` : '';
    console.log(`${format.padEnd(8)} ${(r.wallMs / 1000).toFixed(2).padStart(6)} s  ${(r.cpuMs / 1000).toFixed(2).padStart(6)} s  ${r.maxRssMB.toFixed(0).padStart(6)} MB  ${(r.size / 2 ** 20).toFixed(1).padStart(6)} MB${target}`);
  }
  console.log(`load average after: ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

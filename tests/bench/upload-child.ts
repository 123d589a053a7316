// One measurement of `npm run bench:upload`, in its own process so its peak memory is its own.
// Prints one JSON line. Modes:
//   gen-xlsx <file> <rows>           write the survey as xlsx (write-excel-file)
//   gen-csv <file> <rows>            stream the survey as CSV
//   parse <file> <format>            read every row and cell, nothing else ("parse alone")
//   process <file> <format> <open>   processUpload into a local blob store; <open> = classify (on the
//                                    classifier's thread while parsing, as the upload job does),
//                                    classify-after (after the parse, on this thread) or ignore
//   check <file> <format>            step 2 -> 3's check alone (checkUpload: every issue, the estimate)
//   check-prepare <file> <format>    the check that goes on preparing the revision (checkAndPrepare,
//                                    as the check job runs it): when the estimate is ready, and the end
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDemoSurvey } from '../../api/demo/survey';
import { surveyCsvChunks, surveyXlsxBytes } from '../../api/demo/writers';
import { openUpload } from '../../api/ingest/parse/index';
import { processUpload, type ProcessPhase } from '../../api/ingest/processing/process';
import { checkUpload } from '../../api/ingest/processing/check';
import { checkAndPrepare } from '../../api/ingest/processing/prepare';
import type { ColumnMapping, UploadFormat } from '../../api/ingest/types';
import { loadScoringFromDisk } from '../../scoring/load-node';
import { startOpenEndedWorker } from '../../scoring/open-ended-worker';
import { createLocalBlobStore } from '../../api/infra/blob-store/blob-store-local';

const [mode, file, arg, arg2] = process.argv.slice(2) as [string, string, string, string | undefined];
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const finish = (extra: Record<string, unknown>) => {
  console.log(
    JSON.stringify({ ...extra, maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024), cpuMs: Math.round(cpu()) }),
  );
};

/**
 * The server's own local-disk blob store (streamed writes, temp file + rename) in a fresh folder, with
 * the source hard-linked in as `key` (not copied: the copy is not part of processing; a symbolic link
 * would be refused, it leads out of the store).
 */
async function benchStore(source: string, key: string) {
  const root = mkdtempSync(join(tmpdir(), 'bench-blobs-'));
  const store = createLocalBlobStore({
    storageDir: root,
    s3: undefined,
    secret: 'bench',
    uploadMaxBytes: 2 ** 40,
  });
  await Bun.$`mkdir -p ${join(root, 'uploads')} && (ln ${source} ${join(root, key)} || cp ${source} ${join(root, key)})`.quiet();
  return { store, root };
}

const survey = (rows: number) => generateDemoSurvey({ rows, seed: 5 });

if (mode === 'gen-xlsx') {
  writeFileSync(file, await surveyXlsxBytes(survey(Number(arg))));
  finish({});
} else if (mode === 'gen-csv') {
  const fh = await open(file, 'w');
  for await (const chunk of surveyCsvChunks(survey(Number(arg)), { chunkRows: 5000 })) await fh.write(chunk);
  await fh.close();
  finish({});
} else if (mode === 'parse') {
  const t0 = performance.now();
  const c0 = cpu();
  // The same source as processing: the blob store's stream (CSV) or bytes (xlsx, sav).
  const { store, root } = await benchStore(file, 'uploads/f');
  const table = await openUpload(store, 'uploads/f', arg as UploadFormat, {});
  let rows = 0;
  let cells = 0;
  for await (const b of table.batches()) {
    rows += b.rows.length;
    for (const r of b.rows) for (const c of r) if (c !== null) cells++;
  }
  finish({ wallMs: Math.round(performance.now() - t0), cpuMsRun: Math.round(cpu() - c0), rows, cells });
  rmSync(root, { recursive: true, force: true });
} else if (mode === 'process') {
  const format = arg as UploadFormat;
  const key = `uploads/bench.${format}`;
  const { store, root } = await benchStore(file, key);
  const header = survey(1);
  const mapping: ColumnMapping =
    arg2 === 'ignore'
      ? {
          dataPoints: header.mapping.dataPoints.map((d) =>
            d.type === 'OPEN_ENDED' ? { type: 'IGNORE' as const, column: d.column } : d,
          ),
        }
      : header.mapping;
  const scoring = await loadScoringFromDisk();
  const t0 = performance.now();
  // CPU of this process's threads: the classifier's thread counts too.
  const c0 = cpu();
  const phases: Partial<Record<ProcessPhase, number>> = {};
  const summary = await processUpload({
    blobs: store,
    scoring,
    source: { key, format },
    options: {},
    mapping,
    datafileId: 'bench',
    revision: 1,
    ...(arg2 === 'classify' ? { openEndedWorker: startOpenEndedWorker } : {}),
    limits: { maxMillis: 60 * 60_000, maxRssBytes: 16 * 1024 ** 3 },
    onProgress: (_p, phase) => {
      phases[phase] ??= Math.round(performance.now() - t0);
    },
  });
  const wallMs = Math.round(performance.now() - t0);
  const manifest = await store.stat('datafiles/bench/1/manifest.json');
  finish({
    wallMs,
    cpuMsRun: Math.round(cpu() - c0),
    phases,
    rows: summary.numberOfRecords,
    credits: summary.credits.total,
    published: manifest !== null,
  });
  rmSync(root, { recursive: true, force: true });
} else if (mode === 'check' || mode === 'check-prepare') {
  const format = arg as UploadFormat;
  const key = `uploads/bench.${format}`;
  const { store, root } = await benchStore(file, key);
  const { mapping } = survey(1);
  const scoring = await loadScoringFromDisk();
  const t0 = performance.now();
  const c0 = cpu();
  const common = {
    blobs: store,
    scoring,
    source: { key, format },
    options: {},
    mapping,
    datafileId: 'bench',
    limits: { maxMillis: 60 * 60_000, maxRssBytes: 16 * 1024 ** 3 },
  };
  let estimateMs = 0;
  let credits = 0;
  if (mode === 'check') {
    const check = await checkUpload(common);
    estimateMs = performance.now() - t0;
    credits = check.estimate?.credits ?? -1;
  } else {
    const out = await checkAndPrepare(
      { ...common, revision: 1, folder: 'prepared-bench/', openEndedWorker: startOpenEndedWorker },
      async (check) => {
        estimateMs = performance.now() - t0;
        credits = check.estimate?.credits ?? -1;
      },
    );
    if (!out.prepared) throw new Error(`not prepared: ${out.failure ?? JSON.stringify(out.check.issues)}`);
  }
  finish({
    wallMs: Math.round(performance.now() - t0),
    estimateMs: Math.round(estimateMs),
    cpuMsRun: Math.round(cpu() - c0),
    credits,
  });
  rmSync(root, { recursive: true, force: true });
} else {
  throw new Error(`unknown mode ${mode}`);
}

// One export in its own process (so its peak memory is its own): `bun tests/bench/export-child.ts
// <storageDir> <datafileId> <format>`. Prints one JSON line: wall and CPU time, peak RSS, file size.
import { blobStoreConfig } from '../../api/infra/blob-store/blob-store';
import { createLocalBlobStore } from '../../api/infra/blob-store/blob-store-local';
import { runExport, type ExportFormat } from '../../api/modules/exports/export.service';
import { DEFAULT_RULES } from '../../scoring/index';
import { loadScoringFromDisk } from '../../scoring/load-node';

const [storageDir, datafileId, format] = process.argv.slice(2) as [string, string, ExportFormat];
const blobs = createLocalBlobStore(
  blobStoreConfig({ storageDir, s3: undefined, publicUrl: 'http://127.0.0.1', uploadMaxBytes: 1e10 } as never, 'bench'),
);
const scoring = await loadScoringFromDisk();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const out = await runExport(
  { blobs, scoring },
  {
    datafileId,
    revision: 1,
    format,
    cleaning: { rules: DEFAULT_RULES },
    certificate: {
      certificateCode: 'BENCH-0000-0000-0',
      reportURL: 'http://127.0.0.1/report-verification',
      certificateLevel: 2,
    },
  },
);
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    size: out.size,
    rows: out.rows,
  }),
);

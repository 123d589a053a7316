// Builds scoring/build/scoring.wasm when it is missing or older than its sources, so tests and the
// benchmark also run from a clean tree (the same rule the app's build orchestrator applies).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const wasmPath = `${root}scoring/build/scoring.wasm`;

function newestSource(): number {
  const dir = `${root}scoring/assembly`;
  const times = readdirSync(dir).map((f) => statSync(`${dir}/${f}`).mtimeMs);
  return Math.max(statSync(`${root}scoring/asconfig.json`).mtimeMs, ...times);
}

/** Runs the build:scoring compiler when the .wasm is stale. */
export function ensureScoringBuilt(): void {
  if (existsSync(wasmPath) && statSync(wasmPath).mtimeMs >= newestSource()) return;
  // Build to a private file and rename: other suites may be loading the .wasm at the same moment.
  const tmp = `scoring/build/scoring.${process.pid}.tmp.wasm`;
  execFileSync(
    `${root}node_modules/.bin/asc`,
    ['scoring/assembly/index.ts', '--config', 'scoring/asconfig.json', '--target', 'release', '--outFile', tmp],
    { cwd: root, stdio: 'inherit' },
  );
  renameSync(`${root}${tmp}`, wasmPath);
}

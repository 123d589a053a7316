import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Newest modification time of the files under the given paths (folders walked, node_modules and outputs skipped). */
function newest(paths: string[]): number {
  let max = 0;
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p))
        if (name !== 'node_modules' && name !== 'dist' && name !== 'build') walk(join(p, name));
    } else max = Math.max(max, s.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return max;
}

function stale(output: string, inputs: string[]): boolean {
  const out = join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < newest(inputs);
}

function run(script: string) {
  console.log(`> npm run ${script}`);
  // Always a production bundle: vite takes NODE_ENV from the caller, and a caller under vitest
  // (NODE_ENV=test, the e2e harness) got React's development build, whose StrictMode runs every
  // effect twice, so the tests drove a different app than users get.
  const result = spawnSync('npm', ['run', '--silent', script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Builds the scoring WASM and the web bundle when missing or older than their sources
 * (`npm start` and `npm test` call this; `npm run build` forces both).
 */
export function buildIfStale(force = false) {
  const scoringInputs = ['scoring/assembly', 'scoring/asconfig.json'];
  if (
    existsSync(join(root, 'scoring/assembly/index.ts')) &&
    (force || stale('scoring/build/scoring.wasm', scoringInputs))
  )
    run('build:scoring');
  const webInputs = ['web', 'locales', 'scoring/index.ts', 'scoring/assembly', 'package.json'];
  if (existsSync(join(root, 'web/index.html')) && (force || stale('web/dist/index.html', webInputs))) run('build:web');
}

if (import.meta.main) buildIfStale(process.argv.includes('--force'));

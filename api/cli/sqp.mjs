#!/usr/bin/env node
// The package's `sqp` bin (package.json "bin"): npm links bins to run under Node, so this launcher
// starts api/cli/client.ts with the Bun the project installs from npm (node_modules/bun), or a bun
// on PATH, and passes its exit code on. docs/scripts.md, "Command line".
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const client = fileURLToPath(new URL('./client.ts', import.meta.url));
let bun = 'bun';
try {
  bun = join(dirname(createRequire(import.meta.url).resolve('bun/package.json')), 'bin', 'bun.exe');
} catch {
  // no bun package next to this one: a bun on PATH
}
const run = spawnSync(bun, [client, ...process.argv.slice(2)], { stdio: 'inherit' });
if (run.error) process.stderr.write(`sqp: cannot start bun (${run.error.message})\n`);
process.exit(run.status ?? 7);

// Builds the worksheet harness with Vite into a temporary folder and serves it (plus any data files)
// on 127.0.0.1 with a free port: shared by tests/e2e/worksheet-engine.test.ts and bench:worksheet.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
  '.css': 'text/css',
  '.arrow': 'application/vnd.apache.arrow.file',
};

/** Runs `vite build` of the harness (under Node, as npm run build:web does); returns the output folder. */
export function buildHarness(): string {
  if (!existsSync(join(root, 'scoring/build/scoring.wasm'))) {
    const wasm = spawnSync(join(root, 'node_modules/.bin/bun'), ['api/cli/build.ts'], { cwd: root, stdio: 'inherit' });
    if (wasm.status !== 0) throw new Error('building the scoring core failed');
  }
  const out = mkdtempSync(join(tmpdir(), 'worksheet-harness-'));
  const result = spawnSync(
    'node',
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'tests/bench/worksheet/vite.config.ts',
      '--outDir',
      out,
    ],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0)
    throw new Error(`vite build of the worksheet harness failed:\n${result.stdout}\n${result.stderr}`);
  return out;
}

export interface HarnessServer {
  base: string;
  close(): Promise<void>;
}

/** Serves the built harness; `files` adds data under their paths (e.g. '/data/scores.arrow'). */
export async function serveHarness(dir: string, files: Record<string, Uint8Array> = {}): Promise<HarnessServer> {
  const base = join(dir, '/');
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const data = files[path];
    if (data) {
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(data);
      return;
    }
    const file = normalize(join(base, path === '/' ? 'index.html' : path));
    if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        rmSync(dir, { recursive: true, force: true });
      }),
  };
}

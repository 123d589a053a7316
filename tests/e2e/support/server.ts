import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** `dir` holds the server's database and blob store (storage/); `databasePath` is its libSQL file, for tests that check what a page shows against the database. */
export type TestServer = {
  baseUrl: string;
  dir: string;
  databasePath: string;
  log: () => string;
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Rebuilds the WASM and web/dist when their sources are newer (api/cli/build.ts compares times), as
 * `npm test`'s pretest does: `npm run test:browser` alone after a merge or an edit would otherwise
 * drive a stale bundle and fail on pages it does not have.
 */
let built = false;
export function ensureWebBuild(): void {
  if (built) return;
  const result = spawnSync(join(repoRoot, 'node_modules/.bin/bun'), ['api/cli/build.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('build failed');
  built = true;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: '{ health }' }),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`API server did not answer {health} within 60 s:\n${log()}`);
}

type ServerEnv = Record<string, string>;

/**
 * Starts the real API (which serves web/dist) on a fresh database and a free port; `env` adds
 * settings (e.g. SMTP_URL), or is a function of the port for settings that name it (PUBLIC_URL).
 */
export async function startServer(
  env: ServerEnv | ((port: number) => ServerEnv | Promise<ServerEnv>) = {},
): Promise<TestServer> {
  ensureWebBuild();
  const dir = mkdtempSync(join(tmpdir(), 'e2e-server-'));
  const port = await freePort();
  const extra = typeof env === 'function' ? await env(port) : env;
  let output = '';
  const child = spawn(join(repoRoot, 'node_modules/.bin/bun'), ['api/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      STORAGE_DIR: join(dir, 'storage'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JOB_INTERVAL_MINUTES: '0',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    dir,
    databasePath: join(dir, 'app.db'),
    log: () => output,
    stop: async () => {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) process.kill(child.pid, 'SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the demo datafiles' upload jobs and the demo-finish jobs that clean them have
 * finished: a new database seeds them as confirmed uploads that process, charge and are cleaned in
 * the background, so a test comparing a page with the database must not read while they still
 * change it. (A demo-finish job waiting out its backoff is QUEUED, so it is waited for too.)
 */
export async function waitForDemoUploads(server: TestServer, timeoutMs = 90_000): Promise<void> {
  const { default: Database } = await import('libsql');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const db = new Database(server.databasePath, { readonly: true });
    let pending: number;
    try {
      pending = (
        db
          .prepare(
            "select count(*) as n from jobs where (kind like 'upload%' or kind = 'demo-finish') and state in ('QUEUED', 'RUNNING')",
          )
          .get() as { n: number }
      ).n;
    } finally {
      db.close();
    }
    if (pending === 0) return;
    if (Date.now() > deadline)
      throw new Error(`the demo uploads or their cleaning are still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import Database from 'libsql';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const bunBin = join(repoRoot, 'node_modules/.bin/bun');

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

/** Settings for the server, or a function of its port for settings that name it (PUBLIC_URL). */
export type ServerEnv =
  | Record<string, string>
  | ((port: number) => Record<string, string> | Promise<Record<string, string>>);

export type ServerProcess = {
  baseUrl: string;
  pid: number;
  log: () => string;
  /** SIGKILL: no shutdown handler runs, as in a crash or an OOM kill. */
  kill: () => Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop: () => Promise<void>;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
};

/**
 * The real API server (api/server.ts) as a child process on 127.0.0.1 and a free port, over the
 * database and storage the caller chose (so a restart finds the same state). Resolves once it
 * answers `{ health }`. For crash tests: kill() it mid-job, start it again. Role `worker` starts
 * `npm run worker` (jobs only) instead, with its health and metrics listener on the free port
 * (METRICS_PORT): baseUrl is that listener, and it resolves once /healthz answers. Benchmarks may
 * start another checkout's server (`root`, with its own node_modules) and wait longer on a busy machine.
 */
export async function startServerProcess(
  env: ServerEnv,
  options: { role?: 'server' | 'worker'; root?: string; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const worker = options.role === 'worker';
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const extra = typeof env === 'function' ? await env(port) : env;
  const root = options.root ?? repoRoot;
  let output = '';
  const child: ChildProcess = spawn(
    join(root, 'node_modules/.bin/bun'),
    [worker ? 'api/cli/worker.ts' : 'api/server.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(worker ? 0 : port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        JOB_INTERVAL_MINUTES: '0',
        ...(worker ? { METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' } : {}),
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs / 1000} s:\n${output}`);
    }
    try {
      const res = worker
        ? await fetch(`${baseUrl}/healthz`)
        : await fetch(`${baseUrl}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: '{ health }' }),
          });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid!;
  return {
    baseUrl,
    pid,
    log: () => output,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(pid, 'SIGTERM');
        const timer = setTimeout(
          () => child.exitCode === null && child.signalCode === null && process.kill(pid, 'SIGKILL'),
          10_000,
        );
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** A GraphQL caller for a server process with one bearer token: returns `data`, throws on any error. */
export function graphqlPoster(baseUrl: string, token: string) {
  return async (query: string, variables: Record<string, unknown>): Promise<any> => {
    const res = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: any; errors?: unknown };
    if (body.errors) throw new Error(`${query.slice(0, 50)}: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
}

/** A server on a fresh database: `dir` holds its libSQL file (`databasePath`) and its blob store (storage/). */
export type TestServer = {
  baseUrl: string;
  dir: string;
  databasePath: string;
  log: () => string;
  stop: () => Promise<void>;
};

/**
 * Rebuilds the WASM and web/dist when their sources are newer (api/cli/build.ts compares times), as
 * `npm test`'s pretest does: `npm run test:browser` alone after a merge or an edit would otherwise
 * drive a stale bundle and fail on pages it does not have.
 */
let built = false;
export function ensureWebBuild(): void {
  if (built) return;
  const result = spawnSync(bunBin, ['api/cli/build.ts'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
  built = true;
}

/**
 * The real API, serving web/dist, on a fresh database and blob store in a temporary folder (which
 * stop() removes) and a free port; a new database seeds the demo data. `env` adds settings (e.g. SMTP_URL),
 * or is a function of the port for settings that name it (PUBLIC_URL).
 */
export async function startServer(env: ServerEnv = {}): Promise<TestServer> {
  ensureWebBuild();
  const dir = mkdtempSync(join(tmpdir(), 'e2e-server-'));
  const databasePath = join(dir, 'app.db');
  try {
    const server = await startServerProcess(async (port) => ({
      DATABASE_URL: `file:${databasePath}`,
      STORAGE_DIR: join(dir, 'storage'),
      ...(typeof env === 'function' ? await env(port) : env),
    }));
    return {
      baseUrl: server.baseUrl,
      dir,
      databasePath,
      log: server.log,
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Waits until the demo datafiles' upload jobs and the demo-finish jobs that clean them have
 * finished: a new database seeds them as confirmed uploads that process, charge and are cleaned in
 * the background, so a test comparing a page with the database must not read while they still
 * change it. (A demo-finish job waiting out its backoff is QUEUED, so it is waited for too.)
 */
export async function waitForDemoUploads(server: TestServer, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const db = openServerDatabase(server, { readonly: true });
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

/**
 * Opens the running server's database file from the test process. The server's jobs write to it at
 * the same time, so a write (or a read meeting a checkpoint) waits up to 10 s for their lock instead
 * of failing at once with "database is locked". Close it when done.
 */
export function openServerDatabase(server: TestServer, options: { readonly?: boolean } = {}) {
  return new Database(server.databasePath, { readonly: options.readonly ?? false, timeout: 10_000 });
}

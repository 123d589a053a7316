import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
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

export type ServerProcess = {
  baseUrl: string;
  pid: number;
  log: () => string;
  /** SIGKILL: no shutdown handler runs, as in a crash or an OOM kill. */
  kill: () => Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop: () => Promise<void>;
};

/**
 * The real API server (api/server.ts) as a child process on 127.0.0.1 and a free port, over the
 * database and storage the caller chose (so a restart finds the same state). Resolves once it
 * answers `{ health }`. For crash tests: kill() it mid-job, start it again. Benchmarks may start
 * another checkout's server (`root`, with its own node_modules) and wait longer on a busy machine.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { root?: string; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const root = options.root ?? repoRoot;
  let output = '';
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/bun'), ['api/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      JOB_INTERVAL_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs / 1000} s:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/graphql`, {
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

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { repoRoot } from './server-process';

/** Node itself: under `bun --bun` the `node` on PATH is a shim for Bun. */
export function realNode(): string {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(folder, 'node');
    if (existsSync(candidate) && !/bun/.test(realpathSync(candidate))) return candidate;
  }
  throw new Error('Node.js not found on PATH (the fake S3 server runs under Node)');
}

export type S3rver = {
  endpoint: string;
  /** The S3_* variables of a server process using bucket `sqp` of this server. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

/**
 * s3rver (a fake S3 server, no real S3 or MinIO runs here) in its own Node process on 127.0.0.1,
 * keeping its objects under `directory`, with one bucket `sqp`.
 */
export async function startS3rver(directory: string): Promise<S3rver> {
  const server: ChildProcess = spawn(
    realNode(),
    ['--openssl-legacy-provider', 'tests/support/s3rver-child.cjs', directory],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /port (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    server.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      S3_BUCKET: 'sqp',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop: async () => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

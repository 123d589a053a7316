// s3rver, a fake S3 server on 127.0.0.1, in a Node child process (tests/support/s3rver-child.cjs), with
// one bucket `sqp`: for the S3 blob store's tests and the upload steps over S3.
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { spawn } from 'node:child_process';
import { repoRoot } from './server-process';

/** Node itself: under `bun --bun` the `node` on PATH is a shim for Bun. */
function realNode(): string {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(folder, 'node');
    if (existsSync(candidate) && !/bun/.test(realpathSync(candidate))) return candidate;
  }
  throw new Error('Node.js not found on PATH (the fake S3 server runs under Node)');
}

export type S3rver = {
  endpoint: string;
  /** The S3_* variables of an app on this server's bucket. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

export async function startS3rver(): Promise<S3rver> {
  const dir = mkdtempSync(join(tmpdir(), 'sqp-s3rver-'));
  const server = spawn(realNode(), ['--openssl-legacy-provider', 'tests/support/s3rver-child.cjs', dir], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

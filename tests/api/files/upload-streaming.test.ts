import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../../../api/infra/blob-store/blob-store-local';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

// A large upload through the real server (Bun.serve) goes to disk as it arrives: the server's peak
// resident memory grows by far less than the file. Buffering the body would add at least its size.

const SECRET = 'streaming-test-secret-streaming-test-secret';
const SIZE = 256 * 1024 * 1024;
let dir: string;
let server: ServerProcess;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-upload-stream-'));
  server = await startServerProcess({
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    STORAGE_DIR: join(dir, 'storage'),
    APP_SECRET: SECRET,
    UPLOAD_MAX_BYTES: String(300 * 1024 * 1024),
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** kB of the server process's current (VmRSS) or peak (VmHWM) resident memory. */
function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field))!;
  return Number(line.replace(/\D+/g, ''));
}

describe('a 256 MB upload to the real server', () => {
  it('is streamed to disk: peak memory grows by less than half the file', async () => {
    const blobs = createLocalBlobStore({
      storageDir: join(dir, 'storage'),
      s3: undefined,
      secret: SECRET,
      uploadMaxBytes: 300 * 1024 * 1024,
    });
    const signed = blobs.signedPut('upload', 'uploads/large.csv', new Date());
    // Warm the route up so the baseline includes the code paths the upload uses.
    await fetch(server.baseUrl + blobs.signedPut('upload', 'uploads/warm.csv', new Date()).url, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      body: 'a;b\n',
    });
    const before = memoryKb(server.pid, 'VmRSS');
    const chunk = new Uint8Array(1024 * 1024).fill(59);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= SIZE) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk.slice());
      },
    });
    const res = await fetch(server.baseUrl + signed.url, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv', 'content-length': String(SIZE) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ size: SIZE });
    const peak = memoryKb(server.pid, 'VmHWM');
    const grownMb = (peak - before) / 1024;
    console.log(
      `upload of ${SIZE / 1024 / 1024} MB: server peak memory grew by ${grownMb.toFixed(0)} MB (baseline ${(before / 1024).toFixed(0)} MB)`,
    );
    expect(grownMb).toBeLessThan(128);
    expect(await blobs.stat('uploads/large.csv')).toMatchObject({ size: SIZE });
  });
});

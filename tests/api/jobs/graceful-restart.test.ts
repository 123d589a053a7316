import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowJobEffectKey, type SlowJobPayload } from '../../../api/jobs/test-kinds/test-kinds';
import { graphqlPoster, startServerProcess, type ServerProcess } from '../../support/server-process';
import { UPLOAD_QUERIES as Q } from '../../support/upload-world';
import { opsWorld, type OpsWorld } from '../../support/ops-world';

// A graceful restart: SIGTERM reaches a server while it runs a long job and receives an upload.
// It stops taking connections (readiness first), lets the upload it is receiving finish, hands the
// job back with its lease released and exits 0; the next process finishes the job at once. The
// lease is 10 minutes long here, so a job left to its lease would fail the test's time limit.

let w: OpsWorld;
const processes: ServerProcess[] = [];
const env = {
  JOB_TEST_KINDS: 'true',
  JOB_LEASE_SECONDS: '600',
  JOB_CONCURRENCY: '1',
  JOB_STOP_GRACE_SECONDS: '1',
  SHUTDOWN_GRACE_SECONDS: '30',
  LOG_LEVEL: 'info',
};

beforeAll(async () => {
  w = await opsWorld({ env });
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  w?.close();
});

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('SIGTERM', () => {
  it('finishes the request in flight, hands the running job back and exits; the next process takes the job at once', async () => {
    const first = await startServerProcess(w.env);
    processes.push(first);
    const payload: SlowJobPayload = { key: 'graceful-1', steps: 80, stepMs: 50 };
    const { id } = await w.deps.jobs.enqueue('test.slow', payload);
    await until('the job to run', async () => {
      const job = await w.deps.jobs.get(id);
      return job?.state === 'RUNNING' && job.progress >= 2;
    });

    // An upload in flight: half of the body now, the rest after the signal.
    const { signedUrl, datafileKey } = (
      await graphqlPoster(first.baseUrl, w.world.tokens.admin)(Q.url, { f: 'in-flight.csv', c: w.world.A })
    ).getDatafileUploadURL;
    const text = `id;q1\n${Array.from({ length: 20_000 }, (_, i) => `${i};${i % 5}`).join('\n')}\n`;
    const bytes = new TextEncoder().encode(text);
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (feed = c) });
    const put = fetch(new URL(signedUrl, first.baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'text/csv', 'content-length': String(bytes.length) },
      body,
      duplex: 'half',
    } as RequestInit);
    feed.enqueue(bytes.subarray(0, bytes.length >> 1));
    await new Promise((r) => setTimeout(r, 300));

    process.kill(first.pid, 'SIGTERM');
    // Not ready any more, then no new connection; the job is still running its grace period.
    await until('readiness to drop', async () => {
      const res = await fetch(`${first.baseUrl}/readyz`).catch(() => undefined);
      return !res || res.status === 503;
    });
    await until('the listener to close', async () => !(await fetch(`${first.baseUrl}/healthz`).catch(() => undefined)));
    // The job is handed back while the upload is still arriving: the process waits for the upload.
    await until('the job to be handed back', async () => (await w.deps.jobs.get(id))?.state === 'QUEUED');
    await new Promise((r) => setTimeout(r, 500));
    feed.enqueue(bytes.subarray(bytes.length >> 1));
    feed.close();
    const answer = await put;
    expect(answer.status).toBe(200);
    expect((await w.deps.blobs.stat(datafileKey))?.size).toBe(bytes.length);

    const signalled = Date.now();
    expect(await first.exited).toBe(0);
    // Handed back, not abandoned: queued, due, no lease, the attempt not counted.
    const handedBack = (await w.deps.jobs.get(id))!;
    expect(handedBack).toMatchObject({ state: 'QUEUED', leaseOwner: null, leaseExpiresAt: null, attempts: 0 });
    expect(Date.parse(handedBack.runAfter)).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - signalled).toBeLessThan(15_000);
    expect(first.log()).toContain('"msg":"stopped"');

    const second = await startServerProcess(w.env);
    processes.push(second);
    const done = await until('the job to finish', async () => {
      const job = await w.deps.jobs.get(id);
      return job?.state === 'SUCCEEDED' ? job : undefined;
    });
    expect(done.attempts).toBe(1);
    expect(
      await w.deps.db.all(
        // One effect, written by the second process's run.
        sql`select key from app_settings where key = ${slowJobEffectKey('graceful-1')}`,
      ),
    ).toHaveLength(1);
  }, 180_000);
});

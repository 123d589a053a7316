import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps, type Deps } from '../../../api/compose/create-deps';
import { readEnv } from '../../../api/env';
import { silentLogger } from '../../../api/lib/logger';
import { slowJobEffectKey, type SlowJobPayload } from '../../../api/jobs/test-kinds/test-kinds';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

// The template for the upload kill test: a real server process runs a slow job (a CPU step in a
// Worker, then a side effect under a unique key), is SIGKILLed mid-job, restarts on the same
// database, and the job finishes exactly once.

let dir: string;
let deps: Deps;
let server: ServerProcess | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-jobs-crash-'));
  env = {
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    STORAGE_DIR: join(dir, 'storage'),
    JOB_TEST_KINDS: 'true',
    // A dead runner's job is taken again 2 s after its last heartbeat.
    JOB_LEASE_SECONDS: '2',
    JOB_POLL_MS: '100',
  };
  // The test's own handle on the same file: it enqueues and watches; it runs nothing.
  deps = await createDeps(
    readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', JOB_INTERVAL_MINUTES: '0', ...env }),
    { log: silentLogger },
  );
});
afterAll(async () => {
  await server?.stop();
  deps.close();
  rmSync(dir, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${server?.log() ?? ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const settingsLike = async (pattern: string) =>
  deps.db.all<{ key: string; value: string }>(sql`select key, value from app_settings where key like ${pattern}`);

describe('a server killed mid-job', () => {
  it('restarts, takes the job again after its lease expired, and finishes it exactly once', async () => {
    server = await startServerProcess(env);
    const payload: SlowJobPayload = { key: 'crash-1', steps: 40, stepMs: 100 };
    const { id } = await deps.jobs.enqueue('test.slow', payload);

    // Mid-job: the Worker has reported progress, the side effect is not written yet.
    const running = await until('progress', async () => {
      const job = await deps.jobs.get(id);
      return job && job.state === 'RUNNING' && job.progress >= 10 ? job : undefined;
    });
    await server.kill();
    expect(running.attempts).toBe(1);
    expect(await settingsLike(`${slowJobEffectKey('crash-1')}%`)).toEqual([]);
    const orphan = await deps.jobs.get(id);
    expect(orphan).toMatchObject({ state: 'RUNNING', attempts: 1 });
    expect(orphan!.progress).toBeLessThan(99);

    server = await startServerProcess(env);
    const done = await until('the job to finish', async () => {
      const job = await deps.jobs.get(id);
      return job && ['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(job.state) ? job : undefined;
    });
    expect(done).toMatchObject({
      state: 'SUCCEEDED',
      attempts: 2,
      progress: 100,
      errorCode: null,
      result: { key: 'crash-1' },
    });
    const effects = await settingsLike(`${slowJobEffectKey('crash-1')}%`);
    expect(effects).toHaveLength(1);
    expect(JSON.parse(effects[0]!.value)).toEqual({ jobId: id, attempt: 2 });
    // Exactly one run got to the end: the second.
    expect((await settingsLike(`test-job-run:${id}:%`)).map((r) => r.key)).toEqual([`test-job-run:${id}:2`]);
    await server.stop();
    server = undefined;
  });
});

// A hostile CSV (100 MB, a quote opened on the first data row and never closed) goes through step 1
// and 2 of a real server process while other callers ask `me`: the server reads it in a Worker
// thread with the job limits and only a bounded prefix of it, refuses it with a catalogue code and
// removes it, and `me` keeps answering (p99 under 200 ms) the whole time. The file is generated in
// the test's temporary folder.
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDeps, type Deps } from '../../../api/compose/create-deps';
import { readEnv } from '../../../api/env';
import { silentLogger } from '../../../api/lib/logger';
import { fixedClock } from '../../../api/lib/clock';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import type { TestApp } from '../../support/test-app';
import { UPLOAD_QUERIES as Q, uploadWorld, type UploadWorld } from '../../support/upload-world';

const SIZE_MB = 100;
let dir: string;
let deps: Deps;
let server: ServerProcess;
let w: UploadWorld;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-hostile-csv-'));
  const env = {
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    STORAGE_DIR: join(dir, 'storage'),
    JOB_WORKER_TIMEOUT_SECONDS: '30',
    JOB_WORKER_MAX_MB: '1024',
  };
  deps = await createDeps(
    readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', JOB_INTERVAL_MINUTES: '0', ...env }),
    {
      log: silentLogger,
    },
  );
  // Written before the server starts, so its demo seed (new databases only) stays out.
  w = await uploadWorld({ db: deps.db, deps, clock: fixedClock(new Date().toISOString()) } as unknown as TestApp);
  file = join(dir, 'hostile.csv');
  const out = createWriteStream(file);
  out.write('id;q1;q2\n1;"');
  const block = 'abc;def;ghi\n'.repeat(87_382); // ~1 MiB of lines inside the open quote
  for (let i = 0; i < SIZE_MB; i++) if (!out.write(block)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  server = await startServerProcess(env);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  deps?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${server.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${w.tokens.admin}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };
}

it('a 100 MB CSV with an unclosed quote is refused off the event loop while `me` keeps answering', async () => {
  expect(statSync(file).size).toBeGreaterThan(SIZE_MB * 1024 * 1024);
  const url = (await gql(Q.url, { f: 'hostile.csv', c: w.A })).data.getDatafileUploadURL;
  const put = await fetch(new URL(url.signedUrl, server.baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'text/csv' },
    body: Bun.file(file),
  });
  expect(put.status).toBe(200);

  let stop = false;
  const latencies: number[] = [];
  const pinger = (async () => {
    while (!stop) {
      const started = performance.now();
      const me = await gql('{me{user{id}}}');
      expect(me.data?.me.user.id).toBe(w.admin.id);
      latencies.push(performance.now() - started);
      await Bun.sleep(20);
    }
  })();
  const started = performance.now();
  // Step 1, then (if step 1 got past the header) step 2's preview: the first refusal is the file's.
  const draft = await gql(Q.draft, {
    i: { title: 'Hostile', headerRow: 1, dataRecordStartRow: 2, fileName: 'hostile.csv', datafileKey: url.datafileKey },
  });
  let refusal = draft.errors?.[0]?.extensions;
  if (!refusal) {
    const preview = await gql(Q.preview, { id: draft.data.createDraftDatafile.datafileId });
    refusal = preview.errors?.[0]?.extensions;
  }
  const took = performance.now() - started;
  stop = true;
  await pinger;

  expect(refusal).toMatchObject({ code: 'UPLOAD_FILE_LIMITS_EXCEEDED' });
  expect(['CELL_TOO_LONG', 'PROCESSING_TIME', 'PROCESSING_MEMORY']).toContain(refusal!.reason);
  // The refused file is gone, the server is alive.
  expect(await deps.blobs.stat(url.datafileKey)).toBeNull();
  expect((await gql('{health}')).data).toBeTruthy();
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
  console.info(
    `hostile CSV: refused (${refusal!.reason}) after ${Math.round(took)} ms; me: ${latencies.length} calls, p50 ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms, p99 ${Math.round(p99)} ms, max ${Math.round(sorted.at(-1)!)} ms`,
  );
  expect(latencies.length).toBeGreaterThan(5);
  expect(p99).toBeLessThan(200);
}, 180_000);

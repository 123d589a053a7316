// A hostile CSV (100 MB, a quote opened on the first data row and never closed) goes through step 1
// and 2 of a real server process while other callers ask `me`: the server reads it in a Worker
// thread with the job limits and only a bounded prefix of it, refuses it with a catalogue code and
// removes it, and `me` keeps answering (p99 under 200 ms) the whole time. The file is generated in
// the test's temporary folder.
import { createWriteStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Deps } from '../../../api/compose/create-deps';
import type { ServerProcess } from '../../support/server-process';
import { serverUploadWorld } from '../../support/server-upload-world';
import { UPLOAD_QUERIES as Q, type UploadWorld } from '../../support/upload-world';

const SIZE_MB = 100;
let world: Awaited<ReturnType<typeof serverUploadWorld>>;
let deps: Deps;
let server: ServerProcess;
let w: UploadWorld;
let gql: typeof world.gql;
let file: string;

beforeAll(async () => {
  world = await serverUploadWorld('sqp-hostile-csv-', { JOB_WORKER_TIMEOUT_SECONDS: '30', JOB_WORKER_MAX_MB: '1024' });
  ({ deps, server, w, gql } = world);
  file = join(world.dir, 'hostile.csv');
  const out = createWriteStream(file);
  out.write('id;q1;q2\n1;"');
  const block = 'abc;def;ghi\n'.repeat(87_382); // ~1 MiB of lines inside the open quote
  for (let i = 0; i < SIZE_MB; i++) if (!out.write(block)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}, 120_000);
afterAll(async () => {
  await world?.close();
});

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

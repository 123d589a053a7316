// SPSS files whose dictionary lies, through steps 1 and 2 of a real server process: a header that
// declares 2^31 - 1 slots per case and 2^31 - 1 cases, and value labels that cost gigabytes once
// applied to every variable they name. Each is answered within the request's caps, the first with its
// real rows, the second with a catalogue code, while `me` keeps answering. The files are built here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../api/compose/create-deps';
import { writeSav } from '../../../api/ingest/export/sav-writer';
import { DEFAULT_LIMITS } from '../../../api/ingest/limits';
import type { ServerProcess } from '../../support/server-process';
import { serverUploadWorld } from '../../support/server-upload-world';
import { UPLOAD_QUERIES as Q, type UploadWorld } from '../../support/upload-world';

let world: Awaited<ReturnType<typeof serverUploadWorld>>;
let deps: Deps;
let server: ServerProcess;
let w: UploadWorld;
let gql: typeof world.gql;

beforeAll(async () => {
  world = await serverUploadWorld('sqp-hostile-sav-', { JOB_WORKER_TIMEOUT_SECONDS: '30', JOB_WORKER_MAX_MB: '1024' });
  ({ deps, server, w, gql } = world);
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** Step 1 and the preview of step 2 while `me` is asked every 20 ms: the first refusal, or the preview. */
async function throughStepTwo(fileName: string, bytes: Uint8Array) {
  const url = (await gql(Q.url, { f: fileName, c: w.A })).data.getDatafileUploadURL;
  const put = await fetch(new URL(url.signedUrl, server.baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  expect(put.status).toBe(200);
  let stop = false;
  const slowest = { ms: 0, calls: 0 };
  const pinger = (async () => {
    while (!stop) {
      const started = performance.now();
      expect((await gql('{me{user{id}}}')).data?.me.user.id).toBe(w.admin.id);
      slowest.ms = Math.max(slowest.ms, performance.now() - started);
      slowest.calls++;
      await Bun.sleep(20);
    }
  })();
  const draft = await gql(Q.draft, {
    i: { title: 'SPSS', headerRow: 1, dataRecordStartRow: 2, fileName, datafileKey: url.datafileKey },
  });
  const preview = draft.errors ? undefined : await gql(Q.preview, { id: draft.data.createDraftDatafile.datafileId });
  stop = true;
  await pinger;
  return { key: url.datafileKey as string, refusal: (draft.errors ?? preview?.errors)?.[0], preview, slowest };
}

/** A file of `variables` numbers and one string id, with `rows` cases, uncompressed. */
function savFile(variables: number, rows: (string | number)[][]) {
  return writeSav(
    [
      { name: 'id', type: 'string', width: 8 },
      ...Array.from({ length: variables }, (_, k) => ({ name: `q${k}`, type: 'number' as const })),
    ],
    rows,
    { compression: 0 },
  );
}

describe('SPSS dictionaries that lie', () => {
  it('a header declaring 2^31 - 1 slots per case and cases is read by its dictionary', async () => {
    const bytes = savFile(1, [
      ['r1', 1],
      ['r2', 2],
      ['r3', 3],
    ]);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    view.setInt32(68, 0x7fffffff, true); // nominal case size, in 8-byte slots
    view.setInt32(80, 0x7fffffff, true); // number of cases
    const { refusal, preview } = await throughStepTwo('lying-header.sav', bytes);
    // Before, a case was allocated as 16 GiB and the preview failed with "Out of memory".
    expect(refusal).toBeUndefined();
    expect(preview!.data.getUploadPreview.rows.map((r: { cells: string[] }) => r.cells)).toEqual([
      ['r1', '1'],
      ['r2', '2'],
      ['r3', '3'],
    ]);
  }, 120_000);

  it('value labels applied to thousands of variables are refused at step 1 with their own reason', async () => {
    // 100,000 labels in one set that names 2,000 variables: 1.9 MB that were 200 million labels in memory.
    const variables = 2_000;
    const labels = 100_000;
    const base = savFile(variables - 1, []);
    const record = new Uint8Array(8 + labels * 16 + 8 + variables * 4);
    const view = new DataView(record.buffer);
    let at = 0;
    const int = (v: number) => {
      view.setInt32(at, v, true);
      at += 4;
    };
    int(3);
    int(labels);
    for (let k = 0; k < labels; k++) {
      view.setFloat64(at, k, true);
      record[at + 8] = 7;
      record.set(new TextEncoder().encode(`label${k % 10}`), at + 9);
      at += 16;
    }
    int(4);
    int(variables);
    for (let k = 1; k <= variables; k++) int(k);
    // The dictionary ends with record 999 (8 bytes); a file without cases ends there.
    const bytes = new Uint8Array(base.length + record.length);
    bytes.set(base.subarray(0, base.length - 8));
    bytes.set(record, base.length - 8);
    bytes.set(base.subarray(base.length - 8), base.length - 8 + record.length);

    const started = performance.now();
    const { key, refusal, slowest } = await throughStepTwo('label-bomb.sav', bytes);
    console.info(
      `label bomb (${(bytes.length / 1e6).toFixed(1)} MB): refused in ${Math.round(performance.now() - started)} ms; me: ${slowest.calls} calls, slowest ${Math.round(slowest.ms)} ms`,
    );
    // Before, the read ran into the Worker's limits (PROCESSING_TIME or PROCESSING_MEMORY) after GBs.
    expect(refusal?.extensions).toMatchObject({
      code: 'UPLOAD_FILE_LIMITS_EXCEEDED',
      reason: 'TOO_MANY_VALUE_LABELS',
      limit: DEFAULT_LIMITS.maxValueLabels,
    });
    expect(refusal!.message).toContain('SPSS');
    expect(await deps.blobs.stat(key)).toBeNull();
    expect((await gql('{health}')).data).toBeTruthy();
  }, 120_000);
});

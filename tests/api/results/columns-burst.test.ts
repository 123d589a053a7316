// 200 requests at once over HTTP for eight raw columns of a datafile whose raw.arrow holds several
// record batches: each is answered with the same table, and the ranged reads in flight stay within
// the process's bound. Unbounded, every request opened the file once per batch and column at the same
// time (20,800 reads in flight for 100,000 interviews), and past the open-file limit requests failed
// with EMFILE.
import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readRevisionColumns } from '../../../api/ingest/index';
import { RANGE_READS_AT_ONCE } from '../../../api/modules/results/column-ranges';
import { publishedDemoDatafile } from '../../support/published-datafile';
import { createTestApp, type TestApp } from '../../support/test-app';
import { uploadWorld, type UploadWorld } from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
let server: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  t = await createTestApp();
  w = await uploadWorld(t);
  server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (req) => t.app.fetch(req) });
}, 120_000);
afterAll(async () => {
  await server?.stop(true);
  t?.close();
});

it('200 requests at once for eight raw columns each get the table, with the range reads in flight bounded', async () => {
  // 20,000 interviews: three record batches of raw.arrow.
  const { datafileId } = await publishedDemoDatafile(t, {
    companyId: w.A,
    ownerId: w.admin.id,
    title: 'Burst',
    rows: 20_000,
    seed: 7,
  });
  const raw = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'raw');
  expect(raw.batches.length).toBeGreaterThan(1);
  const names = raw.schema.fields.map((f) => f.name).slice(1, 9);
  const expected = Buffer.from(tableToIPC(raw.select(names), 'stream'));

  const blobs = t.deps.blobs;
  const getRange = blobs.getRange.bind(blobs);
  let inFlight = 0;
  let peak = 0;
  let reads = 0;
  blobs.getRange = async (key, start, end) => {
    reads++;
    peak = Math.max(peak, ++inFlight);
    try {
      return await getRange(key, start, end);
    } finally {
      inFlight--;
    }
  };
  try {
    const url = `${server.url.origin}/api/datafiles/${datafileId}/columns?file=raw&columns=${names.map(encodeURIComponent).join(',')}`;
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const res = await fetch(url, {
          headers: { authorization: `Bearer ${w.tokens.admin}`, 'accept-encoding': 'identity' },
        });
        return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const a of answers)
      expect(Buffer.from(tableToIPC(tableFromIPC(a.bytes), 'stream')).equals(expected)).toBe(true);
    // Every request took the ranged read (not the whole file), and never more than the bound at once.
    expect(reads).toBeGreaterThanOrEqual(200 * raw.batches.length * (1 + names.length));
    expect(peak).toBeLessThanOrEqual(RANGE_READS_AT_ONCE);
  } finally {
    blobs.getRange = getRange;
  }
}, 300_000);

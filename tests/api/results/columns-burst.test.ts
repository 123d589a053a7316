// 200 requests at once over HTTP to the columns route, from four users: each is answered with the
// same table, while the process builds at most COLUMNS_AT_ONCE bodies and keeps at most
// RANGE_READS_AT_ONCE range reads in flight; a free place goes to the user with the fewest. Unbounded, every request read at once: a whole raw.arrow each (about 120 MB per request at
// 100,000 interviews), or the file once per batch and column (20,800 reads in flight, and past the
// open-file limit requests failed with EMFILE).
import { tableFromIPC, tableToIPC, type Table } from 'apache-arrow';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readRevisionColumns } from '../../../api/ingest/index';
import { RANGE_READS_AT_ONCE } from '../../../api/modules/results/column-ranges';
import { resetBodyCache } from '../../../api/modules/results/body-cache';
import {
  COLUMNS_AT_ONCE,
  COLUMNS_MAX_WAITING,
  COLUMNS_WAITING_PER_USER,
  columnsWaiting,
  takeColumnsSlot,
} from '../../../api/modules/results/columns-slots';
import { makeUser, sessionFor } from '../../support/factories';
import { publishedDemoDatafile } from '../../support/published-datafile';
import { saveCleaning } from '../../support/report-world';
import { createTestApp, type TestApp } from '../../support/test-app';
import { uploadWorld, type UploadWorld } from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
let server: ReturnType<typeof Bun.serve>;
let datafileId: string;
let raw: Table;
/** Sessions of four ADMINs of the datafile's organisation: the bursts come from all four. */
const tokens: string[] = [];
const get = (query: string, init: RequestInit = {}, token = tokens[0]!) =>
  fetch(`${server.url.origin}/api/datafiles/${datafileId}/columns?${query}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
  });

beforeAll(async () => {
  // Every request here builds its body: the bound on bodies built at once is what is measured. Kept
  // bodies (a burst of one request answered from memory) are columns-body-cache.test.ts's.
  resetBodyCache({ entry: 0 });
  t = await createTestApp();
  w = await uploadWorld(t);
  tokens.push(w.tokens.admin);
  for (let i = 0; i < 3; i++) {
    const admin = await makeUser(t.db, t.deps.appSecret, { companyId: w.A, accessLevel: 'ADMIN' });
    tokens.push(await sessionFor(t, admin.id, w.A));
  }
  // As api/server.ts serves it: the route lifts the idle timeout of a request that waits its turn.
  server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (req, srv) => t.app.fetch(req, { server: srv }) });
  // 20,000 interviews: three record batches of raw.arrow.
  ({ datafileId } = await publishedDemoDatafile(t, {
    companyId: w.A,
    ownerId: w.admin.id,
    title: 'Burst',
    rows: 20_000,
    seed: 7,
  }));
  raw = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'raw');
  expect(raw.batches.length).toBeGreaterThan(1);
}, 120_000);
afterAll(async () => {
  resetBodyCache();
  await server?.stop(true);
  t?.close();
});

/** Counts the reads of the revision's Arrow files through the store, and the most in flight at once. */
function watchArrowReads() {
  const blobs = t.deps.blobs;
  const getBytes = blobs.getBytes.bind(blobs);
  const seen = { reads: 0, peak: 0 };
  let reading = 0;
  blobs.getBytes = async (key) => {
    if (!key.endsWith('.arrow')) return getBytes(key);
    seen.reads++;
    seen.peak = Math.max(seen.peak, ++reading);
    try {
      return await getBytes(key);
    } finally {
      reading--;
    }
  };
  return { seen, restore: () => (blobs.getBytes = getBytes) };
}

it('200 requests at once for eight raw columns each get the table, with the range reads in flight bounded', async () => {
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
    const query = `file=raw&columns=${names.map(encodeURIComponent).join(',')}`;
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await get(query, {}, tokens[i % 4]);
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

it('200 requests at once for the whole raw.arrow each get it, with at most COLUMNS_AT_ONCE read at a time', async () => {
  const expected = Buffer.from(tableToIPC(raw, 'stream'));
  const { seen, restore } = watchArrowReads();
  try {
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await get('file=raw', {}, tokens[i % 4]);
        return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const a of answers) expect(Buffer.from(a.bytes).equals(expected)).toBe(true);
    expect(seen.reads).toBe(200);
    expect(seen.peak).toBeLessThanOrEqual(COLUMNS_AT_ONCE);
  } finally {
    restore();
  }
}, 300_000);

it('200 script requests at once for the scores each get them, the files read by at most COLUMNS_AT_ONCE at a time', async () => {
  const { seen, restore } = watchArrowReads();
  try {
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await fetch(`${server.url.origin}/api/datafiles/${datafileId}/scores?format=arrow`, {
          headers: { authorization: `Bearer ${tokens[i % 4]}`, 'accept-encoding': 'identity' },
        });
        return { status: res.status, rows: tableFromIPC(new Uint8Array(await res.arrayBuffer())).numRows };
      }),
    );
    expect(answers).toEqual(answers.map(() => ({ status: 200, rows: raw.numRows })));
    // Each request reads raw.arrow and scores.arrow at once.
    expect(seen.peak).toBeLessThanOrEqual(2 * COLUMNS_AT_ONCE);
  } finally {
    restore();
  }
}, 300_000);

it('a client that goes away mid-body gives its place back', async () => {
  // Twice as many as there are places: each is cut off after its first chunk.
  for (let i = 0; i < 2 * COLUMNS_AT_ONCE; i++) {
    const abort = new AbortController();
    const res = await get('file=raw', { signal: abort.signal });
    expect(res.status).toBe(200);
    await res.body!.getReader().read();
    abort.abort();
  }
  const res = await get('file=raw&columns=__source_row');
  expect(res.status).toBe(200);
  expect(tableFromIPC(new Uint8Array(await res.arrayBuffer())).numRows).toBe(raw.numRows);
}, 30_000);

it("a user past their waiting places gets TOO_MANY_REQUESTS, anyone past the process's gets SERVER_BUSY, and the waiting are served", async () => {
  const one = 'file=raw&columns=__source_row';
  // Every place taken (as by bodies still on their way), then as many requests as may wait, from four users.
  const held = await Promise.all(Array.from({ length: COLUMNS_AT_ONCE }, () => takeColumnsSlot('held', () => {})));
  const waiting = Array.from({ length: COLUMNS_MAX_WAITING }, (_, i) =>
    get(one, {}, tokens[Math.floor(i / COLUMNS_WAITING_PER_USER) % 4]),
  );
  while (columnsWaiting() < COLUMNS_MAX_WAITING) await new Promise((r) => setTimeout(r, 10));
  const refusal = async (token: string) => {
    const res = await get(one, {}, token);
    const body = (await res.json()) as any;
    return { status: res.status, retryAfter: res.headers.get('retry-after'), ...body.errors[0] };
  };
  expect(await refusal(tokens[0]!)).toMatchObject({
    status: 429,
    retryAfter: '1',
    extensions: { code: 'TOO_MANY_REQUESTS', reason: 'TOO_MANY_DATA_REQUESTS' },
    message: expect.stringContaining('Interviewdaten'),
  });
  expect(await refusal(w.tokens.op)).toMatchObject({
    status: 503,
    retryAfter: '1',
    extensions: { code: 'SERVER_BUSY' },
  });
  for (const release of held) release();
  const answers = await Promise.all(waiting);
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  await Promise.all(answers.map((a) => a.arrayBuffer()));
}, 120_000);

it("a free place goes to the user with the fewest, not to the next of one user's many requests", async () => {
  const one = 'file=raw&columns=__source_row';
  const held = await Promise.all(Array.from({ length: COLUMNS_AT_ONCE }, () => takeColumnsSlot('held', () => {})));
  const order: string[] = [];
  const ask = (who: string, token: string) =>
    get(one, {}, token).then(async (res) => {
      await res.arrayBuffer();
      order.push(who);
      return res.status;
    });
  const many = Array.from({ length: COLUMNS_WAITING_PER_USER }, () => ask('many', tokens[0]!));
  while (columnsWaiting() < COLUMNS_WAITING_PER_USER) await new Promise((r) => setTimeout(r, 10));
  const other = ask('other', tokens[1]!);
  while (columnsWaiting() < COLUMNS_WAITING_PER_USER + 1) await new Promise((r) => setTimeout(r, 10));
  for (const release of held) release();
  expect(await Promise.all([...many, other])).toEqual(Array(COLUMNS_WAITING_PER_USER + 1).fill(200));
  // In the order asked, the other user's request would have been answered last.
  expect(order.indexOf('other')).toBeLessThan(COLUMNS_WAITING_PER_USER / 2);
}, 120_000);

it('requests whose clients went away while they waited leave the queue and read nothing', async () => {
  const held = await Promise.all(Array.from({ length: COLUMNS_AT_ONCE }, () => takeColumnsSlot('held', () => {})));
  const { seen, restore } = watchArrowReads();
  try {
    const abort = new AbortController();
    const dropped = Array.from({ length: 40 }, (_, i) =>
      get('file=raw', { signal: abort.signal }, tokens[i % 4]).catch(() => 'gone'),
    );
    while (columnsWaiting() < 40) await new Promise((r) => setTimeout(r, 10));
    abort.abort();
    expect(await Promise.all(dropped)).toEqual(Array(40).fill('gone'));
    while (columnsWaiting() > 0) await new Promise((r) => setTimeout(r, 10));
    for (const release of held) release();
    // A request after them is served at once, and none of the dropped ones read a file.
    const res = await get('file=raw&columns=__source_row');
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(seen.reads).toBe(0);
  } finally {
    restore();
  }
}, 30_000);

it('40 reconciliation packs asked at once are each answered, their files read by at most COLUMNS_AT_ONCE at a time', async () => {
  await saveCleaning(t, datafileId, w.admin.id);
  const { seen, restore } = watchArrowReads();
  try {
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await fetch(`${server.url.origin}/api/datafiles/${datafileId}/reconciliation?format=csv`, {
          headers: { authorization: `Bearer ${tokens[i % 4]}` },
        });
        return { status: res.status, text: await res.text() };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(seen.reads).toBeGreaterThanOrEqual(40);
    // A pack reads raw.arrow and scores.arrow.
    expect(seen.peak).toBeLessThanOrEqual(2 * COLUMNS_AT_ONCE);
  } finally {
    restore();
  }
}, 300_000);

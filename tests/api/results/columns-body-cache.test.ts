// The columns route keeps whole bodies it has built, by ETag and content coding (body-cache.ts): the
// same request again reads no file and gets the same bytes with their length; another coding or a
// slice is built anew (the ETag names the weights and files a body is built from: columns-route.test.ts); a caller who may not see the datafile is refused before anything
// kept is looked at; a body over the entry limit is not kept and the least recently used go first.
import { zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyCacheHeld, resetBodyCache } from '../../../api/modules/results/body-cache';
import { COLUMNS_AT_ONCE, COLUMNS_WAITING_PER_USER } from '../../../api/modules/results/columns-slots';
import { createTestApp, type TestApp } from '../../support/test-app';
import { processedSurvey, uploadWorld, type UploadWorld } from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
let datafileId: string;
let reads: ReturnType<typeof vi.fn<(name: string, key: unknown) => void>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
  const survey = await processedSurvey(t, w);
  expect(survey.jobs).toBe(1);
  datafileId = survey.datafileId;
  // Every read of a stored revision file the route makes, whole or by range (the manifest, which the
  // ETag names, is read for every request).
  reads = vi.fn<(name: string, key: unknown) => void>();
  const blobs = t.deps.blobs as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['getBytes', 'getRange', 'get'] as const) {
    const original = blobs[name]?.bind(blobs);
    if (original)
      blobs[name] = (...args: unknown[]) => {
        if (String(args[0]).endsWith('.arrow')) reads(name, args[0]);
        return original(...args);
      };
  }
});
afterAll(() => {
  resetBodyCache();
  return t.close();
});
beforeEach(() => {
  resetBodyCache();
  reads.mockClear();
});

const get = async (query: string, headers: Record<string, string> = {}, token = w.tokens.admin) =>
  await t.app.request(`/api/datafiles/${datafileId}/columns${query}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'zstd', ...headers },
  });
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('bodies kept by the columns route', () => {
  it('answers the same request again from memory: no file read, the same bytes, with their length', async () => {
    const first = await get('?preset=score-table');
    expect(first.status).toBe(200);
    const built = await bytesOf(first);
    expect(reads).toHaveBeenCalled();
    expect(bodyCacheHeld().entries).toBe(1);
    reads.mockClear();
    const again = await get('?preset=score-table');
    expect(again.status).toBe(200);
    expect(reads).not.toHaveBeenCalled();
    expect(again.headers.get('content-encoding')).toBe('zstd');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const kept = await bytesOf(again);
    expect(again.headers.get('content-length')).toBe(String(kept.byteLength));
    expect(Buffer.from(kept).equals(Buffer.from(built))).toBe(true);
    expect(zstdDecompressSync(kept).byteLength).toBeGreaterThan(0);
  });

  it('builds anew for another coding, never keeps a slice, and keeps each coding apart', async () => {
    await bytesOf(await get('?columns=combined'));
    reads.mockClear();
    const plain = await get('?columns=combined', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    await bytesOf(plain);
    expect(reads).toHaveBeenCalled();
    expect(bodyCacheHeld().entries).toBe(2);
    reads.mockClear();
    await bytesOf(await get('?file=all&columns=record_id,combined&offset=2&limit=1'));
    await bytesOf(await get('?file=all&columns=record_id,combined&offset=2&limit=1'));
    expect(reads.mock.calls.length).toBeGreaterThan(0);
    expect(bodyCacheHeld().entries).toBe(2);
  });

  it('a burst of the same request builds it at most once per place: the rest are answered from memory', async () => {
    // As many as one user may have building and waiting at once (columns-slots.ts).
    const answers = await Promise.all(
      Array.from({ length: COLUMNS_AT_ONCE + COLUMNS_WAITING_PER_USER }, () =>
        get('?preset=score-table').then(async (r) => ({ status: r.status, bytes: await bytesOf(r) })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const a of answers) expect(Buffer.from(a.bytes).equals(Buffer.from(answers[0]!.bytes))).toBe(true);
    // Each body reads scores.arrow and raw.arrow's one column: at most COLUMNS_AT_ONCE were built.
    const builds = reads.mock.calls.filter(([, key]) => String(key).includes('scores')).length;
    expect(builds).toBeGreaterThan(0);
    expect(builds).toBeLessThanOrEqual(COLUMNS_AT_ONCE);
  });

  it('refuses a caller who may not see the datafile although its body is kept', async () => {
    await bytesOf(await get('?preset=score-table'));
    const res = await get('?preset=score-table', {}, w.tokens.adminB);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).errors[0].extensions.code).toBe('NO_DATAFILE_FOUND');
  });

  it('keeps no body over the entry limit, and lets the least recently used go past the total', async () => {
    const size = (await bytesOf(await get('?columns=combined'))).byteLength;
    resetBodyCache({ entry: size - 1 });
    await bytesOf(await get('?columns=combined'));
    expect(bodyCacheHeld().entries).toBe(0);

    resetBodyCache({ total: 2 * size + 1 });
    await bytesOf(await get('?columns=combined'));
    const second = (await bytesOf(await get('?columns=ts'))).byteLength;
    expect(bodyCacheHeld().entries).toBe(2);
    // Used again, combined is now the most recent: a third body pushes ts out, not combined.
    await bytesOf(await get('?columns=combined'));
    resetBodyCache({ total: size + second + 1 });
    await bytesOf(await get('?columns=combined'));
    await bytesOf(await get('?columns=ts'));
    await bytesOf(await get('?columns=combined'));
    await bytesOf(await get('?columns=record_id'));
    reads.mockClear();
    await bytesOf(await get('?columns=combined'));
    expect(reads).not.toHaveBeenCalled();
    await bytesOf(await get('?columns=ts'));
    expect(reads).toHaveBeenCalled();
  });
});

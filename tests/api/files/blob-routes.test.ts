import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';

// The local blob store's HTTP side: signed PUT streamed to disk with the kind's cap and content
// types, and signed GET as a download.

const CAP = 64 * 1024;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_BYTES: String(CAP) } });
});
afterAll(() => t.close());

const pathOf = (url: string) => {
  const u = new URL(url, 'http://app.test');
  return u.pathname + u.search;
};
/** A streamed body of `total` bytes in 8 KiB chunks; counts how much was pulled. */
function body(total: number) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      const n = Math.min(8192, total - state.pulled);
      state.pulled += n;
      controller.enqueue(new Uint8Array(n).fill(65));
    },
  });
  return { stream, state };
}
const put = (path: string, init: { body: BodyInit; type?: string; length?: number }) =>
  t.app.request(path, {
    method: 'PUT',
    headers: {
      'content-type': init.type ?? 'text/csv',
      ...(init.length !== undefined ? { 'content-length': String(init.length) } : {}),
    },
    body: init.body,
    duplex: 'half',
  } as RequestInit);
const reasonOf = async (res: Response) =>
  ((await res.json()) as { errors: { extensions: { code: string; reason?: string } }[] }).errors[0]!.extensions;
const tempFiles = () => {
  try {
    return readdirSync(join(t.deps.env.storageDir, '.tmp'));
  } catch {
    return [];
  }
};

describe('signed PUT', () => {
  it('streams an upload to the store and answers its key and size', async () => {
    const signed = t.deps.blobs.signedPut('upload', 'uploads/ok-1.csv', t.clock.now());
    const { stream } = body(CAP);
    const res = await put(pathOf(signed.url), { body: stream, length: CAP });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, key: 'uploads/ok-1.csv', size: CAP });
    expect(await t.deps.blobs.stat('uploads/ok-1.csv')).toMatchObject({ size: CAP });
  });

  it('refuses a declared size over the cap before reading the body', async () => {
    const signed = t.deps.blobs.signedPut('upload', 'uploads/big-1.csv', t.clock.now());
    const { stream, state } = body(CAP + 1);
    const res = await put(pathOf(signed.url), { body: stream, length: CAP + 1 });
    expect(res.status).toBe(413);
    expect(await reasonOf(res)).toEqual({ code: 'INVALID_PARAMETERS', reason: 'TOO_LARGE', maxMegabytes: 0.1 });
    expect(state.pulled).toBeLessThanOrEqual(8192);
    expect(await t.deps.blobs.stat('uploads/big-1.csv')).toBeNull();
  });

  it('refuses a body that turns out larger than the cap, and leaves nothing behind', async () => {
    const signed = t.deps.blobs.signedPut('upload', 'uploads/big-2.csv', t.clock.now());
    const { stream, state } = body(CAP * 4);
    const res = await put(pathOf(signed.url), { body: stream });
    expect(res.status).toBe(413);
    // Stopped at the cap, not after reading everything.
    expect(state.pulled).toBeLessThanOrEqual(CAP + 3 * 8192);
    expect(await t.deps.blobs.stat('uploads/big-2.csv')).toBeNull();
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a body shorter than its declared length', async () => {
    const signed = t.deps.blobs.signedPut('upload', 'uploads/short.csv', t.clock.now());
    const res = await put(pathOf(signed.url), { body: body(1000).stream, length: 2000 });
    expect(res.status).toBe(400);
    expect(await reasonOf(res)).toEqual({ code: 'INVALID_PARAMETERS', reason: 'CONTENT_LENGTH' });
    expect(await t.deps.blobs.stat('uploads/short.csv')).toBeNull();
  });

  it("refuses a content type outside the kind's list, and an empty body", async () => {
    const signed = t.deps.blobs.signedPut('upload', 'uploads/type.csv', t.clock.now());
    expect((await put(pathOf(signed.url), { body: '<html>', type: 'text/html' })).status).toBe(415);
    expect((await put(pathOf(signed.url), { body: '', length: 0 })).status).toBe(400);
    // Excel's name for CSV on Windows and no type at all are fine for uploads (the refusals above did not use the URL up).
    expect((await put(pathOf(signed.url), { body: 'a;b\n', type: 'application/vnd.ms-excel' })).status).toBe(200);
    const other = t.deps.blobs.signedPut('upload', 'uploads/type-2.csv', t.clock.now());
    expect((await put(pathOf(other.url), { body: 'a;b\n', type: 'application/octet-stream' })).status).toBe(200);
    // A signed PUT works once.
    const again = await put(pathOf(signed.url), { body: 'c;d\n', type: 'text/csv' });
    expect(again.status).toBe(409);
    expect(await reasonOf(again)).toEqual({ code: 'UNAUTHORIZED', reason: 'URL_ALREADY_USED' });
  });

  it('refuses forged, stretched and expired URLs', async () => {
    const signed = t.deps.blobs.signedPut('upload', 'uploads/sig.csv', t.clock.now());
    const path = pathOf(signed.url);
    const refused = async (p: string) => {
      const res = await put(p, { body: 'x' });
      return [res.status, (await reasonOf(res)).reason];
    };
    expect(await refused(path.replace(/sig=[0-9a-f]{4}/, 'sig=0000'))).toEqual([403, 'BAD_SIGNATURE']);
    expect(await refused(path.replace('uploads/sig.csv', 'uploads/other.csv'))).toEqual([403, 'BAD_SIGNATURE']);
    // The same URL with a bigger kind's cap.
    expect(await refused(path.replace('kind=upload', 'kind=export'))).toEqual([403, 'BAD_SIGNATURE']);
    // What the route's schema (also the OpenAPI document's) refuses: an unknown kind, a malformed or missing part.
    expect(await refused(path.replace('kind=upload', 'kind=video'))).toEqual([404, 'UNKNOWN_PATH']);
    expect(await refused(path.replace(/&sig=[0-9a-f]+/, ''))).toEqual([403, 'BAD_SIGNATURE']);
    expect(await refused(path.replace(/expires=\d+/, 'expires=soon'))).toEqual([403, 'BAD_SIGNATURE']);
    expect(await refused(path.replace(/expires=\d+/, `expires=${t.clock.now().getTime() + 3_600_000}`))).toEqual([
      403,
      'BAD_SIGNATURE',
    ]);
    // Dot segments: normalised away by the URL (then the signature fails) or, encoded, refused as a key.
    expect(await refused(path.replace('/files/uploads/sig.csv', '/files/uploads/../datafiles/x'))).toEqual([
      403,
      'BAD_SIGNATURE',
    ]);
    expect(await refused(path.replace('/files/uploads/sig.csv', '/files/uploads/..%2fdatafiles/x'))).toEqual([
      404,
      'UNKNOWN_PATH',
    ]);
    t.clock.advance(10 * 60_000 + 1);
    try {
      expect(await refused(path)).toEqual([403, 'URL_EXPIRED']);
    } finally {
      t.clock.advance(-(10 * 60_000 + 1));
    }
  });
});

describe('signed GET', () => {
  it('downloads an object as an attachment with its type and length', async () => {
    await t.deps.blobs.put('exports/report-1.csv', new TextEncoder().encode('id;score\n1;0.5\n'));
    const res = await t.app.request(
      pathOf(t.deps.blobs.signedGet('exports/report-1.csv', t.clock.now(), { downloadName: 'Bericht März.csv' })),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('id;score\n1;0.5\n');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-length')).toBe('15');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Bericht M_rz.csv"; filename*=UTF-8''Bericht%20M%C3%A4rz.csv`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a changed name, key or an expired link, and answers 404 for a signed but absent key', async () => {
    const path = pathOf(
      t.deps.blobs.signedGet('exports/report-1.csv', t.clock.now(), { ttlSeconds: 60, downloadName: 'a.csv' }),
    );
    expect((await t.app.request(path.replace('name=a.csv', 'name=b.csv'))).status).toBe(403);
    expect((await t.app.request(path.replace('report-1', 'report-2'))).status).toBe(403);
    expect((await t.app.request(pathOf(t.deps.blobs.signedGet('exports/absent.csv', t.clock.now())))).status).toBe(404);
    expect((await t.app.request('/files/exports/report-1.csv')).status).toBe(403);
    t.clock.advance(61_000);
    try {
      expect((await t.app.request(path)).status).toBe(403);
    } finally {
      t.clock.advance(-61_000);
    }
  });
});

describe('request bodies outside the signed routes', () => {
  it('GraphQL keeps a small body cap although the server lets large uploads through', async () => {
    const huge = JSON.stringify({ query: '{health}', variables: { pad: 'x'.repeat(5 * 1024 * 1024) } });
    const res = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(huge.length) },
      body: huge,
    });
    expect(res.status).toBe(413);
    expect((await t.gql('{health}')).status).toBe(200);
  });
});

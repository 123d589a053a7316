import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../../api/env';
import { blobStoreConfig, isValidBlobKey, type BlobStore } from '../../../api/infra/blob-store/blob-store';
import { createBlobStore } from '../../../api/infra/blob-store/create-blob-store';
import { createLocalBlobStore } from '../../../api/infra/blob-store/blob-store-local';
import { checkGetSignature, checkPutSignature } from '../../../api/infra/blob-store/signed-urls';

const SECRET = 'secret-secret-secret-secret-secret';
const now = new Date('2026-11-21T09:00:00.000Z');
const text = (s: string) => new TextEncoder().encode(s);
async function readAll(stream: ReadableStream<Uint8Array> | null): Promise<string | null> {
  return stream ? new Response(stream).text() : null;
}
/** A body that arrives in chunks and can pause or break mid-way. */
function chunked(
  chunks: string[],
  options: { failAfter?: number; gate?: Promise<void> } = {},
): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    async pull(controller) {
      if (options.failAfter !== undefined && i === options.failAfter)
        return controller.error(new Error('connection reset'));
      if (i === 1 && options.gate) await options.gate;
      if (i >= chunks.length) return controller.close();
      controller.enqueue(text(chunks[i++]!));
    },
  });
}

let dir: string;
let blobs: ReturnType<typeof createLocalBlobStore>;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-blobs-'));
  blobs = createLocalBlobStore({
    storageDir: join(dir, 'storage'),
    s3: undefined,
    secret: SECRET,
    uploadMaxBytes: 1000,
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local blob store', () => {
  it('puts bytes and streams, and reads them back as a stream, as bytes and as a size', async () => {
    expect(await blobs.put('uploads/a1.csv', text('id;q1\n1;5\n'))).toEqual({ size: 10 });
    expect(await readAll(await blobs.get('uploads/a1.csv'))).toBe('id;q1\n1;5\n');
    expect(await blobs.put('datafiles/d1/1/raw.arrow', chunked(['ab', 'cd', 'ef']))).toEqual({ size: 6 });
    expect(new TextDecoder().decode((await blobs.getBytes('datafiles/d1/1/raw.arrow'))!)).toBe('abcdef');
    expect(await blobs.stat('datafiles/d1/1/raw.arrow')).toMatchObject({ size: 6, etag: expect.any(String) });
    expect(await blobs.get('uploads/missing.csv')).toBeNull();
    expect(await blobs.getBytes('uploads/missing.csv')).toBeNull();
    expect(new TextDecoder().decode((await blobs.getRange('datafiles/d1/1/raw.arrow', 2, 5))!)).toBe('cde');
    expect(new TextDecoder().decode((await blobs.getRange('datafiles/d1/1/raw.arrow', 4, 99))!)).toBe('ef');
    expect(await blobs.getRange('uploads/missing.csv', 0, 4)).toBeNull();
    expect(await blobs.stat('uploads/missing.csv')).toBeNull();
    // A folder is not an object.
    expect(await blobs.stat('datafiles/d1')).toBeNull();
    expect(await blobs.get('datafiles/d1')).toBeNull();
  });

  it('never shows a half-written object: a reader sees nothing (or the old one) until the put completes', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const writing = blobs.put('uploads/slow.csv', chunked(['first half,', 'second half'], { gate }));
    await new Promise((r) => setTimeout(r, 20));
    expect(await blobs.stat('uploads/slow.csv')).toBeNull();
    open();
    await writing;
    expect(await readAll(await blobs.get('uploads/slow.csv'))).toBe('first half,second half');

    let open2!: () => void;
    const gate2 = new Promise<void>((r) => (open2 = r));
    const replacing = blobs.put('uploads/slow.csv', chunked(['new ', 'content'], { gate: gate2 }));
    await new Promise((r) => setTimeout(r, 20));
    expect(await readAll(await blobs.get('uploads/slow.csv'))).toBe('first half,second half');
    open2();
    await replacing;
    expect(await readAll(await blobs.get('uploads/slow.csv'))).toBe('new content');
  });

  it('a body that breaks mid-way leaves nothing behind, not even a temp file', async () => {
    await expect(blobs.put('uploads/broken.csv', chunked(['a', 'b', 'c'], { failAfter: 2 }))).rejects.toThrow(
      /connection reset/,
    );
    expect(await blobs.stat('uploads/broken.csv')).toBeNull();
    expect(readdirSync(join(dir, 'storage', '.tmp'))).toEqual([]);
  });

  it('validates keys so nothing escapes the root', async () => {
    for (const bad of [
      '',
      '/etc/passwd',
      '../x',
      'uploads/../../x',
      'uploads/./x',
      'uploads//x',
      'uploads/x/',
      '.tmp/x',
      'uploads/.hidden',
      'uploads\\x',
      'uploads/ä.csv',
      'uploads/x y',
      'a/'.repeat(40) + 'x',
    ]) {
      expect(isValidBlobKey(bad), bad).toBe(false);
      await expect(blobs.put(bad, text('x')), bad).rejects.toThrow(/invalid blob key/);
      await expect(blobs.get(bad), bad).rejects.toThrow(/invalid blob key/);
      await expect(blobs.delete(bad), bad).rejects.toThrow(/invalid blob key/);
    }
    expect(isValidBlobKey('datafiles/0b6c-4f/3/scores.v1.arrow')).toBe(true);
    await expect(blobs.deletePrefix('')).rejects.toThrow(/invalid blob prefix/);
    await expect(blobs.deletePrefix('../')).rejects.toThrow(/invalid blob prefix/);
    expect(existsSync(join(dir, 'x'))).toBe(false);
  });

  it('deletes one object (absent is fine) and everything under a prefix, and nothing beside it', async () => {
    for (const key of [
      'datafiles/d2/1/raw.arrow',
      'datafiles/d2/2/raw.arrow',
      'datafiles/d2/2/scores.arrow',
      'datafiles/d2/20/raw.arrow',
      'exports/d2-a.xlsx',
      'exports/d2-b.xlsx',
      'exports/d3.xlsx',
    ])
      await blobs.put(key, text(key));
    await blobs.delete('datafiles/d2/1/raw.arrow');
    await blobs.delete('datafiles/d2/1/raw.arrow');
    expect(await blobs.stat('datafiles/d2/1/raw.arrow')).toBeNull();
    await blobs.deletePrefix('datafiles/d2/2/');
    expect(await blobs.stat('datafiles/d2/2/raw.arrow')).toBeNull();
    expect(await blobs.stat('datafiles/d2/2/scores.arrow')).toBeNull();
    expect(await blobs.stat('datafiles/d2/20/raw.arrow')).not.toBeNull();
    await blobs.deletePrefix('exports/d2-');
    expect(await blobs.stat('exports/d2-a.xlsx')).toBeNull();
    expect(await blobs.stat('exports/d2-b.xlsx')).toBeNull();
    expect(await blobs.stat('exports/d3.xlsx')).not.toBeNull();
    await blobs.deletePrefix('datafiles/nothing-here/');
  });

  it('usage() sums the objects per top-level folder, leaves half-written temp files out, and reuses its answer within the cache period', async () => {
    const store = createLocalBlobStore({
      storageDir: join(dir, 'usage'),
      s3: undefined,
      secret: SECRET,
      uploadMaxBytes: 1000,
    });
    expect(await store.usage()).toMatchObject({ bytes: 0, objects: 0, folders: [] });
    await store.put('datafiles/d1/1/raw.arrow', new Uint8Array(700));
    await store.put('datafiles/d1/1/scores.arrow', new Uint8Array(100));
    await store.put('avatars/u.png', new Uint8Array(50));
    mkdirSync(join(dir, 'usage', '.tmp'), { recursive: true });
    writeFileSync(join(dir, 'usage', '.tmp', 'half.part'), new Uint8Array(9999));
    const usage = await store.usage({ maxAgeMs: 0 });
    expect(usage).toMatchObject({
      bytes: 850,
      objects: 3,
      folders: [
        { prefix: 'datafiles', bytes: 800, objects: 2 },
        { prefix: 'avatars', bytes: 50, objects: 1 },
      ],
    });
    expect(Date.parse(usage.measuredAt)).toBeGreaterThan(0);
    await store.put('exports/e.csv', new Uint8Array(1));
    expect((await store.usage()).objects).toBe(3);
    // Callers during one walk share it.
    const [a, b] = await Promise.all([store.usage({ maxAgeMs: 0 }), store.usage({ maxAgeMs: 0 })]);
    expect(a).toBe(b);
    expect(a.objects).toBe(4);
  });

  it('lists objects under a prefix (whole folders or a name start) with size and time; probes the folder', async () => {
    await blobs.put('exports/list/a.csv', text('12345'));
    await blobs.put('exports/list/b/c.csv', text('1'));
    await blobs.put('exports/listing.csv', text('12'));
    const keys = async (prefix?: string) => {
      const out: [string, number][] = [];
      for await (const o of blobs.list(prefix)) out.push([o.key, o.size]);
      return out;
    };
    expect(await keys('exports/list/')).toEqual([
      ['exports/list/a.csv', 5],
      ['exports/list/b/c.csv', 1],
    ]);
    expect((await keys('exports/list')).map(([k]) => k)).toEqual([
      'exports/list/a.csv',
      'exports/list/b/c.csv',
      'exports/listing.csv',
    ]);
    expect((await keys()).map(([k]) => k)).toContain('exports/listing.csv');
    for await (const o of blobs.list('exports/list/a'))
      expect(Date.now() - o.lastModified.getTime()).toBeLessThan(60_000);
    await expect(blobs.list('../x')[Symbol.asyncIterator]().next()).rejects.toThrow(/invalid blob prefix/);
    await expect(blobs.probe()).resolves.toBeUndefined();
    const fresh = createLocalBlobStore({ ...blobStoreConfig(readEnv({}), SECRET), storageDir: join(dir, 'new-root') });
    expect(await fresh.stat('uploads/none.csv')).toBeNull();
  });

  it('does not follow a symlink planted inside the root out of it', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'sqp-outside-'));
    try {
      symlinkSync(outside, join(dir, 'storage', 'exports', 'link'));
      await Bun.write(join(outside, 'secret.txt'), 'secret');
      await expect(blobs.put('exports/link/x.csv', text('x'))).rejects.toThrow(/out of the storage root/);
      await expect(blobs.put('exports/link/deeper/x.csv', text('x'))).rejects.toThrow(/out of the storage root/);
      await expect(blobs.getBytes('exports/link/secret.txt')).rejects.toThrow(/out of the storage root/);
      await expect(blobs.get('exports/link/secret.txt')).rejects.toThrow(/out of the storage root/);
      await expect(blobs.deletePrefix('exports/link/')).resolves.toBeUndefined();
      expect(readdirSync(outside)).toEqual(['secret.txt']);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("signs short-lived PUT URLs bound to kind, key and expiry, with the kind's cap", () => {
    const put = blobs.signedPut('upload', 'uploads/abc.xlsx', now);
    expect(put.maxBytes).toBe(1000);
    expect(put.expiresAt).toBe('2026-11-21T09:10:00.000Z');
    // A path, not an address: the browser resolves it against the origin its page came from, so an
    // app opened as 127.0.0.1, under a second name or behind a proxy uploads to itself.
    expect(put.url).toMatch(/^\/files\/uploads\/abc\.xlsx\?/);
    const url = new URL(put.url, 'http://any.host');
    const q = (k: string) => url.searchParams.get(k) ?? undefined;
    expect(q('kind')).toBe('upload');
    const check = (kind: string, key: string, at: Date) =>
      checkPutSignature(SECRET, kind, key, q('expires'), q('sig'), at);
    expect(check('upload', 'uploads/abc.xlsx', now)).toBe('OK');
    expect(check('export', 'uploads/abc.xlsx', now)).toBe('INVALID');
    expect(check('upload', 'uploads/abd.xlsx', now)).toBe('INVALID');
    expect(check('upload', 'uploads/abc.xlsx', new Date('2026-11-21T09:10:00.001Z'))).toBe('EXPIRED');
    expect(blobs.signedPut('avatar', 'avatars/users/u1/abcdefgh-me.png', now).maxBytes).toBe(2 * 1024 * 1024);
    // A kind signs only its own prefix: an upload URL can never overwrite a revision's columns.
    expect(() => blobs.signedPut('upload', 'datafiles/d1/1/raw.arrow', now)).toThrow(/must start with uploads\//);
    expect(() => blobs.signedPut('avatar', 'uploads/x.png', now)).toThrow(/must start with avatars\//);
  });

  it('signs GET URLs bound to key, expiry and download name', () => {
    const signed = blobs.signedGet('exports/e1.xlsx', now, { ttlSeconds: 60, downloadName: 'Ergebnis März.xlsx' });
    expect(signed).toMatch(/^\/files\/exports\/e1\.xlsx\?/);
    const url = new URL(signed, 'http://any.host');
    const q = (k: string) => url.searchParams.get(k) ?? undefined;
    expect(url.pathname).toBe('/files/exports/e1.xlsx');
    expect(Number(q('expires'))).toBe(now.getTime() + 60_000);
    expect(checkGetSignature(SECRET, 'exports/e1.xlsx', q('expires'), q('name'), q('sig'), now)).toBe('OK');
    expect(checkGetSignature(SECRET, 'exports/e1.xlsx', q('expires'), 'other.xlsx', q('sig'), now)).toBe('INVALID');
    expect(checkGetSignature(SECRET, 'exports/e2.xlsx', q('expires'), q('name'), q('sig'), now)).toBe('INVALID');
    expect(
      checkGetSignature(SECRET, 'exports/e1.xlsx', q('expires'), q('name'), q('sig'), new Date(now.getTime() + 60_001)),
    ).toBe('EXPIRED');
  });
});

describe('S3 blob store (no S3 server on this machine: presigning and key mapping only)', () => {
  const env = readEnv({
    NODE_ENV: 'test',
    S3_BUCKET: 'sqp-bucket',
    S3_ENDPOINT: 'https://s3.example.com',
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
  });
  let s3: BlobStore;
  beforeAll(() => {
    s3 = createBlobStore(blobStoreConfig(env, SECRET));
  });

  it('is chosen when S3_* is configured', () => {
    expect(s3.kind).toBe('s3');
    expect(createBlobStore(blobStoreConfig(readEnv({ NODE_ENV: 'test' }), SECRET)).kind).toBe('local');
  });

  it("presigns PUT URLs for the same key layout, with the kind's cap and prefix rule", () => {
    const put = s3.signedPut('upload', 'uploads/abc.xlsx', now);
    const url = new URL(put.url);
    expect(url.host).toBe('s3.example.com');
    expect(url.pathname).toBe('/sqp-bucket/uploads/abc.xlsx');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIAEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(put.maxBytes).toBe(env.uploadMaxBytes);
    expect(() => s3.signedPut('upload', 'datafiles/d1/1/raw.arrow', now)).toThrow(/must start with uploads\//);
    expect(() => s3.signedPut('upload', '../uploads/x', now)).toThrow(/invalid blob key/);
  });

  it('presigns GET URLs with a TTL and an attachment name', () => {
    const url = new URL(s3.signedGet('exports/e1.xlsx', now, { ttlSeconds: 120, downloadName: 'Ergebnis.xlsx' }));
    expect(url.pathname).toBe('/sqp-bucket/exports/e1.xlsx');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="Ergebnis.xlsx"');
  });

  it('names what is missing when the S3 settings are incomplete', () => {
    expect(() => readEnv({ NODE_ENV: 'test', S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
  });
});

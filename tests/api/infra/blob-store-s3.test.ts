import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3BlobStore } from '../../../api/infra/blob-store/blob-store-s3';
import { startS3rver, type S3rver } from '../../support/s3rver';
import { createTestApp } from '../../support/test-app';

// The S3 adapter through Bun's S3Client against s3rver, a fake S3 server on 127.0.0.1 (no real S3
// or MinIO runs on this machine): single and multipart puts, missing keys, listing and presigned
// URLs speak the S3 protocol here; bucket policies, CORS and real AWS behaviour are not covered.

let dir: string;
let server: S3rver;
let s3: ReturnType<typeof createS3BlobStore>;
const text = (s: string) => new TextEncoder().encode(s);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqp-s3rver-'));
  server = await startS3rver(dir);
  s3 = createS3BlobStore({
    storageDir: join(dir, 'unused'),
    s3: {
      bucket: 'sqp',
      endpoint: server.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    secret: 'unused-unused-unused-unused-unused',
    uploadMaxBytes: 1024,
  });
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3 blob store against a fake S3 server', () => {
  it('puts and reads back bytes; a missing key is null everywhere', async () => {
    expect(await s3.put('uploads/a.csv', text('id;q1\n1;5\n'), { contentType: 'text/csv' })).toEqual({ size: 10 });
    expect(await new Response(await s3.get('uploads/a.csv')).text()).toBe('id;q1\n1;5\n');
    expect(new TextDecoder().decode((await s3.getBytes('uploads/a.csv'))!)).toBe('id;q1\n1;5\n');
    expect(await s3.stat('uploads/a.csv')).toMatchObject({ size: 10, etag: expect.any(String) });
    expect(await s3.get('uploads/none.csv')).toBeNull();
    expect(await s3.getBytes('uploads/none.csv')).toBeNull();
    // A ranged GET: a zip's directory is read without the rest of the object.
    expect(new TextDecoder().decode((await s3.getRange('uploads/a.csv', 3, 8))!)).toBe('q1\n1;');
    expect(await s3.getRange('uploads/none.csv', 0, 4)).toBeNull();
    expect(await s3.stat('uploads/none.csv')).toBeNull();
  });

  it('streams a large body as a multipart upload', async () => {
    const mb = 1024 * 1024;
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i === 20) return controller.close();
        controller.enqueue(new Uint8Array(mb).fill(i++));
      },
    });
    expect(await s3.put('datafiles/d1/1/raw.arrow', body)).toMatchObject({ size: 20 * mb });
    expect(await s3.stat('datafiles/d1/1/raw.arrow')).toMatchObject({ size: 20 * mb });
    const bytes = (await s3.getBytes('datafiles/d1/1/raw.arrow'))!;
    expect([bytes[0], bytes[mb], bytes[19 * mb + 5]]).toEqual([0, 1, 19]);
  });

  it('deletes one object and everything under a prefix, and nothing beside it', async () => {
    for (const key of ['datafiles/d2/1/a', 'datafiles/d2/1/b', 'datafiles/d2/10/a', 'exports/x.xlsx'])
      await s3.put(key, text(key));
    await s3.delete('exports/x.xlsx');
    await s3.delete('exports/x.xlsx');
    expect(await s3.stat('exports/x.xlsx')).toBeNull();
    await s3.deletePrefix('datafiles/d2/1/');
    expect(await s3.stat('datafiles/d2/1/a')).toBeNull();
    expect(await s3.stat('datafiles/d2/1/b')).toBeNull();
    expect(await s3.stat('datafiles/d2/10/a')).toMatchObject({ size: 'datafiles/d2/10/a'.length });
  });

  it('deletePrefix follows the listing across pages', async () => {
    // One listing page is 1000 keys.
    for (let i = 0; i < 1005; i += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, 1005 - i) }, (_, j) =>
          s3.put(`exports/many/${String(i + j).padStart(4, '0')}`, text('x')),
        ),
      );
    // usage() pages through the same listing.
    const usage = await s3.usage({ maxAgeMs: 0 });
    expect(usage.folders.find((f) => f.prefix === 'exports')).toMatchObject({ objects: 1005, bytes: 1005 });
    expect(usage.objects).toBe(usage.folders.reduce((n, f) => n + f.objects, 0));
    await s3.deletePrefix('exports/many/');
    expect((await s3.client.list({ prefix: 'exports/many/' })).contents ?? []).toEqual([]);
  }, 120_000);

  it("names the bucket's origin, and the app's Content-Security-Policy lets the browser reach it", async () => {
    const origin = server.endpoint;
    expect(s3.signedUrlOrigin).toBe(origin);
    expect(new URL(s3.signedPut('upload', 'uploads/x.csv', new Date()).url).origin).toBe(origin);
    const directives = async (env: Record<string, string>) => {
      const t = await createTestApp({ env });
      try {
        const csp = (await t.app.request('/healthz')).headers.get('content-security-policy') ?? '';
        return Object.fromEntries(
          csp
            .split(';')
            .map((d) => d.trim().split(/\s+/))
            .map(([k, ...v]) => [k, v]),
        );
      } finally {
        t.close();
      }
    };
    const withS3 = await directives({
      S3_BUCKET: 'sqp',
      S3_ENDPOINT: origin,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    // The browser PUTs uploads there, and avatars redirect there.
    expect(withS3['connect-src']).toEqual(["'self'", origin]);
    expect(withS3['img-src']).toContain(origin);
    // On local disk signed URLs are paths on the app: nothing else is allowed.
    const local = await directives({});
    expect(local['connect-src']).toEqual(["'self'"]);
    expect(local['img-src']).not.toContain(origin);
  });

  it('a presigned PUT and GET work against the bucket', async () => {
    const put = s3.signedPut('upload', 'uploads/browser.csv', new Date());
    expect(put.maxBytes).toBe(1024);
    expect((await fetch(put.url, { method: 'PUT', body: 'a;b\n1;2\n' })).status).toBe(200);
    const res = await fetch(s3.signedGet('uploads/browser.csv', new Date(), { downloadName: 'daten.csv' }));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('a;b\n1;2\n');
  });

  it('lists objects under a prefix with size and time, and probes the bucket', async () => {
    await s3.put('exports/list/a.csv', text('12345'));
    await s3.put('exports/list/b/c.csv', text('1'));
    await s3.put('exports/listing.csv', text('12'));
    const listed = [];
    for await (const o of s3.list('exports/list/')) listed.push(o);
    expect(listed.map((o) => [o.key, o.size])).toEqual([
      ['exports/list/a.csv', 5],
      ['exports/list/b/c.csv', 1],
    ]);
    expect(Math.abs(listed[0]!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    await expect(s3.probe()).resolves.toBeUndefined();
  });
});

import { S3Client } from 'bun';
import {
  assertBlobKey,
  assertBlobPrefix,
  blobPolicies,
  cachedUsage,
  SIGNED_GET_TTL_SECONDS,
  SIGNED_PUT_TTL_SECONDS,
  type BlobKind,
  type BlobListing,
  type BlobStore,
  type BlobStoreConfig,
  UsageTally,
} from './blob-store';

/** Multipart part size for streamed puts: memory per upload stays at a few parts. */
const PART_SIZE = 8 * 1024 * 1024;

const isNotFound = (error: unknown) => {
  const e = error as { code?: string; name?: string; status?: number } | undefined;
  return (
    e?.code === 'NoSuchKey' ||
    e?.code === 'NotFound' ||
    e?.status === 404 ||
    /not ?found|NoSuchKey/i.test(String((error as Error)?.message ?? ''))
  );
};

/**
 * Objects in an S3-compatible bucket through Bun's S3Client. Keys map 1:1 to object keys (the same
 * layout as on disk). A put is a single PUT or a multipart upload, which S3 makes visible only when
 * complete, so a half-written object is never readable here either. Signed URLs are S3's own
 * presigned URLs: the browser sends the bytes to the bucket directly, so the bucket, not this
 * process, receives them — a presigned PUT cannot carry a size cap, which is why consumers check
 * `stat(key)` against `policy(kind).maxBytes` before reading an upload.
 */
export function createS3BlobStore(config: BlobStoreConfig): BlobStore & { client: S3Client } {
  const s3 = config.s3!;
  const client = new S3Client({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
  const policies = blobPolicies(config);

  async function statOf(key: string) {
    try {
      return await client.stat(key);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    // Taken from a presigned URL itself (signing is local, no request), so it is the origin the
    // browser is really sent to, whatever endpoint, region or addressing style the bucket uses.
    signedUrlOrigin: new URL(client.presign('probe', { method: 'GET', expiresIn: 60 })).origin,
    client,

    async put(key, body, options = {}) {
      assertBlobKey(key);
      const type = options.contentType ?? 'application/octet-stream';
      if (body instanceof Uint8Array) {
        await client.write(key, body, { type });
        return { size: body.length };
      }
      const writer = client.file(key).writer({ type, partSize: PART_SIZE, queueSize: 2 });
      let size = 0;
      const reader = body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.length;
          await writer.write(value);
        }
        await writer.end();
      } catch (error) {
        // Aborting the multipart upload leaves nothing visible under the key.
        await Promise.resolve(writer.end(error as Error)).catch(() => {});
        throw error;
      } finally {
        reader.releaseLock();
      }
      return { size };
    },

    async get(key) {
      assertBlobKey(key);
      if (!(await statOf(key))) return null;
      return client.file(key).stream() as ReadableStream<Uint8Array>;
    },

    async getBytes(key) {
      assertBlobKey(key);
      try {
        return await client.file(key).bytes();
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async getRange(key, start, end) {
      assertBlobKey(key);
      try {
        // A ranged GET: only these bytes leave the bucket.
        return await client.file(key).slice(start, end).bytes();
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async stat(key) {
      assertBlobKey(key);
      const s = await statOf(key);
      return s ? { size: s.size, etag: s.etag } : null;
    },

    async delete(key) {
      assertBlobKey(key);
      await client.delete(key);
    },

    async deletePrefix(prefix) {
      assertBlobPrefix(prefix);
      // Pages by StartAfter (the last key seen) rather than continuation tokens: plain keys, and it
      // always moves forward even if a delete did not take.
      let startAfter: string | undefined;
      for (;;) {
        const page = await client.list({ prefix, ...(startAfter ? { startAfter } : {}) });
        const keys = (page.contents ?? []).map((o) => o.key);
        if (keys.length === 0) break;
        // One at a time: Bun's client has no batch delete, and the fake S3 server of the tests
        // fails on concurrent deletes in one folder.
        for (const key of keys) await client.delete(key);
        if (!page.isTruncated) break;
        startAfter = keys[keys.length - 1];
      }
    },

    signedPut(kind: BlobKind, key, now) {
      assertBlobKey(key);
      const policy = policies[kind];
      if (!key.startsWith(policy.prefix)) throw new Error(`a ${kind} key must start with ${policy.prefix}`);
      const url = client.presign(key, { method: 'PUT', expiresIn: SIGNED_PUT_TTL_SECONDS });
      return {
        url,
        expiresAt: new Date(now.getTime() + SIGNED_PUT_TTL_SECONDS * 1000).toISOString(),
        maxBytes: policy.maxBytes,
      };
    },

    signedGet(key, _now, options = {}) {
      assertBlobKey(key);
      const disposition = options.downloadName
        ? `attachment; filename="${options.downloadName.replace(/["\\\r\n]/g, '_')}"`
        : undefined;
      return client.presign(key, {
        method: 'GET',
        expiresIn: options.ttlSeconds ?? SIGNED_GET_TTL_SECONDS,
        ...(disposition ? { contentDisposition: disposition } : {}),
      });
    },

    policy: (kind) => policies[kind],

    usage: cachedUsage(async () => {
      const tally = new UsageTally();
      for await (const o of listAll('')) tally.add(o.key, o.size);
      return tally.result(new Date());
    }),

    list(prefix = '') {
      if (prefix !== '') assertBlobPrefix(prefix);
      return listAll(prefix);
    },

    async probe() {
      // A one-key listing: the bucket exists and the credentials may read it.
      await client.list({ maxKeys: 1 });
    },
  };

  /** One LIST per 1,000 objects, paged by StartAfter like deletePrefix. */
  async function* listAll(prefix: string): AsyncGenerator<BlobListing> {
    let startAfter: string | undefined;
    for (;;) {
      const page = await client.list({
        maxKeys: 1000,
        ...(prefix ? { prefix } : {}),
        ...(startAfter ? { startAfter } : {}),
      });
      const contents = page.contents ?? [];
      for (const o of contents) yield { key: o.key, size: o.size ?? 0, lastModified: new Date(o.lastModified ?? 0) };
      if (!page.isTruncated || contents.length === 0) break;
      startAfter = contents[contents.length - 1]!.key;
    }
  }
}

// The file an upload's check priced is the file its processing reads. A signed PUT works once on the
// local store, but an S3 presigned PUT can be sent again until it expires: without this pin, a file
// checked at 40 rows could be replaced by 5,000 rows before processing and be charged for those.
// The check records the stored object's tag (blob-store `stat`: S3's ETag, locally inode + size +
// mtime) when it is enqueued; every read of the source in a Worker step is refused unless the
// object still carries that tag, before the read and again once the step has read it (a put between
// the two checks is caught by the second).
import type { UploadBlobStore } from '../../../ingest';
import { AppError } from '../../../kernel/errors/errors';

/** The refusal when the stored file is no longer the one that was checked (nothing is processed or charged). */
export const fileChanged = () => new AppError('DATAFILE_UPLOAD_FAILED', { reason: 'FILE_CHANGED_SINCE_CHECK' });

/** Throws `fileChanged()` when `key` exists with another tag than `etag` (a missing file is left to the engine's own refusal). */
export async function assertSameSource(blobs: Pick<UploadBlobStore, 'stat'>, key: string, etag: string): Promise<void> {
  const now = (await blobs.stat(key)) as { etag?: string } | null;
  if (now && now.etag !== etag) throw fileChanged();
}

/** `blobs` whose reads of `key` are refused unless the object still has tag `etag`; without a tag, `blobs` itself. */
export function pinSource(blobs: UploadBlobStore, key: string, etag: string | undefined): UploadBlobStore {
  if (etag === undefined) return blobs;
  const guard = async (k: string) => {
    if (k === key) await assertSameSource(blobs, key, etag);
  };
  return {
    put: (k, body, options) => blobs.put(k, body, options),
    get: async (k) => (await guard(k), blobs.get(k)),
    getBytes: async (k) => (await guard(k), blobs.getBytes(k)),
    ...(blobs.getRange
      ? { getRange: async (k: string, start: number, end: number) => (await guard(k), blobs.getRange!(k, start, end)) }
      : {}),
    stat: async (k) => (await guard(k), blobs.stat(k)),
    delete: (k) => blobs.delete(k),
    deletePrefix: (p) => blobs.deletePrefix(p),
  };
}

/** Runs a Worker step's read of the source under the pin, and checks the tag again once it has read the file. */
export async function withPinnedSource<T>(
  blobs: UploadBlobStore,
  source: { key: string; etag?: string },
  run: (pinned: UploadBlobStore) => Promise<T>,
): Promise<T> {
  const result = await run(pinSource(blobs, source.key, source.etag));
  if (source.etag !== undefined) await assertSameSource(blobs, source.key, source.etag);
  return result;
}

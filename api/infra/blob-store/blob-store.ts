import type { Env } from '../../env';

/**
 * One interface for stored files (docs/storage.md; the upload engine needs only the part named
 * UploadBlobStore in api/ingest/blob.ts): local disk under STORAGE_DIR by default, an S3-compatible bucket when
 * S3_* is configured. Key layout: `uploads/<generated>` for files as received,
 * `datafiles/<datafileId>/<revision>/...` for columnar data, `exports/...`, `avatars/...`.
 */

/** What a signed URL may carry; the store enforces it on PUT (size cap, content type). */
export type BlobKind = 'avatar' | 'upload' | 'export';

export interface BlobStore {
  readonly kind: 'local' | 's3';
  /**
   * The origin signed URLs lead the browser to when it is not the app's own: the bucket's with S3
   * (the Content-Security-Policy must let the browser reach it), null when they are paths on the app.
   */
  readonly signedUrlOrigin: string | null;
  /** Writes the whole body; resolves once it is durable. A key is a relative path of [A-Za-z0-9._/-] segments, never user-supplied. */
  put(
    key: string,
    body: Uint8Array | ReadableStream<Uint8Array>,
    options?: { contentType?: string },
  ): Promise<{ size: number }>;
  /** A stream of the stored bytes, or null when absent. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** The stored bytes in memory, or null (for small objects and for libraries that need random access, e.g. zip). */
  getBytes(key: string): Promise<Uint8Array | null>;
  /** Bytes `start` to `end` (exclusive, clipped to the object), or null when absent: a zip's directory without the rest. */
  getRange(key: string, start: number, end: number): Promise<Uint8Array | null>;
  /**
   * Size in bytes and a tag of this version of the object, or null when absent (cheap: no body
   * read). The tag changes whenever the object is written again (S3: its ETag; local: the file's
   * inode, size and modification time, a put always renames a new file into place), so a reader can
   * tell the object it checked from one put under the same key later.
   */
  stat(key: string): Promise<BlobStat | null>;
  /** Removes one object; absent is fine. */
  delete(key: string): Promise<void>;
  /** Removes every object under a prefix (e.g. a half-written revision `datafiles/<id>/<rev>/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** A short-lived URL the browser PUTs one file to (a path on the app, or the bucket's URL); the size cap and content types come from the kind. */
  signedPut(kind: BlobKind, key: string, now: Date): { url: string; expiresAt: string; maxBytes: number };
  /** A short-lived URL to GET one object (exports, downloads). */
  signedGet(key: string, now: Date, options?: { ttlSeconds?: number; downloadName?: string }): string;
  /** Added beyond the contract: the size cap and content types of a kind (to check a stored upload before parsing it). */
  policy(kind: BlobKind): BlobPolicy;
  /**
   * Added for monitoring: bytes and objects stored, in total and per top-level folder. It walks
   * every object, so the answer is cached (USAGE_CACHE_MS) and concurrent callers share one walk.
   */
  usage(options?: { maxAgeMs?: number }): Promise<BlobUsage>;
  /**
   * Every object under a prefix ('' for all), in key order on S3 and folder by folder on disk,
   * with its size and last modification: for backups' manifests and the retention job.
   */
  list(prefix?: string): AsyncIterable<BlobListing>;
  /** Throws when the store cannot be reached (the folder is not writable, the bucket does not answer): /readyz. */
  probe(): Promise<void>;
}

export type BlobStat = { size: number; etag: string };

export type BlobListing = { key: string; size: number; lastModified: Date };

export type BlobUsage = {
  bytes: number;
  objects: number;
  /** Per first key segment (uploads, datafiles, exports, avatars, ...), largest first. */
  folders: { prefix: string; bytes: number; objects: number }[];
  /** When the walk that produced this answer finished (ISO-8601 UTC). */
  measuredAt: string;
};

/** How long a usage answer is reused: monitoring refreshes every few seconds, a walk over many objects takes longer. */
export const USAGE_CACHE_MS = 5 * 60_000;

/** Sums object sizes by first key segment (the adapters feed it every object they list). */
export class UsageTally {
  readonly #folders = new Map<string, { bytes: number; objects: number }>();
  add(key: string, size: number): void {
    const slash = key.indexOf('/');
    const prefix = slash < 0 ? key : key.slice(0, slash);
    let folder = this.#folders.get(prefix);
    if (!folder) this.#folders.set(prefix, (folder = { bytes: 0, objects: 0 }));
    folder.bytes += size;
    folder.objects++;
  }
  result(now: Date): BlobUsage {
    const folders = [...this.#folders]
      .map(([prefix, f]) => ({ prefix, ...f }))
      .sort((a, b) => b.bytes - a.bytes || a.prefix.localeCompare(b.prefix));
    return {
      bytes: folders.reduce((s, f) => s + f.bytes, 0),
      objects: folders.reduce((s, f) => s + f.objects, 0),
      folders,
      measuredAt: now.toISOString(),
    };
  }
}

/** usage() of an adapter: `walk` runs at most once per cache period, and callers during a walk share it. */
export function cachedUsage(walk: () => Promise<BlobUsage>): (options?: { maxAgeMs?: number }) => Promise<BlobUsage> {
  let last: { at: number; usage: BlobUsage } | undefined;
  let running: Promise<BlobUsage> | undefined;
  return (options = {}) => {
    const maxAge = options.maxAgeMs ?? USAGE_CACHE_MS;
    if (last && Date.now() - last.at <= maxAge) return Promise.resolve(last.usage);
    running ??= walk()
      .then((usage) => {
        last = { at: Date.now(), usage };
        return usage;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

export type BlobPolicy = {
  /** Keys of this kind start with it (a signed PUT can never overwrite columnar data or another kind). */
  prefix: string;
  maxBytes: number;
  /** Content-Type values a signed PUT may declare (a PUT without one counts as application/octet-stream). */
  contentTypes: readonly string[];
};

/** Everything an adapter needs; plain data, so a job Worker thread can build its own store. */
export type BlobStoreConfig = {
  storageDir: string;
  s3: Env['s3'];
  /** Signs the local adapter's URLs. */
  secret: string;
  uploadMaxBytes: number;
};

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const EXPORT_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** Signed PUT links live 10 minutes: long enough to pick and send a file, short enough to be useless later. */
export const SIGNED_PUT_TTL_SECONDS = 10 * 60;
/** Signed GET links live 15 minutes unless asked otherwise. */
export const SIGNED_GET_TTL_SECONDS = 15 * 60;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function blobPolicies(config: Pick<BlobStoreConfig, 'uploadMaxBytes'>): Record<BlobKind, BlobPolicy> {
  return {
    avatar: {
      prefix: 'avatars/',
      maxBytes: AVATAR_MAX_BYTES,
      contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
    },
    // Browsers name CSV differently per platform (Windows says application/vnd.ms-excel) and send
    // .sav as octet-stream or nothing; the parsers decide by magic bytes, not by this header.
    upload: {
      prefix: 'uploads/',
      maxBytes: config.uploadMaxBytes,
      contentTypes: [
        XLSX,
        'text/csv',
        'text/plain',
        'application/csv',
        'application/vnd.ms-excel',
        'application/x-spss-sav',
        'application/x-spss',
        'application/octet-stream',
      ],
    },
    export: {
      prefix: 'exports/',
      maxBytes: EXPORT_MAX_BYTES,
      contentTypes: [
        XLSX,
        'text/csv',
        'application/pdf',
        'application/zip',
        'application/vnd.apache.arrow.file',
        'application/octet-stream',
      ],
    },
  };
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY = 1024;

/** Whether `key` is a valid object key: relative, segments of [A-Za-z0-9._-] not starting with a dot (no `.`, `..`, hidden files), no empty segment. */
export function isValidBlobKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY) return false;
  const segments = key.split('/');
  return segments.length <= 32 && segments.every((s) => SEGMENT.test(s));
}

export function assertBlobKey(key: string): void {
  if (!isValidBlobKey(key)) throw new Error(`invalid blob key ${JSON.stringify(key).slice(0, 120)}`);
}

/** A prefix for deletePrefix: a valid key, optionally ending with '/'. Never empty (that would be everything). */
export function assertBlobPrefix(prefix: string): void {
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (!isValidBlobKey(trimmed)) throw new Error(`invalid blob prefix ${JSON.stringify(prefix).slice(0, 120)}`);
}

/** Content type by file extension, for downloads (nothing is served with a type the client chose). */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const types: Record<string, string> = {
    xlsx: XLSX,
    csv: 'text/csv; charset=utf-8',
    sav: 'application/x-spss-sav',
    arrow: 'application/vnd.apache.arrow.file',
    arrows: 'application/vnd.apache.arrow.stream',
    pdf: 'application/pdf',
    zip: 'application/zip',
    json: 'application/json',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    webp: 'image/webp',
  };
  return types[ext] ?? 'application/octet-stream';
}

export function blobStoreConfig(env: Env, secret: string): BlobStoreConfig {
  return {
    storageDir: env.storageDir,
    s3: env.s3,
    secret,
    uploadMaxBytes: env.uploadMaxBytes,
  };
}

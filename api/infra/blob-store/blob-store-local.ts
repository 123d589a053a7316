import { createReadStream } from 'node:fs';
import {
  access,
  constants,
  mkdir,
  open,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  unlink,
} from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
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
import { signGetUrl, signPutUrl } from './signed-urls';

/** Half-written objects live here until renamed into place; a leading dot keeps it outside every valid key. */
const TEMP_DIR = '.tmp';
/** Temp files older than this are leftovers of a crash and are swept when a store is created. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Objects as files under STORAGE_DIR. A put writes a temp file in the same file system, fsyncs it,
 * then renames it into place: a reader sees the old object or the whole new one, never half of it.
 * Keys are validated and the resolved path must stay under the root, so nothing escapes it.
 */
export function createLocalBlobStore(config: BlobStoreConfig): BlobStore & { pathOf: (key: string) => string } {
  const root = resolve(config.storageDir);
  const tempRoot = join(root, TEMP_DIR);
  const policies = blobPolicies(config);

  const pathOf = (key: string): string => {
    assertBlobKey(key);
    const target = resolve(root, key);
    if (!target.startsWith(root + sep)) throw new Error('blob key escapes the storage root');
    return target;
  };

  void sweepStaleTemp(tempRoot);

  // Keys cannot name `..`, but a symlink planted inside the root could still lead out: every path
  // is resolved through the file system and must stay under the root's real path.
  let realRoot: Promise<string> | undefined;
  const rootReal = () => (realRoot ??= mkdir(root, { recursive: true }).then(() => realpath(root)));
  async function assertInside(path: string): Promise<void> {
    // The root first: on a new store the walk up from a missing path must end at the root, not above it.
    const base = await rootReal();
    const real = await realpath(path).catch((error) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (real === null) return assertInside(dirname(path));
    if (real !== base && !real.startsWith(base + sep)) throw new Error('blob path leads out of the storage root');
  }
  const checked = async (key: string) => {
    const path = pathOf(key);
    await assertInside(path);
    return path;
  };

  async function writeAll(fh: Awaited<ReturnType<typeof open>>, bytes: Uint8Array) {
    for (let offset = 0; offset < bytes.length;) {
      const { bytesWritten } = await fh.write(bytes, offset, bytes.length - offset);
      offset += bytesWritten;
    }
  }

  return {
    kind: 'local',
    signedUrlOrigin: null,
    pathOf,

    async put(key, body) {
      const target = pathOf(key);
      await mkdir(tempRoot, { recursive: true });
      const temp = join(tempRoot, `${crypto.randomUUID()}.part`);
      const fh = await open(temp, 'wx');
      let size = 0;
      let closed = false;
      try {
        if (body instanceof Uint8Array) {
          await writeAll(fh, body);
          size = body.length;
        } else {
          const reader = body.getReader();
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              await writeAll(fh, value);
              size += value.length;
            }
          } finally {
            reader.releaseLock();
          }
        }
        await fh.sync();
        await fh.close();
        closed = true;
        await assertInside(dirname(target));
        await mkdir(dirname(target), { recursive: true });
        await assertInside(dirname(target));
        await rename(temp, target);
        await syncDir(dirname(target));
        return { size };
      } catch (error) {
        if (!closed) await fh.close().catch(() => {});
        await unlink(temp).catch(() => {});
        throw error;
      }
    },

    async get(key) {
      const path = await checked(key);
      const s = await stat(path).catch((error) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!s?.isFile()) return null;
      // Objects are replaced by rename, never rewritten in place: a stream opened here reads one whole version.
      return Readable.toWeb(
        createReadStream(path, { highWaterMark: 256 * 1024 }),
      ) as unknown as ReadableStream<Uint8Array>;
    },

    async getBytes(key) {
      try {
        return new Uint8Array(await readFile(await checked(key)));
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },

    async getRange(key, start, end) {
      let file;
      try {
        file = await open(await checked(key), 'r');
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
      try {
        const out = new Uint8Array(Math.max(0, end - start));
        const { bytesRead } = await file.read(out, 0, out.length, start);
        return out.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    },

    async stat(key) {
      try {
        const s = await stat(await checked(key), { bigint: true });
        return s.isFile()
          ? { size: Number(s.size), etag: `${s.ino.toString(16)}-${s.size.toString(16)}-${s.mtimeNs.toString(16)}` }
          : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await unlink(pathOf(key)).catch((error) => {
        if (!isMissing(error)) throw error;
      });
    },

    async deletePrefix(prefix) {
      assertBlobPrefix(prefix);
      if (prefix.endsWith('/')) {
        const dir = pathOf(prefix.slice(0, -1));
        await assertInside(dirname(dir));
        await rm(dir, { recursive: true, force: true });
        return;
      }
      // A partial last segment ("exports/abc" removes exports/abc1.xlsx and exports/abc/...).
      const dir = prefix.includes('/') ? pathOf(prefix.slice(0, prefix.lastIndexOf('/'))) : root;
      await assertInside(dir);
      const start = prefix.slice(prefix.lastIndexOf('/') + 1);
      const names = await readdir(dir).catch((error) => {
        if (isMissing(error)) return [] as string[];
        throw error;
      });
      for (const name of names)
        if (name.startsWith(start) && !name.startsWith('.'))
          await rm(join(dir, name), { recursive: true, force: true });
    },

    signedPut(kind: BlobKind, key, now) {
      pathOf(key);
      const policy = policies[kind];
      if (!key.startsWith(policy.prefix)) throw new Error(`a ${kind} key must start with ${policy.prefix}`);
      const expires = now.getTime() + SIGNED_PUT_TTL_SECONDS * 1000;
      return {
        url: signPutUrl(config.secret, kind, key, expires),
        expiresAt: new Date(expires).toISOString(),
        maxBytes: policy.maxBytes,
      };
    },

    signedGet(key, now, options = {}) {
      pathOf(key);
      const expires = now.getTime() + (options.ttlSeconds ?? SIGNED_GET_TTL_SECONDS) * 1000;
      return signGetUrl(config.secret, key, expires, options.downloadName);
    },

    policy: (kind) => policies[kind],

    usage: cachedUsage(async () => {
      const tally = new UsageTally();
      for await (const o of walkFiles(root, '')) tally.add(o.key, o.size);
      return tally.result(new Date());
    }),

    async *list(prefix = '') {
      if (prefix !== '') assertBlobPrefix(prefix);
      // Walk from the deepest whole folder of the prefix, keep the keys that start with it.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
      const dir = folder ? pathOf(folder.slice(0, -1)) : root;
      await assertInside(dir);
      for await (const o of walkFiles(dir, folder)) if (o.key.startsWith(prefix)) yield o;
    },

    async probe() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

/**
 * Every file under `dir` (key prefix `prefix`) in key order, as S3 lists them (a folder sorts as its
 * name with a slash); hidden entries (the temp folder) are not objects.
 */
async function* walkFiles(dir: string, prefix: string): AsyncGenerator<BlobListing> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error) => {
    if (isMissing(error)) return [];
    throw error;
  });
  const named = entries
    .filter((e) => !e.name.startsWith('.') && (e.isDirectory() || e.isFile()))
    .map((e) => ({ entry: e, sortKey: e.isDirectory() ? `${e.name}/` : e.name }))
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  let files: string[] = [];
  // Stats in small parallel batches: one at a time is slow on many files, all at once exhausts handles.
  async function* flush(): AsyncGenerator<BlobListing> {
    for (let i = 0; i < files.length; i += 64) {
      const batch = files.slice(i, i + 64);
      const stats = await Promise.all(batch.map((name) => stat(join(dir, name)).catch(() => null)));
      for (const [j, s] of stats.entries())
        if (s) yield { key: `${prefix}${batch[j]}`, size: s.size, lastModified: s.mtime };
    }
    files = [];
  }
  for (const { entry } of named) {
    if (entry.isFile()) {
      files.push(entry.name);
      continue;
    }
    yield* flush();
    yield* walkFiles(join(dir, entry.name), `${prefix}${entry.name}/`);
  }
  yield* flush();
}

/** Makes a rename durable (Linux; best effort elsewhere). */
async function syncDir(dir: string) {
  const fh = await open(dir, 'r').catch(() => null);
  if (!fh) return;
  await fh.sync().catch(() => {});
  await fh.close().catch(() => {});
}

async function sweepStaleTemp(tempRoot: string) {
  try {
    const now = Date.now();
    for (const name of await readdir(tempRoot)) {
      const path = join(tempRoot, name);
      const s = await stat(path).catch(() => null);
      if (s && now - s.mtimeMs > STALE_TEMP_MS) await unlink(path).catch(() => {});
    }
  } catch {
    // No temp folder yet.
  }
}

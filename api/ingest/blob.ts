// The part of the blob store (contract with the ingest helper, api/infra/blob-store/blob-store.ts) the
// upload engine uses. Declared here structurally so this module builds on its own; the store on
// `deps.blobs` satisfies it.
export interface UploadBlobStore {
  /** Writes the whole body; resolves once it is durable. */
  put(
    key: string,
    body: Uint8Array | ReadableStream<Uint8Array>,
    options?: { contentType?: string },
  ): Promise<{ size: number }>;
  /** A stream of the stored bytes, or null when absent. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** The stored bytes in memory, or null (xlsx needs random access to its zip directory). */
  getBytes(key: string): Promise<Uint8Array | null>;
  /** Bytes `start` to `end` (exclusive, clipped to the object), or null when absent; stores that cannot leave it out. */
  getRange?(key: string, start: number, end: number): Promise<Uint8Array | null>;
  /** Size in bytes, or null when absent (no body read). */
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** Removes every object under a prefix (a half-written revision). */
  deletePrefix(prefix: string): Promise<void>;
}

/** Where a datafile revision's columnar data lives (docs/storage.md, "Keys"). */
export function revisionPrefix(datafileId: string, revision: number): string {
  if (!/^[A-Za-z0-9_-]+$/.test(datafileId)) throw new Error('uploads: datafile id must be a generated id');
  if (!Number.isInteger(revision) || revision < 0) throw new Error('uploads: revision must be a whole number');
  return `datafiles/${datafileId}/${revision}/`;
}

/** A stream as an async iterable of chunks (Bun's ReadableStream is iterable, the DOM type may not say so). */
export async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

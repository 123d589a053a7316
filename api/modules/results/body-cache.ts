// Whole answers of the columns route kept in memory, by ETag and content coding. A published revision's
// columns never change and the ETag names everything a body is built from (the datafile, its revision,
// the selection, the files the manifest names, the saved weights), so a body built once is the body
// every later request with that ETag would build. The result page of 100,000 interviews asks for the
// same 3 MB (zstd) on every visit by every colleague; built, it costs the server ~130 ms of CPU and
// holds a place among the bodies built at once (columns-slots.ts); kept, it is sent at once with its
// length. Only bodies that ended whole and are at most BODY_CACHE_ENTRY_BYTES are kept, the least
// recently used go first past BODY_CACHE_BYTES, and a request is answered from here only after the
// route has checked that its caller may see the datafile.
export const BODY_CACHE_BYTES = 64 * 1024 * 1024;
export const BODY_CACHE_ENTRY_BYTES = 8 * 1024 * 1024;

const limits = { total: BODY_CACHE_BYTES, entry: BODY_CACHE_ENTRY_BYTES };
const entries = new Map<string, Uint8Array>();
let held = 0;

/** The kept body of `key`, now the most recently used. */
export function cachedBody(key: string): Uint8Array | undefined {
  const body = entries.get(key);
  if (!body) return undefined;
  entries.delete(key);
  entries.set(key, body);
  return body;
}

function keep(key: string, body: Uint8Array): void {
  if (body.byteLength > limits.entry || entries.has(key)) return;
  entries.set(key, body);
  held += body.byteLength;
  for (const [oldest, bytes] of entries) {
    if (held <= limits.total) break;
    entries.delete(oldest);
    held -= bytes.byteLength;
  }
}

/**
 * `body` as it is, its bytes kept under `key` once its last chunk has passed (a body cancelled or
 * failed midway, or grown past the entry limit, is not kept).
 */
export function keptWhenWhole(
  key: string,
  body: ReadableStream<Uint8Array> | Uint8Array,
): ReadableStream<Uint8Array> | Uint8Array {
  if (body instanceof Uint8Array) {
    keep(key, body);
    return body;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (size <= limits.entry) chunks.push(chunk);
        size += chunk.byteLength;
        controller.enqueue(chunk);
      },
      flush() {
        if (size > limits.entry) return;
        const whole = new Uint8Array(size);
        let at = 0;
        for (const chunk of chunks) {
          whole.set(chunk, at);
          at += chunk.byteLength;
        }
        keep(key, whole);
      },
    }),
  );
}

/** What is kept now (tests and metrics). */
export const bodyCacheHeld = (): { entries: number; bytes: number } => ({ entries: entries.size, bytes: held });

/** Tests: other limits, everything forgotten. */
export function resetBodyCache(next: Partial<typeof limits> = {}): void {
  entries.clear();
  held = 0;
  limits.total = next.total ?? BODY_CACHE_BYTES;
  limits.entry = next.entry ?? BODY_CACHE_ENTRY_BYTES;
}

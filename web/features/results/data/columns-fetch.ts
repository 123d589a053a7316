// One request to the columns route (docs/results.md), as the page and its data worker both make it:
// the response to read, or the route's refusal as a WorkerFailure (its code, reason and message).
import type { WorkerFailure } from './protocol.ts';

export type ColumnsResponse = { ok: true; response: Response } | { ok: false; failure: WorkerFailure };

/** The route's answer with its body unread (a reader can decode it as it arrives), or its refusal. */
export async function fetchColumns(
  url: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<ColumnsResponse> {
  let res: Response;
  try {
    res = await fetch(url, { headers, credentials: 'include', signal });
  } catch {
    // An abort is no failure to show: whoever aborted has stopped listening.
    signal?.throwIfAborted();
    return { ok: false, failure: { status: 0, code: 'GENERAL_ERROR', message: 'Network request failed' } };
  }
  if (res.ok) return { ok: true, response: res };
  type ErrorBody = { errors?: { message?: string; extensions?: { code?: string; reason?: string } }[] };
  const body = (await res.json().catch(() => null)) as ErrorBody | null;
  const first = body?.errors?.[0];
  return {
    ok: false,
    failure: {
      status: res.status,
      code: first?.extensions?.code ?? 'GENERAL_ERROR',
      reason: first?.extensions?.reason,
      message: first?.message ?? `HTTP ${res.status}`,
    },
  };
}

/**
 * A body's chunks as they arrive, counted into `seen.bytes`. When `signal` aborts, the body is
 * cancelled (which ends the download, also of a body the page fetched and handed over) and the
 * generator throws the abort's reason instead of ending as if the body were whole.
 */
export async function* countedChunks(
  body: ReadableStream<Uint8Array>,
  seen: { bytes: number },
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  signal?.throwIfAborted();
  const reader = body.getReader();
  const stop = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) return;
      seen.bytes += value.byteLength;
      yield value;
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    reader.releaseLock();
  }
}

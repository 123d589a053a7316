// One request to the columns route (docs/results.md), as the page and its data worker both make it:
// the response to read, or the route's refusal as a WorkerFailure (its code, reason and message).
import type { WorkerFailure } from './protocol.ts';

export type ColumnsResponse = { ok: true; response: Response } | { ok: false; failure: WorkerFailure };

/** The route's answer with its body unread (a reader can decode it as it arrives), or its refusal. */
export async function fetchColumns(url: string, headers: Record<string, string>): Promise<ColumnsResponse> {
  let res: Response;
  try {
    res = await fetch(url, { headers, credentials: 'include' });
  } catch {
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

/** A body's chunks as they arrive, counted into `seen.bytes`. */
export async function* countedChunks(
  body: ReadableStream<Uint8Array>,
  seen: { bytes: number },
): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen.bytes += value.byteLength;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

// One request to the columns route (docs/results.md), as the page and its data worker both make it:
// the Arrow bytes, or the route's refusal as a WorkerFailure (its code, reason and message).
import type { WorkerFailure } from './protocol.ts';

export type ColumnsBytes = { ok: true; bytes: ArrayBuffer } | { ok: false; failure: WorkerFailure };

export async function fetchColumnsBytes(url: string, headers: Record<string, string>): Promise<ColumnsBytes> {
  let res: Response;
  try {
    res = await fetch(url, { headers, credentials: 'include' });
  } catch {
    return { ok: false, failure: { status: 0, code: 'GENERAL_ERROR', message: 'Network request failed' } };
  }
  if (res.ok) return { ok: true, bytes: await res.arrayBuffer() };
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

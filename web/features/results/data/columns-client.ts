// The page's handle on the data worker: one request per call, answered with plain columns.
import { currentToken } from '../../../lib/session.ts';
import type { FromWorker, PlainTable, ToWorker, WorkerFailure } from './protocol.ts';

/** The binary columns route (api/modules/results/results.routes.ts). */
export function columnsUrl(
  datafileId: string,
  params: {
    file?: 'scores' | 'raw' | 'all' | 'cleaning';
    columns?: readonly string[];
    offset?: number;
    limit?: number;
  },
): string {
  const q = new URLSearchParams();
  if (params.file) q.set('file', params.file);
  if (params.columns) q.set('columns', params.columns.join(','));
  if (params.offset !== undefined) q.set('offset', String(params.offset));
  if (params.limit !== undefined) q.set('limit', String(params.limit));
  const query = q.toString();
  return `/api/datafiles/${encodeURIComponent(datafileId)}/columns${query ? `?${query}` : ''}`;
}

export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': document.documentElement.lang || 'de' };
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export class ColumnsError extends Error {
  constructor(readonly failure: WorkerFailure) {
    super(failure.message);
  }
}

export interface ColumnsClient {
  fetchTable(url: string, timeRatioOf?: string): Promise<{ table: PlainTable; bytes: number; ms: number }>;
  careless(
    url: string,
    grids: { id: string; columns: string[] }[],
  ): Promise<{ table: PlainTable; bytes: number; ms: number }>;
  dispose(): void;
}

/**
 * The worker starts on the first request, not here: the page creates its client while rendering,
 * and React may render a page and throw the render away (a lazy chunk suspending under it does);
 * a worker started then was never terminated, and it loaded and evaluated the decoder beside the
 * kept one on a busy first load.
 */
export function createColumnsClient(): ColumnsClient {
  let worker: Worker | null = null;
  let seq = 0;
  const waiting = new Map<
    number,
    { resolve: (v: { table: PlainTable; bytes: number; ms: number }) => void; reject: (e: Error) => void }
  >();
  const start = (): Worker => {
    const w = new Worker(new URL('./results.worker.ts', import.meta.url), { type: 'module', name: 'result-columns' });
    w.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      const pending = waiting.get(m.id);
      if (!pending) return;
      waiting.delete(m.id);
      if (m.type === 'table') pending.resolve({ table: m.table, bytes: m.bytes, ms: m.ms });
      else pending.reject(new ColumnsError(m.failure));
    });
    w.addEventListener('error', () => {
      for (const pending of waiting.values())
        pending.reject(new ColumnsError({ status: 0, code: 'GENERAL_ERROR', message: 'worker failed' }));
      waiting.clear();
    });
    return w;
  };
  const send = (message: Omit<ToWorker, 'id'>) =>
    new Promise<{ table: PlainTable; bytes: number; ms: number }>((resolve, reject) => {
      const id = ++seq;
      waiting.set(id, { resolve, reject });
      worker ??= start();
      worker.postMessage({ ...message, id } as ToWorker);
    });
  return {
    fetchTable: (url, timeRatioOf) => send({ type: 'fetch', request: { url, headers: authHeaders(), timeRatioOf } }),
    careless: (url, grids) => send({ type: 'careless', request: { url, headers: authHeaders(), grids } }),
    dispose: () => {
      worker?.terminate();
      worker = null;
      for (const pending of waiting.values())
        pending.reject(new ColumnsError({ status: 0, code: 'GENERAL_ERROR', message: 'disposed' }));
      waiting.clear();
    },
  };
}

// The page's handle on the data worker: one request per call, answered with plain columns.
import { currentToken } from '../../../lib/session.ts';
import type { FromWorker, PlainTable, ToWorker, WorkerFailure } from './protocol.ts';

/** The binary columns route (api/modules/results/results.routes.ts). */
export function columnsUrl(datafileId: string, params: { file?: 'scores' | 'raw' | 'all'; columns?: readonly string[]; offset?: number; limit?: number }): string {
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
  careless(url: string, grids: { id: string; columns: string[] }[]): Promise<{ table: PlainTable; bytes: number; ms: number }>;
  dispose(): void;
}

export function createColumnsClient(): ColumnsClient {
  const worker = new Worker(new URL('./results.worker.ts', import.meta.url), { type: 'module', name: 'result-columns' });
  let seq = 0;
  const waiting = new Map<number, { resolve: (v: { table: PlainTable; bytes: number; ms: number }) => void; reject: (e: Error) => void }>();
  worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    const m = event.data;
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.type === 'table') w.resolve({ table: m.table, bytes: m.bytes, ms: m.ms });
    else w.reject(new ColumnsError(m.failure));
  });
  worker.addEventListener('error', () => {
    for (const w of waiting.values()) w.reject(new ColumnsError({ status: 0, code: 'GENERAL_ERROR', message: 'worker failed' }));
    waiting.clear();
  });
  const send = (message: Omit<ToWorker, 'id'>) => new Promise<{ table: PlainTable; bytes: number; ms: number }>((resolve, reject) => {
    const id = ++seq;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ ...message, id } as ToWorker);
  });
  return {
    fetchTable: (url, timeRatioOf) => send({ type: 'fetch', request: { url, headers: authHeaders(), timeRatioOf } }),
    careless: (url, grids) => send({ type: 'careless', request: { url, headers: authHeaders(), grids } }),
    dispose: () => {
      worker.terminate();
      for (const w of waiting.values()) w.reject(new ColumnsError({ status: 0, code: 'GENERAL_ERROR', message: 'disposed' }));
      waiting.clear();
    },
  };
}

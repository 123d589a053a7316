// The page's handle on the data worker: one request per call, answered with plain columns.
import { currentToken, onSessionEnd } from '../../../lib/session.ts';
import { WORKER_NAME, type FromWorker, type ToWorker, type WorkerFailure, type WorkerRequest } from './protocol.ts';

/** The binary columns route (api/modules/results/results.routes.ts). */
export function columnsUrl(
  datafileId: string,
  params: {
    file?: 'scores' | 'raw' | 'all' | 'cleaning';
    columns?: readonly string[];
    offset?: number;
    limit?: number;
    /** The route chooses the columns (score-table: the result page's). */
    preset?: 'score-table';
  },
): string {
  const q = new URLSearchParams();
  if (params.preset) q.set('preset', params.preset);
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

/** The worker's answer to one request (protocol.ts: the table, its size, when its last byte was in, what it was built from). */
export type TableAnswer = Omit<Extract<FromWorker, { type: 'table' }>, 'type' | 'id'>;

export interface ColumnsClient {
  fetchTable(url: string, timeRatioOf?: string): Promise<TableAnswer>;
  careless(url: string, grids: { id: string; columns: string[] }[]): Promise<TableAnswer>;
  dispose(): void;
}

/** A worker nobody has used for this long is ended (a page left and not come back to). */
export const IDLE_WORKER_MS = 30_000;

type Pending = { resolve: (v: TableAnswer) => void; reject: (e: Error) => void };

/**
 * One data worker for the tab, started on the first request (boot sends the score table's at once,
 * while the app's code loads), shared by every client and ended once no client and no request has used
 * it for IDLE_WORKER_MS. A client created by a render React throws away starts nothing.
 */
const shared = {
  worker: null as Worker | null,
  seq: 0,
  waiting: new Map<number, Pending>(),
  clients: 0,
  idle: null as ReturnType<typeof setTimeout> | null,
};

function fail(ids: Iterable<number>, message: string) {
  for (const id of [...ids]) {
    shared.waiting.get(id)?.reject(new ColumnsError({ status: 0, code: 'GENERAL_ERROR', message }));
    shared.waiting.delete(id);
  }
}

/**
 * The requests `ids` are no longer wanted: the worker is told to end their downloads (each holds one
 * of the server's few places for big bodies until its last byte has left) and their promises fail
 * now. Ids are never reused, so an answer the worker had already sent for one is dropped on arrival
 * and can reach no later request.
 */
function abandon(ids: Iterable<number>, message: string) {
  const list = [...ids].filter((id) => shared.waiting.has(id));
  for (const id of list) shared.worker?.postMessage({ type: 'abort', id } satisfies ToWorker);
  fail(list, message);
}

// A request of the last user must not go on downloading (with their token) after they logged out.
onSessionEnd(() => {
  abandon(shared.waiting.keys(), 'session ended');
  idleLater();
});

/**
 * Sends `request` to the tab's worker; a new worker is started with it in its name, which it reads
 * when its script has run: a message posted to a worker still starting is handed over by the page's
 * thread, so behind a long task of the first render it waited up to 200 ms (bench:results). The
 * name holds what a message would (the columns route's address and the session's Authorization
 * header, which the page's scripts can read from its cookie anyway) and never leaves the browser.
 */
function send(request: WorkerRequest): void {
  if (shared.idle) clearTimeout(shared.idle);
  shared.idle = null;
  if (shared.worker) return shared.worker.postMessage(request);
  const name = `${WORKER_NAME} ${JSON.stringify(request)}`;
  const w = new Worker(new URL('./results.worker.ts', import.meta.url), { type: 'module', name });
  w.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    const m = event.data;
    const pending = shared.waiting.get(m.id);
    if (!pending) return;
    shared.waiting.delete(m.id);
    if (m.type === 'table') {
      const { type: _type, id: _id, ...answer } = m;
      pending.resolve(answer);
    } else pending.reject(new ColumnsError(m.failure));
    idleLater();
  });
  w.addEventListener('error', () => {
    if (shared.worker === w) shared.worker = null;
    w.terminate();
    fail(shared.waiting.keys(), 'worker failed');
  });
  shared.worker = w;
}

function idleLater() {
  if (shared.clients > 0 || shared.waiting.size > 0 || !shared.worker || shared.idle) return;
  shared.idle = setTimeout(() => {
    shared.idle = null;
    if (shared.clients > 0 || shared.waiting.size > 0) return;
    shared.worker?.terminate();
    shared.worker = null;
  }, IDLE_WORKER_MS);
}

/** Sends one request to the tab's worker; `mine` collects its id for the client that asked. */
export function requestTable(message: Omit<WorkerRequest, 'id'>, mine?: Set<number>): Promise<TableAnswer> {
  return new Promise<TableAnswer>((resolve, reject) => {
    const id = ++shared.seq;
    const done = () => mine?.delete(id);
    shared.waiting.set(id, {
      resolve: (v) => (done(), resolve(v)),
      reject: (e) => (done(), reject(e)),
    });
    mine?.add(id);
    send({ ...message, id } as WorkerRequest);
  });
}

export function createColumnsClient(): ColumnsClient {
  const mine = new Set<number>();
  let counted = false;
  const count = () => {
    if (!counted) shared.clients++;
    counted = true;
  };
  return {
    fetchTable: (url, timeRatioOf) => {
      count();
      return requestTable({ type: 'fetch', request: { url, headers: authHeaders(), timeRatioOf } }, mine);
    },
    careless: (url, grids) => {
      count();
      return requestTable({ type: 'careless', request: { url, headers: authHeaders(), grids } }, mine);
    },
    dispose: () => {
      abandon(mine, 'disposed');
      if (counted) shared.clients--;
      counted = false;
      idleLater();
    },
  };
}

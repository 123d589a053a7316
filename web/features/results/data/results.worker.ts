// The result page's data worker: fetches the Arrow route (the browser undoes the content coding), decodes
// the IPC stream into plain columns record batch by record batch as it arrives, derives the time ratio
// and, on request, the careless indices with the scoring core. Only finished typed arrays cross to the page
// (transferred, not copied).
//
// This entry is small on purpose: a request leaves as soon as the worker's thread runs (the page starts
// the worker at boot and sends the score table's request at once), while the Arrow decoder and the
// scoring core load beside it; the body waits in the stream until the decoder is there. The page's
// thread never touches the body, so a busy first render does not slow its arrival.
import { countedChunks, fetchColumns } from './columns-fetch.ts';
import {
  WORKER_NAME,
  type FromWorker,
  type PlainTable,
  type ToWorker,
  type WorkerFailure,
  type WorkerRequest,
} from './protocol.ts';
import { RAW_PREFIX, TIME_RATIO_COLUMN } from '../model/columns.ts';

interface Scope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}
const scope = self as unknown as Scope;

// Started now, awaited by the first body that needs it.
const decoder = import('./plain-table.ts');

class Failed extends Error {
  constructor(readonly failure: WorkerFailure) {
    super(failure.message);
  }
}

/** A table message's content, but for the time the whole request took. */
type Fetched = Omit<Extract<FromWorker, { type: 'table' }>, 'type' | 'id' | 'ms'>;

/**
 * The route's answer decoded as it arrives. `bytesAt`: when the last byte was in (epoch ms, for the
 * page's load marks); `revision` and `weights`: what the route says the body was built from.
 */
async function fetchTable(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<Fetched> {
  const answer = await fetchColumns(url, headers, signal);
  if (!answer.ok) throw new Failed(answer.failure);
  const { response } = answer;
  const about = {
    revision: response.headers.get('x-datafile-revision') ?? undefined,
    weights: response.headers.get('x-datafile-weights') ?? undefined,
  };
  const { plainTableFromIpc, plainTableFromStream } = await decoder;
  signal.throwIfAborted();
  if (!response.body) {
    const bytes = await response.arrayBuffer();
    return { table: plainTableFromIpc(new Uint8Array(bytes)), bytes: bytes.byteLength, ...about };
  }
  const seen = { bytes: 0 };
  const table = await plainTableFromStream(countedChunks(response.body, seen, signal));
  return { table, bytes: seen.bytes, bytesAt: performance.timeOrigin + performance.now(), ...about };
}

const transfers = (t: PlainTable) => Object.values(t.numeric).map((a) => a.buffer as ArrayBuffer);

/** The raw column the time ratio is derived from: the one named, or the preset's only raw column. */
function timeRatioSource(table: PlainTable, request: { timeRatioOf?: string; timeRatioOfRaw?: boolean }) {
  const name = request.timeRatioOfRaw
    ? table.fields.find((f) => f.numeric && f.name.startsWith(RAW_PREFIX))?.name
    : request.timeRatioOf;
  return name ? table.numeric[name] : undefined;
}

async function handle(message: WorkerRequest, signal: AbortSignal): Promise<void> {
  const started = performance.now();
  try {
    if (message.type === 'fetch') {
      const { url, headers } = message.request;
      const { table, ...rest } = await fetchTable(url, headers, signal);
      const source = timeRatioSource(table, message.request);
      if (source) {
        table.numeric[TIME_RATIO_COLUMN] = (await decoder).ratioToMedian(source);
        table.fields.push({ name: TIME_RATIO_COLUMN, numeric: true });
      }
      scope.postMessage(
        { type: 'table', id: message.id, table, ms: performance.now() - started, ...rest },
        transfers(table),
      );
      return;
    }
    const [{ table: raw, bytes }, { carelessTable }] = await Promise.all([
      fetchTable(message.request.url, message.request.headers, signal),
      import('./careless-indices.ts'),
    ]);
    const out = await carelessTable(raw, message.request.grids);
    scope.postMessage(
      { type: 'table', id: message.id, table: out, bytes, ms: performance.now() - started },
      transfers(out),
    );
  } catch (error) {
    // The page forgot this request when it aborted it: nothing to answer.
    if (signal.aborted) return;
    const failure =
      error instanceof Failed
        ? error.failure
        : { status: 0, code: 'GENERAL_ERROR', message: error instanceof Error ? error.message : String(error) };
    scope.postMessage({ type: 'failed', id: message.id, failure });
  }
}

/** The requests being worked on, by id: an abort message ends one. */
const running = new Map<number, AbortController>();

function start(message: WorkerRequest): void {
  const controller = new AbortController();
  running.set(message.id, controller);
  void handle(message, controller.signal).finally(() => running.delete(message.id));
}

scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type !== 'abort') return start(message);
  running.get(message.id)?.abort();
  running.delete(message.id);
});
// The request this worker was started for travels in its name (columns-client.ts): it leaves now.
const named = (self as unknown as { name?: string }).name ?? '';
if (named.startsWith(`${WORKER_NAME} `)) start(JSON.parse(named.slice(WORKER_NAME.length + 1)) as WorkerRequest);
// The first Intl formatter of a renderer process costs 25-35 ms (ICU loads the locale's data, once per
// process, whichever thread asks). Made here while the request is on its way, it spares the page's
// thread that cost at its first formatted number (the header's counts, the chart's axes); measured in
// Chromium: the page's first NumberFormat 0-4 ms after a worker's, 26-34 ms without.
if (typeof Intl !== 'undefined' && typeof navigator !== 'undefined') {
  new Intl.NumberFormat(navigator.language);
  new Intl.DateTimeFormat(navigator.language);
}

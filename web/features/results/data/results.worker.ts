// The result page's data worker: fetches the Arrow route (the browser undoes the content coding), decodes
// the IPC stream into plain columns record batch by record batch as it arrives, derives the time ratio
// and, on request, the careless indices with the scoring core. Only finished typed arrays cross to the page (transferred, not copied).
import { getScoring } from '../../../lib/scoring.ts';
import { countedChunks, fetchColumns } from './columns-fetch.ts';
import { plainTableFromIpc, plainTableFromStream, ratioToMedian } from './plain-table.ts';
import type { FromWorker, PlainTable, ToWorker, WorkerFailure, WorkerRequest } from './protocol.ts';
import { TIME_RATIO_COLUMN } from '../model/score-tabs.ts';

interface Scope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}
const scope = self as unknown as Scope;

class Failed extends Error {
  constructor(readonly failure: WorkerFailure) {
    super(failure.message);
  }
}

/**
 * The route's answer decoded: `given`, bytes or the body stream the page fetched already (it starts
 * the request while this worker is still loading), or the worker's own request; a stream is decoded
 * record batch by record batch while it arrives. `bytesAt`: when the last byte was in (epoch ms, for
 * the page's load marks).
 */
async function fetchTable(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  given?: { bytes?: ArrayBuffer; body?: ReadableStream<Uint8Array> },
): Promise<{ table: PlainTable; bytes: number; bytesAt?: number }> {
  if (given?.bytes) return { table: plainTableFromIpc(new Uint8Array(given.bytes)), bytes: given.bytes.byteLength };
  let body = given?.body;
  if (!body) {
    const answer = await fetchColumns(url, headers, signal);
    if (!answer.ok) throw new Failed(answer.failure);
    if (!answer.response.body) {
      const bytes = await answer.response.arrayBuffer();
      return { table: plainTableFromIpc(new Uint8Array(bytes)), bytes: bytes.byteLength };
    }
    body = answer.response.body;
  }
  const seen = { bytes: 0 };
  const table = await plainTableFromStream(countedChunks(body, seen, signal));
  return { table, bytes: seen.bytes, bytesAt: performance.timeOrigin + performance.now() };
}

const transfers = (t: PlainTable) => Object.values(t.numeric).map((a) => a.buffer as ArrayBuffer);

async function handle(message: WorkerRequest, signal: AbortSignal): Promise<void> {
  const started = performance.now();
  try {
    if (message.type === 'fetch') {
      const { url, headers, bytes: given, body } = message.request;
      const { table, bytes, bytesAt } = await fetchTable(url, headers, signal, { bytes: given, body });
      const source = message.request.timeRatioOf ? table.numeric[message.request.timeRatioOf] : undefined;
      if (source) {
        table.numeric[TIME_RATIO_COLUMN] = ratioToMedian(source);
        table.fields.push({ name: TIME_RATIO_COLUMN, numeric: true });
      }
      scope.postMessage(
        { type: 'table', id: message.id, table, bytes, ms: performance.now() - started, bytesAt },
        transfers(table),
      );
      return;
    }
    const [{ table: raw, bytes }, scoring] = await Promise.all([
      fetchTable(message.request.url, message.request.headers, signal),
      getScoring(),
    ]);
    const out: PlainTable = { rows: raw.rows, numeric: {}, text: {}, fields: [] };
    const add = (name: string, values: Float64Array) => {
      out.numeric[name] = values;
      out.fields.push({ name, numeric: true });
    };
    const all: Float64Array[] = [];
    const factors: number[] = [];
    for (const grid of message.request.grids) {
      const items = grid.columns.map((c) => raw.numeric[c]).filter((c): c is Float64Array => c !== undefined);
      if (items.length < 2) continue;
      // Copies: the facade may keep views into WASM memory that a later call reuses.
      const r = scoring.indices(items);
      add(`careless.${grid.id}.longstring`, r.longstring.slice());
      add(`careless.${grid.id}.irv`, r.irv.slice());
      add(`careless.${grid.id}.mahad`, r.mahad.slice());
      add(`careless.${grid.id}.mahad_flag`, r.mahadFlag.slice());
      all.push(...items);
      factors.push(items.length);
    }
    // Even-odd compares the halves of several scales: the grids together, each grid one scale.
    if (factors.length >= 2) add('careless.even_odd', scoring.evenOdd(all, factors).slice());
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

scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'abort') {
    running.get(message.id)?.abort();
    running.delete(message.id);
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  void handle(message, controller.signal).finally(() => running.delete(message.id));
});
// The page sends its requests here from now on: this worker fetches and decodes as the bytes arrive.
scope.postMessage({ type: 'ready' });

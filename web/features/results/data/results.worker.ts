// The result page's data worker: fetches the Arrow route (the browser undoes br/gzip), decodes the
// IPC bytes into plain columns, derives the time ratio and, on request, the careless indices with
// the scoring core. Only finished typed arrays cross to the page (transferred, not copied).
import { getScoring } from '../../../lib/scoring.ts';
import { plainTableFromIpc, ratioToMedian } from './plain-table.ts';
import type { FromWorker, PlainTable, ToWorker, WorkerFailure } from './protocol.ts';
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

async function fetchTable(url: string, headers: Record<string, string>): Promise<{ table: PlainTable; bytes: number }> {
  let res: Response;
  try {
    res = await fetch(url, { headers, credentials: 'include' });
  } catch {
    throw new Failed({ status: 0, code: 'GENERAL_ERROR', message: 'Network request failed' });
  }
  if (!res.ok) {
    type ErrorBody = { errors?: { message?: string; extensions?: { code?: string; reason?: string } }[] };
    let body: ErrorBody | null = null;
    try {
      body = (await res.json()) as ErrorBody;
    } catch {
      body = null;
    }
    const first = body?.errors?.[0];
    throw new Failed({
      status: res.status,
      code: first?.extensions?.code ?? 'GENERAL_ERROR',
      reason: first?.extensions?.reason,
      message: first?.message ?? `HTTP ${res.status}`,
    });
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { table: plainTableFromIpc(bytes), bytes: bytes.length };
}

const transfers = (t: PlainTable) => Object.values(t.numeric).map((a) => a.buffer as ArrayBuffer);

async function handle(message: ToWorker): Promise<void> {
  const started = performance.now();
  try {
    if (message.type === 'fetch') {
      const { table, bytes } = await fetchTable(message.request.url, message.request.headers);
      const source = message.request.timeRatioOf ? table.numeric[message.request.timeRatioOf] : undefined;
      if (source) {
        table.numeric[TIME_RATIO_COLUMN] = ratioToMedian(source);
        table.fields.push({ name: TIME_RATIO_COLUMN, numeric: true });
      }
      scope.postMessage(
        { type: 'table', id: message.id, table, bytes, ms: performance.now() - started },
        transfers(table),
      );
      return;
    }
    const [{ table: raw, bytes }, scoring] = await Promise.all([
      fetchTable(message.request.url, message.request.headers),
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
    const failure =
      error instanceof Failed
        ? error.failure
        : { status: 0, code: 'GENERAL_ERROR', message: error instanceof Error ? error.message : String(error) };
    scope.postMessage({ type: 'failed', id: message.id, failure });
  }
}

scope.addEventListener('message', (event) => {
  void handle(event.data);
});

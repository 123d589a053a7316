// The result page's score table (every score column and the raw total duration, decoded in the
// data worker), asked for as soon as the page's query has answered (at boot, web/app/boot.ts, or when
// the page renders), on a full load at once with the last visit's request (prefetchRememberedScoreTable),
// and kept in memory between visits: a published revision's answers never change
// and its combined score changes only with the saved weights (the columns route's ETag names the
// datafile, the revision, the weights and the selection; so does this cache's key), so a table decoded
// once is the same table the next visit would load.
import {
  authHeaders,
  ColumnsError,
  columnsUrl,
  columnsWorkerReady,
  requestTable,
  type TableAnswer,
} from './columns-client.ts';
import { fetchColumns } from './columns-fetch.ts';
import { markResultLoad } from './load-marks.ts';
import { RAW_PREFIX, totalDurationColumn } from '../model/columns.ts';
import type { PlainTable } from './protocol.ts';
import { onSessionEnd } from '../../../lib/session.ts';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage.ts';

/**
 * What of the page's query decides the request: the datafile, its revision and its stored columns,
 * and the saved weights (a save with new weights rewrites the revision's combined score).
 */
export type ScoreFile = {
  id: string;
  revision: number;
  scoreColumns: readonly string[];
  rawColumns: readonly string[];
  dataPoints: readonly { dataPointType: string; role?: string | null; columns: string[] }[];
  weightingMethod?: { datafileWeighting: readonly { key: string; value: number }[] } | null;
};

/** Decoded tables kept (a table of 100,000 interviews is about 20 MB). */
const KEEP = 2;
type Entry = { answer: Promise<TableAnswer>; table?: PlainTable };
const tables = new Map<string, Entry>();

/** The request of a file's score table, or null before it has a revision. */
export function scoreTableRequest(file: ScoreFile): { url: string; timeRatioOf?: string; key: string } | null {
  if (file.revision === 0 || file.scoreColumns.length === 0) return null;
  const duration = totalDurationColumn(file.dataPoints);
  const rawName = duration && file.rawColumns.includes(duration) ? `${RAW_PREFIX}${duration}` : undefined;
  const url = columnsUrl(file.id, {
    file: 'all',
    columns: rawName ? [...file.scoreColumns, rawName] : file.scoreColumns,
  });
  const weights = (file.weightingMethod?.datafileWeighting ?? []).map((w) => `${w.key}=${w.value}`).join(',');
  return { url, ...(rawName ? { timeRatioOf: rawName } : {}), key: `${file.revision} ${weights} ${url}` };
}

type ScoreRequest = NonNullable<ReturnType<typeof scoreTableRequest>>;

/** A new entry for `request`, most recent last; the oldest beyond KEEP are dropped. A failed one is forgotten. */
function remember(request: ScoreRequest, answer: Promise<TableAnswer>): Entry {
  const created: Entry = { answer };
  tables.set(request.key, created);
  answer.then(
    (a) => {
      markResultLoad('decoded');
      created.table = a.table;
    },
    () => {
      if (tables.get(request.key) === created) tables.delete(request.key);
    },
  );
  while (tables.size > KEEP) tables.delete(tables.keys().next().value!);
  return created;
}

/** Whether this browser can hand a ReadableStream to a worker (Chromium, Firefox, Safari 17+ can). */
let streamsTransfer: boolean | undefined;
function canTransferStreams(): boolean {
  if (streamsTransfer === undefined) {
    try {
      const { port1, port2 } = new MessageChannel();
      const probe = new ReadableStream();
      port1.postMessage(probe, [probe as unknown as Transferable]);
      port1.close();
      port2.close();
      streamsTransfer = true;
    } catch {
      streamsTransfer = false;
    }
  }
  return streamsTransfer;
}

/**
 * Once the worker has loaded, it fetches and decodes the body record batch by record batch as it
 * arrives (decoding overlaps the transfer, and the page's thread never holds the bytes). Before, the
 * request goes out from the page (a request from the worker would wait for the worker's script, most
 * of a small file's load) and the worker is handed the body as a stream, which it decodes the same
 * way once loaded; where streams cannot be handed over, the whole body's bytes.
 */
function requestScoreTable(request: ScoreRequest): Promise<TableAnswer> {
  const headers = authHeaders();
  const signal = session.signal;
  const derived = request.timeRatioOf ? { timeRatioOf: request.timeRatioOf } : {};
  const marked = (answer: TableAnswer) => {
    markResultLoad('bytes', answer.bytesAt);
    return answer;
  };
  if (columnsWorkerReady())
    return requestTable({ type: 'fetch', request: { url: request.url, headers, ...derived } }).then(marked);
  return fetchColumns(request.url, headers, signal).then(async (fetched) => {
    if (!fetched.ok) throw new ColumnsError(fetched.failure);
    const body = fetched.response.body;
    if (body && canTransferStreams())
      return requestTable({ type: 'fetch', request: { url: request.url, headers, body, ...derived } }, undefined, [
        body as unknown as Transferable,
      ]).then(marked);
    const bytes = await fetched.response.arrayBuffer();
    markResultLoad('bytes');
    return requestTable({ type: 'fetch', request: { url: request.url, headers, bytes, ...derived } }, undefined, [
      bytes,
    ]);
  });
}

/** The file's score table: the one in memory, the one on its way, or a new request. A failed one is forgotten. */
export function loadScoreTable(file: ScoreFile): Promise<PlainTable> | null {
  const request = scoreTableRequest(file);
  if (!request) return null;
  let entry = tables.get(request.key);
  if (entry) {
    // Most recently used last.
    tables.delete(request.key);
    tables.set(request.key, entry);
  } else entry = remember(request, requestScoreTable(request));
  writeStorage(storageKeys.resultScoreRequest, JSON.stringify({ datafileId: file.id, ...request }));
  return entry.answer.then((a) => a.table);
}

/**
 * A full load of /datafile-result (web/app/boot.ts): the score table of the last visit to the same
 * datafile is asked for at once, beside the page's query instead of after its answer. Its key names
 * the revision, the weights and the columns as that visit's query answered them: the page takes it
 * only when its own query answers the same (loadScoreTable finds it under that key); else it asks anew.
 */
export function prefetchRememberedScoreTable(datafileId: string): void {
  let stored: unknown;
  try {
    stored = JSON.parse(readStorage(storageKeys.resultScoreRequest) ?? 'null');
  } catch {
    return;
  }
  const s = stored as Record<string, unknown> | null;
  // Only this datafile's columns route: the request carries the session's token.
  const route = `${columnsUrl(datafileId, {})}?`;
  if (!s || s.datafileId !== datafileId || typeof s.url !== 'string' || typeof s.key !== 'string') return;
  if (!s.url.startsWith(route)) return;
  if (tables.has(s.key)) return;
  const request: ScoreRequest = {
    url: s.url,
    key: s.key,
    ...(typeof s.timeRatioOf === 'string' ? { timeRatioOf: s.timeRatioOf } : {}),
  };
  remember(request, requestScoreTable(request));
}

/** The file's score table when this tab has it decoded already (the page then renders it in its first pass). */
export function decodedScoreTable(file: ScoreFile): PlainTable | undefined {
  const request = scoreTableRequest(file);
  return request ? tables.get(request.key)?.table : undefined;
}

/**
 * Ends the page's own requests of the score table when the session ends (the worker's are ended by
 * the columns client). Leaving the page does not end them: the table is kept for the next visit.
 */
let session = new AbortController();

// The next user of this tab must not read the last one's tables from memory, nor wait behind their downloads.
onSessionEnd(() => {
  session.abort();
  session = new AbortController();
  tables.clear();
});

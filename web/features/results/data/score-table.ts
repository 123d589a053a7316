// The result page's score table (every score column and the raw total duration, decoded in the
// data worker), asked for at boot beside the page's query (web/app/boot.ts, prefetchScoreTable: the
// route chooses the same columns), else as soon as the page's query has answered, and kept in memory
// between visits: a published revision's answers never change and its combined score changes only with the saved weights (the columns route's ETag names the
// datafile, the revision, the weights and the selection; so does this cache's key), so a table decoded
// once is the same table the next visit would load.
import { authHeaders, columnsUrl, requestTable, type TableAnswer } from './columns-client.ts';
import { markResultLoad } from './load-marks.ts';
import { RAW_PREFIX, TIME_RATIO_COLUMN, totalDurationColumn } from '../model/columns.ts';
import type { FetchRequest, PlainTable } from './protocol.ts';
import { onSessionEnd } from '../../../lib/session.ts';

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

/** The weights as the columns route names them (x-datafile-weights). */
const weightsOf = (file: ScoreFile) =>
  (file.weightingMethod?.datafileWeighting ?? []).map((w) => `${w.key}=${w.value}`).join(',');

/** The request of a file's score table, or null before it has a revision. */
export function scoreTableRequest(
  file: ScoreFile,
): { url: string; columns: string[]; timeRatioOf?: string; key: string } | null {
  if (file.revision === 0 || file.scoreColumns.length === 0) return null;
  const duration = totalDurationColumn(file.dataPoints);
  const rawName = duration && file.rawColumns.includes(duration) ? `${RAW_PREFIX}${duration}` : undefined;
  const columns = rawName ? [...file.scoreColumns, rawName] : [...file.scoreColumns];
  const url = columnsUrl(file.id, { file: 'all', columns });
  return {
    url,
    columns,
    ...(rawName ? { timeRatioOf: rawName } : {}),
    key: `${file.revision} ${weightsOf(file)} ${url}`,
  };
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

/** The worker fetches the body itself and decodes it as it arrives (the page's thread never holds the bytes). */
function askWorker(request: Omit<FetchRequest, 'headers'>): Promise<TableAnswer> {
  return requestTable({ type: 'fetch', request: { ...request, headers: authHeaders() } }).then((answer) => {
    markResultLoad('bytes', answer.bytesAt);
    return answer;
  });
}

const requestScoreTable = (request: ScoreRequest) =>
  askWorker({ url: request.url, ...(request.timeRatioOf ? { timeRatioOf: request.timeRatioOf } : {}) });

/**
 * The score table asked for at boot (prefetchScoreTable), before the page's query has answered, per
 * datafile; taken once by the first loadScoreTable of that datafile.
 */
const early = new Map<string, Promise<TableAnswer>>();

/**
 * Whether the table asked for at boot is the one the page's query names: the same revision, weights and
 * columns (the route chose them from the same revision; a save in between would show here).
 */
function answers(answer: TableAnswer, file: ScoreFile, request: ScoreRequest): boolean {
  const fields = answer.table.fields.map((f) => f.name).filter((n) => n !== TIME_RATIO_COLUMN);
  return (
    answer.revision === String(file.revision) &&
    answer.weights === weightsOf(file) &&
    fields.length === request.columns.length &&
    fields.every((n, i) => n === request.columns[i]) &&
    (request.timeRatioOf === undefined) === !(TIME_RATIO_COLUMN in answer.table.numeric)
  );
}

/** The file's score table: the one in memory, the one on its way, or a new request. A failed one is forgotten. */
export function loadScoreTable(file: ScoreFile): Promise<PlainTable> | null {
  const request = scoreTableRequest(file);
  if (!request) return null;
  let entry = tables.get(request.key);
  const asked = early.get(file.id);
  early.delete(file.id);
  if (entry) {
    // Most recently used last.
    tables.delete(request.key);
    tables.set(request.key, entry);
  } else if (asked)
    entry = remember(
      request,
      asked.then(
        (answer) => (answers(answer, file, request) ? answer : requestScoreTable(request)),
        () => requestScoreTable(request),
      ),
    );
  else entry = remember(request, requestScoreTable(request));
  return entry.answer.then((a) => a.table);
}

/**
 * A full load of /datafile-result (web/app/boot.ts): the score table is asked for at once, beside the
 * page's query instead of after its answer (the route chooses the columns: preset=score-table). The
 * page takes it when its query names the same revision, weights and columns; else it asks anew.
 */
export function prefetchScoreTable(datafileId: string): void {
  if (early.has(datafileId)) return;
  const asked = askWorker({ url: columnsUrl(datafileId, { preset: 'score-table' }), timeRatioOfRaw: true });
  asked.catch(() => undefined);
  early.set(datafileId, asked);
}

/** The file's score table when this tab has it decoded already (the page then renders it in its first pass). */
export function decodedScoreTable(file: ScoreFile): PlainTable | undefined {
  const request = scoreTableRequest(file);
  return request ? tables.get(request.key)?.table : undefined;
}

// The next user of this tab must not read the last one's tables from memory.
onSessionEnd(() => {
  tables.clear();
  early.clear();
});

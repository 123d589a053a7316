// Messages between the result page and its data worker (results.worker.ts).

/** The worker's name; a worker started for a request is named `${WORKER_NAME} ${JSON of that request}`. */
export const WORKER_NAME = 'result-columns';

/** An Arrow table as plain columns: numbers (null -> NaN) transferred, text as arrays. */
export interface PlainTable {
  rows: number;
  numeric: Record<string, Float64Array>;
  text: Record<string, (string | null)[]>;
  /** Field order of the table, with `categories` (JSON code -> name) from the field metadata where set. */
  fields: { name: string; numeric: boolean; categories?: Record<string, string> }[];
}

export interface FetchRequest {
  url: string;
  headers: Record<string, string>;
  /** Raw column (name as the route names it, e.g. raw:duration) to turn into derived.time_ratio. */
  timeRatioOf?: string;
  /** The preset=score-table request: its raw column (the total duration, when any) becomes derived.time_ratio. */
  timeRatioOfRaw?: boolean;
}

export interface CarelessRequest {
  url: string;
  headers: Record<string, string>;
  /** Each grid's raw item columns (names as the route serves them) and its id. */
  grids: { id: string; columns: string[] }[];
}

export type ToWorker =
  | { type: 'fetch'; id: number; request: FetchRequest }
  | { type: 'careless'; id: number; request: CarelessRequest }
  /**
   * The page no longer wants request `id` (its page was left, or the session ended): the worker ends
   * its download (which frees the server's place for the body at once) and answers nothing.
   */
  | { type: 'abort'; id: number };

/** A request the page sends (every message but an abort). */
export type WorkerRequest = Exclude<ToWorker, { type: 'abort' }>;

export interface WorkerFailure {
  status: number;
  code: string;
  reason?: string;
  message: string;
}

export type FromWorker =
  /**
   * `bytesAt`: when the worker had the body's last byte (epoch ms); `revision`, `weights`: the route's
   * x-datafile-revision and x-datafile-weights (what the body was built from).
   */
  | {
      type: 'table';
      id: number;
      table: PlainTable;
      bytes: number;
      ms: number;
      bytesAt?: number;
      revision?: string;
      weights?: string;
    }
  | { type: 'failed'; id: number; failure: WorkerFailure };

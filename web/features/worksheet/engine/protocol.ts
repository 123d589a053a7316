// The messages between the worksheet's main thread and its cleaning Web Worker. Big arrays cross as
// transferred buffers (moved, never copied): the score columns or Arrow bytes going in, the masks
// coming back. Everything else is small structured-clone data.
import type { CheckGuard, CleaningRules, CombinedWeights, RuleKey } from '../../../../scoring/index.ts';

/** Where the worker gets the score columns from. Every ArrayBuffer in here is transferred. */
export type EngineSource =
  /** Float64 columns named as in scores.arrow (`combined`, `ts`, `ts.data_points`, ...; NaN = null). */
  | { kind: 'columns'; rows: number; columns: Record<string, Float64Array> }
  /**
   * Arrow IPC bytes (file or stream format) of scores.arrow columns, as the binary columns route
   * sends them, and optionally of raw.arrow columns to group by (`groupingColumns`).
   */
  | { kind: 'arrow'; scores: ArrayBuffer; raw?: ArrayBuffer; groupingColumns?: string[] };

/** A characteristic to group interviews by: cell index per interview (-1 = none) and a label per cell. */
export interface GroupingInput {
  name: string;
  cells: Int32Array;
  labels: string[];
  /** Each cell's value as String(value) (the key of quota targets on the server); defaults to the labels. */
  values?: string[];
}

/** What one run asks for: the rules, and which grouping to describe (and to quota-clean by). */
export interface CleaningRequest {
  rules: CleaningRules;
  /** Grouping whose composition before/after comes back (null: none). */
  groupBy?: string | null;
  /** Quota cleaning: trims each cell of `grouping` to its target (same order as its labels; null = no target). */
  quota?: { grouping: string; targets: (number | null)[] } | null;
  /** Rows the Duplicate Respondent rule removes (scoring/duplicate-rule.ts resolved them on the main thread). */
  duplicate?: number[] | null;
  /**
   * The combined score's weights (the form's, unsaved ones included): the worker computes the
   * combined score again from the subscores with the same WASM combine the server's save runs.
   * Absent: the stored combined column as it is.
   */
  weights?: CombinedWeights | null;
}

/** Manual decisions per interview row: 0 none, 1 exclude, 2 keep (the facade's codes). */
export type ManualDecision = 0 | 1 | 2;

export type ToWorker =
  | { type: 'init'; source: EngineSource; groupings?: GroupingInput[]; manual?: Float64Array; wasmUrl?: string }
  | { type: 'run'; seq: number; request: CleaningRequest }
  | { type: 'manual'; changes: [row: number, decision: ManualDecision][] }
  | { type: 'dispose' };

export interface EngineReady {
  rows: number;
  /** Scoring version of the WASM in the worker (the server re-runs with the same). */
  version: string;
  /** Score columns found (a revision may lack some, e.g. no projective questions). */
  columns: string[];
  /** Of those, the ones with a value for at least one interview (a file without SDS items has an all-empty sds column). */
  scored: string[];
  groupings: { name: string; labels: string[]; values: string[] }[];
  /** Record id per row (scores.arrow record_id), when the source has them. */
  recordIds: string[] | null;
  /** A copy of the combined score per row (NaN = none) for the table; transferred. */
  combined: Float64Array | null;
}

export interface ScoreAverage {
  before: number | null;
  after: number | null;
}

export interface Composition {
  grouping: string;
  labels: string[];
  /** Interviews per cell before and after cleaning. */
  before: number[];
  after: number[];
  /** Interviews in no cell. */
  noneBefore: number;
  noneAfter: number;
  /** Quota targets per cell when this grouping is the quota characteristic. */
  targets: (number | null)[] | null;
}

/** Everything one run returns; `kept`, `reasons` and `primary` arrive as transferred buffers. */
export interface EngineResult {
  /** The run this answers (a newer run supersedes older ones: their promises get this result). */
  seq: number;
  /** The request this run answered (the caller's own object, as passed to run()). */
  request: CleaningRequest;
  rows: number;
  keptCount: number;
  removedCount: number;
  /** 1 kept, 0 removed, per interview row. */
  kept: Uint8Array;
  /** Bit set of REASONS per interview. */
  reasons: Uint16Array;
  /** Index into REASONS of the primary reason, -1 when kept. */
  primary: Int8Array;
  /** Interviews whose primary reason is REASONS[i]. */
  primaryCounts: number[];
  /** Interviews for which REASONS[i] fired (one interview can count under several reasons). */
  reasonCounts: number[];
  /** primaryCounts[i] / rows: the share of the sample each reason removed (0..1). */
  removedShare: number[];
  /** Combined score in 10-point bins [0,10) ... [90,100]; null scores counted apart. */
  histogram: { binWidth: 10; before: number[]; after: number[]; nullBefore: number; nullAfter: number };
  /** Mean of each score over the interviews that have it, before and after. */
  averages: Record<RuleKey, ScoreAverage>;
  composition: Composition | null;
  /** The over-cleaning guard: per check, what it removes alone and its estimated false-positive rate. */
  guard: CheckGuard[];
  /** The combined score per row when this run's weights changed it (transferred); null: as before. */
  combined: Float64Array | null;
  /** The target sample size is set and fewer interviews remain (TARGET_SAMPLE_SIZE_TOO_SMALL). */
  belowTarget: boolean;
  version: string;
  /** Milliseconds inside the worker: the facade's run, the summaries, the whole message. */
  timings: { cleanMs: number; statsMs: number; workerMs: number };
}

export type FromWorker =
  | { type: 'ready'; ready: EngineReady }
  | { type: 'result'; result: EngineResult }
  | { type: 'error'; seq: number | null; message: string };

/** The part of a Worker the client uses (a real Worker, or a MessagePort in tests). */
export interface WorkerLike {
  postMessage(message: ToWorker, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  terminate?(): void;
}

/** Combined-score bins of the histogram. */
export const HISTOGRAM_BINS = 10;

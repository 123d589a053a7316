// The worker side of the cleaning engine, free of worker globals so a test can drive it through a
// MessageChannel: it owns the scoring facade, the score columns and one resident cleaning session,
// and answers each run with the masks (transferred) and the summaries.
import { tableFromIPC } from 'apache-arrow';
import {
  RULE_KEYS,
  cleaningGuard,
  cleaningInputFromColumns,
  CLEANING_COLUMNS,
  sameWeights,
  type CleaningInput,
  type CombinedWeights,
  type RuleCleaningSession,
  type RuleKey,
  type Scoring,
} from '../../../../scoring/index.ts';
import { groupingFromTable, numericColumnsFromIpc } from './arrow-columns.ts';
import type { CleaningRequest, EngineSource, FromWorker, GroupingInput, ToWorker } from './protocol.ts';
import { computeBaseline, summarise, type Baseline } from './stats.ts';

export type LoadScoring = (wasmUrl?: string) => Promise<Scoring>;
export type Post = (message: FromWorker, transfer: Transferable[]) => void;

interface State {
  scoring: Scoring;
  rows: number;
  columns: Map<string, Float64Array>;
  groupings: Map<string, GroupingInput>;
  baseline: Baseline;
  manual: Float64Array;
  session: RuleCleaningSession | null;
  /** What the resident session was built from (the guard reads the same scores). */
  input: CleaningInput | null;
  /** What the resident session was built with: a new quota or manual decisions need a new session. */
  sessionKey: string;
  manualVersion: number;
  /** The combined column as stored, and the weights the current one was computed with (null: stored). */
  storedCombined: Float64Array | undefined;
  weights: CombinedWeights | null;
  groupingList: GroupingInput[];
}

/** Subscores of the combined score and their columns in scores.arrow. */
const SUBSCORE_COLUMNS = { oes: 'oes', ts: 'ts', ibs: 'ibs', ps: 'ps', cs: 'cs', con: 'con', bas: 'bas' } as const;

function scoresOf(columns: Map<string, Float64Array>): Partial<Record<RuleKey, Float64Array>> {
  const scores: Partial<Record<RuleKey, Float64Array>> = {};
  for (const key of RULE_KEYS) {
    const col = columns.get(CLEANING_COLUMNS[key].score);
    if (col) scores[key] = col;
  }
  return scores;
}

/** Puts the combined score under `weights` (null: the stored one) into the columns; true when it changed. */
function applyWeights(s: State, weights: CombinedWeights | null): boolean {
  const same = weights === null || s.weights === null ? weights === s.weights : sameWeights(weights, s.weights);
  if (same || !s.storedCombined) return false;
  let combined = s.storedCombined;
  if (weights) {
    const sub: Record<string, Float64Array | undefined> = {};
    for (const [key, name] of Object.entries(SUBSCORE_COLUMNS)) sub[key] = s.columns.get(name);
    combined = s.scoring.combined(sub, s.rows, weights).combined;
  }
  s.columns.set(CLEANING_COLUMNS.combined.score, combined);
  s.weights = weights;
  s.baseline = computeBaseline(s.rows, scoresOf(s.columns), s.groupingList);
  return true;
}

function columnsOf(source: EngineSource): {
  rows: number;
  columns: Map<string, Float64Array>;
  groupings: GroupingInput[];
  recordIds: string[] | null;
} {
  if (source.kind === 'columns')
    return { rows: source.rows, columns: new Map(Object.entries(source.columns)), groupings: [], recordIds: null };
  const { rows, columns, recordIds } = numericColumnsFromIpc(source.scores);
  const groupings: GroupingInput[] = [];
  if (source.raw && source.groupingColumns?.length) {
    const raw = tableFromIPC(new Uint8Array(source.raw));
    if (raw.numRows !== rows) throw new Error(`raw columns have ${raw.numRows} rows, scores ${rows}`);
    for (const name of source.groupingColumns) groupings.push(groupingFromTable(raw, name));
  }
  return { rows, columns, groupings, recordIds };
}

/** Builds the message handler; messages are handled strictly one after another. */
export function createEngineHost(
  loadScoring: LoadScoring,
  post: Post,
): { handle: (message: ToWorker) => Promise<void> } {
  let state: State | null = null;
  let queue: Promise<void> = Promise.resolve();

  const init = async (message: Extract<ToWorker, { type: 'init' }>) => {
    const scoring = await loadScoring(message.wasmUrl);
    const { rows, columns, groupings, recordIds } = columnsOf(message.source);
    const all = [...groupings, ...(message.groupings ?? [])];
    for (const g of all)
      if (g.cells.length !== rows) throw new Error(`grouping ${g.name} has ${g.cells.length} cells, expected ${rows}`);
    const scores = scoresOf(columns);
    state?.session?.free();
    state = {
      scoring,
      rows,
      columns,
      groupings: new Map(all.map((g) => [g.name, g])),
      baseline: computeBaseline(rows, scores, all),
      manual: message.manual ?? new Float64Array(rows),
      session: null,
      input: null,
      sessionKey: '',
      manualVersion: 0,
      storedCombined: columns.get(CLEANING_COLUMNS.combined.score),
      weights: null,
      groupingList: all,
    };
    const combined = columns.get(CLEANING_COLUMNS.combined.score)?.slice() ?? null;
    post(
      {
        type: 'ready',
        ready: {
          rows,
          version: scoring.version,
          columns: [...columns.keys()],
          scored: [...columns].filter(([, col]) => col.some((v) => !Number.isNaN(v))).map(([name]) => name),
          groupings: all.map((g) => ({ name: g.name, labels: g.labels, values: g.values ?? g.labels })),
          recordIds,
          combined,
        },
      },
      combined ? [combined.buffer] : [],
    );
  };

  const sessionFor = (s: State, request: CleaningRequest, reweighted: boolean): RuleCleaningSession => {
    const quota = request.quota ?? null;
    const duplicate = request.duplicate ?? null;
    const key = JSON.stringify([quota, s.manualVersion, duplicate]);
    if (s.session && s.sessionKey === key && !reweighted) return s.session;
    s.session?.free();
    let quotaInput: CleaningInput['quota'];
    if (quota) {
      const grouping = s.groupings.get(quota.grouping);
      if (!grouping) throw new Error(`quota grouping ${quota.grouping} is unknown`);
      // NaN targets: the kernel skips a cell without a target (`!(target >= 0)`).
      quotaInput = {
        cell: Float64Array.from(grouping.cells),
        targets: Float64Array.from(grouping.labels, (_, c) => quota.targets[c] ?? Number.NaN),
      };
    }
    let duplicateInput: Float64Array | undefined;
    if (duplicate?.length) {
      duplicateInput = new Float64Array(s.rows);
      for (const row of duplicate) if (row >= 0 && row < s.rows) duplicateInput[row] = 1;
    }
    s.input = cleaningInputFromColumns(s.rows, (name) => s.columns.get(name), {
      manual: s.manual,
      ...(duplicateInput ? { duplicate: duplicateInput } : {}),
      ...(quotaInput ? { quota: quotaInput } : {}),
    });
    s.session = s.scoring.cleaningSession(s.input);
    s.sessionKey = key;
    return s.session;
  };

  const run = (seq: number, request: CleaningRequest) => {
    const s = state;
    if (!s) throw new Error('the engine has no data yet');
    const t0 = performance.now();
    const reweighted = applyWeights(s, request.weights ?? null);
    const result = sessionFor(s, request, reweighted).run(request.rules);
    const combined = reweighted ? (s.columns.get(CLEANING_COLUMNS.combined.score)?.slice() ?? null) : null;
    const t1 = performance.now();
    const groupBy = request.groupBy ?? null;
    const targets = request.quota && groupBy === request.quota.grouping ? request.quota.targets : null;
    const summary = summarise(s.baseline, result, groupBy, targets);
    const guard = cleaningGuard(s.input!, request.rules, result.checks);
    const target = request.rules.target?.n ?? 0;
    const t2 = performance.now();
    post(
      {
        type: 'result',
        result: {
          ...summary,
          seq,
          request,
          kept: result.kept,
          reasons: result.reasons,
          primary: result.primary,
          guard,
          combined,
          belowTarget: target > 0 && result.keptCount < target,
          version: result.version,
          timings: { cleanMs: t1 - t0, statsMs: t2 - t1, workerMs: performance.now() - t0 },
        },
      },
      [result.kept.buffer, result.reasons.buffer, result.primary.buffer, ...(combined ? [combined.buffer] : [])],
    );
  };

  const handleNow = async (message: ToWorker) => {
    switch (message.type) {
      case 'init':
        return init(message);
      case 'run':
        return run(message.seq, message.request);
      case 'manual': {
        if (!state) throw new Error('the engine has no data yet');
        for (const [row, decision] of message.changes) {
          if (row >= 0 && row < state.rows) state.manual[row] = decision;
        }
        state.manualVersion++;
        return undefined;
      }
      case 'dispose': {
        state?.session?.free();
        state = null;
        return undefined;
      }
    }
  };

  return {
    handle: (message) => {
      queue = queue
        .then(() => handleNow(message))
        .catch((error: unknown) => {
          post(
            {
              type: 'error',
              seq: message.type === 'run' ? message.seq : null,
              message: error instanceof Error ? error.message : String(error),
            },
            [],
          );
        });
      return queue;
    },
  };
}

import { renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REASONS } from '../../../scoring/index.ts';
import { startFirstLoad } from '../../../web/app/boot';
import { engineDataKey, type CleaningSettingsData } from '../../../web/features/worksheet/api/use-cleaning-settings';
import { useEngineInput } from '../../../web/features/worksheet/api/use-engine-input';
import {
  createCleaningEngine,
  earlyEngine,
  useCleaningEngine,
  type CleaningRequest,
  type EngineResult,
} from '../../../web/features/worksheet/engine';
import type { FromWorker, ToWorker } from '../../../web/features/worksheet/engine/protocol';
import { firstRunRequest } from '../../../web/features/worksheet/settings/first-run';
import {
  loadPageBeforeAll,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';

// Speed: a full load of the worksheet sends the first run (the saved settings' rules) to the engine
// boot started, with its data; the page's own first run takes that answer instead of waiting for a
// round trip to the worker after it mounts. Any other run, or manual decisions, run anew.

const ROWS = 3;

/** A worker that answers init with ROWS interviews and every run with all kept; counts what it got. */
class AnsweringWorker {
  static all: AnsweringWorker[] = [];
  got: ToWorker[] = [];
  private listeners: ((e: MessageEvent<FromWorker>) => void)[] = [];
  constructor() {
    AnsweringWorker.all.push(this);
  }
  addEventListener(_: string, l: (e: MessageEvent<FromWorker>) => void) {
    this.listeners.push(l);
  }
  removeEventListener() {}
  terminate() {}
  private answer(data: FromWorker) {
    setTimeout(() => this.listeners.forEach((l) => l({ data } as MessageEvent<FromWorker>)), 0);
  }
  postMessage(message: ToWorker) {
    this.got.push(message);
    if (message.type === 'init')
      this.answer({
        type: 'ready',
        ready: {
          rows: ROWS,
          version: '15',
          columns: ['combined'],
          scored: ['combined'],
          groupings: [],
          recordIds: ['r-1', 'r-2', 'r-3'],
          combined: new Float64Array([80, 70, 60]),
        },
      });
    if (message.type === 'run') this.answer({ type: 'result', result: resultOf(message.seq, message.request) });
  }
  runs() {
    return this.got.filter((m) => m.type === 'run');
  }
}

function resultOf(seq: number, request: CleaningRequest): EngineResult {
  return {
    seq,
    request,
    rows: ROWS,
    keptCount: ROWS,
    removedCount: 0,
    kept: new Uint8Array(ROWS).fill(1),
    reasons: new Uint16Array(ROWS),
    primary: new Int8Array(ROWS).fill(-1),
    primaryCounts: REASONS.map(() => 0),
    reasonCounts: REASONS.map(() => 0),
    removedShare: REASONS.map(() => 0),
    histogram: { binWidth: 10, before: [], after: [], nullBefore: 0, nullAfter: 0 },
    averages: {} as EngineResult['averages'],
    composition: null,
    guard: [],
    combined: null,
    belowTarget: false,
    version: '15',
    timings: { cleanMs: 0, statsMs: 0, workerMs: 0 },
  };
}

const settings = {
  datafileId: 'df-21',
  title: 'Demo',
  status: 'READY',
  importType: 'UPLOAD',
  revision: 1,
  scoringVersion: '15',
  numberOfRecords: ROWS,
  isCleaned: false,
  numberOfCleanedRecords: null,
  certificateLevel: null,
  certificateCode: null,
  cleaningMethod: 'THRESHOLD',
  targetSampleSize: null,
  qualityScores: [],
  groupingColumns: [],
  savedAt: null,
  savedBy: null,
  minFailingChecks: 1,
  scoreThresholds: [{ key: 'combined', name: 'Combined', isEnable: true, threshold: 40, minDataPoints: 0 }],
  badAnswers: { isEnable: false, min: 0 },
  quotaSetting: null,
  duplicateRule: { isEnable: false, keep: 'FIRST', windowDays: 30, velocitySurveys: 3, velocityDays: 1 },
  manualDecisions: [],
  weightingMethod: { datafileWeighting: [], projectiveQuestionsWeighting: [] },
} as unknown as CleaningSettingsData;

beforeEach(() => {
  resetAppState();
  AnsweringWorker.all = [];
  vi.stubGlobal('Worker', AnsweringWorker);
});
afterEach(() => vi.unstubAllGlobals());

loadPageBeforeAll('worksheet');

describe("the worksheet's first run", () => {
  it('is answered from the run sent ahead when equal; another request or a manual change runs anew', async () => {
    const worker = new AnsweringWorker();
    const engine = createCleaningEngine({ source: { kind: 'columns', rows: ROWS, columns: {} }, worker });
    const first = firstRunRequest(settings, null);
    engine.prime(first);
    expect(worker.runs()).toHaveLength(1);
    // An equal request (another object, as the page builds it) gets that answer, as its own.
    const mine = structuredClone(first);
    const answer = await engine.run(mine);
    expect(answer.request).toBe(mine);
    expect(worker.runs()).toHaveLength(1);
    // Used once: the same request again is a run of its own.
    await engine.run(mine);
    expect(worker.runs()).toHaveLength(2);
    engine.prime(first);
    await engine.run({ ...first, groupBy: 'gender' });
    expect(worker.runs()).toHaveLength(4);
    engine.prime(first);
    engine.setManual([[0, 1]]);
    await engine.run(structuredClone(first));
    expect(worker.runs()).toHaveLength(6);
    engine.dispose();
  });

  it('goes out at boot with the data, and the page shows its rows from that answer without a run of its own', async () => {
    bootWorksheet();
    // Before the page renders: the data, then the first run, to the one worker.
    await waitFor(() => expect(AnsweringWorker.all[0]?.got.map((m) => m.type)).toEqual(['init', 'run']));
    renderAppAt(`/datafile-work-sheet?datafileId=${settings.datafileId}`);
    await waitFor(() => expect(screen.getByTestId('decision-table').querySelector('[data-row]')).not.toBeNull(), {
      timeout: 5000,
    });
    expect(AnsweringWorker.all).toHaveLength(1);
    expect(AnsweringWorker.all[0]!.runs()).toHaveLength(1);
  });

  it('a page mounting after the engine is ready renders with it ready in its first render', async () => {
    bootWorksheet();
    await waitFor(() => expect(earlyEngine(engineDataKey(settings))).not.toBeNull());
    const started = await earlyEngine(engineDataKey(settings));
    await waitFor(() => expect(started?.readyNow).not.toBeNull());
    const input = renderHook(() => useEngineInput(settings)).result.current;
    expect(input.options).toEqual({ started });
    const state = renderHook(() => useCleaningEngine(input.options)).result.current;
    expect(state.engine).toBe(started);
    expect(state.ready).toBe(started!.readyNow);
  });
});

/** A full load of the worksheet's address (web/app/boot.ts) against a fake server and worker. */
function bootWorksheet() {
  {
    const fetchMock = stubGraphQL(
      shellHandlers('ADMIN', {
        getDatafileCleaningSettings: () => ({ data: { getDatafileCleaningSettings: settings } }),
        worksheetDuplicates: () => ({
          data: {
            datafileDuplicates: { interviewsWithIdentity: 0, duplicates: [], velocity: [], recordSources: [] },
          },
        }),
        getCleaningAuditTrail: () => ({
          data: {
            getCleaningAuditTrail: {
              entries: [],
              pageInfo: { page: 1, limit: 8, total: 0, previousPage: null, nextPage: null },
            },
          },
        }),
      }),
    );
    const graphql = fetchMock.getMockImplementation()!;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/columns')
          ? new Response(new Uint8Array(3), { headers: { 'X-Datafile-Revision': '1' } })
          : graphql(input, init),
      ),
    );
    startSession(8 * 3600, 'ADMIN');
    window.history.replaceState(null, '', `/datafile-work-sheet?datafileId=${settings.datafileId}`);
    startFirstLoad('/datafile-work-sheet');
  }
}

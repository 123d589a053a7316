// @vitest-environment happy-dom
// The cleaning engine's message protocol end to end in one thread: the client on one port of a real
// MessageChannel, the worker's host (the real WASM facade) on the other, so transfers detach buffers
// exactly as a Worker does. Results are checked against the facade's clean() and plain loops.
import { Field, Float64, Schema, Table, Utf8, makeVector, tableToIPC, vectorFromArray } from 'apache-arrow';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECK_KEYS,
  CLEANING_COLUMNS,
  DEFAULT_RULES,
  REASONS,
  RULE_KEYS,
  cleaningInputFromColumns,
  combinedWeightsOf,
  type CleaningRules,
} from '../../../scoring/index.ts';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadScoring } from '../../../scoring/index.ts';
import {
  createCleaningEngine,
  type CleaningEngine,
  type CleaningEngineOptions,
} from '../../../web/features/worksheet/engine/client.ts';
import { createEngineHost } from '../../../web/features/worksheet/engine/host.ts';
import { useCleaningEngine } from '../../../web/features/worksheet/engine/use-cleaning-engine.ts';
import type { FromWorker, ToWorker, WorkerLike } from '../../../web/features/worksheet/engine/protocol.ts';
import { generateScores } from '../../support/web/score-columns.ts';

// Not scoring/load-node.ts: under happy-dom Vite turns its `new URL('x.wasm', import.meta.url)` into an
// http URL. `npm test` builds the .wasm first (pretest).
const scoring = await loadScoring(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../scoring/build/scoring.wasm')),
);

/** A Worker stand-in: the client talks to port1, the host listens on port2. Counts what the host receives. */
function channelWorker(): { worker: WorkerLike; received: ToWorker[]; terminated: () => boolean } {
  const channel = new MessageChannel();
  const received: ToWorker[] = [];
  const host = createEngineHost(
    async () => scoring,
    (message, transfer) => channel.port2.postMessage(message, transfer),
  );
  channel.port2.onmessage = (event: MessageEvent<ToWorker>) => {
    received.push(event.data);
    void host.handle(event.data);
  };
  const port = channel.port1;
  port.start();
  let terminated = false;
  const worker: WorkerLike = {
    postMessage: (message, transfer) => port.postMessage(message, transfer),
    addEventListener: (type, listener) => port.addEventListener(type, listener as (e: MessageEvent) => void),
    removeEventListener: (type, listener) => port.removeEventListener(type, listener as (e: MessageEvent) => void),
    terminate: () => {
      terminated = true;
      port.close();
      channel.port2.close();
    },
  };
  return { worker, received, terminated: () => terminated };
}

const engines: CleaningEngine[] = [];
function start(options: Omit<CleaningEngineOptions, 'worker'>) {
  const { worker, received } = channelWorker();
  const engine = createCleaningEngine({ ...options, worker });
  engines.push(engine);
  return { engine, received };
}
afterEach(() => {
  engines.splice(0).forEach((e) => e.dispose());
});

const rulesWith = (combined: number): CleaningRules => ({
  ...DEFAULT_RULES,
  rules: { ...DEFAULT_RULES.rules, combined: { enabled: true, threshold: combined, minDataPoints: 0 } },
});

/** Copies, because the engine takes the originals away. */
function copyColumns(data: ReturnType<typeof generateScores>): Record<string, Float64Array> {
  return Object.fromEntries(Object.entries(data.columns).map(([k, v]) => [k, v.slice()]));
}

describe('worksheet cleaning engine (message protocol)', () => {
  it('moves the score columns into the worker instead of copying them', async () => {
    const data = generateScores(2_000, 3);
    const columns = copyColumns(data);
    const combined = columns.combined!;
    const { engine } = start({ source: { kind: 'columns', rows: data.rows, columns } });
    expect(combined.byteLength).toBe(0);
    const ready = await engine.ready;
    expect(ready.rows).toBe(2_000);
    expect(ready.version).toBe(scoring.version);
    expect(ready.columns).toContain('combined');
  });

  it('returns the over-cleaning guard of each run, counted by plain loops, and removes only at k of n', async () => {
    const data = generateScores(4_000, 19);
    const { engine } = start({ source: { kind: 'columns', rows: data.rows, columns: copyColumns(data) } });
    const cols = data.columns as Record<string, Float64Array>;
    const input = cleaningInputFromColumns(data.rows, (n) => cols[n]);
    const r = await engine.run({ rules: DEFAULT_RULES });
    const checks = scoring.clean(input, DEFAULT_RULES).checks;
    for (const g of r.guard) {
      const b = CHECK_KEYS.indexOf(g.check);
      const rule = g.check === 'badAnswers' ? null : DEFAULT_RULES.rules[g.check];
      expect(g.enabled).toBe(rule ? rule.enabled : DEFAULT_RULES.badAnswers.enabled);
      if (!g.enabled) continue;
      let flagged = 0,
        alone = 0,
        eligible = 0;
      for (let i = 0; i < data.rows; i++) {
        const score = rule ? cols[CLEANING_COLUMNS[g.check as 'ts'].score]?.[i] : undefined;
        const dp = rule ? (cols[CLEANING_COLUMNS[g.check as 'ts'].dataPoints]?.[i] ?? 0) : cols['oes.data_points']![i]!;
        const fires = rule
          ? score !== undefined && score < rule.threshold && dp >= rule.minDataPoints
          : (cols['oes.bad_answers']?.[i] ?? 0) >= DEFAULT_RULES.badAnswers.min;
        expect(Boolean(checks[i]! & (1 << b)), `${g.check} row ${i}`).toBe(fires);
        const others = (checks[i]! & ~(1 << b)) !== 0;
        if (fires) flagged++;
        if (fires && !others) alone++;
        const canFire = rule ? score !== undefined && !Number.isNaN(score) && dp >= rule.minDataPoints : dp > 0;
        if (!others && (fires || canFire)) eligible++;
      }
      expect({ flagged: g.flagged, alone: g.alone, eligible: g.eligible }).toEqual({ flagged, alone, eligible });
      expect(g.falsePositiveEstimate).toBeCloseTo(eligible ? alone / eligible : Number.NaN, 12);
    }
    // Two failing checks: only interviews that fail at least two are removed; the guard is the same.
    const two = await engine.run({ rules: { ...DEFAULT_RULES, minFailing: 2 } });
    const failing = (i: number) => CHECK_KEYS.filter((_, b) => checks[i]! & (1 << b)).length;
    expect(Array.from(two.kept)).toEqual(Array.from({ length: data.rows }, (_, i) => (failing(i) >= 2 ? 0 : 1)));
    expect(two.keptCount).toBeGreaterThan(r.keptCount);
    expect(two.guard).toEqual(r.guard);
  });

  it('computes the combined score under the form’s weights with the WASM combine the server saves with', async () => {
    const data = generateScores(2_000, 7);
    const cols = data.columns as Record<string, Float64Array>;
    const { engine } = start({ source: { kind: 'columns', rows: data.rows, columns: copyColumns(data) } });
    const weights = combinedWeightsOf([
      { key: 'ts', value: 100 },
      { key: 'oes', value: 0 },
    ]);
    const sub = { oes: cols.oes, ts: cols.ts, ibs: cols.ibs, ps: cols.ps, cs: cols.cs, con: cols.con, bas: cols.bas };
    const combined = scoring.combined(sub, data.rows, weights).combined;
    const keptUnder = (c: Float64Array) =>
      scoring.clean(
        cleaningInputFromColumns(data.rows, (n) => (n === 'combined' ? c : cols[n])),
        rulesWith(60),
      ).kept;
    const weighted = await engine.run({ rules: rulesWith(60), weights });
    expect(Array.from(weighted.kept)).toEqual(Array.from(keptUnder(combined)));
    // The table's combined column comes with the run that changed it.
    expect(Array.from(weighted.combined!)).toEqual(Array.from(combined));
    expect((await engine.run({ rules: rulesWith(50), weights })).combined).toBeNull();
    const stored = await engine.run({ rules: rulesWith(60), weights: null });
    expect(Array.from(stored.kept)).toEqual(Array.from(keptUnder(cols.combined!)));
    expect(stored.keptCount).not.toBe(weighted.keptCount);
  });

  it("returns the facade's decisions and the counts, distributions and averages of the same rules", async () => {
    const data = generateScores(5_000, 11);
    const { engine } = start({
      source: { kind: 'columns', rows: data.rows, columns: copyColumns(data) },
      groupings: data.groupings.map((g) => ({ ...g, cells: g.cells.slice() })),
    });
    // Earlier runs first: the summaries follow the decisions from run to run, so the last must still be exact.
    for (const t of [70, 40, 62]) await engine.run({ rules: rulesWith(t), groupBy: 'gender' });
    const rules = rulesWith(55);
    const r = await engine.run({ rules, groupBy: 'region' });
    const expected = scoring.clean(
      cleaningInputFromColumns(data.rows, (n) => (data.columns as Record<string, Float64Array>)[n]),
      rules,
    );
    expect(r.keptCount).toBe(expected.keptCount);
    expect(r.removedCount).toBe(data.rows - expected.keptCount);
    expect(Array.from(r.kept)).toEqual(Array.from(expected.kept));
    expect(Array.from(r.primary)).toEqual(Array.from(expected.primary));
    expect(Array.from(r.reasons)).toEqual(Array.from(expected.reasons));
    const primaryCounts = REASONS.map((_, k) => expected.primary.filter((p) => p === k).length);
    expect(r.primaryCounts).toEqual(primaryCounts);
    expect(r.reasonCounts).toEqual(REASONS.map((_, k) => expected.reasons.filter((b) => (b & (1 << k)) !== 0).length));
    expect(r.removedShare.map((s) => Math.round(s * data.rows))).toEqual(primaryCounts);
    // Histogram of the combined score in 10-point bins, before and after.
    const bins = (keep: (i: number) => boolean) => {
      const h = new Array<number>(10).fill(0);
      data.columns.combined.forEach((v, i) => {
        if (keep(i) && !Number.isNaN(v)) h[Math.min(9, Math.floor(v / 10))]!++;
      });
      return h;
    };
    expect(r.histogram.before).toEqual(bins(() => true));
    expect(r.histogram.after).toEqual(bins((i) => expected.kept[i] === 1));
    expect(r.histogram.after.reduce((a, b) => a + b, 0) + r.histogram.nullAfter).toBe(r.keptCount);
    for (const key of RULE_KEYS) {
      const col = (data.columns as Record<string, Float64Array>)[key]!;
      const mean = (keep: (i: number) => boolean) => {
        let s = 0,
          c = 0;
        col.forEach((v, i) => {
          if (keep(i) && !Number.isNaN(v)) {
            s += v;
            c++;
          }
        });
        return s / c;
      };
      expect(r.averages[key].before).toBeCloseTo(
        mean(() => true),
        9,
      );
      expect(r.averages[key].after).toBeCloseTo(
        mean((i) => expected.kept[i] === 1),
        9,
      );
    }
    expect(r.averages.combined.after!).toBeGreaterThan(r.averages.combined.before!);
    const region = data.groupings[1]!;
    expect(r.composition?.labels).toEqual(region.labels);
    expect(r.composition?.before).toEqual(region.labels.map((_, c) => region.cells.filter((x) => x === c).length));
    expect(r.composition?.after).toEqual(
      region.labels.map((_, c) => region.cells.filter((x, i) => x === c && expected.kept[i] === 1).length),
    );
    expect(r.timings.cleanMs).toBeGreaterThanOrEqual(0);
  });

  it('coalesces rapid changes: the latest wins and replaced callers get its result', async () => {
    const data = generateScores(3_000, 5);
    const { engine, received } = start({ source: { kind: 'columns', rows: data.rows, columns: copyColumns(data) } });
    await engine.ready;
    const thresholds = [40, 45, 50, 55, 60, 65];
    const results = await Promise.all(thresholds.map((t) => engine.run(rulesWith(t))));
    const runs = received.filter((m) => m.type === 'run');
    expect(runs).toHaveLength(2);
    expect(results[0]!.request.rules.rules.combined.threshold).toBe(40);
    for (const r of results.slice(1)) {
      expect(r).toBe(results[5]);
      expect(r.request.rules.rules.combined.threshold).toBe(65);
    }
    const direct = scoring.clean(
      cleaningInputFromColumns(data.rows, (n) => (data.columns as Record<string, Float64Array>)[n]),
      rulesWith(65),
    );
    expect(results[5]!.keptCount).toBe(direct.keptCount);
  });

  it('applies manual decisions and quota targets on the next run', async () => {
    const data = generateScores(4_000, 9);
    const gender = data.groupings[0]!;
    const { engine } = start({
      source: { kind: 'columns', rows: data.rows, columns: copyColumns(data) },
      groupings: [{ ...gender, cells: gender.cells.slice() }],
    });
    const before = await engine.run(rulesWith(60));
    const removedRow = before.kept.indexOf(0),
      keptRow = before.kept.indexOf(1);
    engine.setManual([
      [removedRow, 2],
      [keptRow, 1],
    ]);
    const manual = await engine.run(rulesWith(60));
    expect(manual.kept[removedRow]).toBe(1);
    expect(manual.kept[keptRow]).toBe(0);
    expect(REASONS[manual.primary[keptRow]!]).toBe('manual');
    expect(manual.keptCount).toBe(before.keptCount);
    const targets = [500, 400, null];
    const quota = await engine.run({ rules: rulesWith(60), groupBy: 'gender', quota: { grouping: 'gender', targets } });
    expect(quota.composition?.targets).toEqual(targets);
    expect(quota.composition!.after[0]).toBeLessThanOrEqual(500 + 1);
    expect(quota.composition!.after[1]).toBeLessThanOrEqual(400 + 1);
    expect(quota.primaryCounts[REASONS.indexOf('quota')]).toBeGreaterThan(0);
    const manualArray = new Float64Array(data.rows);
    manualArray[removedRow] = 2;
    manualArray[keptRow] = 1;
    const expected = scoring.clean(
      cleaningInputFromColumns(data.rows, (n) => (data.columns as Record<string, Float64Array>)[n], {
        manual: manualArray,
        quota: { cell: Float64Array.from(gender.cells), targets: Float64Array.of(500, 400, Number.NaN) },
      }),
      rulesWith(60),
    );
    expect(quota.keptCount).toBe(expected.keptCount);
    expect(Array.from(quota.kept)).toEqual(Array.from(expected.kept));
  });

  it('reads scores.arrow and raw.arrow IPC bytes (nulls, text and labelled numeric groupings) like the columns', async () => {
    const data = generateScores(3_000, 13);
    const names = Object.keys(data.columns);
    const scoresTable = new Table(
      Object.fromEntries([
        ['record_id', vectorFromArray(data.recordIds, new Utf8())],
        ...names.map((n) => [
          n,
          vectorFromArray(
            Array.from((data.columns as Record<string, Float64Array>)[n]!, (v) => (Number.isNaN(v) ? null : v)),
            new Float64(),
          ),
        ]),
      ]),
    );
    const region = data.groupings[1]!;
    const gender = data.groupings[0]!;
    const rawSchema = new Schema([
      new Field('region', new Utf8(), true),
      new Field(
        'sex',
        new Float64(),
        true,
        new Map([['value_labels', JSON.stringify({ 1: 'weiblich', 2: 'männlich', 3: 'divers' })]]),
      ),
    ]);
    const rawTable = new Table(rawSchema, {
      region: makeVector(
        vectorFromArray(
          Array.from(region.cells, (c) => region.labels[c]!),
          new Utf8(),
        ).data[0]!,
      ),
      sex: makeVector(
        vectorFromArray(
          Array.from(gender.cells, (c) => (c < 0 ? null : c + 1)),
          new Float64(),
        ).data[0]!,
      ),
    } as never);
    const scoresIpc = tableToIPC(scoresTable, 'stream');
    const rawIpc = tableToIPC(rawTable, 'file');
    const { engine } = start({
      source: {
        kind: 'arrow',
        scores: scoresIpc.buffer.slice(0) as ArrayBuffer,
        raw: rawIpc.buffer.slice(0) as ArrayBuffer,
        groupingColumns: ['region', 'sex'],
      },
    });
    const ready = await engine.ready;
    // Values are String(value), the keys quota targets are saved under on the server.
    expect(ready.groupings).toEqual([
      { name: 'region', labels: [...region.labels].sort(), values: [...region.labels].sort() },
      { name: 'sex', labels: ['weiblich', 'männlich', 'divers'], values: ['1', '2', '3'] },
    ]);
    const r = await engine.run({ rules: rulesWith(58), groupBy: 'sex' });
    const expected = scoring.clean(
      cleaningInputFromColumns(data.rows, (n) => (data.columns as Record<string, Float64Array>)[n]),
      rulesWith(58),
    );
    expect(Array.from(r.kept)).toEqual(Array.from(expected.kept));
    expect(r.composition?.before).toEqual([0, 1, 2].map((c) => gender.cells.filter((x) => x === c).length));
    expect(r.composition?.noneBefore).toBe(gender.cells.filter((x) => x < 0).length);
    expect(r.averages.ts.before).toBeCloseTo(
      Array.from(data.columns.ts)
        .filter((v) => !Number.isNaN(v))
        .reduce((a, b) => a + b, 0) / Array.from(data.columns.ts).filter((v) => !Number.isNaN(v)).length,
      9,
    );
  });

  it('reports bad data as a failed start, and rejects runs after dispose', async () => {
    const data = generateScores(100, 1);
    const { engine } = start({
      source: { kind: 'columns', rows: data.rows, columns: copyColumns(data) },
      groupings: [{ name: 'short', cells: new Int32Array(5), labels: ['a'] }],
    });
    await expect(engine.ready).rejects.toThrow(/grouping short has 5 cells/);
    await expect(engine.run(DEFAULT_RULES)).rejects.toThrow(/no data/);
    engine.dispose();
    await expect(engine.run(DEFAULT_RULES)).rejects.toThrow(/disposed/);
  });

  it('answers a run with the error of that run and keeps working', async () => {
    const data = generateScores(500, 2);
    const { engine } = start({ source: { kind: 'columns', rows: data.rows, columns: copyColumns(data) } });
    await expect(engine.run({ rules: DEFAULT_RULES, quota: { grouping: 'nope', targets: [1] } })).rejects.toThrow(
      /quota grouping nope/,
    );
    const ok = await engine.run(DEFAULT_RULES);
    expect(ok.rows).toBe(500);
  });
});

describe('useCleaningEngine', () => {
  it('starts the worker for new data, paints the latest result and ends the worker on unmount', async () => {
    const data = generateScores(1_000, 4);
    const { worker, received, terminated } = channelWorker();
    const options: CleaningEngineOptions = {
      source: { kind: 'columns', rows: data.rows, columns: copyColumns(data) },
      worker,
    };
    const { result, unmount } = renderHook(() => useCleaningEngine(options));
    // A request before the worker exists is kept and sent once it does.
    act(() => result.current.run({ rules: rulesWith(50) }));
    await waitFor(() => expect(result.current.ready?.rows).toBe(1_000));
    await waitFor(() => expect(result.current.result?.request.rules.rules.combined.threshold).toBe(50));
    act(() => {
      for (const t of [52, 54, 56, 58]) result.current.run({ rules: rulesWith(t) });
    });
    await waitFor(() => expect(result.current.result?.request.rules.rules.combined.threshold).toBe(58));
    const direct = scoring.clean(
      cleaningInputFromColumns(data.rows, (n) => (data.columns as Record<string, Float64Array>)[n]),
      rulesWith(58),
    );
    expect(result.current.result?.keptCount).toBe(direct.keptCount);
    expect(received.filter((m) => m.type === 'run').length).toBeLessThan(5);
    unmount();
    expect(terminated()).toBe(true);
  });
});

// Type-only use, so the message union stays what the client and host both compile against.
export type { FromWorker };

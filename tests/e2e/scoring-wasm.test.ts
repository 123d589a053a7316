// Proof that one .wasm serves both sides: the scoring chunk of the web bundle the server serves (the
// one the app imports dynamically) is loaded in real Chromium, and the scoring core's test vectors
// (TV1, TV2, TV5-TV8, TV11, TV16, TV18 of scoring/README.md) come out as on the server.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCORING_VERSION } from '../../scoring/version.ts';
import { browserSuite } from '../support/browser/suite';
import { repoRoot } from '../support/server-process';

// Written by the build the suite's server start runs (ensureWebBuild).
const manifestPath = join(repoRoot, 'web/dist/.vite/manifest.json');

/** The chunk Vite emitted for web/lib/scoring.ts (the manifest key is relative to the Vite root). */
function scoringChunk(): string {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const key = Object.keys(manifest).find((k) => k === 'web/lib/scoring.ts' || k === 'lib/scoring.ts');
  if (!key) throw new Error('web/dist manifest has no entry for web/lib/scoring.ts');
  return manifest[key]!.file;
}

/**
 * A battery of 10 items on 1..6 for 240 interviews (one factor, deterministic LCG), the first 24
 * answering at random: built the same way in the browser and here (the function is serialised).
 */
function consistencyBattery(): number[][] {
  let state = 12345;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const cols = Array.from({ length: 10 }, () => new Array<number>(240).fill(0));
  for (let i = 0; i < 240; i++) {
    const f = normal();
    for (let j = 0; j < 10; j++) {
      cols[j]![i] =
        i < 24
          ? 1 + Math.floor(next() * 6)
          : Math.min(6, Math.max(1, Math.round(3.5 + 1.1 * ((j % 4 === 1 ? -0.7 : 0.7) * f + 0.7 * normal()))));
    }
  }
  return cols;
}

describe('scoring WASM in the browser bundle', () => {
  const suite = browserSuite({ page: 'per-file' });
  let page: Page;

  beforeAll(async () => {
    page = suite.page;
    // A blank page of the server's origin, without the app's Content-Security-Policy (which allows no
    // eval): the chunk and its .wasm still come from the real server, as the app loads them.
    const blank = `${suite.server.baseUrl}/scoring-test.html`;
    await page.route(blank, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>scoring</title>' }),
    );
    await page.goto(blank);
  });

  it('reproduces time, grid, projective, combined and open-ended vectors from the same .wasm', async () => {
    const r = await page.evaluate(
      async ([chunk, batteryColumns]: [string, number[][]]) => {
        // Vitest rewrites import() in test code; an indirect eval keeps the browser's own dynamic import.
        // oxlint-disable-next-line no-eval -- the one way to reach the page's own import() from a test
        const load = (0, eval)('(url) => import(url)') as (url: string) => Promise<{ getScoring: () => Promise<any> }>;
        const mod = await load(chunk);
        const s = await mod.getScoring();
        const col = (...v: number[]) => Float64Array.from(v);
        const cols = (row: number[]) => row.map((v) => Float64Array.of(v));
        const durations = col(60, 195, ...Array(14).fill(600), ...Array(14).fill(700), -999);
        const ts = s.timeScores([durations], { totalIndex: 0 }).ts;
        const grid = (row: number[]) => s.gridScores(cols(row)).scores[0];
        const q = {
          choice: Float64Array.from({ length: 30 }, (_, i) => (i < 24 ? 1 : 2)),
          predictions: [
            Float64Array.from({ length: 30 }, (_, i) => (i < 24 ? 60 : 40)),
            Float64Array.from({ length: 30 }, (_, i) => (i < 24 ? 40 : 60)),
          ],
          purpose: 'information',
        };
        const proj = s.projective([q]).questions[0];
        const comb = s.combined(
          {
            oes: col(100, 0, 75),
            ts: col(100, 100, 90),
            ibs: col(100, 100, NaN),
            ps: col(NaN, NaN, 80),
            cs: col(NaN, NaN, 100),
          },
          3,
        ).combined;
        const open = s.classifyOpenEnded([
          {
            text: 'What did you like about your last vacation?',
            keywords: ['beach', 'hotel', 'food', 'weather', 'trip'],
            allowedLanguages: ['en'],
            topicCheck: true,
            answers: [
              'We stayed at a small hotel near the beach in Crete and loved the food.',
              'asdfghjkl',
              'idk',
              'Мы отдыхали на море',
              'This survey is shit',
            ],
          },
        ]).categories[0];
        // A resident scoreAll result: views into WASM memory that stay valid when memory grows (the
        // browser switches the memory to a resizable buffer).
        const items = Array.from({ length: 10 }, (_, j) =>
          Float64Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? 3 : 1 + ((i + j) % 5))),
        );
        const all = s.scoreAll({ rows: 40, grids: [{ items, min: 1, max: 5 }] }, { resident: true });
        const gridBefore = Array.from(all.grids[0].scores);
        const big = s.matrix(3_000_000, 4);
        const resident = {
          resident: all.resident,
          length: all.grids[0].scores.length,
          same: JSON.stringify(Array.from(all.grids[0].scores)) === JSON.stringify(gridBefore),
          straight: all.grids[0].scores[0],
        };
        big.free();
        all.free();
        // Consistency: the same battery as on the server, standalone and inside scoreAll.
        const battery = batteryColumns.map((c) => Float64Array.from(c));
        const con = s.consistency([{ items: battery, min: 1, max: 6 }]);
        const conAll = s.scoreAll({ rows: 240, grids: [{ items: battery, min: 1, max: 6 }] });
        const consistency = {
          fitted: con.grids[0].fitted,
          rank: con.grids[0].rank,
          score: Array.from(con.score),
          d2: Array.from(con.grids[0].d2),
          fromScoreAll: Array.from(conAll.consistency),
          inconsistent: Array.from(conAll.grids[0].labels).filter((l) => l === 5).length,
        };
        return {
          consistency,
          resident,
          version: s.version,
          f: [0.05, 0.3, 0.65, 3, 7, 15].map((x: number) => s.timeScoreOf(x)),
          ts: [ts[0], ts[1], ts[2], ts[30]],
          grids: [
            grid([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]),
            grid([4, 4, 4, 4, 4, 4, 4, 4, 5, 4]),
            grid([1, 2, 1, 2, 1, 2, 1, 2, 3, 2]),
            grid([7, 8, 9, 1, 3, 5, 2, 5, 9, 6]),
          ],
          is: Array.from(proj.optionScore),
          combined: Array.from(comb),
          open: Array.from(open),
        };
      },
      [`/${scoringChunk()}`, consistencyBattery()] as [string, number[][]],
    );
    expect(r.resident).toEqual({ resident: true, length: 40, same: true, straight: 0 });
    expect(r.version).toBe(SCORING_VERSION);
    // The browser computes the consistency score to the same doubles as the server.
    const { loadScoringFromDisk } = await import('../../scoring/load-node.ts');
    const server = await loadScoringFromDisk();
    const battery = consistencyBattery().map((c) => Float64Array.from(c));
    const expected = server.consistency([{ items: battery, min: 1, max: 6 }]);
    expect(r.consistency.fitted).toBe(true);
    expect(r.consistency.rank).toBe(10);
    expect(r.consistency.score).toEqual(Array.from(expected.score));
    expect(r.consistency.d2).toEqual(Array.from(expected.grids[0]!.d2));
    expect(r.consistency.fromScoreAll).toEqual(Array.from(expected.score));
    expect(r.consistency.inconsistent).toBeGreaterThan(0);
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const scores = r.consistency.score as number[];
    expect(mean(scores.slice(0, 24))).toBeLessThan(mean(scores.slice(24)) - 30);
    expect(r.f).toEqual([0, 25, 65, 90, 65, 50].map((v) => expect.closeTo(v, 6)));
    expect(r.ts[0]).toBe(0);
    expect(r.ts[1]).toBeCloseTo(28.1, 1);
    expect(r.ts[2]).toBe(100);
    expect(r.ts[3]).toBeNaN();
    expect(r.grids[0]).toBe(0);
    expect(r.grids[1]).toBeCloseTo(55.4, 1);
    expect(r.grids[2]).toBeCloseTo(47.5, 6);
    expect(r.grids[3]).toBe(100);
    expect(r.is[0]).toBeCloseTo(59.1, 1);
    expect(r.is[1]).toBeCloseTo(31.6, 1);
    expect(r.combined[0]).toBe(100);
    expect(r.combined[1]).toBeCloseTo(30, 6);
    expect(r.combined[2]).toBeCloseTo(83.6, 1);
    expect(r.open).toEqual([1, 7, 5, 11, 6]);
  });

  it("starts the cleaning worker's .wasm download before the rest of its bundle is evaluated", () => {
    // Bundles run top to bottom: the .wasm's URL must come before the facade's and Arrow's code, so the
    // download and compile overlap their evaluation (the worksheet waits for both).
    const assets = join(repoRoot, 'web/dist/assets');
    const files = readdirSync(assets);
    const worker = files.find((f) => /^cleaning\.worker-.*\.js$/.test(f));
    const wasm = files.find((f) => /^scoring-.*\.wasm$/.test(f));
    if (!worker || !wasm)
      throw new Error(`web/dist/assets has no cleaning worker or scoring .wasm: ${files.join(', ')}`);
    const code = readFileSync(join(assets, worker), 'utf8');
    const wasmAt = code.indexOf(wasm);
    expect(wasmAt).toBeGreaterThan(-1);
    expect(wasmAt).toBeLessThan(code.indexOf('WasmMatrix used after free()'));
    expect(wasmAt).toBeLessThan(code.indexOf('apache-arrow'));
  });
});

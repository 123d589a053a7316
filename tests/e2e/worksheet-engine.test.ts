// The browser's cleaning equals the server's: a generated survey goes through the real upload engine
// (processUpload writes raw.arrow and scores.arrow), Chromium loads those bytes into the worksheet's
// cleaning Web Worker (the same .wasm, built by Vite), and for each rule set the kept mask, the reasons
// and the counts must equal the server's cleanRevision over the same file. The slider path is checked
// too: the counts painted after three key presses are the server's for that threshold.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromIPC, type Table } from 'apache-arrow';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanRevision, groupingOf, quotaFor } from '../../api/modules/cleaning/revision-cleaning';
import { blobStoreConfig } from '../../api/infra/blob-store/blob-store';
import { createLocalBlobStore } from '../../api/infra/blob-store/blob-store-local';
import { processUpload } from '../../api/ingest/index';
import { generateDemoSurvey, surveyCsvBytes } from '../../api/demo/index';
import { DEFAULT_RULES, REASONS, type CleaningRules } from '../../scoring/index';
import { loadScoringFromDisk } from '../../scoring/load-node';
import { buildHarness, serveHarness, type HarnessServer } from '../bench/worksheet/harness-server';
import type { CleaningRequest } from '../../web/features/worksheet/engine/protocol';
import { browserSuite } from '../support/browser/suite';

const ROWS = 1_500;

const withRule = (patch: Partial<CleaningRules['rules']>, extra: Partial<CleaningRules> = {}): CleaningRules => ({
  ...DEFAULT_RULES,
  ...extra,
  rules: { ...DEFAULT_RULES.rules, ...patch },
});

describe('worksheet cleaning engine in Chromium against the server', () => {
  // No API server: the page is the worksheet's engine harness, fed the files the upload engine wrote.
  const suite = browserSuite({ server: false, page: 'per-file' });
  let server: HarnessServer;
  let page: Page;
  let storage = '';
  let scores: Table;
  let raw: Table;

  beforeAll(async () => {
    storage = mkdtempSync(join(tmpdir(), 'worksheet-e2e-'));
    const blobs = createLocalBlobStore(
      blobStoreConfig(
        { storageDir: storage, s3: undefined, publicUrl: 'http://127.0.0.1', uploadMaxBytes: 1e9 } as never,
        'test-secret',
      ),
    );
    const survey = generateDemoSurvey({ rows: ROWS, seed: 5, openQuestions: 1 });
    await blobs.put('uploads/survey.csv', await surveyCsvBytes(survey));
    // The demo maps region as ignored; the worksheet groups by it (a quota characteristic).
    const mapping = {
      dataPoints: [
        ...survey.mapping.dataPoints.filter((dp) => !('column' in dp && dp.column === 'region')),
        { type: 'GROUPING' as const, column: 'region' },
      ],
    };
    await processUpload({
      blobs,
      scoring: await loadScoringFromDisk(),
      source: { key: 'uploads/survey.csv', format: 'csv' },
      options: {},
      mapping: mapping as never,
      datafileId: 'df1',
      revision: 1,
    });
    const scoresBytes = (await blobs.getBytes('datafiles/df1/1/scores.arrow'))!;
    const rawBytes = (await blobs.getBytes('datafiles/df1/1/raw.arrow'))!;
    scores = tableFromIPC(scoresBytes);
    raw = tableFromIPC(rawBytes);
    server = await serveHarness(buildHarness(), { '/data/scores.arrow': scoresBytes, '/data/raw.arrow': rawBytes });
    page = suite.page;
    await page.goto(`${server.base}/`);
    await page.waitForFunction(() => typeof window.harness === 'object');
  });

  afterAll(async () => {
    await server?.close();
    if (storage) rmSync(storage, { recursive: true, force: true });
  });

  it('keeps, removes and counts exactly as the server for the same settings', async () => {
    const ready = await page.evaluate(() =>
      window.harness.start({ scoresUrl: '/data/scores.arrow', rawUrl: '/data/raw.arrow', groupingColumns: ['region'] }),
    );
    expect(ready.rows).toBe(ROWS);
    const scoring = await loadScoringFromDisk();
    expect(ready.version).toBe(scoring.version);
    const region = groupingOf(raw, 'region');
    expect(ready.groupings).toEqual([{ name: 'region', labels: region.labels, values: region.values.map(String) }]);
    const targets = Object.fromEntries(
      region.values.map((v, c) => [String(v), Math.floor(region.cells.filter((x) => x === c).length * 0.6)]),
    );
    const cases: { name: string; rules: CleaningRules; quota?: boolean }[] = [
      { name: 'defaults', rules: DEFAULT_RULES },
      { name: 'strict combined', rules: withRule({ combined: { enabled: true, threshold: 72, minDataPoints: 0 } }) },
      {
        name: 'time score with data points',
        rules: withRule({
          combined: { enabled: false, threshold: 60, minDataPoints: 0 },
          ts: { enabled: true, threshold: 55, minDataPoints: 3 },
        }),
      },
      {
        name: 'projective and bad answers off',
        rules: withRule(
          {
            ps: { enabled: true, threshold: 45, minDataPoints: 1 },
            is: { enabled: true, threshold: 40, minDataPoints: 0 },
          },
          { badAnswers: { enabled: false, min: 2 } },
        ),
      },
      { name: 'target trimming', rules: withRule({}, { target: { n: 900, trim: true } }) },
      { name: 'quota cleaning', rules: DEFAULT_RULES, quota: true },
    ];
    let removedSomething = 0;
    for (const c of cases) {
      const request: CleaningRequest = {
        rules: c.rules,
        groupBy: 'region',
        ...(c.quota ? { quota: { grouping: 'region', targets: region.values.map((v) => targets[String(v)]!) } } : {}),
      };
      const browser = await page.evaluate((r) => window.harness.run(r), request);
      const expected = cleanRevision(scoring, scores, c.rules, c.quota ? { quota: quotaFor(region, targets) } : {});
      expect(browser.keptCount, c.name).toBe(expected.keptCount);
      expect(browser.kept, c.name).toEqual(Array.from(expected.kept));
      expect(browser.primary, c.name).toEqual(Array.from(expected.primary));
      expect(browser.reasons, c.name).toEqual(Array.from(expected.reasons));
      expect(browser.primaryCounts, c.name).toEqual(
        REASONS.map((_, k) => expected.primary.filter((p) => p === k).length),
      );
      expect(browser.composition!.after.reduce((a, b) => a + b, 0) + browser.composition!.noneAfter, c.name).toBe(
        expected.keptCount,
      );
      if (expected.keptCount < ROWS) removedSomething++;
    }
    expect(removedSomething).toBe(cases.length);
  });

  it("paints the server's count after the slider moves", async () => {
    await page.getByTestId('threshold').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.harness.last?.change === 3, undefined, { timeout: 30_000 });
    const expected = cleanRevision(
      await loadScoringFromDisk(),
      scores,
      withRule({ combined: { enabled: true, threshold: 63, minDataPoints: 0 } }),
    );
    await expect
      .poll(() => page.getByTestId('kept-count').textContent())
      .toBe(expected.keptCount.toLocaleString('de-DE'));
    const marks = await page
      .locator('[data-testid=decision-table] [role=row][data-row]')
      .evaluateAll((rows) =>
        rows.slice(0, 10).map((r) => [Number(r.getAttribute('data-row')), Number(r.getAttribute('data-kept'))]),
      );
    for (const [row, kept] of marks) expect(kept).toBe(expected.kept[row!]);
  });
});

import { tableFromIPC, type Table } from 'apache-arrow';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { roundScore } from '../../scoring/index';
import { login, screenshot, type TestBrowser } from '../support/browser/browser';
import { waitForDemoUploads, type TestServer } from '../support/server-process';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';

// The result page: in Chromium, in German and English, a datafile fresh from the upload
// pipeline (the demo datafile the new server uploads through it at start) shows its header, every
// score tab with a histogram and the interview table, the raw data and one interview's answers; the
// numbers on the page are those stored in its scores.arrow (read back through the columns route).
// The demo-finish job cleans that datafile after the upload, so the cleaned tab has its summary.

const DEMO_ID = '00000000-0000-4000-8000-0000000d0f01';
const suite = browserSuite({ page: 'per-file' });
let server: TestServer;
let browser: TestBrowser;
let page: Page;

beforeAll(() => {
  ({ server, browser, page } = suite);
});

/** The browser's session token (the cookie the app sets at login). */
async function tokenOf(p: Page): Promise<string> {
  const cookie = (await p.context().cookies()).find((c) => c.name === 'accessToken');
  return decodeURIComponent(cookie!.value);
}

async function storedScores(token: string): Promise<Table> {
  const res = await fetch(`${server.baseUrl}/api/datafiles/${DEMO_ID}/columns?columns=record_id,combined,ts,oes`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return tableFromIPC(new Uint8Array(await res.arrayBuffer()));
}

async function waitReady(p: Page) {
  // The demo datafile is processed, then cleaned, by the server's job loop right after start.
  await waitForDemoUploads(server);
  for (let i = 0; i < 60; i++) {
    await p.goto(`${server.baseUrl}/datafile-result?datafileId=${DEMO_ID}`);
    await p.getByTestId('datafile-result-page').waitFor({ timeout: 20_000 });
    if (await p.getByTestId('result-header').isVisible()) break;
    await p.waitForTimeout(1000);
  }
  await p.locator('[data-testid="datafile-result-page"][data-ready="true"]').waitFor({ timeout: 30_000 });
}

describe.each(['de', 'en'] as const)('the result page in %s', (locale) => {
  it('shows the stored numbers on every tab', async () => {
    await browser.context.clearCookies();
    await page.goto(`${server.baseUrl}/404`);
    await page.evaluate((l) => window.localStorage.setItem('locale', l), locale);
    await login(page, server.baseUrl, 'admin@example.com');
    await closeFirstLoginModals(page);
    await waitReady(page);
    const stored = await storedScores(await tokenOf(page));
    const format = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB');

    // Header: the number of interviews is the stored row count, in the locale's format.
    expect(await page.getByTestId('figure-records').textContent()).toBe(format.format(stored.numRows));
    await screenshot(page, `result-combined-${locale}`);

    // Combined tab (the first): row 1 of the table shows row 1's stored combined score.
    const combined = stored.getChild('combined')!.toArray() as Float64Array;
    const firstRow = page.locator('[data-testid="interview-table"] [data-row="0"]');
    await firstRow.waitFor();
    const cells = await firstRow.locator('[role=cell]').allTextContents();
    expect(cells[1]).toBe(String(stored.getChild('record_id')!.get(0)));
    expect(cells[2]).toBe(roundScore(combined[0]!) === null ? '–' : String(roundScore(combined[0]!)));
    expect(await page.getByTestId('shown-count').textContent()).toContain(format.format(stored.numRows));

    // Sort by the score, highest first: the first row is the stored maximum.
    await page.getByTestId('sort-combined').click();
    await page.getByTestId('sort-combined').click();
    const max = Math.max(...Array.from(combined).filter((v) => !Number.isNaN(v)));
    await expect
      .poll(
        async () =>
          await page.locator('[data-testid="interview-table"] [aria-rowindex="2"] [role=cell]').nth(2).textContent(),
      )
      .toBe(String(roundScore(max)));

    // Filter: only the red band (0-39) of the combined score.
    await page.getByTestId('filter-max').fill('39.4999');
    const red = Array.from(combined).filter((v) => !Number.isNaN(v) && v <= 39.4999).length;
    await expect.poll(async () => page.getByTestId('shown-count').textContent()).toContain(`${format.format(red)} `);
    await page.getByTestId('filter-max').fill('');

    // Time-Score tab: the histogram and the time ratio column; OES tab: categories by name.
    await page.getByTestId('tab-ts').click();
    await page.getByTestId('score-tab-ts').waitFor();
    await page.getByTestId('histogram-ts').waitFor();
    const ts = stored.getChild('ts')!.toArray() as Float64Array;
    const tsCells = await page.locator('[data-testid="interview-table"] [data-row="0"] [role=cell]').allTextContents();
    expect(tsCells[2]).toBe(roundScore(ts[0]!) === null ? '–' : String(roundScore(ts[0]!)));
    expect(tsCells[3]).toMatch(/×$/);
    await screenshot(page, `result-ts-${locale}`);
    await page.getByTestId('tab-oes').click();
    await page.getByTestId('score-tab-oes').waitFor();
    await screenshot(page, `result-oes-${locale}`);
    // BAS tab (the demo file carries paradata for its first open question): its histogram, and each
    // interview's behaviour category by name, as stored; at 1024 px.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByTestId('tab-bas').click();
    await page.getByTestId('score-tab-bas').waitFor();
    await page.getByTestId('histogram-bas').waitFor();
    const basHeader = page.locator('[data-testid="interview-table"] [role=columnheader]');
    await expect.poll(() => basHeader.allTextContents()).toContainEqual(expect.stringContaining('BAS'));
    const categories = await page.locator('[data-testid="interview-table"] [role=cell]').allTextContents();
    const words =
      locale === 'de'
        ? /Natürlich getippt|Eingefügt|Ohne Tippen gefüllt/
        : /Natural typing|Pasted|Filled without typing/;
    expect(categories.some((c) => words.test(c))).toBe(true);
    await screenshot(page, `result-bas-${locale}`);
    await page.getByTestId('interview-table').scrollIntoViewIfNeeded();
    await screenshot(page, `result-bas-table-${locale}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('tab-ibs').click();
    await page.getByTestId('score-tab-ibs').waitFor();
    await page.getByTestId('careless-toggle').click();
    await page
      .locator('[data-testid="interview-table"] [role=columnheader]', { hasText: 'IRV' })
      .first()
      .waitFor({ timeout: 20_000 });
    await screenshot(page, `result-ibs-careless-${locale}`);

    // One interview at 1024 px: why it got its scores in sentences, the scores rounded under their
    // translated names (no stored column name shows), its open answers with their categories, and its
    // answers as uploaded.
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.locator('[data-testid="interview-table"] [data-row="0"]').click();
    const dialog = page.getByTestId('interview-dialog');
    await page.getByTestId('interview-answers').waitFor();
    expect(await dialog.locator('[data-part=title], h2').first().innerText()).toContain(
      String(stored.getChild('record_id')!.get(0)),
    );
    const why = await page.getByTestId('interview-why').innerText();
    const tsScore = roundScore(stored.getChild('ts')!.get(0) as number);
    expect(why).toMatch(
      locale === 'de'
        ? new RegExp(`Zeit \\d+,\\d\\d × Median → Time-Score \\(TS\\) ${tsScore}`)
        : new RegExp(`Time \\d+\\.\\d\\d × median → Time-Score \\(TS\\) ${tsScore}`),
    );
    expect(why).toContain(String(roundScore(stored.getChild('combined')!.get(0) as number)));
    const scoresText = await page.getByTestId('interview-scores').innerText();
    // Translated labels only: no stored column name (ts.data_points, grid.x.label, combined.n_subscores).
    expect(scoresText).not.toMatch(/[a-z]+\.[a-z_0-9]+/);
    expect(scoresText).toContain(locale === 'de' ? 'Scores im Gesamtscore' : 'Scores combined');
    // Scores are whole numbers.
    expect(await page.locator('[data-testid="interview-scores"] [data-field="ts"]').innerText()).toBe(String(tsScore));
    const open = page.getByTestId('interview-open-answers');
    expect(await open.innerText()).toMatch(
      locale === 'de' ? /Frage\s+Antwort\s+Kategorie/ : /Question\s+Answer\s+Category/,
    );
    expect(await open.locator('[data-category]').count()).toBeGreaterThan(0);
    const overflow = await dialog.evaluate((d) => d.scrollWidth - d.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, `result-interview-${locale}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');

    // Raw data and the cleaned tab (cleaned by the demo data: the counts, and the way to the worksheet).
    await page.getByTestId('tab-raw').click();
    await page.getByTestId('raw-table').waitFor({ timeout: 20_000 });
    await screenshot(page, `result-raw-${locale}`);
    await page.getByTestId('tab-cleaned').click();
    await page.getByTestId('cleaned-tab').waitFor();
    expect(await page.getByTestId('not-cleaned').count()).toBe(0);
    expect(await page.getByTestId('cleaned-tab').innerText()).toMatch(/600/);
    expect(await page.locator('[data-testid="cleaned-tab"] a').getAttribute('href')).toBe(
      `/datafile-work-sheet?datafileId=${DEMO_ID}`,
    );
    // The kept interviews' table: exactly the rows the saved cleaning keeps, in the raw data's table.
    const res = await fetch(`${server.baseUrl}/api/datafiles/${DEMO_ID}/columns?file=cleaning`, {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    expect(res.status).toBe(200);
    const decisions = tableFromIPC(new Uint8Array(await res.arrayBuffer()));
    const keptIds = [...decisions.getChild('kept')!]
      .map((k, i) => (Number(k) === 1 ? String(decisions.getChild('record_id')!.get(i)) : null))
      .filter((id): id is string => id !== null);
    expect(keptIds.length).toBeLessThan(600);
    const cleaned = page.getByTestId('cleaned-table');
    await cleaned.waitFor({ timeout: 20_000 });
    expect(await cleaned.getAttribute('aria-rowcount')).toBe(String(keptIds.length + 1));
    expect(await page.getByTestId('cleaned-data').innerText()).toContain(
      format.format(keptIds.length) + (locale === 'de' ? ' behaltene Interviews' : ' kept interviews'),
    );
    await screenshot(page, `result-cleaned-${locale}`);
    // Its first row opens that interview (the dialog names its record id).
    await cleaned.locator('[data-row]').first().click();
    await page.getByTestId('interview-answers').waitFor();
    expect(await page.getByTestId('interview-dialog').locator('h2').first().innerText()).toContain(keptIds[0]!);
    await page.keyboard.press('Escape');
  });
});

describe('leaving the page', () => {
  const isRaw = (url: URL) => url.pathname.endsWith('/columns') && url.search === '?file=raw';
  it("ends the data worker's download the page no longer needs, and the next visit gets its own answer", async () => {
    await browser.context.clearCookies();
    await login(page, server.baseUrl, 'admin@example.com');
    await closeFirstLoginModals(page);
    await waitReady(page);
    // The raw tab's request is held on its way, as a big body still arriving would be.
    const held: Route[] = [];
    await page.route(isRaw, (route) => void held.push(route));
    const failed = new Promise<string | undefined>((resolve) =>
      page.on('requestfailed', (r) => {
        if (isRaw(new URL(r.url()))) resolve(r.failure()?.errorText);
      }),
    );
    await page.getByTestId('tab-raw').click();
    await expect.poll(() => held.length, { timeout: 20_000 }).toBe(1);
    // Within the app (the tab's data worker lives on): the page's client is disposed.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/datafiles');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    // Without the abort the request stays held: after 20 s the test says so instead of timing out.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const still = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still pending'), 20_000)));
    const ended = await Promise.race([failed, still]);
    clearTimeout(timer);
    expect(ended).toMatch(/ABORTED|aborted/);
    await page.unroute(isRaw);
    // Back on the page, the raw tab gets its table from a request of its own.
    await page.goBack();
    await page.locator('[data-testid="datafile-result-page"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('tab-raw').click();
    await page.getByTestId('raw-table').waitFor({ timeout: 20_000 });
  });
});

describe('refusals on the page', () => {
  it('a datafile that does not exist says so', async () => {
    await page.goto(`${server.baseUrl}/datafile-result?datafileId=${crypto.randomUUID()}`);
    await page.getByText(/Datafile not found|Datei nicht gefunden/).waitFor({ timeout: 20_000 });
  });
});

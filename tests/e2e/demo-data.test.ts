import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, login, type TestBrowser } from '../support/browser/browser';
import { waitForDemoUploads, type TestServer } from '../support/server-process';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';
import { join } from 'node:path';

// The product guide's promise: after `npm start` on a new database every screen has content. In
// Chromium, de and en: the demo admin's worksheet opens in the demo's saved state, the result page's
// cleaned tab has its counts, and the quality report is published, for the admin and for a stranger
// without an account (no password). Screenshots go to tests/.artifacts.

const DEMO_ID = '00000000-0000-4000-8000-0000000d0f01';
const suite = browserSuite({ page: 'none', stranger: true });
let server: TestServer;
let admin: TestBrowser;
let stranger: TestBrowser;

beforeAll(async () => {
  ({ server, browser: admin, stranger } = suite);
  await waitForDemoUploads(server, 150_000);
}, 180_000);

async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

describe.each([
  // Counts and level follow from the scoring of the generated data: any level, fewer than 600 kept.
  ['de', { saved: 'Zuletzt gespeichert', cleaned: /^[1-5]\d\d von 600 Interviews/, level: /Stufe [123] von 3/ }],
  ['en', { saved: 'Last saved', cleaned: /^[1-5]\d\d of 600 interviews/, level: /Level [123] of 3/ }],
] as const)('the demo data in %s', (locale, text) => {
  it('the admin finds the first demo datafile cleaned: worksheet, cleaned tab and report have content', async () => {
    await admin.context.clearCookies();
    const page = await admin.context.newPage();
    await page.goto(`${server.baseUrl}/404`);
    await page.evaluate((l) => window.localStorage.setItem('locale', l), locale);
    await login(page, server.baseUrl, 'admin@example.com');
    await closeFirstLoginModals(page);

    await page.goto(`${server.baseUrl}/datafile-work-sheet?datafileId=${DEMO_ID}`);
    await page.getByTestId('kept-count').waitFor({ timeout: 30_000 });
    const state = await page.getByTestId('worksheet-state').innerText();
    expect(state).toContain(text.saved);
    expect(state).toMatch(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]/);
    expect(await page.getByTestId('threshold-combined-number').inputValue()).toBe('50');
    expect(await page.getByTestId('bad-answers-enabled').isChecked()).toBe(true);
    await page.getByTestId('audit-trail').locator('[data-action=SAVE]').first().waitFor();
    await shot(page, `demo-worksheet-${locale}`);

    await page.goto(`${server.baseUrl}/datafile-result?datafileId=${DEMO_ID}`);
    await page.getByTestId('tab-cleaned').click();
    await page.getByTestId('cleaned-tab').waitFor();
    expect(await page.getByTestId('cleaned-tab').innerText()).toMatch(text.cleaned);
    await shot(page, `demo-result-cleaned-${locale}`);

    await page.goto(`${server.baseUrl}/datafile-report?datafileId=${DEMO_ID}`);
    await page.getByTestId('report-title').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('report-certificate').innerText()).toMatch(text.level);
    expect(await page.locator('input[name="isPublished"]').isChecked()).toBe(true);
    await shot(page, `demo-report-admin-${locale}`);
    await page.close();
  }, 120_000);

  it('a stranger reads the published report without a password', async () => {
    const page = await stranger.context.newPage();
    await page.goto(`${server.baseUrl}/404`);
    await page.evaluate((l) => window.localStorage.setItem('locale', l), locale);
    await page.goto(`${server.baseUrl}/datafile-report?datafileId=${DEMO_ID}`);
    await page.getByTestId('report-title').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('report-title').innerText()).toBe('Reisestudie Sommer 2026');
    expect(await page.getByTestId('report-password').count()).toBe(0);
    expect(await page.getByTestId('report-certificate').innerText()).toMatch(text.level);
    await shot(page, `demo-report-stranger-${locale}`);
    await page.close();
  }, 60_000);
});

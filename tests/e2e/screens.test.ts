import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, login, screenshot, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

// Visits the states the walking skeleton has (empty, loading, error, overlays) in both languages and
// saves a screenshot of each to tests/.artifacts for a human to look at.
let server: TestServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  await browser.context.clearCookies();
  page = await browser.context.newPage();
  await page.goto(`${server.baseUrl}/404`);
  await page.evaluate(() => window.localStorage.clear());
});

afterEach(async () => {
  await page.close();
});

/** Answers one GraphQL operation with a fake body (optionally never), passes every other call through. */
async function fakeOperation(operationName: string, answer: 'hang' | Record<string, unknown>): Promise<void> {
  await page.route('**/graphql', async (route: Route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName !== operationName) return route.continue();
    if (answer === 'hang') return undefined;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
  });
}

async function setLanguage(code: 'de' | 'en') {
  await page.evaluate((locale) => window.localStorage.setItem('locale', locale), code);
}

describe('screens', () => {
  it.each(['de', 'en'] as const)('public entry pages in %s', async (code) => {
    await setLanguage(code);
    for (const path of ['/register', '/welcome', '/forgot-password', '/new-password?token=abc', '/create-account?token=abc&type=invitation', '/credit-roi-calculator']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.locator('h1').first().waitFor();
      await screenshot(page, `public-${path.slice(1).split('?')[0]}-${code}`);
    }
    await page.goto(`${server.baseUrl}/register`);
    await page.locator('button[type="submit"]').click();
    await page.locator('[data-part="error-text"]').first().waitFor();
    await screenshot(page, `public-register-invalid-${code}`);
  });

  it('an unconfirmable confirmation link shows the translated code', async () => {
    await page.goto(`${server.baseUrl}/create-account?token=not-a-token&type=confirmation`);
    await page.getByTestId('error-alert').waitFor();
    await screenshot(page, 'create-account-confirmation-failed-de');
  });

  it.each(['de', 'en'] as const)('dashboard empty, loading and error states in %s', async (code) => {
    await setLanguage(code);
    await fakeOperation('getMyDatafilesSummaryForDashboard', { data: { getMyDatafilesSummaryForDashboard: { numberOfDatafiles: 0, numberOfQualityScores: 0, numberOfDataRecords: 0 } } });
    await login(page, server.baseUrl, 'admin@example.com');
    await page.getByTestId('dashboard-empty').waitFor();
    await screenshot(page, `dashboard-empty-${code}`);
    await page.unrouteAll();

    await fakeOperation('getMyDatafilesSummaryForDashboard', 'hang');
    await page.reload();
    await page.getByRole('status').first().waitFor();
    await screenshot(page, `dashboard-loading-${code}`);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await fakeOperation('getMyDatafilesSummaryForDashboard', { data: null, errors: [{ message: 'x', extensions: { code: 'GENERAL_ERROR' } }] });
    await page.reload();
    await page.getByTestId('page-error').waitFor();
    await screenshot(page, `dashboard-error-${code}`);
  });

  it.each(['de', 'en'] as const)('shell overlays and role pages in %s', async (code) => {
    await setLanguage(code);
    await login(page, server.baseUrl, 'employee@example.com');
    await page.waitForTimeout(400);
    await screenshot(page, `employee-first-login-${code}`);
    const getStarted = page.getByTestId('get-started-cancel');
    if (await getStarted.isVisible().catch(() => false)) {
      await getStarted.click();
      await page.getByTestId('get-started-modal').waitFor({ state: 'hidden' });
    }
    await page.getByTestId('wallet-menu').click();
    await page.waitForTimeout(300);
    await screenshot(page, `wallet-employee-${code}`);
    expect(await page.getByTestId('credit-management').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.getByTestId('user-menu').click();
    await page.waitForTimeout(300);
    await screenshot(page, `user-menu-${code}`);
    await page.getByTestId('menu-edit-profile').click();
    await page.getByTestId('edit-profile-dialog').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, `edit-profile-${code}`);
    await page.keyboard.press('Escape');

    await page.getByTestId('info-menu').click();
    await page.waitForTimeout(300);
    await screenshot(page, `info-menu-${code}`);
    await page.keyboard.press('Escape');

    await page.goto(`${server.baseUrl}/administration`);
    await page.getByTestId('app-shell').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, `no-permission-employee-${code}`);

    await page.goto(`${server.baseUrl}/upload-dataset/step1`);
    await page.getByTestId('placeholder-page').waitFor();
    await page.getByTestId('menu-toggle').click();
    await page.waitForTimeout(400);
    await screenshot(page, `placeholder-collapsed-menu-${code}`);
  });
});

import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, screenshot } from '../support/browser/browser';
import { browserSuite } from '../support/browser/suite';

// Visits the states the walking skeleton has (empty, loading, error, overlays) in both languages and
// saves a screenshot of each to tests/.artifacts for a human to look at.
const suite = browserSuite();

/** Answers one GraphQL operation with a fake body (optionally never), passes every other call through. */
async function fakeOperation(operationName: string, answer: 'hang' | Record<string, unknown>): Promise<void> {
  await suite.page.route('**/graphql', async (route: Route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName !== operationName) return route.continue();
    if (answer === 'hang') return undefined;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
  });
}

async function setLanguage(code: 'de' | 'en') {
  await suite.page.evaluate((locale) => window.localStorage.setItem('locale', locale), code);
}

describe('screens', () => {
  it.each(['de', 'en'] as const)('public entry pages in %s', async (code) => {
    await setLanguage(code);
    for (const path of [
      '/register',
      '/welcome',
      '/forgot-password',
      '/new-password?token=abc',
      '/create-account?token=abc&type=invitation',
      '/credit-roi-calculator',
    ]) {
      await suite.page.goto(`${suite.server.baseUrl}${path}`);
      await suite.page.locator('h1').first().waitFor();
      await screenshot(suite.page, `public-${path.slice(1).split('?')[0]}-${code}`);
    }
    await suite.page.goto(`${suite.server.baseUrl}/register`);
    await suite.page.locator('button[type="submit"]').click();
    await suite.page.locator('[data-part="error-text"]').first().waitFor();
    await screenshot(suite.page, `public-register-invalid-${code}`);
  });

  it('an unconfirmable confirmation link shows the translated code', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/create-account?token=not-a-token&type=confirmation`);
    await suite.page.getByTestId('error-alert').waitFor();
    await screenshot(suite.page, 'create-account-confirmation-failed-de');
  });

  it.each(['de', 'en'] as const)('dashboard empty, loading and error states in %s', async (code) => {
    await setLanguage(code);
    await fakeOperation('getMyDatafilesSummaryForDashboard', {
      data: {
        getMyDatafilesSummaryForDashboard: { numberOfDatafiles: 0, numberOfQualityScores: 0, numberOfDataRecords: 0 },
      },
    });
    await login(suite.page, suite.server.baseUrl, 'admin@example.com');
    await suite.page.getByTestId('dashboard-empty').waitFor();
    await screenshot(suite.page, `dashboard-empty-${code}`);
    await suite.page.unrouteAll();

    await fakeOperation('getMyDatafilesSummaryForDashboard', 'hang');
    await suite.page.reload();
    await suite.page.getByRole('status').first().waitFor();
    await screenshot(suite.page, `dashboard-loading-${code}`);
    await suite.page.unrouteAll({ behavior: 'ignoreErrors' });

    await fakeOperation('getMyDatafilesSummaryForDashboard', {
      data: null,
      errors: [{ message: 'x', extensions: { code: 'GENERAL_ERROR' } }],
    });
    await suite.page.reload();
    await suite.page.getByTestId('page-error').waitFor();
    await screenshot(suite.page, `dashboard-error-${code}`);
  });

  it.each(['de', 'en'] as const)('shell overlays and role pages in %s', async (code) => {
    await setLanguage(code);
    await login(suite.page, suite.server.baseUrl, 'employee@example.com');
    await suite.page.waitForTimeout(400);
    await screenshot(suite.page, `employee-first-login-${code}`);
    const getStarted = suite.page.getByTestId('get-started-cancel');
    if (await getStarted.isVisible().catch(() => false)) {
      await getStarted.click();
      await suite.page.getByTestId('get-started-modal').waitFor({ state: 'hidden' });
    }
    await suite.page.getByTestId('wallet-menu').click();
    await suite.page.waitForTimeout(300);
    await screenshot(suite.page, `wallet-employee-${code}`);
    expect(await suite.page.getByTestId('credit-management').count()).toBe(0);
    await suite.page.keyboard.press('Escape');

    await suite.page.getByTestId('user-menu').click();
    await suite.page.waitForTimeout(300);
    await screenshot(suite.page, `user-menu-${code}`);
    await suite.page.getByTestId('menu-edit-profile').click();
    await suite.page.getByTestId('edit-profile-dialog').waitFor();
    await suite.page.waitForTimeout(300);
    await screenshot(suite.page, `edit-profile-${code}`);
    await suite.page.keyboard.press('Escape');

    await suite.page.getByTestId('info-menu').click();
    await suite.page.waitForTimeout(300);
    await screenshot(suite.page, `info-menu-${code}`);
    await suite.page.keyboard.press('Escape');

    await suite.page.goto(`${suite.server.baseUrl}/administration`);
    await suite.page.getByTestId('app-shell').waitFor();
    await suite.page.waitForTimeout(300);
    await screenshot(suite.page, `no-permission-employee-${code}`);

    await suite.page.goto(`${suite.server.baseUrl}/upload-dataset/step1`);
    await suite.page.getByTestId('upload-title').waitFor();
    await suite.page.getByTestId('menu-toggle').click();
    await suite.page.waitForTimeout(400);
    await screenshot(suite.page, `upload-collapsed-menu-${code}`);
  });
});

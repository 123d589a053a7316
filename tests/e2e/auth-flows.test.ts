import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, login, screenshot, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

// Flows against the real API: passwords travel RSA-OAEP encrypted; notifications are marked read
// server-side. The password change runs last: later logins as admin would need the new password.
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
  await page.evaluate(() => window.localStorage.setItem('locale', 'en'));
});

afterEach(async () => {
  await page.close();
});

async function closeFirstLoginModals() {
  for (const button of ['get-started-cancel', 'survey-later']) {
    const target = page.getByTestId(button);
    if (await target.isVisible().catch(() => false)) {
      await target.click();
      await target.waitFor({ state: 'hidden' });
    }
  }
}

async function openChangePassword() {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-change-password').click();
  return page.getByTestId('change-password-dialog');
}

describe('auth flows in Chromium', () => {
  it('registers an organisation and lands on /welcome', async () => {
    await page.goto(`${server.baseUrl}/register`);
    await page.locator('input[name="companyName"]').fill('Acme Marktforschung');
    await page.locator('input[name="firstName"]').fill('Jana');
    await page.locator('input[name="lastName"]').fill('Novak');
    await page.locator('input[name="email"]').fill(`jana.${Date.now()}@acme.example`);
    await page.locator('input[name="password"]').fill('long-enough-1');
    await page.locator('[data-scope="checkbox"][data-part="control"]').click();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/welcome');
    await page.getByText('Please check your inbox').waitFor();
  });

  it('asks for a reset mail and answers the same whether the address exists or not', async () => {
    for (const email of ['admin@example.com', 'nobody@example.com']) {
      await page.goto(`${server.baseUrl}/forgot-password`);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('button[type="submit"]').click();
      await page.getByTestId('success-alert').waitFor();
    }
    await screenshot(page, 'forgot-password-sent-en');
  });

  it('opens a notification: marked read on the server and the result page opens', async () => {
    await login(page, server.baseUrl, 'admin@example.com');
    await closeFirstLoginModals();
    const before = Number(await page.getByTestId('notification-count').textContent());
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-item').first().click();
    await page.waitForURL((url) => url.pathname === '/datafile-result' || url.pathname === '/upload-dataset/step1');
    await expect.poll(async () => Number((await page.getByTestId('notification-count').textContent().catch(() => '0')) || 0)).toBe(before - 1);
    await page.reload();
    await page.getByTestId('app-shell').waitFor();
    await expect.poll(async () => Number((await page.getByTestId('notification-count').textContent().catch(() => '0')) || 0)).toBe(before - 1);
  });
  it('refuses a wrong current password, then changes it and logs in with the new one', async () => {
    await login(page, server.baseUrl, 'admin@example.com');
    await closeFirstLoginModals();
    let dialog = await openChangePassword();
    await dialog.locator('input[name="currentPassword"]').fill('not-my-password');
    await dialog.locator('input[name="newPassword"]').fill('Brand-New-2026');
    await dialog.locator('input[name="confirmPassword"]').fill('Brand-New-2026');
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByTestId('error-alert').waitFor();
    expect(await dialog.getByTestId('error-alert').textContent()).toContain('Old password is wrong');
    await screenshot(page, 'change-password-wrong-old-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    dialog = await openChangePassword();
    await dialog.locator('input[name="currentPassword"]').fill(DEMO_PASSWORD);
    await dialog.locator('input[name="newPassword"]').fill('Brand-New-2026');
    await dialog.locator('input[name="confirmPassword"]').fill('Brand-New-2026');
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByTestId('success-alert').waitFor();
    await screenshot(page, 'change-password-success-en');
    // Success feedback stays 2 seconds, then the dialog closes by itself.
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });

    await page.goto(`${server.baseUrl}/logout`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('input[name="email"]').fill('admin@example.com');
    await page.locator('input[name="password"]').fill('Brand-New-2026');
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('app-shell').waitFor();
  });

});

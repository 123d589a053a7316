import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, screenshot, type TestBrowser } from '../support/browser/browser';
import { startServer, type TestServer } from '../support/browser/server';

// The demo company 'Danube Data KG' has a TEST contract ending in 20 days (demo seed).
let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function freshPage(locale: 'de' | 'en'): Promise<Page> {
  await browser.context.clearCookies();
  const page = await browser.context.newPage();
  await page.goto(`${server.baseUrl}/404`);
  await page.evaluate((l) => {
    window.localStorage.clear();
    window.localStorage.setItem('locale', l);
  }, locale);
  return page;
}

describe('contract-expiry alert in Chromium', () => {
  for (const locale of ['de', 'en'] as const) {
    it(`shows the end date to the Danube owner once; Noted keeps it away after a reload (${locale})`, async () => {
      const page = await freshPage(locale);
      await login(page, server.baseUrl, 'owner@danube.example.com');
      const alert = page.getByTestId('contract-expiry-alert');
      await alert.waitFor({ timeout: 20_000 });
      await page.waitForTimeout(400); // dialog fade-in, so the screenshot is legible
      expect(await alert.textContent()).toMatch(/\d{2}\.\d{2}\.\d{4}/);
      await screenshot(page, `contract-expiry-alert-${locale}`);
      await alert.getByTestId('contract-expiry-noted').click();
      await alert.waitFor({ state: 'hidden' });
      await page.reload();
      await page.getByTestId('app-shell').waitFor();
      await page.waitForTimeout(1000);
      expect(await page.getByTestId('contract-expiry-alert').isVisible()).toBe(false);
      await page.close();
    });
  }
});

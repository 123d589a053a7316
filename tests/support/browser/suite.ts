import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, type TestBrowser } from './browser';
import { startServer, type TestServer } from './server';

export type BrowserSuite = { server: TestServer; browser: TestBrowser; page: Page };

/**
 * The hooks most browser test files share: one real API server and one Chromium per file, and a
 * fresh page per test that starts on /404 with cleared cookies and storage (and `locale` set when
 * given). Read `suite.page` and `suite.server` inside tests and hooks.
 */
export function browserSuite(options: { locale?: 'de' | 'en' } = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.server = await startServer();
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  beforeEach(async () => {
    await suite.browser.context.clearCookies();
    suite.page = await suite.browser.context.newPage();
    await suite.page.goto(`${suite.server.baseUrl}/404`);
    await suite.page.evaluate((locale) => {
      window.localStorage.clear();
      if (locale) window.localStorage.setItem('locale', locale);
    }, options.locale ?? null);
  });
  afterEach(async () => {
    await suite.page.close();
  });
  return suite;
}

/** Closes the get-started and survey modals a first login may show. */
export async function closeFirstLoginModals(page: Page): Promise<void> {
  for (const button of ['get-started-cancel', 'survey-later']) {
    const target = page.getByTestId(button);
    if (await target.isVisible().catch(() => false)) {
      await target.click();
      await target.waitFor({ state: 'hidden' });
    }
  }
}

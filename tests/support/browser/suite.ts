import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type ServerEnv, startServer, type TestServer } from '../server-process';
import { launchBrowser, type TestBrowser } from './browser';

export type BrowserSuite = {
  /** The real API on a fresh database with the demo data (absent with `server: false`). */
  server: TestServer;
  browser: TestBrowser;
  /** The page of the current test (`page: 'per-test'`) or of the whole file (`'per-file'`). */
  page: Page;
  /** A second Chromium with a profile of its own: someone who is not logged in (`stranger: true`). */
  stranger: TestBrowser;
};

export type BrowserSuiteOptions = {
  /** The language the app starts in (localStorage `locale`); German when not given. */
  locale?: 'de' | 'en';
  /**
   * Settings for the server, or a function that prepares what they name (e.g. an SMTP server) first;
   * it gets the server's port, for settings that name it (PUBLIC_URL under another host name).
   */
  env?: ServerEnv;
  /** false: no API server, for a test that serves its own page to the browser. */
  server?: boolean;
  /**
   * 'per-test' (default): a fresh page per test that starts on /404 with cleared cookies and storage;
   * 'per-file': one page for the whole file, whose login carries from test to test;
   * 'none': the file opens its own pages from `suite.browser.context`.
   */
  page?: 'per-test' | 'per-file' | 'none';
  stranger?: boolean;
};

/**
 * The one way a browser test starts what it drives: one real API server and one Chromium per file,
 * closed after the file, and the page the options ask for. Read `suite.page`, `suite.server` and
 * `suite.browser` inside tests and hooks (the suite's hooks run before the file's own).
 */
export function browserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  const pages = options.page ?? 'per-test';
  const freshPage = async () => {
    await suite.browser.context.clearCookies();
    const page = await suite.browser.context.newPage();
    if (suite.server) {
      await page.goto(`${suite.server.baseUrl}/404`);
      await page.evaluate((locale) => {
        window.localStorage.clear();
        window.sessionStorage.clear();
        if (locale) window.localStorage.setItem('locale', locale);
      }, options.locale ?? null);
    }
    return page;
  };
  beforeAll(async () => {
    if (options.server !== false) {
      suite.server = await startServer(options.env);
    }
    suite.browser = await launchBrowser();
    if (options.stranger) suite.stranger = await launchBrowser();
    if (pages === 'per-file') suite.page = await freshPage();
  });
  afterAll(async () => {
    await suite.stranger?.close();
    await suite.browser?.close();
    await suite.server?.stop();
  });
  if (pages === 'per-test') {
    beforeEach(async () => {
      suite.page = await freshPage();
    });
    afterEach(async () => {
      await suite.page.close();
    });
  }
  return suite;
}

/** Sets the language the app starts in: opens /404 on the server and writes localStorage `locale`. */
export async function setLocale(page: Page, baseUrl: string, locale: 'de' | 'en'): Promise<void> {
  await page.goto(`${baseUrl}/404`);
  await page.evaluate((l) => window.localStorage.setItem('locale', l), locale);
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

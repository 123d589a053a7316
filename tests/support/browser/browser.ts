import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { repoRoot } from '../server-process';

export const artifactsDir = join(repoRoot, 'tests/.artifacts');

export type TestBrowser = { context: BrowserContext; close: () => Promise<void> };

/**
 * Real Chromium with a fresh profile of its own (a persistent context in a temporary folder, never
 * --user-data-dir), headless, without the sandbox, GPU, QUIC or background traffic a container lacks.
 */
export async function launchBrowser(viewport = { width: 1440, height: 900 }): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport,
    locale: 'de-DE',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

/**
 * The whole app page: the shell scrolls inside a 100vh frame, so the window grows to the content's
 * height for the picture (at most 4000 px), then returns to 1440 x 900.
 */
export async function shellScreenshot(page: Page, name: string, width = 1440): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  const height = await page.evaluate(() =>
    Math.max(
      900,
      ...[...document.querySelectorAll('*')]
        .filter((e) => e.scrollHeight > e.clientHeight + 4 && getComputedStyle(e).overflowY !== 'visible')
        .map((e) => e.scrollHeight + 140),
    ),
  );
  await page.setViewportSize({ width, height: Math.min(height, 4000) });
  // Let charts resize and dialog animations settle.
  await page.waitForTimeout(500);
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

export const DEMO_PASSWORD = 'Demo-1234';

/** Fills the login form and waits until the shell shows. */
export async function login(page: Page, baseUrl: string, email: string, path = '/login'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('app-shell').waitFor({ timeout: 20_000 });
}

/** A GraphQL call from the page, with the session the page is signed in with (its access-token cookie). */
export async function gql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  return page.evaluate(
    async ({ query, variables }) => {
      const token = document.cookie
        .split('; ')
        .find((c) => c.startsWith('accessToken='))
        ?.slice('accessToken='.length);
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${decodeURIComponent(token)}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()).data as T;
    },
    { query, variables },
  ) as Promise<T>;
}

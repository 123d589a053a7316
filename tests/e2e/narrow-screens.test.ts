// Every route of the app at 1024 px, the narrowest width the product supports, as each role in
// German and as the operator (who sees every route) in English: the page needs no sideways scroll, no control sticks out of the window, no scroll
// box inside it scrolls sideways and no table cell cuts its content off. One server, one page per file.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROTECTED_ROUTES, canAccess } from '../../web/app/paths';
import { login, screenshot } from '../support/browser/browser';
import { waitForDemoUploads } from '../support/server-process';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';

const WIDTH = 1024;
const DEMO = '00000000-0000-4000-8000-0000000d0f01';
const OWN = { 'employee@example.com': '00000000-0000-4000-8000-0000000d0f02' } as Record<string, string>;
/** Routes that show a datafile get one the user may see. */
const WITH_DATAFILE = new Set(['/datafile-result', '/datafile-work-sheet', '/define-datafile']);

const ROLES = [
  { email: 'superadmin@example.com', level: 'SUPER_ADMIN' as const },
  { email: 'admin@example.com', level: 'ADMIN' as const },
  { email: 'employee@example.com', level: 'EMPLOYEE' as const },
];

/** What does not fit at the window's width, described for the failure message (empty when all fits). */
async function problemsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const name = (e: Element) => {
      const id = e.getAttribute('data-testid');
      const text = (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${e.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${text}"`;
    };
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1)
      out.push(`page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    // Data grids with a column per score or uploaded answer scroll sideways on purpose; what is inside them is reachable.
    const inWideGrid = (e: Element) => Boolean(e.closest('[data-wide-grid]'));
    for (const e of document.querySelectorAll('body *')) {
      if (!visible(e)) continue;
      const style = getComputedStyle(e);
      if (e.matches('[data-wide-grid]') || (inWideGrid(e) && !e.matches('[role=columnheader]'))) continue;
      // A scroll box (the shell's main area, a table's wrapper) that needs a sideways scroll.
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1)
        out.push(`scrolls sideways (${e.scrollWidth} > ${e.clientWidth}): ${name(e)}`);
      // A table cell or header whose content is cut off.
      if (
        e.matches('th, td, [role=columnheader], [role=cell]') &&
        style.overflowX !== 'visible' &&
        e.scrollWidth > e.clientWidth + 1 &&
        style.textOverflow !== 'ellipsis'
      )
        out.push(`cell cut off: ${name(e)}`);
      // A control or heading that reaches past the window's right edge.
      if (e.matches('button, a, input, select, h1, h2, th') && e.getBoundingClientRect().right > window.innerWidth + 1)
        out.push(`past the right edge: ${name(e)}`);
    }
    return [...new Set(out)];
  });
}

async function settle(page: Page): Promise<void> {
  await page.locator('h1, [data-testid=app-shell]').first().waitFor({ timeout: 20_000 });
  // Spinners and skeletons gone, charts sized.
  await page
    .locator('.chakra-spinner, [data-scope=skeleton]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

const suite = browserSuite({ page: 'per-file' });

for (const locale of ['de', 'en'] as const) {
  describe(`at ${WIDTH} px (${locale})`, () => {
    it('public pages fit', async () => {
      const { page, server } = suite;
      await page.setViewportSize({ width: WIDTH, height: 800 });
      await page.context().clearCookies();
      await page.goto(`${server.baseUrl}/404`);
      await page.evaluate((l) => window.localStorage.setItem('locale', l), locale);
      await waitForDemoUploads(server);
      const found: Record<string, string[]> = {};
      for (const path of [
        '/login',
        '/register',
        '/forgot-password',
        '/credit-roi-calculator',
        '/report-verification',
        `/datafile-report?datafileId=${DEMO}`,
      ]) {
        await page.goto(`${server.baseUrl}${path}`);
        await settle(page);
        const problems = await problemsOf(page);
        if (problems.length) {
          found[path] = problems;
          await screenshot(page, `narrow-public${path.replace(/[/?=&]+/g, '-')}-${locale}`);
        }
      }
      expect(found).toEqual({});
    }, 120_000);

    // In English the operator, who sees every route; in German every role.
    for (const role of locale === 'de' ? ROLES : ROLES.slice(0, 1)) {
      it(`every route fits for ${role.level}`, async () => {
        const { page, server } = suite;
        await page.setViewportSize({ width: WIDTH, height: 800 });
        await page.context().clearCookies();
        await page.goto(`${server.baseUrl}/404`);
        await page.evaluate((l) => window.localStorage.setItem('locale', l), locale);
        await login(page, server.baseUrl, role.email);
        await closeFirstLoginModals(page);
        const found: Record<string, string[]> = {};
        for (const route of PROTECTED_ROUTES.filter((r) => canAccess(r, role.level))) {
          const query = WITH_DATAFILE.has(route.path) ? `?datafileId=${OWN[role.email] ?? DEMO}` : '';
          await page.goto(`${server.baseUrl}${route.path}${query}`);
          await settle(page);
          const problems = await problemsOf(page);
          if (problems.length) found[route.path] = problems;
          await screenshot(page, `narrow-${role.level.toLowerCase()}${route.path.replace(/\//g, '-')}-${locale}`);
        }
        expect(found).toEqual({});
      }, 240_000);
    }
  });
}

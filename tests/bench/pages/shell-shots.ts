// `bun tests/bench/pages/shell-shots.ts`: screenshots of the app's frame to compare a change's look before
// and after: the login page, the dashboard, the result page and the worksheet of the 600-interview demo
// file, in German and English, at 1024 px (side menu as icons) and 1440 px (side menu open), and the
// user menu, the language and info menus opened, the language switched from the menu, the footer (and a link of it hovered). The same side as `bench:pages` (the real server, the demo data); SHOTS_ROOT=<another
// checkout> shoots that checkout instead. Writes SHOTS_DIR/SHOTS_LABEL-<width>-<locale>-<page>.png
// (defaults: the system's temporary folder, label "before"). Upload times and dates differ between runs.
// SHOTS_WIDTHS=1024 takes one width.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ensureWebBuild } from '../../support/server-process';
import { paintedAt } from './instruments';
import { DEMO_DATAFILE, startSide } from './world';

const dir = process.env.SHOTS_DIR ?? join(tmpdir(), 'shell-shots');
const label = process.env.SHOTS_LABEL ?? 'before';
mkdirSync(dir, { recursive: true });
if (!process.env.SHOTS_ROOT) ensureWebBuild();
const side = await startSide('shots', process.env.SHOTS_ROOT, 100);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = side.page;
  // The pointer in one place; what renders after the first paint (the frame's menus, the worksheet's
  // rules) and the network settle.
  const settle = async () => {
    await page.mouse.move(600, 500);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_500);
  };
  for (const width of (process.env.SHOTS_WIDTHS ?? '1024,1440').split(',').map(Number)) {
    await page.setViewportSize({ width, height: 900 });
    for (const locale of ['de', 'en']) {
      await page.evaluate((l) => {
        window.localStorage.setItem('locale', l);
        window.localStorage.removeItem('ws:sideMenuCollapsed');
      }, locale);
      const shot = (name: string) => page.screenshot({ path: `${dir}/${label}-${width}-${locale}-${name}.png` });
      await page.goto(`${side.server.baseUrl}/`);
      await page.getByTestId('user-menu').waitFor();
      await settle();
      await shot('dashboard');
      const footer = page.getByTestId('app-footer');
      await footer.scrollIntoViewIfNeeded();
      await footer.screenshot({ path: `${dir}/${label}-${width}-${locale}-footer.png` });
      await footer.locator('a').first().hover();
      await page.waitForTimeout(300);
      await footer.screenshot({ path: `${dir}/${label}-${width}-${locale}-footer-hover.png` });
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-logout').waitFor();
      await page.waitForTimeout(400);
      await shot('user-menu');
      await page.keyboard.press('Escape');
      for (const menu of ['language', 'info'] as const) {
        await page.getByTestId(`${menu}-menu`).click();
        await page.getByTestId(menu === 'language' ? 'language-en' : 'help-center-link').waitFor();
        await page.waitForTimeout(400);
        await shot(`${menu}-menu`);
        await page.keyboard.press('Escape');
      }
      // The language switch: the other language chosen from the menu, without a reload.
      const other = locale === 'de' ? 'en' : 'de';
      await page.getByTestId('language-menu').click();
      await page.getByTestId(`language-${other}`).click();
      await page.waitForFunction((l) => document.documentElement.lang === l, other);
      await settle();
      await shot(`switched-to-${other}`);
      await page.evaluate((l) => window.localStorage.setItem('locale', l), locale);
      await page.goto(`${side.server.baseUrl}/datafile-result?datafileId=${DEMO_DATAFILE}`, { waitUntil: 'commit' });
      await paintedAt(page, 'resultRows');
      await page.getByTestId('user-menu').waitFor();
      await settle();
      await shot('result');
      await page.goto(`${side.server.baseUrl}/datafile-work-sheet?datafileId=${DEMO_DATAFILE}`, {
        waitUntil: 'commit',
      });
      await paintedAt(page, 'worksheetRows');
      await page.getByTestId('user-menu').waitFor();
      await settle();
      await shot('worksheet');
      const anonymous = await browser.newPage({ viewport: { width, height: 900 }, locale: 'de-DE' });
      await anonymous.goto(`${side.server.baseUrl}/login`);
      await anonymous.evaluate((l) => window.localStorage.setItem('locale', l), locale);
      await anonymous.reload();
      await anonymous.locator('input').first().waitFor();
      await anonymous.waitForTimeout(500);
      await anonymous.screenshot({ path: `${dir}/${label}-${width}-${locale}-login.png` });
      await anonymous.close();
    }
  }
} finally {
  await browser.close();
  await side.close();
}

// `bun tests/bench/pages/shots.ts`: screenshots of the result page of the 600-interview demo file at
// 1024 px, in German and English, on the combined, TS and OES tabs, to compare a change's look before
// and after (the same side as `bench:pages`: the real server, the demo data). Writes
// SHOTS_DIR/SHOTS_LABEL-<locale>-<tab>.png (defaults: the system's temporary folder, label "before").
// The header's upload time differs between two runs (each seeds its own database). SHOTS_PAGE=worksheet
// takes the worksheet of the same file instead (SHOTS_LABEL-<locale>-worksheet.png: its top; -counts.png:
// the counts and the table scrolled into view). SHOTS_CHECKOUT=<another checkout> shoots that checkout's build.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { ensureWebBuild } from '../../support/server-process';
import { paintedAt } from './instruments';
import { DEMO_DATAFILE, startSide } from './world';

const dir = process.env.SHOTS_DIR ?? join(tmpdir(), 'result-shots');
const label = process.env.SHOTS_LABEL ?? 'before';
mkdirSync(dir, { recursive: true });
ensureWebBuild();
const side = await startSide('this checkout', process.env.SHOTS_CHECKOUT, 100);
try {
  const page = side.page;
  await page.setViewportSize({ width: 1024, height: 900 });
  for (const locale of ['de', 'en']) {
    await page.evaluate((l) => window.localStorage.setItem('locale', l), locale);
    if (process.env.SHOTS_PAGE === 'worksheet') {
      await page.goto(`${side.server.baseUrl}/datafile-work-sheet?datafileId=${DEMO_DATAFILE}`, {
        waitUntil: 'commit',
      });
      await paintedAt(page, 'worksheetRows');
      // The rules, impact view and audit trail render after the rows' frame; the pointer off the table.
      await page.getByTestId('worksheet-comment').waitFor();
      await page.mouse.move(500, 10);
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${dir}/${label}-${locale}-worksheet.png`, fullPage: true });
      await page.getByTestId('cleaning-counts').evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/${label}-${locale}-counts.png` });
      continue;
    }
    await page.goto(`${side.server.baseUrl}/datafile-result?datafileId=${DEMO_DATAFILE}`, { waitUntil: 'commit' });
    await paintedAt(page, 'resultRows');
    for (const tab of ['combined', 'ts', 'oes']) {
      if (tab !== 'combined') await page.getByTestId(`tab-${tab}`).click();
      await page.locator(`[data-testid="score-tab-${tab}"] canvas`).waitFor();
      // The pointer off the table (no hovered row); the histogram draws after the table's first frame.
      await page.mouse.move(500, 10);
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${dir}/${label}-${locale}-${tab}.png`, fullPage: true });
    }
    await page
      .getByTestId('sort-combined')
      .click()
      .catch(() => undefined);
  }
} finally {
  await side.close();
}

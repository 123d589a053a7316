import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, shellScreenshot } from '../support/browser/browser';
import { browserSuite } from '../support/browser/suite';
import { openServerDatabase, waitForDemoUploads, type TestServer } from '../support/server-process';

// The dashboard in real Chromium against the real API and the demo data (the demo
// datafiles go through the upload pipeline when the server seeds), in German and English: the
// numbers on the cards, the chart legends and the latest-files list are checked against the
// database file itself; a user without datafiles gets the empty state. Screenshots go to tests/.artifacts.

const suite = browserSuite();
let server: TestServer;
let page: Page;

const DEMO_DATAFILES = [
  '00000000-0000-4000-8000-0000000d0f01',
  '00000000-0000-4000-8000-0000000d0f02',
  '00000000-0000-4000-8000-0000000d0f03',
];

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = openServerDatabase(server, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = suite.server;
  // The server seeds the demo datafiles through upload jobs: wait until all three are READY.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const [row] = query<{ n: number }>(
      `select count(*) as n from datafiles where status = 'READY' and id in (${DEMO_DATAFILES.map(() => '?').join(',')})`,
      ...DEMO_DATAFILES,
    );
    // And the demo cleaning that follows, which writes the datafiles again.
    if (row!.n === DEMO_DATAFILES.length) return waitForDemoUploads(server);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`demo datafiles not READY in time:\n${server.log().slice(-3000)}`);
}, 180_000);
beforeEach(() => {
  page = suite.page;
});

const screenshot = (name: string) => shellScreenshot(page, name);

/** What the demo ADMIN's dashboard must show: their organisation's datafiles with data, straight from the tables. */
function expectedForAdmin() {
  const [admin] = query<{ company_id: string }>("select company_id from users where email = 'admin@example.com'");
  const files = query<{ id: string; title: string; number_of_records: number; mean_combined_score: number | null }>(
    "select id, title, number_of_records, mean_combined_score from datafiles where company_id = ? and is_deleted = 0 and status in ('READY', 'STOPPED') order by created_at desc, id desc",
    admin!.company_id,
  );
  const bands = query<{ b0: number; b1: number; b2: number; b3: number; n: number }>(
    `select sum(s.band_0) as b0, sum(s.band_1) as b1, sum(s.band_2) as b2, sum(s.band_3) as b3, sum(s.count) as n from datafile_score_stats s
     join datafiles d on d.id = s.datafile_id and d.revision = s.revision
     where s.kind = 'COMBINED' and d.company_id = ? and d.is_deleted = 0 and d.status in ('READY', 'STOPPED')`,
    admin!.company_id,
  )[0]!;
  const ts = query<{ n: number; total: number }>(
    `select sum(s.count) as n, sum(s.sum) as total from datafile_score_stats s join datafiles d on d.id = s.datafile_id and d.revision = s.revision
     where s.kind = 'TS' and d.company_id = ? and d.is_deleted = 0 and d.status in ('READY', 'STOPPED')`,
    admin!.company_id,
  )[0]!;
  return { files, bands: [bands.b0, bands.b1, bands.b2, bands.b3], scored: bands.n, tsAverage: ts.total / ts.n };
}

const number = (code: 'de' | 'en', v: number) =>
  new Intl.NumberFormat(code === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 0 }).format(v);
const legendValue = (chart: string, label: string) =>
  page
    .locator(
      `[data-testid="${chart}"] [data-testid="chart-legend-item"][data-label="${label}"] [data-testid="chart-legend-value"]`,
    )
    .textContent();

async function dismissGetStarted() {
  const cancel = page.getByTestId('get-started-cancel');
  if (await cancel.isVisible().catch(() => false)) {
    await cancel.click();
    await page.getByTestId('get-started-modal').waitFor({ state: 'hidden' });
  }
}

describe('the dashboard in Chromium', () => {
  it.each(['de', 'en'] as const)("the demo ADMIN sees the charts with the database's numbers in %s", async (code) => {
    const expected = expectedForAdmin();
    expect(expected.scored).toBeGreaterThan(0);
    await page.evaluate((locale) => window.localStorage.setItem('locale', locale), code);
    await login(page, server.baseUrl, 'admin@example.com');
    await dismissGetStarted();
    await page.getByTestId('bands-chart').waitFor({ timeout: 20_000 });

    expect(await page.getByTestId('stat-datafiles').textContent()).toContain(number(code, expected.files.length));
    expect(await page.getByTestId('stat-records').textContent()).toContain(
      number(
        code,
        expected.files.reduce((s, f) => s + f.number_of_records, 0),
      ),
    );
    // Each band's interviews in the legend, as the stored stats of the published revisions add up.
    for (const [i, label] of ['0–39', '40–59', '60–79', '80–100'].entries())
      expect(await legendValue('bands-chart', label)).toBe(number(code, expected.bands[i]!));
    expect(await page.getByTestId('combined-average').textContent()).toContain(number(code, expected.scored));

    // The latest files: newest first, each linking to its result page, with its traffic light.
    const rows = page.getByTestId('latest-datafile');
    const shown = expected.files.slice(0, 5);
    expect(await rows.count()).toBe(shown.length);
    for (const [i, f] of shown.entries()) {
      expect(await rows.nth(i).getAttribute('href')).toBe(`/datafile-result?datafileId=${f.id}`);
      const r = f.mean_combined_score === null ? null : Math.floor(f.mean_combined_score + 0.5);
      const light = r === null ? 'GREY' : r >= 80 ? 'GREEN' : r >= 60 ? 'LIGHT_GREEN' : r >= 40 ? 'YELLOW' : 'RED';
      expect(await rows.nth(i).locator('[data-light]').getAttribute('data-light')).toBe(light);
    }
    await screenshot(`dashboard-combined-${code}`);

    // Hovering a band names it in the legend.
    const canvas = page.getByTestId('bands-chart-canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.62, box.y + box.height / 2);
    await page.getByTestId('bands-chart-legend-heading').waitFor();

    await page.getByTestId('tab-scores').click();
    await page.getByTestId('kinds-chart').waitFor();
    expect(await legendValue('kinds-chart', 'Time-Score (TS)')).toBe(number(code, expected.tsAverage));
    expect(
      await page.locator('[data-testid="kinds-chart"] [data-testid="chart-legend-item"][data-label*="(CON)"]').count(),
    ).toBe(1);
    await screenshot(`dashboard-scores-${code}`);

    await rows.first().click();
    await page.waitForURL(/\/datafile-result\?datafileId=/);
  });

  it.each(['de', 'en'] as const)(
    'a user without datafiles gets the empty state with a start button in %s',
    async (code) => {
      const [visible] = query<{ n: number }>(
        `select count(*) as n from datafiles d join users u on u.email = 'team@nordlicht.example.com'
       where d.is_deleted = 0 and (d.owner_id = u.id or d.id in (select datafile_id from datafile_contributors where user_id = u.id))`,
      );
      expect(visible!.n).toBe(0);
      await page.evaluate((locale) => window.localStorage.setItem('locale', locale), code);
      await login(page, server.baseUrl, 'team@nordlicht.example.com');
      await dismissGetStarted();
      const empty = page.getByTestId('dashboard-empty');
      await empty.waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('bands-chart').count()).toBe(0);
      await screenshot(`dashboard-empty-user-${code}`);
      await empty.getByRole('link').click();
      await page.waitForURL(/\/upload-dataset\/step1/);
    },
  );
});

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { viennaDate } from '../../db/domain/calendar';
import { addMonths } from '../../db/domain/months';
import { login, shellScreenshot } from '../support/browser/browser';
import { browserSuite } from '../support/browser/suite';
import { openServerDatabase, waitForDemoUploads, type TestServer } from '../support/server-process';

// The operator pages in real Chromium against the real API and the demo data, in
// German and English: the numbers on the stats pages (cards, chart legend, table) are checked
// against the database file itself, and an organisation admin is refused by the page and by the
// server. Screenshots go to tests/.artifacts.

const suite = browserSuite();
let server: TestServer;
let page: Page;

// The suite's hooks run before these.
beforeAll(async () => {
  server = suite.server;
  await waitForDemoUploads(server);
});
beforeEach(() => {
  page = suite.page;
});

const screenshot = (name: string, width?: number) => shellScreenshot(page, name, width);

/** The default period of the stats pages (the last 12 Vienna months), counted from the database rows with the Vienna calendar in JavaScript. */
function expectedFromDatabase() {
  const db = openServerDatabase(server, { readonly: true });
  try {
    const to = viennaDate().slice(0, 7);
    const from = addMonths(to, -11);
    const files = db
      .prepare(
        "select import_type, number_of_records, created_at from datafiles where is_deleted = 0 and status <> 'DRAFT'",
      )
      .all() as { import_type: string; number_of_records: number; created_at: string }[];
    const inPeriod = files.filter((f) => {
      const m = viennaDate(new Date(f.created_at)).slice(0, 7);
      return m >= from && m <= to;
    });
    const used = (
      db.prepare("select amount, occurred_at from credit_transactions where type = 'USED'").all() as {
        amount: number;
        occurred_at: string;
      }[]
    )
      .filter((r) => {
        const m = viennaDate(new Date(r.occurred_at)).slice(0, 7);
        return m >= from && m <= to;
      })
      .reduce((s, r) => s + r.amount, 0);
    return {
      files: inPeriod.length,
      liveFiles: inPeriod.filter((f) => f.import_type === 'LIVE').length,
      records: inPeriod.reduce((s, f) => s + f.number_of_records, 0),
      liveRecords: inPeriod.filter((f) => f.import_type === 'LIVE').reduce((s, f) => s + f.number_of_records, 0),
      used,
    };
  } finally {
    db.close();
  }
}

/** Live endpoint calls of the last minutes, as live import's recordEndpointHit will write them. */
function writeEndpointTraffic() {
  const db = openServerDatabase(server);
  try {
    const insert = db.prepare(
      'insert into endpoint_hits (endpoint, minute, requests, refusals) values (?, ?, ?, ?) on conflict (endpoint, minute) do nothing',
    );
    const now = Date.now();
    for (let i = 0; i < 45; i++) {
      const minute = new Date(now - i * 60_000).toISOString().slice(0, 16);
      insert.run('live.records', minute, 40 + ((i * 17) % 35), i % 9 === 0 ? 3 : i % 4 === 0 ? 1 : 0);
      if (i % 3 === 0) insert.run('live.pages', minute, 5 + (i % 4), 0);
    }
  } finally {
    db.close();
  }
}

const number = (code: 'de' | 'en', v: number) => new Intl.NumberFormat(code === 'de' ? 'de-DE' : 'en-GB').format(v);
const legendValue = (label: string) =>
  page
    .locator(`[data-testid="chart-legend-item"][data-label="${label}"] [data-testid="chart-legend-value"]`)
    .textContent();

describe('operator stats and monitoring in Chromium', () => {
  it.each(['de', 'en'] as const)(
    "the demo operator sees data files and records per month in %s, with the database's numbers",
    async (code) => {
      await page.evaluate((locale) => window.localStorage.setItem('locale', locale), code);
      await login(page, server.baseUrl, 'superadmin@example.com');
      const expected = expectedFromDatabase();
      expect(expected.files).toBeGreaterThan(0);

      await page.goto(`${server.baseUrl}/data-files-stats`);
      await page.getByTestId('stats-row').first().waitFor();
      expect(await page.getByTestId('stats-total-value').textContent()).toBe(number(code, expected.files));
      expect(await page.getByTestId('stats-credits-value').textContent()).toBe(number(code, expected.used));
      // The chart's legend sums what the bars show: live and manual files over the period.
      expect(await legendValue(code === 'de' ? 'Live-Import' : 'Live import')).toBe(number(code, expected.liveFiles));
      expect(await legendValue(code === 'de' ? 'Manueller Upload' : 'Manual upload')).toBe(
        number(code, expected.files - expected.liveFiles),
      );
      const fileCells = await page.getByTestId('stats-cell-datafiles').allTextContents();
      expect(fileCells.reduce((s, c) => s + Number(c.replace(/\D/g, '')), 0)).toBe(expected.files);
      await screenshot(`stats-data-files-${code}`);

      // Hovering a month puts its figures in the legend.
      const canvas = page.getByTestId('stats-chart-canvas');
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width - 80, box.y + box.height / 2);
      await page.getByTestId('stats-chart-legend-heading').waitFor();
      await screenshot(`stats-chart-hover-${code}`);

      await page.getByTestId('stats-sort-DATAFILES').click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="stats-sort-DATAFILES"]')?.getAttribute('aria-sort') === 'descending',
      );
      expect(page.url()).toContain('sort=DATAFILES');
      await page.getByTestId('stats-organization-search').fill('Demo Res');
      await page.locator('[data-testid="stats-organization-option"]', { hasText: 'Demo Research GmbH' }).click();
      await page.getByTestId('stats-organization-picked').waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="stats-row"]')].every(
          (r) => r.getAttribute('data-organization') === '00000000-0000-4000-8000-c00000000001',
        ),
      );
      await screenshot(`stats-data-files-organization-${code}`);

      await page.goto(`${server.baseUrl}/data-records-stats`);
      await page.getByTestId('stats-row').first().waitFor();
      expect(await page.getByTestId('stats-total-value').textContent()).toBe(number(code, expected.records));
      expect(await legendValue(code === 'de' ? 'Live-Import' : 'Live import')).toBe(number(code, expected.liveRecords));
      const download = page.waitForEvent('download');
      await page.getByTestId('stats-csv').click();
      const csv = readFileSync((await (await download).path())!, 'utf8')
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(csv[0]).toBe(
        code === 'de'
          ? 'Monat;Organisation;Organisations-ID;Datensätze;Live;Manuell;Datendateien;Credits verbraucht;Credits erstattet'
          : 'Month,Organization,Organization ID,Data records,Live,Manual,Data files,Credits used,Credits refunded',
      );
      expect(csv.slice(1).reduce((s, line) => s + Number(line.split(code === 'de' ? ';' : ',')[3]), 0)).toBe(
        expected.records,
      );
      await screenshot(`stats-data-records-${code}`);

      writeEndpointTraffic();
      // Refused live calls, for real: a wrong key, no key, an unknown datafile.
      for (const [id, key] of [
        ['00000000-0000-4000-8000-000000000404', 'lk_forged'],
        ['00000000-0000-4000-8000-000000000404', null],
        ['not-a-datafile', 'lk_forged'],
      ])
        await fetch(`${server.baseUrl}/api/live/${id}/respondents`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(key ? { 'x-live-key': key } : {}) },
          body: '{}',
        });
      await page.goto(`${server.baseUrl}/monitoring`);
      await page.getByTestId('job-kind-row').first().waitFor();
      await page.getByTestId('live-chart').waitFor();
      await page.getByTestId('size-database-bytes').waitFor();
      await page.getByTestId('job-row').first().waitFor();
      expect(await page.getByTestId('job-error-code').first().textContent()).toBe('EMAIL_SENDING_FAILED');
      await page.getByTestId('job-error-toggle').first().click();
      await screenshot(`monitoring-${code}`);
      // The refused traffic: by reason, and samples with the network and a hash, never the address.
      await page.getByTestId('refused-sample').first().waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('refused-reasons').innerText()).toContain('UNAUTHENTICATED');
      const sample = await page.getByTestId('refused-samples').innerText();
      expect(sample).toMatch(/127\.0\.0\.0\/24 #[0-9a-f]{8}/);
      expect(sample).not.toMatch(/127\.0\.0\.1\b/);
      expect(sample).toContain(code === 'de' ? 'falscher Schlüssel' : 'wrong key');
      await screenshot(`monitoring-1024-${code}`, 1024);
    },
  );

  it('the operator retries a failed job and resends a failed mail, each after confirming, and the lists follow', async () => {
    await page.evaluate(() => window.localStorage.setItem('locale', 'de'));
    await login(page, server.baseUrl, 'superadmin@example.com');
    await page.goto(`${server.baseUrl}/monitoring`);
    await page.getByTestId('job-retry').first().waitFor();
    await page.getByTestId('job-retry').first().click();
    await page.getByTestId('job-action-dialog').waitFor();
    await screenshot('monitoring-retry-dialog-de');
    await page.getByTestId('job-action-dialog-confirm').click();
    await page.getByTestId('success-alert').waitFor();
    // The server's runner takes the job at once (mail.outbox without SMTP succeeds): no failed job is left.
    await page.getByTestId('jobs-empty').waitFor({ timeout: 20_000 });

    await page.getByTestId('outbox-resend').first().click();
    await page.getByTestId('resend-dialog').waitFor();
    await page.getByTestId('resend-dialog-confirm').click();
    await page.getByTestId('success-alert').waitFor();
    await page.getByTestId('outbox-empty').waitFor({ timeout: 20_000 });
    await screenshot('monitoring-after-actions-de');
  });

  it('an organisation admin sees the no-permission message, and the server refuses the operator queries and actions', async () => {
    await page.evaluate(() => window.localStorage.setItem('locale', 'en'));
    await login(page, server.baseUrl, 'admin@example.com');
    for (const path of ['/data-files-stats', '/data-records-stats', '/monitoring']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page
        .getByText(/You do not have permission to view this page|Sie haben keine Berechtigung/)
        .waitFor()
        .catch(async (error) => {
          await screenshot(`monitoring-refused-admin-failed-${path.slice(1)}`);
          throw error;
        });
    }
    await screenshot('monitoring-refused-admin-en');
    const answers = await page.evaluate(async () => {
      const token = document.cookie
        .split('; ')
        .find((c) => c.startsWith('accessToken='))!
        .split('=')[1];
      const ask = async (query: string) =>
        (await (
          await fetch('/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ query }),
          })
        ).json()) as { data?: unknown; errors?: { extensions: { code: string } }[] };
      return Promise.all([
        ask('{getJobQueueSummary{kinds{kind}}}'),
        ask('{getUsageStatsByMonth(filters:{fromMonth:"2026-01",toMonth:"2026-12"}){totals{numberOfDatafiles}}}'),
        ask('mutation{retryJob(jobId:"00000000-0000-4000-8000-0c0000000001"){status}}'),
      ]);
    });
    for (const answer of answers) {
      expect(answer.errors?.[0]?.extensions.code).toBe('UNAUTHORIZED');
      expect(answer.data ?? null).toBeNull();
    }
  });
});

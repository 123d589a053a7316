import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, screenshot } from '../support/browser/browser';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';
import { repoRoot, startServer, type TestServer } from '../support/server-process';

// The app opened under another name than PUBLIC_URL says (127.0.0.1 for localhost; a proxy or a
// second host name is the same case): uploads and the live test respondent go to the origin the
// page came from, so they work; PUBLIC_URL only names the app in links that leave it (the snippet).
// With S3 the browser PUTs to the bucket: the CSP lets it, and a bucket whose CORS rule leaves the
// page's origin out is named as the cause (a second server, on s3rver, in this file: the two cases
// share the browser and the steps). Screenshots: tests/.artifacts/other-host-*.png.

const fixtures = join(repoRoot, 'tests/fixtures/uploads');
const suite = browserSuite({ page: 'none', env: (port) => ({ PUBLIC_URL: `http://localhost:${port}` }) });

async function freshPage(baseUrl: string, locale: 'de' | 'en'): Promise<Page> {
  await suite.browser.context.clearCookies();
  const page = await suite.browser.context.newPage();
  await page.goto(`${baseUrl}/404`);
  await page.evaluate((l) => window.localStorage.setItem('locale', l), locale);
  await login(page, baseUrl, 'admin@example.com');
  await closeFirstLoginModals(page);
  return page;
}

/** Step 1 of an upload: the file goes to its signed URL; resolves once the page holds it. */
async function chooseFile(page: Page, baseUrl: string, title: string) {
  await page.goto(`${baseUrl}/upload-dataset/step1`);
  await page.getByTestId('upload-title').waitFor();
  await closeFirstLoginModals(page);
  await page.getByTestId('upload-title').fill(title);
  await page.getByTestId('upload-file-input').setInputFiles(join(fixtures, 'qualtrics-utf8-bom.csv'));
}

describe('opened at 127.0.0.1 while PUBLIC_URL says localhost', () => {
  it('the server runs at 127.0.0.1 and names itself localhost', () => {
    expect(new URL(suite.server.baseUrl).hostname).toBe('127.0.0.1');
  });

  describe.each(['de', 'en'] as const)('in %s', (locale) => {
    it('an upload goes through the steps to READY', async () => {
      const page = await freshPage(suite.server.baseUrl, locale);
      const refused: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      await chooseFile(page, suite.server.baseUrl, `Andere Adresse ${locale}`);
      await page.getByTestId('replace-file').waitFor({ timeout: 30_000 });
      await page.getByTestId('upload-header-row').fill('1');
      await page.getByTestId('upload-first-row').fill('4');
      await screenshot(page, `other-host-upload-step1-${locale}`);
      await page.getByTestId('upload-step1-next').click();
      await page.getByTestId('upload-columns-table').waitFor({ timeout: 30_000 });
      for (const q of ['open1', 'open2', 'open3']) {
        const box = page.getByTestId(`open-question-${q}`);
        if ((await box.count()) > 0 && (await box.inputValue()) === '') await box.fill(`Was hat gefallen? (${q})`);
      }
      await page.getByTestId('upload-step2-next').click();
      await page.getByTestId('credit-estimate').waitFor({ timeout: 60_000 });
      await page.getByTestId('upload-confirm').click();
      await page.getByTestId('upload-done').waitFor({ timeout: 90_000 });
      await screenshot(page, `other-host-upload-done-${locale}`);
      expect(refused).toEqual([]);
      await page.close();
    }, 180_000);

    it('the live test respondent is answered, and the snippet says where it sends', async () => {
      const page = await freshPage(suite.server.baseUrl, locale);
      await page.goto(`${suite.server.baseUrl}/live-import`);
      await page.getByTestId('live-name').waitFor();
      await closeFirstLoginModals(page);
      await page.getByTestId('live-name').fill(`Live andere Adresse ${locale}`);
      await page.getByTestId('live-software-QUALTRICS').click();
      await page.getByTestId('live-step1-next').click();
      await page.getByTestId('live-page-1-label').fill('Q1');
      await page.getByTestId('live-page-1-question').fill('Was hat Ihnen beim letzten Einkauf gefallen?');
      await page.getByTestId('live-define-save').click();
      await page.getByTestId('live-secret').waitFor({ timeout: 15_000 });
      const port = new URL(suite.server.baseUrl).port;
      // The snippet carries PUBLIC_URL, for the survey tool; the page says so, since it is open elsewhere.
      expect(await page.getByTestId('live-endpoint').innerText()).toMatch(
        new RegExp(`^http://localhost:${port}/api/live/[0-9a-f-]+/respondents$`),
      );
      expect(await page.getByTestId('live-endpoint-elsewhere').innerText()).toContain(`http://localhost:${port}`);
      await page.getByTestId('live-test-send').click();
      await page.getByTestId('live-test-answer').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('live-test-decision').innerText()).toMatch(
        locale === 'de' ? /Behalten|Entfernen/ : /Keep|Remove/,
      );
      await page.getByTestId('live-test-answer').scrollIntoViewIfNeeded();
      await screenshot(page, `other-host-live-test-${locale}`);
      await page.close();
    }, 90_000);
  });
});

describe('with S3 storage (s3rver, CORS for 127.0.0.1 only)', () => {
  let server: TestServer;
  let s3: ChildProcess | undefined;
  const s3Dir = mkdtempSync(join(tmpdir(), 'e2e-s3rver-'));

  beforeAll(async () => {
    server = await startServer(async (port) => {
      s3 = spawn(process.execPath, ['tests/support/s3rver-child.cjs', s3Dir, `http://127.0.0.1:${port}`], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const s3Port = await new Promise<number>((resolve, reject) => {
        let out = '';
        s3!.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /port (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        s3!.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
      });
      return {
        S3_BUCKET: 'sqp',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (s3 && s3.exitCode === null) {
      const exited = new Promise((r) => s3!.once('exit', r));
      s3.kill('SIGTERM');
      await exited;
    }
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it.each(['de', 'en'] as const)(
    'in %s the browser PUTs the file to the bucket; from an origin the bucket does not allow, the message names its CORS rule',
    async (locale) => {
      const page = await freshPage(server.baseUrl, locale);
      await chooseFile(page, server.baseUrl, `S3 ${locale}`);
      await page.getByTestId('replace-file').waitFor({ timeout: 30_000 });
      await screenshot(page, `other-host-s3-uploaded-${locale}`);
      await page.close();

      // The same app at http://localhost:<port>: the CSP allows the bucket, its CORS rule does not.
      const elsewhere = server.baseUrl.replace('127.0.0.1', 'localhost');
      const other = await freshPage(elsewhere, locale);
      await chooseFile(other, elsewhere, `S3 ${locale}`);
      const alert = other.getByText(locale === 'de' ? 'CORS-Regel des Buckets' : "bucket's CORS rule", {
        exact: false,
      });
      await alert.waitFor({ timeout: 30_000 });
      expect(await alert.innerText()).toContain(elsewhere);
      await screenshot(other, `other-host-s3-cors-${locale}`);
      await other.close();
    },
    90_000,
  );
});

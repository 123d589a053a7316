import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DATAFILES } from '../../api/demo/seed-datafiles';
import { artifactsDir, DEMO_PASSWORD, login } from '../support/browser/browser';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';
import { waitForDemoUploads } from '../support/server-process';

// What a client opens from a link: the public report, the certificate check, the calculator, login
// and registration work on a phone (390 px: no desktop-only message, nothing wider than the screen),
// in German and English. The report shows IS apart from the quality scores, never as a missed
// target; its reasons for removal are the worksheet's. A logged-in user keeps the app shell on the
// report, with a way back. Screenshots: tests/.artifacts/public-<page>-<width>-<locale>.png.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1024, height: 800 };
const published = DEMO_DATAFILES.find((f) => f.finish?.report)!;
const trimmed = DEMO_DATAFILES.find((f) => f.finish?.cleaning.method === 'TRIM_TO_TARGET')!;

const suite = browserSuite({ page: 'none' });
let certificateCode = '';

beforeAll(async () => {
  await waitForDemoUploads(suite.server);
}, 180_000);

async function fresh(locale: 'de' | 'en', size = PHONE): Promise<Page> {
  await suite.browser.context.clearCookies();
  const page = await suite.browser.context.newPage();
  await page.setViewportSize(size);
  await page.goto(`${suite.server.baseUrl}/404`);
  await page.evaluate((l) => {
    window.localStorage.clear();
    window.localStorage.setItem('locale', l);
  }, locale);
  return page;
}

/** The whole page as one picture, after checking it is no wider than the window. */
async function fitsAndShoot(page: Page, name: string) {
  await page.waitForTimeout(300);
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
  // The same in window-high parts, readable at full size.
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, part = 1; y < height && height > size.height; y += size.height, part++)
    await page.screenshot({
      path: join(artifactsDir, `${name}-part${part}.png`),
      fullPage: true,
      clip: { x: 0, y, width: size.width, height: Math.min(size.height, height - y) },
    });
  const { scroll, inner, wide } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    // The innermost elements reaching past the right edge: what to fix when the page is too wide.
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((e) => ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}[${e.getAttribute('data-testid') ?? ''}] "${(e.textContent ?? '').slice(0, 40)}"`,
      ),
  }));
  expect(scroll, `${name} is ${scroll} px wide on a ${inner} px screen: ${wide.join(', ')}`).toBeLessThanOrEqual(inner);
  expect(await page.getByTestId('desktop-only').count()).toBe(0);
}

const countOf = async (page: Page, key: string) =>
  Number((await page.getByTestId(`report-exclusion-${key}-count`).innerText()).replace(/[.,\s]/g, ''));

describe.each(['de', 'en'] as const)('public pages in %s', (locale) => {
  it('the report on a phone: every figure, IS apart as a description of the sample', async () => {
    const page = await fresh(locale);
    await page.goto(`${suite.server.baseUrl}/datafile-report?datafileId=${published.id}`);
    await page.getByTestId('report-view').waitFor({ timeout: 30_000 });
    await page.getByTestId('report-distribution').waitFor();
    certificateCode = (await page.getByTestId('report-code').innerText()).trim();
    // IS has no target: not in the table of averages, but in its own section with its meaning.
    expect(await page.getByTestId('report-average-combined').count()).toBe(1);
    expect(await page.getByTestId('report-average-is').count()).toBe(0);
    const sample = page.getByTestId('report-sample-is');
    expect(await sample.innerText()).toMatch(locale === 'de' ? /Vorhersagen der Befragten/ : /own predictions/);
    expect(await page.getByTestId('report-sample').innerText()).not.toMatch(/Nicht erreicht|Not reached|> 70/);
    expect(await page.getByTestId('public-login').isVisible()).toBe(true);
    await fitsAndShoot(page, `public-report-390-${locale}`);
    await page.setViewportSize(DESKTOP);
    await fitsAndShoot(page, `public-report-1024-${locale}`);
    await page.close();
  }, 60_000);

  it('the certificate check, the calculator, login and registration on a phone', async () => {
    const page = await fresh(locale);
    await page.goto(`${suite.server.baseUrl}/report-verification?code=${encodeURIComponent(certificateCode)}`);
    await page.getByTestId('certificate-result').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('certificate-verdict').getAttribute('data-valid')).toBe('true');
    await fitsAndShoot(page, `public-verification-390-${locale}`);
    await page.goto(`${suite.server.baseUrl}/credit-roi-calculator`);
    await page.getByTestId('roi-form').waitFor();
    await fitsAndShoot(page, `public-calculator-390-${locale}`);
    for (const path of ['login', 'register', 'forgot-password']) {
      await page.goto(`${suite.server.baseUrl}/${path}`);
      await page.locator('form').first().waitFor();
      await fitsAndShoot(page, `public-${path}-390-${locale}`);
    }
    // The app itself stays for desktop screens: logged in on a phone, the dashboard says so.
    await page.goto(`${suite.server.baseUrl}/login`);
    await page.locator('input[name="email"]').fill('admin@example.com');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('desktop-only').waitFor({ timeout: 20_000 });
    await page.close();
  }, 90_000);

  it('a logged-in user keeps the app shell on the report and gets back to the datafile', async () => {
    const page = await fresh(locale, DESKTOP);
    await login(page, suite.server.baseUrl, 'admin@example.com');
    await closeFirstLoginModals(page);
    await page.goto(`${suite.server.baseUrl}/datafile-report?datafileId=${published.id}`);
    await page.getByTestId('report-view').waitFor({ timeout: 30_000 });
    await page.getByTestId('app-shell').waitFor();
    expect(await page.getByTestId('public-login').count()).toBe(0);
    await page.getByTestId('report-settings').waitFor();
    await fitsAndShoot(page, `public-report-owner-1024-${locale}`);
    // Printing still gives the report alone, at its full length, out of the shell's scrolling frame.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('report-view').isVisible()).toBe(true);
    expect(await page.getByTestId('report-settings').isVisible()).toBe(false);
    expect(await page.getByTestId('report-back').isVisible()).toBe(false);
    // The page grows to the report's length: the shell's window-high scrolling frame would cut it.
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 1.5)).toBe(true);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await page.emulateMedia({ media: 'screen' });

    // On a phone the app shell is not offered: the public frame, with a way into the app, not the login.
    await page.setViewportSize(PHONE);
    await page.getByTestId('public-to-app').waitFor();
    expect(await page.getByTestId('public-login').count()).toBe(0);
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('report-back').click();
    await page.waitForURL(`**/datafile-result?datafileId=${published.id}`);
    await page.close();
  }, 90_000);
});

it('the worksheet and the report give the same removals per reason for the trimmed demo datafile', async () => {
  const page = await fresh('de', DESKTOP);
  await login(page, suite.server.baseUrl, 'admin@example.com');
  await closeFirstLoginModals(page);
  await page.goto(`${suite.server.baseUrl}/datafile-work-sheet?datafileId=${trimmed.id}`);
  await page.getByTestId('kept-count').waitFor({ timeout: 30_000 });
  const counts = page.getByTestId('cleaning-counts');
  const reason = async (r: string) =>
    Number((await counts.locator(`li[data-reason="${r}"] span`).last().innerText()).replace(/[.,\s]/g, ''));
  const worksheet = { combined: await reason('combined'), target: await reason('target') };
  expect(worksheet.target).toBeGreaterThan(0);
  await page.screenshot({ path: join(artifactsDir, 'public-worksheet-reasons-de.png') });

  await page.goto(`${suite.server.baseUrl}/datafile-report?datafileId=${trimmed.id}`);
  await page.getByTestId('report-view').waitFor({ timeout: 30_000 });
  expect(await countOf(page, 'targetSample')).toBe(worksheet.target);
  expect(await countOf(page, 'scoreThreshold')).toBe(worksheet.combined);
  expect(await page.getByTestId('report-exclusion-scores').innerText()).toBe(`Gesamtscore ${worksheet.combined}`);
  await page.getByTestId('report-exclusions').screenshot({ path: join(artifactsDir, 'public-report-reasons-de.png') });
  await page.close();
}, 90_000);

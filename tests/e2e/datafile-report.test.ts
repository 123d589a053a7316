// Export and quality report in Chromium, German and English: the owner of a cleaned datafile opens
// its report page, exports the workbook through the export dialog (a job with a progress bar, then a
// signed download) and the file is read back with exceljs, then a German CSV (';' and the decimal
// comma by default, read with papaparse) or an SPSS file (read with PSPP) and a Triple-S zip;
// they publish the report with a password;
// a stranger opens the link, is refused with a wrong password and let in with the right one, sees
// the certificate and counts, prints (print media), and follows the certificate to /report-verification.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../db/client';
import { datafiles } from '../../db/schema';
import { artifactsDir, login, screenshot, type TestBrowser } from '../support/browser/browser';
import { browserSuite, setLocale } from '../support/browser/suite';
import { readWithPspp } from '../support/pspp';
import { repoRoot, type TestServer } from '../support/server-process';

const TITLE = 'Markenimage Welle 1';
const PASSWORD = 'Kundenbericht-2026';

// The owner's browser stays logged in across the tests; the stranger's never logs in.
const suite = browserSuite({ page: 'none', stranger: true });
let server: TestServer;
let owner: TestBrowser;
let stranger: TestBrowser;
let handle: DbHandle;
let datafileId = '';
let cleaned: { certificateCode: string; level: number; before: number; after: number };

/** Starts the export chosen in the open dialog and downloads it. */
async function exported(page: Page): Promise<{ name: string; bytes: Uint8Array; text: string }> {
  await page.getByTestId('export-start').click();
  const link = page.getByTestId('export-download');
  await link.waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = new Uint8Array(readFileSync((await download.path())!));
  return { name: download.suggestedFilename(), bytes, text: new TextDecoder().decode(bytes) };
}

beforeAll(async () => {
  ({ server, browser: owner, stranger } = suite);
  const file = server.databasePath;
  const storage = join(server.dir, 'storage');
  handle = await createDb(`file:${file}`);
  // The demo datafiles are processed by the server's job loop after it starts.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const row = await handle.db.select().from(datafiles).where(eq(datafiles.title, TITLE)).get();
    if (row?.status === 'READY') {
      datafileId = row.id;
      break;
    }
    if (Date.now() > deadline) throw new Error(`${TITLE} not READY: ${row?.status}\n${server.log()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const saved = spawnSync(
    join(repoRoot, 'node_modules/.bin/bun'),
    ['tests/support/save-cleaning.ts', file, storage, server.baseUrl, datafileId],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (saved.status !== 0) throw new Error(`save-cleaning: ${saved.stderr}`);
  cleaned = JSON.parse(saved.stdout.trim().split('\n').pop()!);
  const page = await owner.context.newPage();
  await login(page, server.baseUrl, 'admin@example.com');
  await page.close();
}, 180_000);

afterAll(() => {
  handle?.close();
});

describe.each([
  [
    'de',
    {
      incorrect: 'Das Passwort des Berichts ist falsch',
      level: `Stufe ${'{level}'} von 3`,
      saved: 'gespeichert',
      valid: 'Echt: Die Signatur ist gültig',
      protectedTitle: 'Dieser Bericht ist geschützt',
      decisionKept: 'Behalten',
      sheets: ['QualityCheck Exportergebnis', 'Qualitätssiegel'],
      decision: 'Entscheidung',
      allSources: 'Alle Quellen',
      packSheets: ['Entfernte Interviews', 'Je Quelle', 'Grund-Codes'],
      recordId: 'Datensatz-ID',
    },
  ],
  [
    'en',
    {
      incorrect: 'The report password is incorrect',
      level: `Level ${'{level}'} of 3`,
      saved: 'saved',
      valid: 'Genuine: the signature is valid',
      protectedTitle: 'This report is protected',
      decisionKept: 'Kept',
      sheets: ['QualityCheck Export Result', 'Quality Mark'],
      decision: 'Decision',
      allSources: 'All sources',
      packSheets: ['Removed interviews', 'Per source', 'Reason codes'],
      recordId: 'Record ID',
    },
  ],
] as const)('quality report and export in %s', (locale, text) => {
  it('the owner exports the workbook through the dialog and publishes a password-protected report', async () => {
    const page = await owner.context.newPage();
    await setLocale(page, server.baseUrl, locale);
    await page.goto(`${server.baseUrl}/datafile-report?datafileId=${datafileId}`);
    await page.getByTestId('report-settings').waitFor({ timeout: 20_000 });
    await page.getByTestId('report-view').waitFor();
    await screenshot(page, `datafile-report-editor-${locale}`);

    await page.getByTestId('export-open').click();
    await page.getByTestId('export-dialog').waitFor();
    await page.getByTestId('export-format').selectOption('XLSX');
    await page.getByTestId('export-language').selectOption(locale);
    await page.getByTestId('export-start').click();
    await page.getByTestId('export-progress').waitFor();
    const link = page.getByTestId('export-download');
    await link.waitFor({ timeout: 60_000 });
    await screenshot(page, `export-dialog-ready-${locale}`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Markenimage_Welle_1-export.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as never);
    expect(wb.worksheets.map((s) => s.name)).toEqual(text.sheets);
    const mark = (wb.getWorksheet(text.sheets[1])!.getRow(2).values as unknown[]).slice(1);
    expect(mark.slice(0, 5)).toEqual([
      cleaned.certificateCode,
      `${server.baseUrl}/datafile-report?datafileId=${datafileId}`,
      cleaned.level,
      cleaned.after,
      cleaned.before - cleaned.after,
    ]);
    const data = wb.getWorksheet(text.sheets[0])!;
    const header = (data.getRow(1).values as unknown[]).slice(1);
    expect(data.getRow(2).getCell(header.indexOf(text.decision) + 1).value).toMatch(
      new RegExp(`^(${text.decisionKept}|${locale === 'de' ? 'Entfernt' : 'Removed'})$`),
    );
    // The dialog's options at the narrowest desktop width the app supports.
    await page.setViewportSize({ width: 1024, height: 768 });
    if (locale === 'de') {
      // German CSV: ';' and the decimal comma are the defaults; the scores read as German numbers.
      await page.getByTestId('export-format').selectOption('CSV');
      expect(await page.getByTestId('export-separator').inputValue()).toBe(';');
      expect(await page.getByTestId('export-decimal').inputValue()).toBe(',');
      await screenshot(page, 'export-dialog-csv-de');
      const csv = await exported(page);
      expect(csv.name).toBe('Markenimage_Welle_1-export.csv');
      const [head, ...rows] = Papa.parse<string[]>(csv.text.replace(/^\uFEFF/, '').trim(), { delimiter: ';' }).data;
      const at = head!.indexOf('Gesamtscore');
      expect(rows.filter((r) => r[at]).every((r) => /^\d{1,3},\d$/.test(r[at]!))).toBe(true);
    } else {
      // SPSS: the file PSPP opens with English labels.
      await page.getByTestId('export-format').selectOption('SAV');
      await screenshot(page, 'export-dialog-sav-en');
      const sav = await exported(page);
      expect(sav.name).toBe('Markenimage_Welle_1-export.sav');
      const file = readWithPspp(sav.bytes);
      expect(file.notes).toEqual([]);
      expect(file.variables.find((v) => v.name === 'decision')?.label).toBe('Decision');
      expect(file.cases).toHaveLength(cleaned.before);
      // Triple-S: a zip of the XML metadata and the fixed-width data, one line per interview.
      await page.getByTestId('export-format').selectOption('TRIPLE_S');
      await screenshot(page, 'export-dialog-triple-s-en');
      const sss = await exported(page);
      expect(sss.name).toBe('Markenimage_Welle_1-export-triple-s.zip');
      const files = unzipSync(sss.bytes);
      expect(Object.keys(files).sort()).toEqual(['Markenimage_Welle_1-export.asc', 'Markenimage_Welle_1-export.sss']);
      expect(strFromU8(files['Markenimage_Welle_1-export.sss']!)).toContain('<label>Decision</label>');
      expect(strFromU8(files['Markenimage_Welle_1-export.asc']!).trimEnd().split('\r\n')).toHaveLength(cleaned.before);
    }
    // The reconciliation pack for the suppliers: every removed interview, in the chosen language.
    await page.getByTestId('export-format').selectOption('RECONCILIATION');
    await page.getByTestId('export-language').selectOption(locale);
    const sources = page.getByTestId('export-sample-source');
    await expect.poll(() => sources.locator('option').first().textContent()).toBe(text.allSources);
    await screenshot(page, `export-dialog-reconciliation-${locale}`);
    const pack = await exported(page);
    expect(pack.name).toBe('Markenimage_Welle_1-reconciliation.xlsx');
    const packBook = new ExcelJS.Workbook();
    await packBook.xlsx.load(Buffer.from(pack.bytes) as never);
    expect(packBook.worksheets.map((s) => s.name)).toEqual(text.packSheets);
    const removedSheet = packBook.worksheets[0]!;
    expect(removedSheet.getRow(1).getCell(1).value).toBe(text.recordId);
    expect(removedSheet.actualRowCount).toBe(cleaned.before - cleaned.after + 1);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');

    const settings = page.getByTestId('report-settings');
    await settings.locator('input[name="clientName"]').fill('Kunde AG');
    const protectedBox = settings.locator('input[name="passwordProtected"]');
    if (!(await protectedBox.isChecked())) await settings.locator('label:has(input[name="passwordProtected"])').click();
    await settings.locator('input[name="password"]').fill(PASSWORD);
    const published = settings.locator('input[name="isPublished"]');
    if (!(await published.isChecked())) await settings.locator('label:has(input[name="isPublished"])').click();
    await page.getByTestId('report-settings-save').click();
    await settings.getByTestId('success-alert').waitFor();
    expect(await settings.getByTestId('success-alert').textContent()).toContain(text.saved);
    expect(await page.getByTestId('report-link').inputValue()).toBe(
      `${server.baseUrl}/datafile-report?datafileId=${datafileId}`,
    );
    await screenshot(page, `datafile-report-settings-saved-${locale}`);
    await page.close();
  }, 120_000);

  it('a stranger needs the password, reads the report, prints it and verifies the certificate', async () => {
    const page = await stranger.context.newPage();
    await setLocale(page, server.baseUrl, locale);
    await page.goto(`${server.baseUrl}/datafile-report?datafileId=${datafileId}`);
    await page.getByTestId('report-password').waitFor();
    expect(await page.getByTestId('report-password').textContent()).toContain(text.protectedTitle);
    // Nothing of the report is on the page before the password.
    expect(await page.content()).not.toContain(TITLE);
    await page.getByTestId('report-password-input').fill('falsches-passwort');
    await page.getByTestId('report-password-submit').click();
    await page.getByTestId('error-alert').waitFor();
    expect(await page.getByTestId('error-alert').textContent()).toContain(text.incorrect);
    await screenshot(page, `datafile-report-wrong-password-${locale}`);
    expect(await page.content()).not.toContain(TITLE);

    await page.getByTestId('report-password-input').fill(PASSWORD);
    await page.getByTestId('report-password-submit').click();
    await page.getByTestId('report-view').waitFor();
    expect(await page.getByTestId('report-title').textContent()).toBe(TITLE);
    expect(await page.getByTestId('report-code').textContent()).toBe(cleaned.certificateCode);
    expect(await page.getByTestId('report-level').textContent()).toBe(
      text.level.replace('{level}', String(cleaned.level)),
    );
    expect(await page.getByTestId('report-after').textContent()).toBe(String(cleaned.after));
    expect(await page.getByTestId('report-before').textContent()).toBe(String(cleaned.before));
    expect(await page.getByTestId('report-settings').count()).toBe(0);
    await page.getByTestId('report-distribution').waitFor();
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(artifactsDir, `datafile-report-stranger-${locale}.png`), fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: join(artifactsDir, `datafile-report-print-${locale}.png`), fullPage: true });
    expect(await page.locator('header').isVisible()).toBe(false);
    expect(await page.getByTestId('report-print').isVisible()).toBe(false);
    expect(await page.getByTestId('report-view').isVisible()).toBe(true);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await page.emulateMedia({ media: 'screen' });

    await page.getByTestId('report-verify-link').click();
    await page.getByTestId('certificate-result').waitFor();
    expect(new URL(page.url()).pathname).toBe('/report-verification');
    expect(await page.getByTestId('certificate-verdict').textContent()).toContain(text.valid);
    expect(await page.getByTestId('certificate-code').textContent()).toBe(cleaned.certificateCode);
    await screenshot(page, `datafile-report-verified-${locale}`);
    await page.close();
  }, 120_000);
});

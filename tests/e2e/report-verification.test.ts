// /report-verification in Chromium, German and English: a stranger (no login) enters the code of a
// certificate the server signed and sees the verdict and the statement; an unknown code gets
// 'the certificate ID was not found'; a statement changed in the database shows as not genuine; the
// statement offered for download verifies with the published key.
import { createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../db/client';
import { certificates, datafiles } from '../../db/schema';
import { issueCertificate, type CertificateDeps } from '../../api/modules/certificates/certificates.service';
import { normaliseCertificateCode } from '../../api/modules/certificates/certificate-code';
import { readSetting } from '../../api/modules/settings/settings.repo';
import { DEFAULT_RULES } from '../../scoring/index';
import { artifactsDir, screenshot, type TestBrowser } from '../support/browser/browser';
import { browserSuite } from '../support/browser/suite';
import type { TestServer } from '../support/server-process';

const suite = browserSuite({ page: 'none' });
let server: TestServer;
let browser: TestBrowser;
let handle: DbHandle;
let genuine = '';
let forged = '';

async function open(page: Page, locale: 'de' | 'en', code?: string) {
  await page.goto(`${server.baseUrl}/404`);
  await page.evaluate((l) => window.localStorage.setItem('locale', l), locale);
  await page.goto(`${server.baseUrl}/report-verification${code ? `?code=${encodeURIComponent(code)}` : ''}`);
  await page.getByTestId('verification-form').waitFor();
}

beforeAll(async () => {
  ({ server, browser } = suite);
  // The server seeded its demo data; sign two certificates in its database with its own secret.
  handle = await createDb(`file:${server.databasePath}`);
  const appSecret = (await readSetting<string>(handle.db, 'appSecret'))!.value;
  const deps: CertificateDeps = {
    db: handle.db,
    appSecret,
    clock: { now: () => new Date('2026-11-20T14:30:00.000Z') },
    env: { publicUrl: server.baseUrl, certificateSigningKey: undefined },
  };
  const datafile = (await handle.db.select().from(datafiles).where(eq(datafiles.title, 'Markenimage Welle 1')).get())!;
  const kept = Array.from({ length: 1_034 }, (_, i) => `R${String(i + 1).padStart(5, '0')}`);
  const rules = { ...DEFAULT_RULES, target: { n: 1_000, trim: false } };
  genuine = (
    await issueCertificate(deps, {
      datafileId: datafile.id,
      revision: 1,
      scoringVersion: '3',
      rules,
      manualDecisions: 4,
      level: 2,
      recordsBefore: 1_200,
      keptRecordIds: kept,
    })
  ).certificateCode;
  forged = (
    await issueCertificate(deps, {
      datafileId: datafile.id,
      revision: 1,
      scoringVersion: '3',
      rules,
      level: 1,
      recordsBefore: 1_200,
      keptRecordIds: kept,
    })
  ).certificateCode;
  const code = normaliseCertificateCode(forged)!;
  const row = (await handle.db.select().from(certificates).where(eq(certificates.code, code)).get())!;
  await handle.db
    .update(certificates)
    .set({ statement: row.statement.replace('"level":1', '"level":3') })
    .where(eq(certificates.code, code));
});

afterAll(() => {
  handle?.close();
});

describe.each([
  [
    'de',
    {
      valid: 'Echt: Die Signatur ist gültig',
      invalid: 'Nicht echt',
      notFound: 'Die Zertifikats-ID wurde nicht gefunden.',
      level: 'Stufe 2 von 3',
      after: '1.034',
      submit: 'Prüfen',
    },
  ],
  [
    'en',
    {
      valid: 'Genuine: the signature is valid',
      invalid: 'Not genuine',
      notFound: 'The certificate ID was not found.',
      level: 'Level 2 of 3',
      after: '1,034',
      submit: 'Verify',
    },
  ],
] as const)('/report-verification in %s', (locale, text) => {
  it('verifies a typed code without login, shows the statement and offers it for offline checking', async () => {
    const page = await browser.context.newPage();
    await open(page, locale);
    await screenshot(page, `report-verification-empty-${locale}`);
    // Typed as a person might: lower case, O for 0 would also do.
    await page.locator('input[name="code"]').fill(genuine.toLowerCase());
    await page.getByRole('button', { name: text.submit }).click();
    await page.getByTestId('certificate-result').waitFor();
    expect(new URL(page.url()).searchParams.get('code')).toBe(genuine.toLowerCase());
    expect(await page.getByTestId('certificate-verdict').getAttribute('data-valid')).toBe('true');
    expect(await page.getByTestId('certificate-verdict').textContent()).toContain(text.valid);
    expect(await page.getByTestId('certificate-code').textContent()).toBe(genuine);
    expect(await page.getByTestId('certificate-level').textContent()).toBe(text.level);
    expect(await page.getByTestId('records-after').textContent()).toBe(text.after);
    expect(await page.getByTestId('certificate-result').textContent()).toContain('Markenimage Welle 1');
    await page.waitForTimeout(150);
    await screenshot(page, `report-verification-valid-${locale}`);
    await page.screenshot({ path: join(artifactsDir, `report-verification-valid-${locale}-full.png`), fullPage: true });
    // The downloads are the signed bytes: they verify with the key the server publishes.
    // Downloaded as a person would (a click), not fetched: the CSP allows no blob: connections.
    const download = async (name: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.locator(`a[download="${name}"]`).click()]);
      return readFileSync((await file.path())!);
    };
    const files = { statement: await download('statement.json'), signature: await download('signature.bin') };
    const pem = await (await fetch(`${server.baseUrl}/.well-known/certificate-key.pem`)).text();
    expect((await download('certificate-key.pem')).toString()).toBe(pem);
    expect(verify(null, Buffer.from(files.statement), createPublicKey(pem), Buffer.from(files.signature))).toBe(true);
    await page.close();
  });

  it('says when a code is unknown, and when a statement was changed', async () => {
    const page = await browser.context.newPage();
    await open(page, locale, 'ABCD-EFGH-JKMN-P');
    await page.getByTestId('error-alert').waitFor();
    expect(await page.getByTestId('error-alert').textContent()).toContain(text.notFound);
    await screenshot(page, `report-verification-not-found-${locale}`);
    await open(page, locale, forged);
    await page.getByTestId('certificate-result').waitFor();
    expect(await page.getByTestId('certificate-verdict').getAttribute('data-valid')).toBe('false');
    expect(await page.getByTestId('certificate-verdict').textContent()).toContain(text.invalid);
    await screenshot(page, `report-verification-forged-${locale}`);
    await page.screenshot({
      path: join(artifactsDir, `report-verification-forged-${locale}-full.png`),
      fullPage: true,
    });
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { login, screenshot } from '../support/browser/browser';
import { setLocale, browserSuite } from '../support/browser/suite';

// The demo company 'Danube Data KG' has a TEST contract ending in 20 days (demo seed).
const suite = browserSuite();

describe('contract-expiry alert in Chromium', () => {
  for (const locale of ['de', 'en'] as const) {
    it(`shows the end date to the Danube owner once; Noted keeps it away after a reload (${locale})`, async () => {
      const { page, server } = suite;
      await setLocale(page, server.baseUrl, locale);
      await login(page, server.baseUrl, 'owner@danube.example.com');
      const alert = page.getByTestId('contract-expiry-alert');
      await alert.waitFor({ timeout: 20_000 });
      await page.waitForTimeout(400); // dialog fade-in, so the screenshot is legible
      // The end date in the locale's one date form: 19.08.2026 (de), 19 Aug 2026 (en).
      expect(await alert.textContent()).toMatch(
        locale === 'de' ? /\d{2}\.\d{2}\.\d{4}/ : /\d{1,2} [A-Z][a-z]{2} \d{4}/,
      );
      await screenshot(page, `contract-expiry-alert-${locale}`);
      await alert.getByTestId('contract-expiry-noted').click();
      await alert.waitFor({ state: 'hidden' });
      await page.reload();
      await page.getByTestId('app-shell').waitFor();
      await page.waitForTimeout(1000);
      expect(await page.getByTestId('contract-expiry-alert').isVisible()).toBe(false);
    });
  }
});

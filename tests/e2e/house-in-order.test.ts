import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, screenshot } from '../support/browser/browser';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';

// Rough edges a new user met (an operator's Administration, another organisation's details, a
// locked contract's edit dialog) against the real API and the demo data, in real Chromium; screenshots in
// German and English go to tests/.artifacts.
const DEMO_COMPANY = '00000000-0000-4000-8000-c00000000001';
const OTHER_COMPANY = '00000000-0000-4000-8000-c00000000003';

/** Lets dialog fade-in animations finish so the picture shows the settled screen. */
async function settledScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

for (const locale of ['de', 'en'] as const) {
  describe(`house in order (${locale})`, () => {
    const suite = browserSuite({ locale });
    const text = (de: string, en: string) => (locale === 'de' ? de : en);

    it("an operator's Administration explains itself and leads to the Admin Panel", async () => {
      const { page, server } = suite;
      await login(page, server.baseUrl, 'superadmin@example.com');
      await closeFirstLoginModals(page);
      await page.getByTestId('menu-administration').click();
      await page
        .getByText(text('Die Verwaltung gehört zu einer Organisation', 'Administration belongs to an organization'))
        .waitFor();
      expect(await page.getByTestId('page-error').count()).toBe(0);
      await settledScreenshot(page, `house-operator-administration-${locale}`);
      await page.getByTestId('to-admin-panel').click();
      await page.getByTestId('admin-panel-page').waitFor();
    });

    it('an ADMIN opening another organisation gets the no-permission message and the page asks nothing about it', async () => {
      const { page, server } = suite;
      await login(page, server.baseUrl, 'admin@example.com');
      await closeFirstLoginModals(page);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/graphql')) asked.push(request.postData() ?? '');
      });
      await page.goto(`${server.baseUrl}/organization-details?organization=${OTHER_COMPANY}`);
      await page
        .getByText(
          text(
            'Sie haben keine Berechtigung, diese Seite anzuzeigen.',
            'You do not have permission to view this page.',
          ),
        )
        .waitFor();
      await settledScreenshot(page, `house-admin-other-organization-${locale}`);
      expect(asked.filter((body) => body.includes(OTHER_COMPANY))).toEqual([]);
    });

    it('the edit dialog of an active fixed-length contract with an upcoming successor says why nothing can change', async () => {
      const { page, server } = suite;
      await login(page, server.baseUrl, 'superadmin@example.com');
      await closeFirstLoginModals(page);
      await page.goto(`${server.baseUrl}/organization-details?organization=${DEMO_COMPANY}`);
      await page.getByTestId('tab-contracts').click();
      await page.locator('[data-testid="contract-card"][data-status="ACTIVE"]').click();
      await page.getByTestId('edit-contract').click();
      const locked = page.getByTestId('edit-contract-locked');
      await locked.waitFor();
      expect(await locked.textContent()).toContain(
        text('Auf diesen Vertrag folgt bereits ein anstehender Vertrag', 'An upcoming contract follows this one'),
      );
      expect(await page.getByTestId('edit-contract-save').count()).toBe(0);
      await settledScreenshot(page, `house-edit-contract-locked-${locale}`);
    });
  });
}

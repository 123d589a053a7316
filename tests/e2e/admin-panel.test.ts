import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { artifactsDir, login, shellScreenshot } from '../support/browser/browser';
import { browserSuite } from '../support/browser/suite';
import type { TestServer } from '../support/server-process';

// The Admin Panel, organisation details and Administration screens against the real API with the
// demo data; screenshots of every tab and modal in German and English go to tests/.artifacts.
const DEMO_COMPANY = '00000000-0000-4000-8000-c00000000001';

/** Full-page screenshots: the tabs are taller than the viewport. */
async function screenshot(target: Page, name: string): Promise<void> {
  // Let dialog and popover fade-in animations finish so the picture shows the settled screen.
  await target.waitForTimeout(400);
  await target.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

const suite = browserSuite();
let server: TestServer;
let page: Page;
// The suite's hooks run before these: they only name what it started.
beforeAll(() => {
  server = suite.server;
});
beforeEach(() => {
  page = suite.page;
});

async function setLanguage(code: 'de' | 'en') {
  await page.evaluate((locale) => window.localStorage.setItem('locale', locale), code);
}

/** Types a DD.MM.YYYY date into a react-datepicker input and closes its calendar. */
async function typeDate(testId: string, date: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

describe('admin panel', () => {
  it.each(['de', 'en'] as const)('organisations and new registrations in %s', async (code) => {
    await setLanguage(code);
    await login(page, server.baseUrl, 'superadmin@example.com');
    await page.goto(`${server.baseUrl}/admin-panel`);
    await page.getByTestId('organization-row').first().waitFor();
    expect(await page.getByTestId('organization-row').count()).toBe(5);
    expect(await page.getByTestId('active-companies-badge').textContent()).toBe('5');
    expect(await page.getByTestId('new-companies-badge').textContent()).toBe('3');
    await screenshot(page, `admin-organizations-${code}`);

    await page.getByTestId('sort-NAME').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sort-NAME"]')?.getAttribute('aria-sort') === 'ascending',
    );
    await page.getByTestId('organizations-search').fill('Nordlicht');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="organization-row"]').length === 1);
    await screenshot(page, `admin-organizations-search-${code}`);

    await page.getByTestId('tab-new-registrations').click();
    await page.getByTestId('registration-row').first().waitFor();
    expect(await page.getByTestId('registration-row').count()).toBe(3);
    await screenshot(page, `admin-new-registrations-${code}`);

    await page.getByTestId('delete-registration').first().click();
    await page.getByTestId('delete-registration-dialog').waitFor();
    await screenshot(page, `admin-delete-registration-${code}`);
    await page.keyboard.press('Escape');
  });

  it('the super admin activates a new registration through the wizard and finds it among the organisations', async () => {
    await setLanguage('en');
    await login(page, server.baseUrl, 'superadmin@example.com');
    await page.goto(`${server.baseUrl}/admin-panel`);
    await page.getByTestId('tab-new-registrations').click();
    await page
      .locator('[data-testid="registration-row"][data-name="Quantum Surveys"] [data-testid="activate-registration"]')
      .click();
    await page.getByTestId('activate-wizard').waitFor();
    // Step 1 does not advance without a type.
    await page.getByTestId('wizard-next').click();
    await page.locator('[data-testid="contract-form"] [data-part="error-text"]').first().waitFor();
    await screenshot(page, 'admin-activate-step1-invalid-en');
    await page.getByTestId('contract-type').selectOption('STARTER');
    expect(await page.getByTestId('contract-start').isDisabled()).toBe(true);
    expect(await page.getByTestId('contract-end').inputValue()).not.toBe('');
    await screenshot(page, 'admin-activate-step1-en');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('credit-plan-form').waitFor();
    await page.getByTestId('wizard-next').click();
    await page.locator('[data-testid="credit-plan-form"] [data-part="error-text"]').first().waitFor();
    const firstPackage = await page.locator('[data-testid="plan-package"] option').nth(1).getAttribute('value');
    await page.getByTestId('plan-package').selectOption(firstPackage!);
    expect(await page.getByTestId('plan-creditAmount').inputValue()).not.toBe('');
    await screenshot(page, 'admin-activate-step2-en');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('business-form').waitFor();
    await page.getByTestId('business-accountManager').selectOption('Anna Berger');
    await page.getByTestId('business-supportLevel').selectOption('B');
    await screenshot(page, 'admin-activate-step3-en');
    await page.getByTestId('wizard-finish').click();
    await page.getByTestId('success-alert').waitFor();
    await screenshot(page, 'admin-activate-success-en');
    await page.getByTestId('wizard-close').click();
    await page.waitForFunction(() => !document.querySelector('[data-name="Quantum Surveys"]'));

    await page.getByTestId('tab-organizations').click();
    await page.getByTestId('organizations-search').fill('Quantum');
    await page.locator('[data-testid="organization-row"]', { hasText: 'Quantum Surveys' }).waitFor();
    await page.locator('[data-testid="organization-row"]', { hasText: 'Quantum Surveys' }).click();
    await page.waitForURL(/\/organization-details\?organization=/);
    await page.getByTestId('organization-header').waitFor();
    expect(await page.getByTestId('organization-name').textContent()).toBe('Quantum Surveys');
  });

  it.each(['de', 'en'] as const)('organisation details tabs and modals in %s', async (code) => {
    await setLanguage(code);
    await login(page, server.baseUrl, 'superadmin@example.com');
    await page.goto(`${server.baseUrl}/organization-details?organization=${DEMO_COMPANY}`);
    await page.getByTestId('transaction-row').first().waitFor();
    await page.getByTestId('wallet-card-balance').waitFor();
    await screenshot(page, `org-credits-${code}`);
    // The card's history lines add up: received - used + refunded - expired = left.
    const figure = async (key: string) =>
      Number((await page.getByTestId(`wallet-card-${key}`).locator('td').last().textContent())!.replace(/[^0-9]/g, ''));
    const [received, used, refunded, expired, left] = (await Promise.all(
      ['totalReceived', 'totalUsed', 'totalRefunded', 'totalExpired', 'totalBalance'].map(figure),
    )) as [number, number, number, number, number];
    expect(received - used + refunded - expired).toBe(left);
    await page.getByTestId('wallet-card').screenshot({ path: join(artifactsDir, `wallet-card-${code}.png`) });
    // The search finds what the reader reads: the stored 'Credits received: …' reads 'Credits erhalten: …' in German.
    await page.getByTestId('transactions-search').fill(code === 'de' ? 'erhalten' : 'received');
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="transaction-row"]')];
      return rows.length > 0 && rows.every((row) => row.getAttribute('data-type') === 'RECEIVED');
    });
    // A deleted datafile's charges stay in the history and say the file is gone (at the narrowest supported width).
    await page.getByTestId('transactions-search').fill('Brand Tracker');
    await page.getByTestId('transaction-deleted').waitFor();
    await shellScreenshot(page, `org-transactions-deleted-${code}`, 1024);
    await page.getByTestId('transactions-search').fill('');
    await page.getByTestId('tab-contracts').click();
    await page.getByTestId('contract-details').waitFor();
    await screenshot(page, `org-contracts-${code}`);
    await page.getByTestId('edit-contract').click();
    await page.getByTestId('edit-contract-modal').waitFor();
    await screenshot(page, `org-edit-contract-${code}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('tab-plans').click();
    await page.getByTestId('credit-plans-tab').waitFor();
    await screenshot(page, `org-credit-plans-${code}`);
    await page.getByTestId('tab-users').click();
    await page.waitForTimeout(500);
    await screenshot(page, `org-users-${code}`);
    await page.getByTestId('edit-organization').click();
    await page.getByTestId('edit-organization-modal').waitFor();
    await screenshot(page, `org-edit-organization-${code}`);
    await page.getByTestId('org-name').fill('');
    await page.getByTestId('org-save').click();
    await page.locator('[data-testid="edit-organization-modal"] [data-part="error-text"]').first().waitFor();
    await screenshot(page, `org-edit-organization-invalid-${code}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('organization-menu').click();
    await page.getByTestId('assign-new-contract').click();
    await page.getByTestId('assign-wizard').waitFor();
    await screenshot(page, `org-assign-upcoming-exists-${code}`);
  });

  it('filters and pages the transactions', async () => {
    await setLanguage('en');
    await login(page, server.baseUrl, 'superadmin@example.com');
    await page.goto(`${server.baseUrl}/organization-details?organization=${DEMO_COMPANY}`);
    await page.getByTestId('transaction-row').first().waitFor();
    expect(await page.getByTestId('transaction-row').count()).toBeLessThanOrEqual(8);
    for (const type of ['RECEIVED', 'EXPIRED', 'REFUND']) await page.getByTestId(`transactions-filter-${type}`).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="transaction-row"]')].every(
        (row) => row.getAttribute('data-type') === 'USED',
      ),
    );
    await screenshot(page, 'org-transactions-used-only-en');
    for (const type of ['RECEIVED', 'EXPIRED', 'REFUND']) await page.getByTestId(`transactions-filter-${type}`).click();
    const pager = page.getByTestId('transactions-pager-next');
    if (await pager.count()) {
      const firstBefore = await page.getByTestId('transaction-row').first().textContent();
      await pager.click();
      await page.waitForFunction(
        (before) => document.querySelector('[data-testid="transaction-row"]')?.textContent !== before,
        firstBefore,
      );
      await screenshot(page, 'org-transactions-page2-en');
    }
    await page.getByTestId('transactions-search').fill('zzzz-no-such-description');
    await page.getByTestId('transactions-empty').waitFor();
  });

  it('assigns, edits and deletes an upcoming contract', async () => {
    await setLanguage('en');
    await login(page, server.baseUrl, 'superadmin@example.com');
    await page.goto(`${server.baseUrl}/organization-details?organization=${DEMO_COMPANY}`);
    await page.getByTestId('tab-contracts').click();
    await page.getByTestId('contract-details').waitFor();
    // Delete the seeded upcoming contract first, through the edit modal's Delete.
    await page.locator('[data-testid="contract-card"][data-status="UPCOMING"]').click();
    await page.getByTestId('edit-contract').click();
    await page.getByTestId('edit-contract-delete').click();
    await page.getByTestId('delete-contract-modal').waitFor();
    await screenshot(page, 'org-delete-contract-en');
    await page.getByTestId('delete-contract-confirm').click();
    await page.getByTestId('delete-contract-modal').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.locator('[data-testid="contract-card"][data-status="UPCOMING"]').count()).toBe(0);

    // Assign a new upcoming contract: the start defaults to the day after the active contract.
    await page.getByTestId('organization-menu').click();
    await page.getByTestId('assign-new-contract').click();
    await page.getByTestId('contract-form').waitFor();
    expect(await page.getByTestId('contract-start').isDisabled()).toBe(false);
    const start = await page.getByTestId('contract-start').inputValue();
    expect(start).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    await page.getByTestId('contract-type').selectOption('CUSTOM');
    expect(await page.getByTestId('contract-auto-renew').locator('input').isDisabled()).toBe(true);
    const [d, m, y] = start.split('.');
    const end = `${d}.${m}.${Number(y) + 1}`;
    await typeDate('contract-end', end);
    expect(await page.getByTestId('contract-days').textContent()).toMatch(/\d+/);
    await screenshot(page, 'org-assign-step1-en');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('plan-category').selectOption('PAY_AS_USAGE');
    await page.getByTestId('plan-pricePerCredit').fill('0.30');
    await screenshot(page, 'org-assign-step2-en');
    await page.getByTestId('wizard-finish').click();
    await page.getByTestId('wizard-close').or(page.getByTestId('error-alert')).first().waitFor();
    await screenshot(page, 'org-assign-finished-en');
    await page.getByTestId('wizard-close').click();
    await page.locator('[data-testid="contract-card"][data-status="UPCOMING"]').waitFor();

    // Edit: moving the start keeps the duration.
    await page.locator('[data-testid="contract-card"][data-status="UPCOMING"]').click();
    await page.getByTestId('edit-contract').click();
    const daysBefore = await page.getByTestId('edit-days').textContent();
    const later = `${String(Number(d) < 28 ? Number(d) + 1 : 1).padStart(2, '0')}.${Number(d) < 28 ? m : String((Number(m) % 12) + 1).padStart(2, '0')}.${Number(d) < 28 || Number(m) < 12 ? y : Number(y) + 1}`;
    await typeDate('edit-start', later);
    expect(await page.getByTestId('edit-days').textContent()).toBe(daysBefore);
    await page.getByTestId('edit-contract-save').click();
    await page.getByTestId('success-alert').waitFor();
    await page.getByTestId('edit-contract-modal').waitFor({ state: 'detached', timeout: 10_000 });
    // The card shows the new start in the English date form (the date field takes DD.MM.YYYY in both languages).
    const [ld, lm, ly] = later.split('.').map(Number) as [number, number, number];
    const laterOnCard = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(Date.UTC(ly, lm - 1, ld)),
    );
    await page.locator('[data-testid="contract-card"][data-status="UPCOMING"]', { hasText: laterOnCard }).waitFor();

    // And delete it again.
    await page.getByTestId('edit-contract').click();
    await page.getByTestId('edit-contract-delete').click();
    await page.getByTestId('delete-contract-confirm').click();
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="contract-card"][data-status="UPCOMING"]'),
      undefined,
      { timeout: 10_000 },
    );
  });

  it.each(['de', 'en'] as const)(
    'an ADMIN sees /administration without upcoming contracts and super-admin fields (%s)',
    async (code) => {
      await setLanguage(code);
      await login(page, server.baseUrl, 'admin@example.com');
      await page.goto(`${server.baseUrl}/administration`);
      await page.getByTestId('organization-header').waitFor();
      expect(await page.getByTestId('organization-menu').count()).toBe(0);
      await page.getByTestId('tab-contracts').click();
      await page.getByTestId('contract-details').waitFor();
      expect(await page.getByTestId('contract-filter-UPCOMING').count()).toBe(0);
      expect(await page.locator('[data-testid="contract-card"][data-status="UPCOMING"]').count()).toBe(0);
      expect(await page.getByTestId('edit-contract').count()).toBe(0);
      await screenshot(page, `administration-contracts-${code}`);
      await page.getByTestId('edit-organization').click();
      await page.getByTestId('edit-organization-modal').waitFor();
      expect(await page.getByTestId('operator-fields').count()).toBe(0);
      await screenshot(page, `administration-edit-organization-${code}`);
      await page.getByTestId('org-city').fill('Wien');
      await page.getByTestId('org-save').click();
      await page.getByTestId('success-alert').waitFor();
      await page.getByTestId('edit-organization-modal').waitFor({ state: 'detached', timeout: 10_000 });
      await page.getByTestId('wallet-menu').click();
      await page.getByTestId('wallet-dropdown').waitFor();
      await page.getByTestId('credit-management').waitFor();
      await screenshot(page, `wallet-admin-${code}`);
    },
  );

  it('an EMPLOYEE sees neither the Administration menu nor the credit management button', async () => {
    await login(page, server.baseUrl, 'employee@example.com');
    await page.getByTestId('side-menu').waitFor();
    // The employee has not watched the get-started modal yet.
    await page.getByTestId('get-started-cancel').click();
    await page.getByTestId('get-started-modal').waitFor({ state: 'detached' });
    expect(await page.getByTestId('menu-administration').count()).toBe(0);
    await page.getByTestId('wallet-menu').click();
    await page.getByTestId('wallet-dropdown').waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('credit-management').count()).toBe(0);
    await screenshot(page, 'wallet-employee-de');
  });
});

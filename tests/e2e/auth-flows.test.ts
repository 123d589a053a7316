import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, login, screenshot } from '../support/browser/browser';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';

// Flows against the real API: passwords travel RSA-OAEP encrypted; notifications are marked read
// server-side. The password change runs last: later logins as admin would need the new password.
const suite = browserSuite({ locale: 'en' });

async function openChangePassword() {
  await suite.page.getByTestId('user-menu').click();
  await suite.page.getByTestId('menu-change-password').click();
  return suite.page.getByTestId('change-password-dialog');
}

describe('auth flows in Chromium', () => {
  it('registers an organisation and lands on /welcome', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/register`);
    await suite.page.locator('input[name="companyName"]').fill('Acme Marktforschung');
    await suite.page.locator('input[name="firstName"]').fill('Jana');
    await suite.page.locator('input[name="lastName"]').fill('Novak');
    await suite.page.locator('input[name="email"]').fill(`jana.${Date.now()}@acme.example`);
    await suite.page.locator('input[name="password"]').fill('long-enough-1');
    await suite.page.locator('[data-scope="checkbox"][data-part="control"]').click();
    await suite.page.locator('button[type="submit"]').click();
    await suite.page.waitForURL((url) => url.pathname === '/welcome');
    await suite.page.getByText('Please check your inbox').waitFor();
  });

  it('asks for a reset mail and answers the same whether the address exists or not', async () => {
    for (const email of ['admin@example.com', 'nobody@example.com']) {
      await suite.page.goto(`${suite.server.baseUrl}/forgot-password`);
      await suite.page.locator('input[name="email"]').fill(email);
      await suite.page.locator('button[type="submit"]').click();
      await suite.page.getByTestId('success-alert').waitFor();
    }
    await screenshot(suite.page, 'forgot-password-sent-en');
  });

  it('opens a notification: marked read on the server and the result page opens', async () => {
    await login(suite.page, suite.server.baseUrl, 'admin@example.com');
    await closeFirstLoginModals(suite.page);
    const before = Number(await suite.page.getByTestId('notification-count').textContent());
    await suite.page.getByTestId('notification-bell').click();
    await suite.page.getByTestId('notification-item').first().click();
    await suite.page.waitForURL(
      (url) => url.pathname === '/datafile-result' || url.pathname === '/upload-dataset/step1',
    );
    await expect
      .poll(async () =>
        Number(
          (await suite.page
            .getByTestId('notification-count')
            .textContent()
            .catch(() => '0')) || 0,
        ),
      )
      .toBe(before - 1);
    await suite.page.reload();
    await suite.page.getByTestId('app-shell').waitFor();
    await expect
      .poll(async () =>
        Number(
          (await suite.page
            .getByTestId('notification-count')
            .textContent()
            .catch(() => '0')) || 0,
        ),
      )
      .toBe(before - 1);
  });
  it('refuses a wrong current password, then changes it and logs in with the new one', async () => {
    await login(suite.page, suite.server.baseUrl, 'admin@example.com');
    await closeFirstLoginModals(suite.page);
    let dialog = await openChangePassword();
    await dialog.locator('input[name="currentPassword"]').fill('not-my-password');
    await dialog.locator('input[name="newPassword"]').fill('Brand-New-2026');
    await dialog.locator('input[name="confirmPassword"]').fill('Brand-New-2026');
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByTestId('error-alert').waitFor();
    expect(await dialog.getByTestId('error-alert').textContent()).toContain('Old password is wrong');
    await screenshot(suite.page, 'change-password-wrong-old-en');
    await suite.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    dialog = await openChangePassword();
    await dialog.locator('input[name="currentPassword"]').fill(DEMO_PASSWORD);
    await dialog.locator('input[name="newPassword"]').fill('Brand-New-2026');
    await dialog.locator('input[name="confirmPassword"]').fill('Brand-New-2026');
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByTestId('success-alert').waitFor();
    await screenshot(suite.page, 'change-password-success-en');
    // Success feedback stays 2 seconds, then the dialog closes by itself.
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });

    await suite.page.goto(`${suite.server.baseUrl}/logout`);
    await suite.page.waitForURL((url) => url.pathname === '/login');
    await suite.page.locator('input[name="email"]').fill('admin@example.com');
    await suite.page.locator('input[name="password"]').fill('Brand-New-2026');
    await suite.page.locator('button[type="submit"]').click();
    await suite.page.getByTestId('app-shell').waitFor();
  });
});

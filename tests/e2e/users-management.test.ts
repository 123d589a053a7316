import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../support/smtp';
import { login, screenshot, type TestBrowser } from '../support/browser/browser';
import { makePng } from '../support/png';
import type { TestServer } from '../support/server-process';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';

// User management against the real API with a real SMTP server: the invitation link is read from
// the mail the API actually sent. Avatars go through the signed PUT URL and are read back.

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

let smtp: Smtp;
let baseUrl = '';
let server: TestServer;
let browser: TestBrowser;
let page: Page;

async function setLanguage(code: 'de' | 'en') {
  await page.goto(`${baseUrl}/404`);
  await page.evaluate((locale) => window.localStorage.setItem('locale', locale), code);
}

/** The Administration page of the logged-in admin, on its user management tab. */
async function openUserTab() {
  await page.goto(`${baseUrl}/administration`);
  await page.getByTestId('app-shell').waitFor();
  await closeFirstLoginModals(page);
  await page.getByTestId('tab-users').click();
  await page.getByTestId('user-management-tab').waitFor();
  await page.getByTestId('active-user-card').first().waitFor();
}

const cardOf = (email: string) => page.locator(`[data-testid="active-user-card"][data-user-email="${email}"]`);

async function waitForMail(to: string, since: number) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = smtp.received.slice(since).find((m) => m.to.includes(to));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to}; server log:\n${server.log().slice(-3000)}`);
}

function invitationLinkIn(raw: string): string {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const match = /http:\/\/127\.0\.0\.1:\d+\/create-account\?token=[A-Za-z0-9_-]+&(?:amp;)?type=invitation/.exec(
    decoded,
  );
  if (!match) throw new Error(`no invitation link in:\n${decoded}`);
  return match[0].replace('&amp;', '&');
}

async function setAdminSwitch(email: string, on: boolean) {
  await cardOf(email).getByTestId('edit-user-button').click();
  const dialog = page.getByTestId('edit-user-dialog');
  await dialog.waitFor();
  const control = dialog.getByTestId('admin-access-switch');
  if ((await control.getAttribute('data-state')) !== (on ? 'checked' : 'unchecked'))
    await control.locator('[data-part="control"]').click();
  await expect.poll(() => control.getAttribute('data-state')).toBe(on ? 'checked' : 'unchecked');
  await dialog.getByTestId('edit-user-save').click();
  await dialog.getByTestId('success-alert').waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

// The server mails through a real SMTP server that the tests read.
const suite = browserSuite({
  env: async () => {
    smtp = await startSmtpServer();
    return { SMTP_URL: smtp.url };
  },
});
beforeAll(() => {
  ({ server, browser } = suite);
  baseUrl = server.baseUrl;
});
afterAll(async () => {
  await smtp?.close();
});
beforeEach(() => {
  page = suite.page;
});

describe('profile avatar in Chromium', () => {
  it('uploads a real PNG, crops it square at 65 x 65 and shows it in the top bar', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'e2e-avatar-')), 'portrait.png');
    makePng(file);
    await setLanguage('de');
    await login(page, baseUrl, 'employee@example.com');
    await closeFirstLoginModals(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-edit-profile').click();
    const profile = page.getByTestId('edit-profile-dialog');
    await profile.waitFor();
    await profile.getByTestId('avatar-file-input').setInputFiles(file);

    const crop = page.getByTestId('avatar-crop-dialog');
    await crop.waitFor();
    expect(await crop.getByRole('heading').textContent()).toBe('Foto zuschneiden');
    expect(await crop.getByTestId('avatar-crop-confirm').textContent()).toBe('Zuschneiden');
    expect(await crop.getByTestId('avatar-crop-cancel').textContent()).toBe('Abbrechen');
    // Zoom in with the slider's keyboard, then drag the picture to the left.
    await crop.locator('[data-part="thumb"]').focus();
    for (let i = 0; i < 40; i += 1) await page.keyboard.press('ArrowRight');
    const canvas = crop.getByTestId('avatar-crop-canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(200);
    await screenshot(page, 'users-avatar-crop-de');
    await crop.getByTestId('avatar-crop-confirm').click();
    await crop.waitFor({ state: 'hidden' });
    await page.waitForTimeout(200);
    await screenshot(page, 'users-profile-avatar-cropped-de');

    await profile.getByTestId('edit-profile-save').click();
    await profile.getByTestId('success-alert').waitFor();
    await profile.waitFor({ state: 'hidden' });

    const topBarAvatar = page.getByTestId('user-menu').locator('img');
    await topBarAvatar.waitFor();
    const src = await topBarAvatar.getAttribute('src');
    expect(src).toMatch(/^\/files\/avatars\/users\/[A-Za-z0-9-]+\/[A-Za-z0-9_-]{8}-avatar-\d+\.png$/);
    await expect
      .poll(() =>
        topBarAvatar.evaluate((img: HTMLImageElement) =>
          img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : '',
        ),
      )
      .toBe('65x65');
    const served = await fetch(`${baseUrl}${src}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('max-age');
    await screenshot(page, 'users-profile-avatar-shown-de');
  });

  it('refuses a file that is not an image before any upload', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'e2e-avatar-')), 'notes.txt');
    writeFileSync(file, 'not an image');
    await setLanguage('en');
    await login(page, baseUrl, 'employee@example.com');
    await closeFirstLoginModals(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-edit-profile').click();
    const profile = page.getByTestId('edit-profile-dialog');
    await profile.getByTestId('avatar-file-input').setInputFiles(file);
    expect(await profile.getByTestId('avatar-error').textContent()).toBe(
      'Please choose an image file (PNG, JPEG or WebP).',
    );
    expect(await page.getByTestId('avatar-crop-dialog').count()).toBe(0);
    await screenshot(page, 'users-profile-en');
  });
});

describe('API keys in Chromium', () => {
  it('an employee makes a key and sees it once; an admin sees only its last characters and revokes it', async () => {
    await setLanguage('de');
    await login(page, baseUrl, 'employee@example.com');
    await closeFirstLoginModals(page);
    const openProfile = async () => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-edit-profile').click();
      const profile = page.getByTestId('edit-profile-dialog');
      await profile.waitFor();
      return profile;
    };
    let profile = await openProfile();
    expect(await profile.getByTestId('api-key-status').textContent()).toBe('Kein API-Schlüssel.');
    await profile.getByTestId('api-key-regenerate').click();
    const key = await profile.getByTestId('api-key').inputValue();
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(await profile.getByTestId('api-key-once').textContent()).toContain('nur dieses eine Mal angezeigt');
    await profile.getByTestId('api-key-field').scrollIntoViewIfNeeded();
    await screenshot(page, 'users-profile-api-key-once-de');
    const me = (apiKey: string) =>
      fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ query: '{ me { user { email } } }' }),
      });
    expect(((await (await me(key)).json()) as any).data.me.user.email).toBe('employee@example.com');

    await page.keyboard.press('Escape');
    await profile.waitFor({ state: 'hidden' });
    profile = await openProfile();
    expect(await profile.getByTestId('api-key').count()).toBe(0);
    expect(await profile.getByTestId('api-key-status').textContent()).toContain(`…${key.slice(-4)}`);
    await page.keyboard.press('Escape');

    await browser.context.clearCookies();
    await setLanguage('en');
    await login(page, baseUrl, 'admin@example.com');
    await openUserTab();
    await cardOf('employee@example.com').getByTestId('edit-user-button').click();
    const dialog = page.getByTestId('edit-user-dialog');
    await dialog.waitFor();
    const status = await dialog.getByTestId('api-key-status').textContent();
    expect(status).toContain(`A key ending in …${key.slice(-4)}, created on `);
    expect(status).not.toContain(key);
    expect(await dialog.getByTestId('api-key').count()).toBe(0);
    expect(await dialog.getByTestId('api-key-regenerate').count()).toBe(0);
    await dialog.getByTestId('api-key-field').scrollIntoViewIfNeeded();
    await screenshot(page, 'users-edit-user-api-key-en');
    await dialog.getByTestId('api-key-revoke').click();
    await dialog.getByTestId('api-key-confirm').waitFor();
    await screenshot(page, 'users-edit-user-api-key-revoke-en');
    await dialog.getByTestId('api-key-revoke-confirm').click();
    await expect.poll(() => dialog.getByTestId('api-key-status').textContent()).toBe('No API key.');
    expect((await me(key)).status).toBe(401);
  });
});

describe('user management tab in Chromium', () => {
  const invitee = `new.colleague.${Date.now()}@example.com`;

  it('an ADMIN invites a user; the mailed link sets a password and the new user logs in', async () => {
    await setLanguage('de');
    await login(page, baseUrl, 'admin@example.com');
    await openUserTab();
    await page.waitForTimeout(300);
    // Pending invitations are the invited and not yet activated users; the deactivated one has a section of its own.
    const emailsIn = (testId: string) =>
      page
        .getByTestId(testId)
        .locator('[data-user-email]')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-user-email')).sort());
    expect(await emailsIn('pending-users')).toEqual(['jonas.weber@example.com', 'lena.fischer@example.com']);
    expect(await emailsIn('deactivated-users')).toEqual(['paul.bauer@example.com']);
    expect(await page.getByTestId('deactivated-users').getByTestId('deactivated-badge').innerText()).toBe(
      'Deaktiviert',
    );
    await page.getByTestId('deactivated-users').scrollIntoViewIfNeeded();
    await screenshot(page, 'users-tab-de');

    await page.getByTestId('invite-user-button').click();
    const dialog = page.getByTestId('invite-user-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('invite-user-submit').click();
    await dialog.getByText('Dieses Feld ist erforderlich.').first().waitFor();
    await screenshot(page, 'users-invite-required-de');
    await dialog.locator('input[name="email"]').fill(invitee);
    await dialog.locator('input[name="firstName"]').fill('Nora');
    await dialog.locator('input[name="lastName"]').fill('Neumann');
    const before = smtp.received.length;
    await dialog.getByTestId('invite-user-submit').click();
    await dialog.getByTestId('success-alert').waitFor();
    await screenshot(page, 'users-invite-success-de');
    await dialog.waitFor({ state: 'hidden' });
    await page.locator(`[data-testid="pending-user-card"][data-user-email="${invitee}"]`).waitFor();
    await screenshot(page, 'users-tab-pending-de');

    const mail = await waitForMail(invitee, before);
    const link = invitationLinkIn(mail.raw);

    await browser.context.clearCookies();
    await page.goto(link);
    await page.locator('input[name="password"]').fill('Nora-Passwort-1');
    await page.locator('input[name="confirmPassword"]').fill('Nora-Passwort-1');
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('success-alert').waitFor();

    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="email"]').fill(invitee);
    await page.locator('input[name="password"]').fill('Nora-Passwort-1');
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('app-shell').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('user-menu').textContent()).toContain('Nora Neumann');
  });

  it('the ADMIN grants and removes admin access; the card follows', async () => {
    await setLanguage('en');
    await login(page, baseUrl, 'admin@example.com');
    await openUserTab();
    const card = cardOf(invitee);
    await card.waitFor();
    expect(await card.getByTestId('admin-badge').count()).toBe(0);

    await card.getByTestId('edit-user-button').click();
    await page.getByTestId('edit-user-dialog').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'users-edit-user-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('edit-user-dialog').waitFor({ state: 'hidden' });

    await setAdminSwitch(invitee, true);
    await card.getByTestId('admin-badge').waitFor();
    await setAdminSwitch(invitee, false);
    await card.getByTestId('admin-badge').waitFor({ state: 'detached' });

    // Another admin can be deleted; one's own card (here the owner's) has no pencil at all.
    await cardOf('maria.huber@example.com').getByTestId('edit-user-button').click();
    await page.getByTestId('edit-user-dialog').waitFor();
    expect(await page.getByTestId('edit-user-delete').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await cardOf('admin@example.com').getByTestId('edit-user-button').count()).toBe(0);

    // An admin sets a colleague's picture from the edit user modal; the card shows it.
    const file = join(mkdtempSync(join(tmpdir(), 'e2e-avatar-')), 'colleague.png');
    makePng(file);
    await card.getByTestId('edit-user-button').click();
    const dialog = page.getByTestId('edit-user-dialog');
    await dialog.getByTestId('avatar-file-input').setInputFiles(file);
    const crop = page.getByTestId('avatar-crop-dialog');
    await crop.waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'users-avatar-crop-en');
    expect(await crop.getByRole('heading').textContent()).toBe('Crop photo');
    await crop.getByTestId('avatar-crop-confirm').click();
    await crop.waitFor({ state: 'hidden' });
    await dialog.getByTestId('edit-user-save').click();
    await dialog.getByTestId('success-alert').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const cardImage = card.locator('img');
    await cardImage.waitFor();
    expect(await cardImage.getAttribute('src')).toMatch(/^\/files\/avatars\/users\//);
    await expect
      .poll(() => cardImage.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(65);

    await page.locator('[data-testid="pending-user-card"]').first().getByTestId('pending-user-menu').click();
    await page.getByTestId('menu-resend-invitation').waitFor();
    await page.waitForTimeout(200);
    await screenshot(page, 'users-pending-menu-en');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    await screenshot(page, 'users-tab-en');
  });
});

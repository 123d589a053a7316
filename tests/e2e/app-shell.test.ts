import { describe, expect, it } from 'vitest';
import { login, screenshot } from '../support/browser/browser';
import { browserSuite } from '../support/browser/suite';

const suite = browserSuite();

/** The first-login modals (get started, survey) sit on top of the shell; answer them like a user would. */
async function dismissFirstLoginModals(): Promise<void> {
  for (const [modal, button] of [
    ['get-started-modal', 'get-started-cancel'],
    ['survey-modal', 'survey-later'],
  ] as const) {
    const dialog = suite.page.getByTestId(modal);
    if (await dialog.isVisible().catch(() => false)) {
      await dialog.getByTestId(button).click();
      await dialog.waitFor({ state: 'hidden' });
    }
  }
}

async function menuEntries(): Promise<string[]> {
  return suite.page
    .getByTestId('side-menu')
    .locator('[data-testid^="menu-"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));
}

describe('app shell in Chromium', () => {
  it.each([
    [
      'superadmin@example.com',
      'SUPER_ADMIN',
      [
        'menu-dashboard',
        'menu-import',
        'menu-upload',
        'menu-live-import',
        'menu-datafiles',
        'menu-administration',
        'menu-admin-panel',
        'menu-monitoring',
        'menu-stats',
        'menu-data-files-stats',
        'menu-data-records-stats',
      ],
    ],
    [
      'admin@example.com',
      'ADMIN',
      ['menu-dashboard', 'menu-import', 'menu-upload', 'menu-live-import', 'menu-datafiles', 'menu-administration'],
    ],
    [
      'employee@example.com',
      'EMPLOYEE',
      ['menu-dashboard', 'menu-import', 'menu-upload', 'menu-live-import', 'menu-datafiles'],
    ],
  ] as const)('%s logs in and sees the %s menu', async (email, role, expected) => {
    await login(suite.page, suite.server.baseUrl, email);
    expect(await suite.page.getByTestId('app-shell').getAttribute('data-role')).toBe(role);
    await suite.page.waitForTimeout(300);
    await screenshot(suite.page, `shell-${role.toLowerCase()}-first-view`);
    await dismissFirstLoginModals();
    expect(await menuEntries()).toEqual(expected);
    // Every link of the menu has a name of its own (the operator's statistics are not "Datendateien" again).
    const names = await suite.page
      .getByTestId('side-menu')
      .locator('a[data-testid^="menu-"]')
      .evaluateAll((links) => links.map((a) => (a.textContent || a.getAttribute('title') || '').trim()));
    expect(names.length).toBeGreaterThan(3);
    expect(new Set(names).size, names.join(', ')).toBe(names.length);
    await suite.page.getByTestId('stat-datafiles').or(suite.page.getByTestId('dashboard-empty')).first().waitFor();
    expect(await suite.page.getByTestId('app-version').textContent()).toBe('Version 7.0.19');
    await screenshot(suite.page, `shell-${role.toLowerCase()}`);
  });

  it('sends a visitor to login with redirectFrom and back to the page after login', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/datafiles?filter=live`);
    await suite.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(suite.page.url()).searchParams.get('redirectFrom')).toBe('/datafiles?filter=live');
    await suite.page.locator('input[name="email"]').waitFor();
    await screenshot(suite.page, 'login-redirect-de');
    await suite.page.locator('input[name="email"]').fill('admin@example.com');
    await suite.page.locator('input[name="password"]').fill('Demo-1234');
    await suite.page.locator('button[type="submit"]').click();
    await suite.page.waitForURL((url) => url.pathname === '/datafiles');
    expect(new URL(suite.page.url()).search).toBe('?filter=live');
    await suite.page.getByRole('heading', { name: 'Datendateien' }).waitFor();
  });

  it('shows the translated error for a wrong password', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/login`);
    await suite.page.locator('input[name="email"]').fill('admin@example.com');
    await suite.page.locator('input[name="password"]').fill('wrong-password');
    await suite.page.locator('button[type="submit"]').click();
    await suite.page.getByTestId('error-alert').waitFor();
    expect(await suite.page.getByTestId('error-alert').textContent()).toContain('E-Mail');
    await screenshot(suite.page, 'login-error-de');
  });

  it('redirects unknown paths to /404 with a button back to the dashboard', async () => {
    await suite.page.goto(`${suite.server.baseUrl}/this/does/not/exist`);
    await suite.page.waitForURL((url) => url.pathname === '/404');
    await suite.page.getByText('Entschuldigung, Seite nicht gefunden').waitFor();
    await suite.page.getByRole('link', { name: 'Zurück zum Dashboard' }).waitFor();
    await screenshot(suite.page, 'not-found-de');
  });

  it('shows only the desktop-only message at 800 px width', async () => {
    await login(suite.page, suite.server.baseUrl, 'admin@example.com');
    await suite.page.setViewportSize({ width: 800, height: 900 });
    await suite.page.getByTestId('desktop-only').waitFor();
    expect(await suite.page.getByTestId('app-shell').count()).toBe(0);
    await screenshot(suite.page, 'desktop-only-de');
    await suite.page.setViewportSize({ width: 1440, height: 900 });
    await suite.page.getByTestId('app-shell').waitFor();
  });

  it("keeps the organisation's name readable at 1024 px with the side menu open (the user menu's name and role move into the menu)", async () => {
    await suite.page.setViewportSize({ width: 1024, height: 800 });
    await login(suite.page, suite.server.baseUrl, 'admin@example.com');
    await dismissFirstLoginModals();
    // The frame is plain elements on a stylesheet index.html links (web/app/shell/shell.css): its sizes hold.
    const width = (testId: string) =>
      suite.page.getByTestId(testId).evaluate((e) => Math.round(e.getBoundingClientRect().width));
    expect(await suite.page.getByTestId('top-bar').evaluate((e) => e.getBoundingClientRect().height)).toBe(64);
    expect(await width('side-menu')).toBe(72);
    expect(
      await suite.page.evaluate(
        () => document.querySelector('link[rel="stylesheet"][href*="/assets/app-shell-"]') !== null,
      ),
    ).toBe(true);
    await suite.page.getByTestId('menu-toggle').click();
    await suite.page.getByTestId('side-menu').getByText('Datendateien').waitFor();
    await expect.poll(() => width('side-menu')).toBe(248);
    const name = suite.page.getByTestId('company-name');
    expect(await name.textContent()).toBe('Demo Research GmbH');
    expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await screenshot(suite.page, 'shell-1024-menu-open-de');
    await suite.page.getByTestId('user-menu').click();
    expect(await suite.page.getByTestId('user-menu-role').textContent()).toBe('Admin-Cleaner');
    await suite.page.keyboard.press('Escape');
    await suite.page.setViewportSize({ width: 1440, height: 900 });
  });

  it('switches the language to English and keeps it after a reload', async () => {
    await login(suite.page, suite.server.baseUrl, 'admin@example.com');
    await dismissFirstLoginModals();
    await suite.page.getByTestId('language-menu').click();
    await suite.page.getByTestId('language-en').click();
    await suite.page.getByText('Total data files').waitFor();
    expect(await suite.page.evaluate(() => window.localStorage.getItem('locale'))).toBe('en');
    await screenshot(suite.page, 'shell-admin-en');
    await suite.page.reload();
    await suite.page.getByText('Total data files').waitFor();
    await suite.page.getByTestId('notification-bell').click();
    await suite.page.getByText('Notifications', { exact: true }).waitFor();
    await screenshot(suite.page, 'notifications-en');
    await suite.page.keyboard.press('Escape');
    await suite.page.getByTestId('user-menu').click();
    await suite.page.getByTestId('menu-change-password').click();
    await suite.page.getByTestId('change-password-dialog').waitFor();
    await suite.page.getByTestId('change-password-dialog').getByRole('button', { name: 'Change password' }).click();
    await suite.page.getByText('This field is required.').first().waitFor();
    await screenshot(suite.page, 'change-password-en');
  });

  it('logs out: cookies and working settings go, the session is revoked, /login shows', async () => {
    await login(suite.page, suite.server.baseUrl, 'employee@example.com');
    await dismissFirstLoginModals();
    await suite.page.evaluate(() => window.localStorage.setItem('ws:sideMenuCollapsed', 'true'));
    const token = (await suite.browser.context.cookies()).find((cookie) => cookie.name === 'accessToken')?.value;
    expect(token).toBeTruthy();
    await suite.page.getByTestId('user-menu').click();
    await suite.page.getByTestId('menu-logout').click();
    await suite.page.waitForURL((url) => url.pathname === '/login');
    const names = (await suite.browser.context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('accessToken');
    expect(names).not.toContain('tokenExpireDate');
    expect(await suite.page.evaluate(() => window.localStorage.getItem('ws:sideMenuCollapsed'))).toBeNull();
    const me = await fetch(`${suite.server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ me { user { id } } }' }),
    });
    const body = (await me.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await suite.page.goto(`${suite.server.baseUrl}/`);
    await suite.page.waitForURL((url) => url.pathname === '/login');
  });
});

import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, login, screenshot, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  await browser.context.clearCookies();
  page = await browser.context.newPage();
  await page.goto(`${server.baseUrl}/404`);
  await page.evaluate(() => window.localStorage.clear());
});

afterEach(async () => {
  await page.close();
});

/** The first-login modals (get started, survey) sit on top of the shell; answer them like a user would. */
async function dismissFirstLoginModals(): Promise<void> {
  for (const [modal, button] of [['get-started-modal', 'get-started-cancel'], ['survey-modal', 'survey-later']] as const) {
    const dialog = page.getByTestId(modal);
    if (await dialog.isVisible().catch(() => false)) {
      await dialog.getByTestId(button).click();
      await dialog.waitFor({ state: 'hidden' });
    }
  }
}

async function menuEntries(): Promise<string[]> {
  return page.getByTestId('side-menu').locator('[data-testid^="menu-"]').evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('data-testid') ?? ''));
}

describe('app shell in Chromium', () => {
  it.each([
    ['superadmin@example.com', 'SUPER_ADMIN', ['menu-dashboard', 'menu-import', 'menu-upload', 'menu-live-import', 'menu-datafiles', 'menu-administration', 'menu-admin-panel', 'menu-monitoring', 'menu-stats', 'menu-data-files-stats', 'menu-data-records-stats']],
    ['admin@example.com', 'ADMIN', ['menu-dashboard', 'menu-import', 'menu-upload', 'menu-live-import', 'menu-datafiles', 'menu-administration']],
    ['employee@example.com', 'EMPLOYEE', ['menu-dashboard', 'menu-import', 'menu-upload', 'menu-live-import', 'menu-datafiles']],
  ] as const)('%s logs in and sees the %s menu', async (email, role, expected) => {
    await login(page, server.baseUrl, email);
    expect(await page.getByTestId('app-shell').getAttribute('data-role')).toBe(role);
    await page.waitForTimeout(300);
    await screenshot(page, `shell-${role.toLowerCase()}-first-view`);
    await dismissFirstLoginModals();
    expect(await menuEntries()).toEqual(expected);
    await page.getByTestId('stat-datafiles').or(page.getByTestId('dashboard-empty')).first().waitFor();
    expect(await page.getByTestId('app-version').textContent()).toBe('Version 7.0.19');
    await screenshot(page, `shell-${role.toLowerCase()}`);
  });

  it('sends a visitor to login with redirectFrom and back to the page after login', async () => {
    await page.goto(`${server.baseUrl}/datafiles?filter=live`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirectFrom')).toBe('/datafiles?filter=live');
    await page.locator('input[name="email"]').waitFor();
    await screenshot(page, 'login-redirect-de');
    await page.locator('input[name="email"]').fill('admin@example.com');
    await page.locator('input[name="password"]').fill('Demo-1234');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/datafiles');
    expect(new URL(page.url()).search).toBe('?filter=live');
    await page.getByRole('heading', { name: 'Datendateien' }).waitFor();
  });

  it('shows the translated error for a wrong password', async () => {
    await page.goto(`${server.baseUrl}/login`);
    await page.locator('input[name="email"]').fill('admin@example.com');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('error-alert').waitFor();
    expect(await page.getByTestId('error-alert').textContent()).toContain('E-Mail');
    await screenshot(page, 'login-error-de');
  });

  it('redirects unknown paths to /404 with a button back to the dashboard', async () => {
    await page.goto(`${server.baseUrl}/this/does/not/exist`);
    await page.waitForURL((url) => url.pathname === '/404');
    await page.getByText('Entschuldigung, Seite nicht gefunden').waitFor();
    await page.getByRole('link', { name: 'Zurück zum Dashboard' }).waitFor();
    await screenshot(page, 'not-found-de');
  });

  it('shows only the desktop-only message at 800 px width', async () => {
    await login(page, server.baseUrl, 'admin@example.com');
    await page.setViewportSize({ width: 800, height: 900 });
    await page.getByTestId('desktop-only').waitFor();
    expect(await page.getByTestId('app-shell').count()).toBe(0);
    await screenshot(page, 'desktop-only-de');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('app-shell').waitFor();
  });

  it('switches the language to English and keeps it after a reload', async () => {
    await login(page, server.baseUrl, 'admin@example.com');
    await dismissFirstLoginModals();
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await page.getByText('Total data files').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe('en');
    await screenshot(page, 'shell-admin-en');
    await page.reload();
    await page.getByText('Total data files').waitFor();
    await page.getByTestId('notification-bell').click();
    await page.getByText('Notifications', { exact: true }).waitFor();
    await screenshot(page, 'notifications-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-change-password').click();
    await page.getByTestId('change-password-dialog').waitFor();
    await page.getByTestId('change-password-dialog').getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This field is required.').first().waitFor();
    await screenshot(page, 'change-password-en');
  });

  it('logs out: cookies and working settings go, the session is revoked, /login shows', async () => {
    await login(page, server.baseUrl, 'employee@example.com');
    await dismissFirstLoginModals();
    await page.evaluate(() => window.localStorage.setItem('ws:sideMenuCollapsed', 'true'));
    const token = (await browser.context.cookies()).find((cookie) => cookie.name === 'accessToken')?.value;
    expect(token).toBeTruthy();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL((url) => url.pathname === '/login');
    const names = (await browser.context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('accessToken');
    expect(names).not.toContain('tokenExpireDate');
    expect(await page.evaluate(() => window.localStorage.getItem('ws:sideMenuCollapsed'))).toBeNull();
    const me = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ me { user { id } } }' }),
    });
    const body = (await me.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

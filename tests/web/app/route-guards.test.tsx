import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  currentUrl,
  operationsCalled,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';

describe('route guards', () => {
  beforeEach(() => resetAppState());

  it('sends an unauthenticated visitor to /login with the original path and query in redirectFrom', async () => {
    stubGraphQL({});
    renderAppAt('/datafile-result?datafileId=42');
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(currentUrl()).toBe(`/login?redirectFrom=${encodeURIComponent('/datafile-result?datafileId=42')}`);
  });

  it('sends a logged-in user away from the public entry pages to the dashboard', async () => {
    stubGraphQL(shellHandlers('ADMIN'));
    startSession();
    renderAppAt('/register');
    await screen.findByTestId('app-shell');
    expect(currentUrl()).toBe('/');
  });

  it('redirects unknown paths to /404 with a way back to the dashboard', async () => {
    stubGraphQL({});
    renderAppAt('/no/such/page');
    await screen.findByText('Entschuldigung, Seite nicht gefunden');
    expect(currentUrl()).toBe('/404');
    expect(screen.getByRole('link', { name: 'Zurück zum Dashboard' }).getAttribute('href')).toBe('/');
  });

  it('keeps the public pages open without a session', async () => {
    stubGraphQL({});
    renderAppAt('/credit-roi-calculator');
    await screen.findByRole('heading', { name: 'Credit- und Kostenrechner' });
    expect(currentUrl()).toBe('/credit-roi-calculator');
  });

  it.each([
    ['EMPLOYEE', '/administration'],
    ['ADMIN', '/admin-panel'],
    ['ADMIN', '/monitoring'],
    ['EMPLOYEE', '/data-files-stats'],
    ['ADMIN', '/data-records-stats'],
  ] as const)('shows %s the no-permission message on %s', async (role, path) => {
    stubGraphQL(shellHandlers(role));
    startSession();
    renderAppAt(path);
    await screen.findByText('Sie haben keine Berechtigung, diese Seite anzuzeigen.');
    expect(currentUrl()).toBe(path);
  });

  it('lets a SUPER_ADMIN open the operator pages', async () => {
    stubGraphQL(shellHandlers('SUPER_ADMIN'));
    startSession();
    renderAppAt('/admin-panel');
    await screen.findByRole('heading', { name: 'Admin-Panel' });
    expect(screen.queryByText('Sie haben keine Berechtigung, diese Seite anzuzeigen.')).toBeNull();
  });

  it.each([
    [
      'EMPLOYEE',
      ['menu-dashboard', 'menu-upload', 'menu-live-import', 'menu-datafiles'],
      ['menu-administration', 'menu-admin-panel', 'menu-monitoring', 'menu-stats'],
    ],
    [
      'ADMIN',
      ['menu-dashboard', 'menu-datafiles', 'menu-administration'],
      ['menu-admin-panel', 'menu-monitoring', 'menu-stats'],
    ],
    [
      'SUPER_ADMIN',
      [
        'menu-administration',
        'menu-admin-panel',
        'menu-monitoring',
        'menu-stats',
        'menu-data-files-stats',
        'menu-data-records-stats',
      ],
      [],
    ],
  ] as const)('builds the side menu for %s', async (role, shown, hidden) => {
    stubGraphQL(shellHandlers(role));
    startSession();
    renderAppAt('/');
    const menu = await screen.findByTestId('side-menu');
    for (const id of shown) expect(within(menu).queryByTestId(id), id).not.toBeNull();
    for (const id of hidden) expect(within(menu).queryByTestId(id), id).toBeNull();
  });

  it('ends the session and goes to /login when the API answers 401', async () => {
    stubGraphQL(
      shellHandlers('ADMIN', {
        me: () => ({
          status: 401,
          errors: [{ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } }],
        }),
      }),
    );
    startSession();
    renderAppAt('/datafiles');
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(window.location.pathname).toBe('/login');
    expect(document.cookie).not.toContain('accessToken=');
  });

  it('returns to the page in redirectFrom after login', async () => {
    const keys = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
    const pem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`;
    let decrypted = '';
    const fetchMock = stubGraphQL(
      shellHandlers('EMPLOYEE', {
        getPasswordEncryptionKey: () => ({ data: { getPasswordEncryptionKey: pem } }),
        login: async (variables) => {
          const cipher = Uint8Array.from(atob(String(variables.password)), (c) => c.charCodeAt(0));
          decrypted = new TextDecoder().decode(
            await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, cipher),
          );
          return { data: { login: { accessToken: 'fresh-token', accessLevel: 'EMPLOYEE', expiresIn: 28_800 } } };
        },
      }),
    );
    renderAppAt(`/login?redirectFrom=${encodeURIComponent('/datafiles?page=2')}`);
    const email = await screen.findByLabelText('E-Mail-Adresse');
    fireEvent.change(email, { target: { value: 'employee@example.com' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'Demo-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await screen.findByTestId('app-shell');
    await waitFor(() => expect(currentUrl()).toBe('/datafiles?page=2'));
    expect(decrypted).toBe('Demo-1234');
    expect(document.cookie).toContain('accessToken=fresh-token');
    const login = operationsCalled(fetchMock).find((call) => call.operationName === 'login');
    expect(login?.variables.email).toBe('employee@example.com');
    expect(login?.variables.password).not.toBe('Demo-1234');
  });
});

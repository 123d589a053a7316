import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  loadPageBeforeAll,
  operationsCalled,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';
import { chooseLanguage } from '../../support/web/choose-language';

loadPageBeforeAll('dashboard');
loadPageBeforeAll('login');

describe('language switch', () => {
  beforeEach(() => resetAppState());

  it('shows German by default and switches the login page to English, stored as locale', async () => {
    stubGraphQL({});
    renderAppAt('/login');
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(document.documentElement.lang).toBe('de');

    await chooseLanguage('en');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(window.localStorage.getItem('locale')).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    await chooseLanguage('de');
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(window.localStorage.getItem('locale')).toBe('de');
  });

  it('switches the shell and stores the language on the server for a logged-in user', async () => {
    const fetchMock = stubGraphQL(shellHandlers('ADMIN'));
    startSession();
    renderAppAt('/');
    await screen.findByText('Datendateien gesamt');

    await chooseLanguage('en');
    await screen.findByText('Total data files');
    expect(screen.getByTestId('side-menu').textContent).toContain('Data files');
    await waitFor(() => {
      const call = operationsCalled(fetchMock).find((c) => c.operationName === 'updateMyLocale');
      expect(call?.variables).toEqual({ locale: 'en' });
    });
  });

  it('takes the user language from the server when this browser has none stored', async () => {
    stubGraphQL(
      shellHandlers('EMPLOYEE', {
        me: () => {
          const me = shellHandlers('EMPLOYEE').me!({}) as { data: { me: { user: { locale: string } } } };
          me.data.me.user.locale = 'en';
          return me;
        },
      }),
    );
    startSession();
    renderAppAt('/');
    await screen.findByText('Total data files');
    expect(window.localStorage.getItem('locale')).toBe('en');
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { SessionExpiryAlert } from '../../../web/app/shell/session-expiry-alert';
import { EXPIRY_WARNING_MS } from '../../../web/lib/session';
import { resetAppState, startSession } from '../../support/web/render-app';

const MINUTE = 60_000;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderAlert() {
  return render(
    <AppProviders>
      <SessionExpiryAlert />
    </AppProviders>,
  );
}

describe('session expiry alert', () => {
  beforeEach(() => {
    resetAppState();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
    window.history.replaceState(null, '', '/datafiles');
  });

  it('opens 5 minutes (300000 ms) before expiry, not earlier', async () => {
    expect(EXPIRY_WARNING_MS).toBe(300_000);
    startSession(10 * 60);
    renderAlert();
    await advance(5 * MINUTE - 1000);
    expect(screen.queryByTestId('session-expiry-alert')).toBeNull();
    await advance(1000);
    expect(screen.getByTestId('session-expiry-alert')).toBeTruthy();
    expect(screen.getByText('Ihre Sitzung läuft bald ab')).toBeTruthy();
  });

  it('records consent in the waiting-for-logout flag and does not open again', async () => {
    startSession(10 * 60);
    const view = renderAlert();
    await advance(5 * MINUTE);
    fireEvent.click(screen.getByTestId('session-expiry-consent'));
    await advance(0);
    expect(window.localStorage.getItem('waitingForLogout')).toBe('true');
    expect(screen.queryByTestId('session-expiry-alert')).toBeNull();

    // A re-render (e.g. navigation) must not show it a second time.
    view.rerender(
      <AppProviders>
        <SessionExpiryAlert />
      </AppProviders>,
    );
    await advance(2 * MINUTE);
    expect(screen.queryByTestId('session-expiry-alert')).toBeNull();
  });

  it('opens at once when the page loads inside the last 5 minutes', async () => {
    startSession(2 * 60);
    renderAlert();
    await advance(0);
    expect(screen.getByTestId('session-expiry-alert')).toBeTruthy();
  });

  it('removes the expiry cookie and the flag and goes to /login at expiry', async () => {
    startSession(10 * 60);
    renderAlert();
    await advance(5 * MINUTE);
    fireEvent.click(screen.getByTestId('session-expiry-consent'));
    expect(document.cookie).toContain('tokenExpireDate=');
    await advance(5 * MINUTE);
    expect(window.location.pathname).toBe('/login');
    expect(document.cookie).not.toContain('tokenExpireDate=');
    expect(window.localStorage.getItem('waitingForLogout')).toBeNull();
  });
});

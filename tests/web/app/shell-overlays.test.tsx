import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadPageBeforeAll,
  meFor,
  operationsCalled,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';

const SUCCESS = (name: string) => () => ({ data: { [name]: { status: 'SUCCESS', message: null } } });

loadPageBeforeAll('dashboard');

describe('notification bell', () => {
  beforeEach(() => resetAppState());

  it('shows the unread count, marks an opened notification read, removes it and opens the datafile result', async () => {
    let unread = [
      {
        id: 'n1',
        title: 'Update failed',
        description: 'Brand tracker',
        url: '/datafile-result?datafileId=df-7',
        readed: false,
        createdDate: '2026-03-01T10:00:00Z',
        type: 'UPDATE_ERROR',
      },
      {
        id: 'n2',
        title: 'Upload failed',
        description: 'Wave 2',
        url: null,
        readed: false,
        createdDate: '2026-02-28T10:00:00Z',
        type: 'UPLOAD_ERROR',
      },
    ];
    const fetchMock = stubGraphQL(
      shellHandlers('ADMIN', {
        getNotificationsForLoggedinUser: () => ({ data: { getNotificationsForLoggedinUser: unread } }),
        markNotificationAsReaded: ({ notificationId }) => {
          unread = unread.filter((n) => n.id !== notificationId);
          return { data: { markNotificationAsReaded: { status: 'SUCCESS', message: null } } };
        },
      }),
    );
    startSession();
    renderAppAt('/');
    expect((await screen.findByTestId('notification-count')).textContent).toBe('2');

    await act(async () => {
      fireEvent.click(screen.getByTestId('notification-bell'));
    });
    await act(async () => {
      fireEvent.click(screen.getByText('Update failed'));
    });

    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/datafile-result?datafileId=df-7'),
    );
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
    expect(screen.queryByText('Update failed')).toBeNull();
    const mark = operationsCalled(fetchMock).find((c) => c.operationName === 'markNotificationAsReaded');
    expect(mark?.variables).toEqual({ notificationId: 'n1' });

    await act(async () => {
      fireEvent.click(screen.getByTestId('notification-bell'));
    });
    await act(async () => {
      fireEvent.click(screen.getByText('Upload failed'));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/upload-dataset/step1'));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull());
  });

  it('logs a failing notification call and shows nothing', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubGraphQL(
      shellHandlers('EMPLOYEE', {
        getNotificationsForLoggedinUser: () => ({
          errors: [{ message: 'boom', extensions: { code: 'GENERAL_ERROR' } }],
        }),
      }),
    );
    startSession();
    renderAppAt('/');
    await screen.findByTestId('app-shell');
    await waitFor(() => expect(errorLog).toHaveBeenCalled());
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(screen.queryByTestId('error-alert')).toBeNull();
  });
});

describe('get-started and survey modals', () => {
  beforeEach(() => resetAppState());

  it('closes the get-started modal only after updateGetStarted answers SUCCESS', async () => {
    let attempt = 0;
    const fetchMock = stubGraphQL(
      shellHandlers('EMPLOYEE', {
        me: () => ({ data: meFor('EMPLOYEE', { watchGetStarted: attempt > 1 }) }),
        updateGetStarted: () => {
          attempt += 1;
          return attempt === 1
            ? { errors: [{ message: 'no', extensions: { code: 'GENERAL_ERROR' } }] }
            : { data: { updateGetStarted: { status: 'SUCCESS', message: null } } };
        },
      }),
    );
    startSession();
    renderAppAt('/');
    const modal = await screen.findByTestId('get-started-modal');
    await act(async () => {
      fireEvent.click(screen.getByTestId('get-started-cancel'));
    });
    await screen.findByTestId('error-alert');
    expect(screen.getByTestId('get-started-modal')).toBe(modal);

    await act(async () => {
      fireEvent.click(screen.getByTestId('get-started-cancel'));
    });
    await waitFor(() => expect(screen.queryByTestId('get-started-modal')).toBeNull());
    const calls = operationsCalled(fetchMock).filter((c) => c.operationName === 'updateGetStarted');
    expect(calls.map((c) => c.variables)).toEqual([{ userId: 'u-EMPLOYEE' }, { userId: 'u-EMPLOYEE' }]);
  });

  it('opens the tutorial in a new tab from the get-started modal', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    stubGraphQL(
      shellHandlers('EMPLOYEE', {
        me: () => ({ data: meFor('EMPLOYEE', { watchGetStarted: false }) }),
        updateGetStarted: SUCCESS('updateGetStarted'),
      }),
    );
    startSession();
    renderAppAt('/');
    await screen.findByTestId('get-started-modal');
    await act(async () => {
      fireEvent.click(screen.getByTestId('get-started-tutorial'));
    });
    expect(open).toHaveBeenCalledWith(expect.stringContaining('http'), '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(screen.queryByTestId('get-started-modal')).toBeNull());
  });

  it('postpones the survey by 7 days, sent as an ISO string', async () => {
    const fetchMock = stubGraphQL(
      shellHandlers('ADMIN', {
        me: () => ({ data: meFor('ADMIN', { watchNPS: true }) }),
        updateNPS: SUCCESS('updateNPS'),
      }),
    );
    startSession();
    renderAppAt('/');
    await screen.findByTestId('survey-modal');
    const before = Date.now();
    await act(async () => {
      fireEvent.click(screen.getByTestId('survey-later'));
    });
    await waitFor(() => expect(screen.queryByTestId('survey-modal')).toBeNull());
    const call = operationsCalled(fetchMock).find((c) => c.operationName === 'updateNPS');
    const next = String(call?.variables.nextNPSDate);
    expect(next).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const days = (Date.parse(next) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(7);
    expect(days).toBeLessThan(7.01);
  });

  it('marks the survey done and opens it when the user says yes', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const fetchMock = stubGraphQL(
      shellHandlers('ADMIN', {
        me: () => ({ data: meFor('ADMIN', { watchNPS: true }) }),
        updateNPS: SUCCESS('updateNPS'),
      }),
    );
    startSession();
    renderAppAt('/');
    await screen.findByTestId('survey-modal');
    await act(async () => {
      fireEvent.click(screen.getByTestId('survey-yes'));
    });
    await waitFor(() => expect(screen.queryByTestId('survey-modal')).toBeNull());
    expect(open).toHaveBeenCalledTimes(1);
    expect(operationsCalled(fetchMock).find((c) => c.operationName === 'updateNPS')?.variables).toEqual({
      userId: 'u-ADMIN',
      nextNPSDate: null,
    });
  });
});

describe('stored working settings', () => {
  beforeEach(() => resetAppState());

  it('clears them once per server-side request and keeps the locale', async () => {
    stubGraphQL(
      shellHandlers('ADMIN', {
        getClearLocalStorage: () => ({
          data: { getClearLocalStorage: { value: true, updatedAt: '2026-03-01T08:00:00.000Z' } },
        }),
      }),
    );
    window.localStorage.setItem('ws:adminPanelPage', '3');
    window.localStorage.setItem('locale', 'de');
    startSession();
    renderAppAt('/');
    await waitFor(() =>
      expect(window.localStorage.getItem('clearLocalStorageUpdatedAt')).toBe('2026-03-01T08:00:00.000Z'),
    );
    expect(window.localStorage.getItem('ws:adminPanelPage')).toBeNull();
    expect(window.localStorage.getItem('locale')).toBe('de');
  });

  it('does not clear again for a request it has already honoured', async () => {
    stubGraphQL(
      shellHandlers('ADMIN', {
        getClearLocalStorage: () => ({
          data: { getClearLocalStorage: { value: true, updatedAt: '2026-03-01T08:00:00.000Z' } },
        }),
      }),
    );
    window.localStorage.setItem('clearLocalStorageUpdatedAt', '2026-03-01T08:00:00.000Z');
    window.localStorage.setItem('ws:adminPanelPage', '3');
    startSession();
    renderAppAt('/');
    await screen.findByTestId('app-shell');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.localStorage.getItem('ws:adminPanelPage')).toBe('3');
  });

  it('/logout revokes the session, removes cookies, flag and working settings, then shows login', async () => {
    const fetchMock = stubGraphQL(shellHandlers('ADMIN', { logout: SUCCESS('logout') }));
    startSession();
    window.localStorage.setItem('waitingForLogout', 'true');
    window.localStorage.setItem('ws:sideMenuCollapsed', 'true');
    renderAppAt('/logout');
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(window.location.pathname).toBe('/login');
    expect(operationsCalled(fetchMock).some((c) => c.operationName === 'logout')).toBe(true);
    expect(document.cookie).not.toContain('accessToken=');
    expect(document.cookie).not.toContain('tokenExpireDate=');
    expect(window.localStorage.getItem('waitingForLogout')).toBeNull();
    expect(window.localStorage.getItem('ws:sideMenuCollapsed')).toBeNull();
  });
});

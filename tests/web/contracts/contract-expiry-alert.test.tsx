import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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

function companyWithContract(
  contract: { id: string; status: string; endDate: string; remainingDays: number | null } | null,
) {
  return () => ({
    data: {
      getCompany: {
        id: 'c1',
        name: 'Demo Research GmbH',
        legalName: null,
        VATNumber: null,
        image: null,
        accountManager: null,
        supportLevel: null,
        comment: null,
        isActivated: 'ACTIVATED',
        address: { street: null, city: null, postalCode: null, country: null },
        companyOwner: null,
        contract,
      },
    },
  });
}

loadPageBeforeAll('dashboard');

describe('contract-expiry alert', () => {
  beforeEach(() => resetAppState());

  it('shows the end date when the active contract ends within 30 days; Noted hides it for good', async () => {
    const fetchMock = stubGraphQL(
      shellHandlers('EMPLOYEE', {
        getCompany: companyWithContract({ id: 'k-30', status: 'ACTIVE', endDate: '2026-07-14', remainingDays: 30 }),
      }),
    );
    startSession();
    const first = renderAppAt('/');
    const alert = await screen.findByTestId('contract-expiry-alert');
    expect(alert.textContent).toContain('14.07.2026');
    expect(operationsCalled(fetchMock).find((c) => c.operationName === 'getCompany')?.variables).toEqual({
      companyId: 'c1',
    });

    await act(async () => {
      fireEvent.click(screen.getByTestId('contract-expiry-noted'));
    });
    await waitFor(() => expect(screen.queryByTestId('contract-expiry-alert')).toBeNull());
    expect(window.localStorage.getItem('contractExpiryNoted:k-30')).not.toBeNull();

    // A new visit (new app mount, same browser) does not show it again for the same contract.
    first.unmount();
    renderAppAt('/');
    await screen.findByTestId('app-shell');
    await waitFor(() =>
      expect(operationsCalled(fetchMock).filter((c) => c.operationName === 'getCompany').length).toBeGreaterThanOrEqual(
        2,
      ),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('contract-expiry-alert')).toBeNull();
  });

  it('shows again for a different contract', async () => {
    window.localStorage.setItem('contractExpiryNoted:k-old', new Date().toISOString());
    stubGraphQL(
      shellHandlers('ADMIN', {
        getCompany: companyWithContract({ id: 'k-new', status: 'ACTIVE', endDate: '2026-06-20', remainingDays: 5 }),
      }),
    );
    startSession();
    renderAppAt('/');
    expect((await screen.findByTestId('contract-expiry-alert')).getAttribute('data-contract-id')).toBe('k-new');
  });

  it('is not shown when more than 30 days remain', async () => {
    const fetchMock = stubGraphQL(
      shellHandlers('ADMIN', {
        getCompany: companyWithContract({ id: 'k-31', status: 'ACTIVE', endDate: '2026-07-15', remainingDays: 31 }),
      }),
    );
    startSession();
    renderAppAt('/');
    await screen.findByTestId('app-shell');
    await waitFor(() => expect(operationsCalled(fetchMock).some((c) => c.operationName === 'getCompany')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('contract-expiry-alert')).toBeNull();
  });

  it('is not asked for a super admin without a company of their own', async () => {
    const fetchMock = stubGraphQL(shellHandlers('SUPER_ADMIN'));
    startSession();
    renderAppAt('/');
    await screen.findByTestId('app-shell');
    await new Promise((r) => setTimeout(r, 50));
    expect(operationsCalled(fetchMock).some((c) => c.operationName === 'getCompany')).toBe(false);
    expect(screen.queryByTestId('contract-expiry-alert')).toBeNull();
  });

  it('waits while the get-started modal is due', async () => {
    stubGraphQL(
      shellHandlers('EMPLOYEE', {
        me: () => ({ data: meFor('EMPLOYEE', { watchGetStarted: false }) }),
        getCompany: companyWithContract({ id: 'k-2', status: 'ACTIVE', endDate: '2026-06-20', remainingDays: 2 }),
      }),
    );
    startSession();
    renderAppAt('/');
    await screen.findByTestId('get-started-modal');
    expect(screen.queryByTestId('contract-expiry-alert')).toBeNull();
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { SUCCESS_DELAY_MS } from '../../../web/components/feedback/success-close';
import { NewRegistrationsTab } from '../../../web/features/companies/components/new-registrations-tab';
import { ChangePasswordDialog } from '../../../web/features/auth/components/change-password-dialog';
import { AssignUpcomingContractModal } from '../../../web/features/contracts';
import type { Contract } from '../../../web/features/contracts/api/contract-types';
import { DeleteContractModal } from '../../../web/features/contracts/components/edit-contract-modal';
import { EditOrganizationModal } from '../../../web/features/companies';
import {
  type Handlers,
  operationsCalled,
  resetAppState,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';

const SUCCESS = (name: string) => () => ({ data: { [name]: { status: 'SUCCESS', message: null } } });

/** Mounts a modal the way its page does: the modal goes away when it calls onClose. */
function Closable({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(true);
  return open ? <>{children(() => setOpen(false))}</> : <p data-testid="modal-gone" />;
}

function renderModal(handlers: Handlers, modal: (close: () => void) => ReactNode) {
  const fetchMock = stubGraphQL(handlers);
  startSession();
  render(
    <AppProviders>
      <Closable>{modal}</Closable>
    </AppProviders>,
  );
  return fetchMock;
}

// When the success message first appeared, taken as it happens: the modal's close timer starts in
// the effects of the render that shows it, while findBy notices it up to a poll later (on a loaded
// machine 190 ms later, which made the two seconds look like 1.81).
let successShownAt: number | undefined;
let successWatch: MutationObserver | undefined;
beforeEach(() => {
  successShownAt = undefined;
  successWatch = new MutationObserver(() => {
    if (successShownAt === undefined && document.querySelector('[data-testid="success-alert"]'))
      successShownAt = Date.now();
  });
  successWatch.observe(document.body, { childList: true, subtree: true });
});
afterEach(() => successWatch?.disconnect());

/** The success message stays 2 seconds, then the modal closes. */
async function expectSuccessForTwoSecondsThenClose(testId: string, message: string) {
  const success = await within(screen.getByTestId(testId)).findByTestId('success-alert');
  const shownAt = successShownAt!;
  expect(success.textContent).toContain(message);
  // Still open half-way through, counted from its appearance (noticing it late must not push the look
  // past the close).
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, shownAt + SUCCESS_DELAY_MS / 2 - Date.now())));
  expect(screen.queryByTestId(testId)).not.toBeNull();
  await screen.findByTestId('modal-gone');
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(SUCCESS_DELAY_MS - 100);
}

const countOf = (fetchMock: ReturnType<typeof stubGraphQL>, name: string) =>
  operationsCalled(fetchMock).filter((c) => c.operationName === name).length;

const ACTIVE: Contract = {
  id: 'k1',
  name: 'NOW',
  type: 'STARTER',
  status: 'ACTIVE',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  autoRenew: true,
  durationInDays: 365,
  remainingDays: 40,
  numberOfDatafiles: 0,
  numberOfDataRecords: 0,
  createdAt: null,
  createdBy: null,
  primaryCreditPlan: null,
  backupCreditPlan: null,
};

describe('success feedback in modals stays 2 seconds, then the modal closes and lists refresh', () => {
  beforeEach(() => resetAppState());

  it('assign new contract', async () => {
    let assigned = false;
    const fetchMock = renderModal(
      {
        getCompanyContracts: () => ({
          data: {
            getCompanyContracts: assigned
              ? [ACTIVE, { ...ACTIVE, id: 'k2', status: 'UPCOMING', startDate: '2027-01-01', endDate: '2027-12-31' }]
              : [ACTIVE],
          },
        }),
        getAllPackages: () => ({ data: { getAllPackages: [] } }),
        assignUpcomingContractToCompany: () => {
          assigned = true;
          return SUCCESS('assignUpcomingContractToCompany')();
        },
      },
      (close) => <AssignUpcomingContractModal companyId="c1" onClose={close} />,
    );
    // A spinner dialog shows while the contracts load, then the wizard.
    fireEvent.change(await screen.findByTestId('contract-type'), {
      target: { value: 'STARTER' },
    });
    const wizard = screen.getByTestId('assign-wizard');
    await act(async () => {
      fireEvent.click(within(wizard).getByTestId('wizard-next'));
    });
    fireEvent.change(await within(wizard).findByTestId('plan-creditAmount'), { target: { value: '1000' } });
    fireEvent.change(within(wizard).getByTestId('plan-pricePerCredit'), { target: { value: '0.10' } });
    fireEvent.change(within(wizard).getByTestId('plan-paymentAmount'), { target: { value: '100' } });
    const listBefore = countOf(fetchMock, 'getCompanyContracts');
    await act(async () => {
      fireEvent.click(within(wizard).getByTestId('wizard-finish'));
    });
    // The success view keeps its close button and does not turn into "already has one" when the list refreshes.
    expect(await within(wizard).findByTestId('wizard-close')).toBeTruthy();
    await expectSuccessForTwoSecondsThenClose('assign-wizard', 'Der Vertrag wurde zugewiesen.');
    expect(countOf(fetchMock, 'getCompanyContracts')).toBeGreaterThan(listBefore);
    expect(screen.queryByTestId('upcoming-exists')).toBeNull();
  });

  it('delete a new registration', async () => {
    let rows = [
      {
        id: 'c9',
        name: 'Neu GmbH',
        image: null,
        isActivated: 'PENDING',
        createdDate: '2026-11-01',
        companyOwner: null,
      },
    ];
    const fetchMock = stubGraphQL({
      getAllNewCompanies: () => ({
        data: {
          getAllNewCompanies: {
            companies: rows,
            pageInfo: { page: 1, limit: 5, total: rows.length, previousPage: null, nextPage: null },
          },
        },
      }),
      getCompaniesSummary: () => ({
        data: { getCompaniesSummary: { numberOfActiveCompanies: 3, numberOfNewCompanies: rows.length } },
      }),
      deleteCompany: () => {
        rows = [];
        return SUCCESS('deleteCompany')();
      },
    });
    startSession();
    render(
      <AppProviders>
        <NewRegistrationsTab renderActivation={() => null} />
      </AppProviders>,
    );
    await act(async () => {
      fireEvent.click(await screen.findByTestId('delete-registration'));
    });
    await act(async () => {
      fireEvent.click(await screen.findByTestId('delete-registration-confirm'));
    });
    const success = await within(screen.getByTestId('delete-registration-dialog')).findByTestId('success-alert');
    expect(success.textContent).toBe('Die Registrierung von Neu GmbH wurde gelöscht.');
    await new Promise((resolve) => setTimeout(resolve, SUCCESS_DELAY_MS / 2));
    expect(screen.queryByTestId('delete-registration-dialog')).not.toBeNull();
    await waitFor(() => expect(screen.queryByTestId('delete-registration-dialog')).toBeNull());
    await screen.findByTestId('registrations-empty');
    expect(countOf(fetchMock, 'getAllNewCompanies')).toBeGreaterThanOrEqual(2);
  });

  it('delete an upcoming contract', async () => {
    const fetchMock = renderModal(
      { deleteContract: SUCCESS('deleteContract'), getCompanyContracts: () => ({ data: { getCompanyContracts: [] } }) },
      (close) => (
        <DeleteContractModal
          contract={{ ...ACTIVE, status: 'UPCOMING' }}
          onClose={() => {
            throw new Error('cancelled instead of deleted');
          }}
          onDeleted={close}
        />
      ),
    );
    await act(async () => {
      fireEvent.click(await screen.findByTestId('delete-contract-confirm'));
    });
    await expectSuccessForTwoSecondsThenClose('delete-contract-modal', 'Der Vertrag wurde gelöscht.');
    expect(operationsCalled(fetchMock).find((c) => c.operationName === 'deleteContract')?.variables).toEqual({
      contractId: 'k1',
    });
  });

  it('edit organization', async () => {
    const fetchMock = renderModal({ updateCompany: SUCCESS('updateCompany') }, (close) => (
      <EditOrganizationModal
        operatorFields={false}
        admins={[]}
        onClose={close}
        company={{
          id: 'c1',
          name: 'Demo',
          legalName: null,
          VATNumber: null,
          image: null,
          accountManager: null,
          supportLevel: null,
          comment: null,
          isActivated: 'ACTIVATED',
          address: { street: null, city: null, postalCode: null, country: null },
          companyOwner: null,
          contract: null,
        }}
      />
    ));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('org-save'));
    });
    await expectSuccessForTwoSecondsThenClose('edit-organization-modal', 'gespeichert');
    expect(countOf(fetchMock, 'updateCompany')).toBe(1);
  });

  it('change password', async () => {
    const keys = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
    const pem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`;
    renderModal(
      {
        getPasswordEncryptionKey: () => ({ data: { getPasswordEncryptionKey: pem } }),
        changePassword: SUCCESS('changePassword'),
      },
      (close) => <ChangePasswordDialog open onClose={close} />,
    );
    const dialog = await screen.findByTestId('change-password-dialog');
    for (const [name, value] of [
      ['currentPassword', 'Demo-1234'],
      ['newPassword', 'Neu-12345'],
      ['confirmPassword', 'Neu-12345'],
    ]) {
      fireEvent.change(dialog.querySelector(`input[name="${name}"]`) as HTMLInputElement, { target: { value } });
    }
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Passwort ändern' }));
    });
    await expectSuccessForTwoSecondsThenClose('change-password-dialog', '');
  });
});

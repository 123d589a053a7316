import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import type { Contract } from '../../../web/features/contracts/api/contract-types';
import { ContractWizard } from '../../../web/features/contracts/components/contract-wizard';
import { EditContractModal } from '../../../web/features/contracts/components/edit-contract-modal';
import { GraphQLRequestError, gqlRequest, refusalOf } from '../../../web/lib/graphql-client';
import { graphql } from '../../../web/lib/gql';
import { setLocale, translateRefusal } from '../../../web/lib/i18n';
import { resetAppState, startSession, stubGraphQL } from '../../support/web/render-app';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';

const refused =
  (code: string, extensions: Record<string, unknown> = {}) =>
  () => ({
    errors: [{ message: 'refused', extensions: { code, ...extensions } }],
  });

// The messages themselves live in the locale files; the test holds the lookup, not the wording.
const REASON_DE = de.reasons;
const REASON_EN = en.reasons;
const INVALID_PARAMETERS_DE = translateRefusal('de', { code: 'INVALID_PARAMETERS', reason: null, params: {} });

describe('the shared refusal lookup', () => {
  it('prefers the reason, then the code, then the general error, in the asked language', () => {
    expect(translateRefusal('de', { code: 'INVALID_PARAMETERS', reason: 'END_BEFORE_START', params: {} })).toBe(
      REASON_DE.END_BEFORE_START,
    );
    expect(translateRefusal('en', { code: 'INVALID_PARAMETERS', reason: 'END_BEFORE_START', params: {} })).toBe(
      REASON_EN.END_BEFORE_START,
    );
    // A reason without a message (e.g. one a newer server sends) falls back to the code's message.
    expect(translateRefusal('de', { code: 'INVALID_PARAMETERS', reason: 'NO_SUCH_REASON', params: {} })).toBe(
      INVALID_PARAMETERS_DE,
    );
    expect(INVALID_PARAMETERS_DE).not.toBe(translateRefusal('de', null));
    expect(translateRefusal('de', { code: 'NO_SUCH_CODE', reason: null, params: {} })).toBe(
      translateRefusal('de', { code: 'GENERAL_ERROR', reason: null, params: {} }),
    );
    expect(translateRefusal('en', null)).toBe(
      translateRefusal('en', { code: 'GENERAL_ERROR', reason: null, params: {} }),
    );
  });

  it('gqlRequest carries extensions.reason and the other extension values with the code', async () => {
    stubGraphQL({
      isCompnayHavingUpcomingContract: refused('INVALID_PARAMETERS', {
        reason: 'CONTRACTS_OVERLAP',
        field: 'startDate',
        contractId: 'k7',
      }),
    });
    const document = graphql(`
  query isCompnayHavingUpcomingContract($companyId: ID!) {
    isCompnayHavingUpcomingContract(companyId: $companyId)
  }
`);
    const error = await gqlRequest(document, { companyId: 'c1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(refusalOf(error)).toEqual({
      code: 'INVALID_PARAMETERS',
      reason: 'CONTRACTS_OVERLAP',
      params: { field: 'startDate', contractId: 'k7' },
    });
    expect(refusalOf(new Error('boom'))).toEqual({ code: 'GENERAL_ERROR', reason: null, params: {} });
  });
});

const upcoming: Contract = {
  id: 'k2',
  name: 'NEXT',
  type: 'CUSTOM',
  status: 'UPCOMING',
  startDate: '2027-08-13',
  endDate: '2027-12-31',
  autoRenew: false,
  durationInDays: 141,
  remainingDays: null,
  numberOfDatafiles: 0,
  numberOfDataRecords: 0,
  createdAt: null,
  createdBy: null,
  primaryCreditPlan: null,
  backupCreditPlan: null,
};

describe('modals and wizards show the reason the server gives', () => {
  beforeEach(() => resetAppState());

  it('the edit contract modal shows the reason, and re-translates it when the language changes', async () => {
    stubGraphQL({ editContract: refused('INVALID_PARAMETERS', { reason: 'END_BEFORE_START', field: 'endDate' }) });
    startSession();
    render(
      <AppProviders>
        <EditContractModal
          contract={upcoming}
          today="2026-11-21"
          activeEnd="2027-08-12"
          hasUpcoming
          onClose={() => {}}
          onDelete={() => {}}
        />
      </AppProviders>,
    );
    const modal = await screen.findByTestId('edit-contract-modal');
    await act(async () => {
      fireEvent.click(within(modal).getByTestId('edit-contract-save'));
    });
    const alert = await within(modal).findByTestId('error-alert');
    expect(alert.textContent).toContain(REASON_DE.END_BEFORE_START);
    expect(alert.textContent).not.toContain(INVALID_PARAMETERS_DE);
    expect(within(modal).queryByTestId('success-alert')).toBeNull();

    await act(async () => {
      setLocale('en');
    });
    expect(within(modal).getByTestId('error-alert').textContent).toContain(REASON_EN.END_BEFORE_START);
  });

  it("the edit contract modal falls back to the code's message for a reason without one", async () => {
    stubGraphQL({ editContract: refused('INVALID_PARAMETERS', { reason: 'CONCURRENT_EDIT_FROM_THE_FUTURE' }) });
    startSession();
    render(
      <AppProviders>
        <EditContractModal
          contract={upcoming}
          today="2026-11-21"
          activeEnd="2027-08-12"
          hasUpcoming
          onClose={() => {}}
          onDelete={() => {}}
        />
      </AppProviders>,
    );
    const modal = await screen.findByTestId('edit-contract-modal');
    await act(async () => {
      fireEvent.click(within(modal).getByTestId('edit-contract-save'));
    });
    expect((await within(modal).findByTestId('error-alert')).textContent).toContain(INVALID_PARAMETERS_DE);
  });

  async function finishAssignWizard(activeContractEnd: string | null) {
    render(
      <AppProviders>
        <ContractWizard
          mode="assign"
          companyId="c1"
          activeContractEnd={activeContractEnd}
          today="2026-11-21"
          onClose={() => {}}
        />
      </AppProviders>,
    );
    const wizard = await screen.findByTestId('assign-wizard');
    fireEvent.change(within(wizard).getByTestId('contract-type'), { target: { value: 'STARTER' } });
    await act(async () => {
      fireEvent.click(within(wizard).getByTestId('wizard-next'));
    });
    await within(wizard).findByTestId('credit-plan-form');
    fireEvent.change(within(wizard).getByTestId('plan-creditAmount'), { target: { value: '1000' } });
    fireEvent.change(within(wizard).getByTestId('plan-pricePerCredit'), { target: { value: '0.10' } });
    fireEvent.change(within(wizard).getByTestId('plan-paymentAmount'), { target: { value: '100' } });
    await act(async () => {
      fireEvent.click(within(wizard).getByTestId('wizard-finish'));
    });
    return wizard;
  }

  it.each([
    ['assignUpcomingContractToCompany', 'START_AFTER_ACTIVE_END', '2027-08-12'],
    ['assignUpcomingContractToCompany', 'UPCOMING_CONTRACT_EXISTS', '2027-08-12'],
    ['assignNewContractToCompany', 'CONTRACTS_OVERLAP', null],
  ] as const)("the assign wizard shows %s's reason %s and stays on its step", async (operation, reason, activeEnd) => {
    stubGraphQL({
      getAllPackages: () => ({ data: { getAllPackages: [] } }),
      [operation]: refused('INVALID_PARAMETERS', { reason, field: 'startDate', after: '2027-08-12' }),
    });
    startSession();
    const wizard = await finishAssignWizard(activeEnd);
    const alert = await within(wizard).findByTestId('error-alert');
    // The message with the server's values filled in (dates as DD.MM.YYYY).
    const expected = translateRefusal('de', {
      code: 'INVALID_PARAMETERS',
      reason,
      params: { field: 'startDate', after: '2027-08-12' },
    });
    expect(expected.startsWith(REASON_DE[reason].split('{{')[0]!)).toBe(true);
    expect(alert.textContent).toContain(expected);
    expect(within(wizard).getByTestId('credit-plan-form')).toBeTruthy();
    expect(within(wizard).queryByTestId('success-alert')).toBeNull();
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import type { Contract } from '../../../web/features/contracts/api/contract-types';
import { EditContractModal } from '../../../web/features/contracts/components/edit-contract-modal';
import { setLocale } from '../../../web/lib/i18n';
import { resetAppState, startSession, stubGraphQL } from '../../support/web/render-app';

const contract = (over: Partial<Contract>): Contract => ({
  id: 'k1',
  name: 'CTR',
  type: 'ENTERPRISE',
  status: 'ACTIVE',
  startDate: '2026-08-13',
  endDate: '2027-08-12',
  autoRenew: false,
  durationInDays: 365,
  remainingDays: 264,
  numberOfDatafiles: 0,
  numberOfDataRecords: 0,
  createdAt: null,
  createdBy: null,
  primaryCreditPlan: null,
  backupCreditPlan: null,
  ...over,
});

function renderEdit(c: Contract, hasUpcoming: boolean) {
  stubGraphQL({});
  startSession();
  render(
    <AppProviders>
      <EditContractModal
        contract={c}
        today="2026-11-21"
        activeEnd={null}
        hasUpcoming={hasUpcoming}
        onClose={() => {}}
        onDelete={() => {}}
      />
    </AppProviders>,
  );
  return screen.findByTestId('edit-contract-modal');
}

describe('date pickers', () => {
  beforeEach(() => resetAppState());

  it.each([
    ['de', 'Dezember 2026', 'Montag'],
    ['en', 'December 2026', 'Monday'],
  ] as const)('name months and weekdays in the UI language (%s)', async (locale, month, firstWeekday) => {
    setLocale(locale);
    const modal = await renderEdit(
      contract({ type: 'CUSTOM', status: 'UPCOMING', startDate: '2026-12-10', endDate: '2027-03-31' }),
      false,
    );
    await act(async () => {
      fireEvent.click(within(modal).getByTestId('edit-start'));
    });
    const calendar = await waitFor(() => {
      const found = document.querySelector('.react-datepicker');
      if (!found) throw new Error('no calendar open');
      return found;
    });
    expect(calendar.querySelector('.react-datepicker__current-month')?.textContent).toBe(month);
    // The first column is Monday in both languages; its label holds the full name for screen readers.
    expect(calendar.querySelector('.react-datepicker__day-name')?.textContent).toContain(firstWeekday);
  });
});

describe('date pickers in a dialog', () => {
  beforeEach(() => resetAppState());

  it("do not open when the dialog focuses them, so the calendar does not cover the dialog's buttons", async () => {
    const modal = await renderEdit(
      contract({ type: 'CUSTOM', status: 'UPCOMING', startDate: '2026-12-10', endDate: '2027-03-31' }),
      false,
    );
    await act(async () => {
      fireEvent.focus(within(modal).getByTestId('edit-start'));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.react-datepicker')).toBeNull();
    await act(async () => {
      fireEvent.click(within(modal).getByTestId('edit-start'));
    });
    await waitFor(() => expect(document.querySelector('.react-datepicker')).not.toBeNull());
  });
});

describe('edit contract says why a field is locked', () => {
  beforeEach(() => resetAppState());

  it('an active fixed-length contract with an upcoming successor: every reason listed and no Save', async () => {
    const modal = await renderEdit(contract({}), true);
    const locked = within(modal).getByTestId('edit-contract-locked');
    expect(locked.textContent).toContain('An diesem Vertrag lässt sich derzeit nichts ändern:');
    expect(locked.textContent).toContain('Das Startdatum eines aktiven Vertrags lässt sich nicht ändern.');
    expect(locked.textContent).toContain('daher ergibt sich das Enddatum aus dem Startdatum');
    expect(locked.textContent).toContain('Auf diesen Vertrag folgt bereits ein anstehender Vertrag');
    expect(within(modal).queryByTestId('edit-contract-save')).toBeNull();
    for (const id of ['edit-start', 'edit-end'])
      expect((within(modal).getByTestId(id) as HTMLInputElement).disabled).toBe(true);
  });

  it('an active individual contract: only the start and auto-renew are locked, each with its reason beside it', async () => {
    const modal = await renderEdit(contract({ type: 'CUSTOM', endDate: '2027-03-31' }), false);
    expect(within(modal).queryByTestId('edit-contract-locked')).toBeNull();
    expect(within(modal).getByTestId('edit-start-hint').textContent).toBe(
      'Das Startdatum eines aktiven Vertrags lässt sich nicht ändern.',
    );
    expect(within(modal).queryByTestId('edit-end-hint')).toBeNull();
    expect(within(modal).getByTestId('edit-auto-renew-hint').textContent).toBe(
      'Test- und individuelle Verträge verlängern sich nie automatisch.',
    );
    expect(within(modal).getByTestId('edit-contract-save')).toBeTruthy();
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { ActivateOrganizationWizard } from '../../../web/features/contracts';
import type { Contract } from '../../../web/features/contracts/api/contract-types';
import { editContractRules, moveStart } from '../../../web/features/contracts/components/edit-contract-modal';
import {
  allowedCategories,
  applyContractType,
  applyPackage,
  applyStartDate,
  autoRenewDisabled,
  endRules,
  forcedCategory,
  initialContractValues,
  initialPlanValues,
  startRules,
  toCreditPlanInput,
} from '../../../web/features/contracts/forms/contract-rules';
import { oneYearEnd } from '../../../db/domain/calendar';
import { operationsCalled, resetAppState, startSession, stubGraphQL } from '../../support/web/render-app';

const TODAY = '2026-11-21';

describe('contract form rules', () => {
  it('without an active contract the start is today and its picker is disabled', () => {
    expect(startRules(null, TODAY)).toEqual({ defaultStart: TODAY, minStart: TODAY, startLocked: true });
    expect(initialContractValues(null, TODAY).startDate).toBe(TODAY);
  });

  it('with an active contract the start defaults to the day after its end and only later dates are selectable', () => {
    expect(startRules('2027-08-12', TODAY)).toEqual({
      defaultStart: '2027-08-13',
      minStart: '2027-08-13',
      startLocked: false,
    });
  });

  it('STARTER, PROFESSIONAL and ENTERPRISE end one year minus one day after the start; 29 February ends on 28 February', () => {
    const values = initialContractValues(null, '2028-02-29');
    expect(applyContractType(values, 'STARTER').endDate).toBe('2029-02-28');
    expect(applyContractType(initialContractValues(null, TODAY), 'ENTERPRISE').endDate).toBe('2027-11-20');
    expect(oneYearEnd('2026-01-01')).toBe('2026-12-31');
    const moved = applyStartDate(applyContractType(values, 'PROFESSIONAL'), '2027-03-01');
    expect(moved.endDate).toBe('2028-02-29');
  });

  it('TEST and CUSTOM force auto-renew off and disable it; the other types switch it on; other types clear the end', () => {
    const start = initialContractValues(null, TODAY);
    for (const type of ['TEST', 'CUSTOM'] as const) {
      const v = applyContractType({ ...start, autoRenew: true, endDate: '2027-01-01' }, type);
      expect(v.autoRenew).toBe(false);
      expect(v.endDate).toBeNull();
      expect(autoRenewDisabled(type)).toBe(true);
    }
    for (const type of ['STARTER', 'PROFESSIONAL', 'ENTERPRISE'] as const) {
      expect(applyContractType(start, type).autoRenew).toBe(true);
      expect(autoRenewDisabled(type)).toBe(false);
    }
  });

  it('the end is selectable only once a start exists and not before it', () => {
    const v = applyContractType(initialContractValues(null, TODAY), 'CUSTOM');
    expect(endRules(v)).toEqual({ endDisabled: false, minEnd: TODAY });
    expect(endRules({ ...v, startDate: null }).endDisabled).toBe(true);
    expect(applyStartDate({ ...v, endDate: '2026-12-01' }, '2026-12-05').endDate).toBeNull();
  });

  it('NON_EXPIRING and PAY_AS_USAGE only for CUSTOM; other types force EXPIRING', () => {
    expect(allowedCategories('CUSTOM')).toEqual(['EXPIRING', 'NON_EXPIRING', 'PAY_AS_USAGE']);
    expect(allowedCategories('STARTER')).toEqual(['EXPIRING']);
    expect(forcedCategory('TEST', 'PAY_AS_USAGE')).toBe('EXPIRING');
    expect(
      toCreditPlanInput(
        {
          ...initialPlanValues,
          creditPlanCategory: 'NON_EXPIRING',
          creditAmount: '10',
          pricePerCredit: '0.1',
          paymentAmount: '1',
        },
        'STARTER',
      ).creditPlanCategory,
    ).toBe('EXPIRING');
  });

  it('pay-as-usage sends credits and payment 0; money goes as integer cents', () => {
    expect(
      toCreditPlanInput(
        {
          ...initialPlanValues,
          creditPlanCategory: 'PAY_AS_USAGE',
          creditAmount: '500',
          pricePerCredit: '0,30',
          paymentAmount: '99',
        },
        'CUSTOM',
      ),
    ).toEqual({ creditPlanCategory: 'PAY_AS_USAGE', creditAmount: 0, pricePerCredit: 30, paymentAmount: 0 });
  });

  it('a package prefills credits, price per credit and payment = credits x price', () => {
    const v = applyPackage(initialPlanValues, {
      id: 'p1',
      name: 'Starter',
      numberOfCredits: 10_000,
      pricePerCredit: 12,
      packageType: 'STARTER',
    });
    expect(v).toMatchObject({
      packageId: 'p1',
      creditAmount: '10000',
      pricePerCredit: '0.12',
      paymentAmount: '1200.00',
    });
    expect(toCreditPlanInput(v, 'STARTER')).toEqual({
      creditPlanCategory: 'EXPIRING',
      creditAmount: 10_000,
      pricePerCredit: 12,
      paymentAmount: 120_000,
    });
  });
});

const contract = (over: Partial<Contract>): Contract => ({
  id: 'k1',
  name: 'CTR',
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
  ...over,
});

describe('edit contract rules', () => {
  it('moving an upcoming start keeps the duration (the shifted end is sent)', () => {
    const c = contract({});
    const moved = moveStart(c, { startDate: c.startDate, endDate: c.endDate, autoRenew: false }, '2027-09-01');
    expect(moved).toMatchObject({ startDate: '2027-09-01', endDate: '2028-01-19' });
    const fixed = contract({ type: 'STARTER', endDate: '2028-08-12' });
    expect(
      moveStart(fixed, { startDate: fixed.startDate, endDate: fixed.endDate, autoRenew: true }, '2028-02-29').endDate,
    ).toBe('2029-02-28');
  });

  it('an active contract keeps its start; an upcoming one starts after the active end; auto-renew locked while an upcoming exists', () => {
    const active = contract({ status: 'ACTIVE', type: 'ENTERPRISE', startDate: '2026-08-13', endDate: '2027-08-12' });
    expect(editContractRules(active, TODAY, null, true)).toMatchObject({ startLocked: true, autoRenewLocked: true });
    expect(editContractRules(active, TODAY, null, false).autoRenewLocked).toBe(false);
    expect(editContractRules(contract({}), TODAY, '2027-08-12', false)).toMatchObject({
      startLocked: false,
      minStart: '2027-08-13',
    });
    expect(editContractRules(contract({}), TODAY, null, false).minStart).toBe('2026-11-22');
  });
});

describe('activation wizard', () => {
  beforeEach(() => resetAppState());

  it('validates each step before advancing and sends numbers in cents with the business info', async () => {
    const fetchMock = stubGraphQL({
      getAllPackages: () => ({
        data: {
          getAllPackages: [
            { id: 'p1', name: 'Starter 10k', numberOfCredits: 10_000, pricePerCredit: 12, packageType: 'STARTER' },
          ],
        },
      }),
      activateOrganization: () => ({ data: { activateOrganization: { status: 'SUCCESS', message: null } } }),
    });
    startSession();
    render(
      <AppProviders>
        <ActivateOrganizationWizard companyId="c9" onClose={() => {}} />
      </AppProviders>,
    );
    const next = await screen.findByTestId('wizard-next');
    fireEvent.click(next);
    await screen.findByText('Bitte wählen Sie eine Vertragsart.');
    expect(screen.queryByTestId('credit-plan-form')).toBeNull();

    fireEvent.change(screen.getByTestId('contract-type'), { target: { value: 'STARTER' } });
    expect((screen.getByTestId('contract-start') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('wizard-next'));
    await screen.findByTestId('credit-plan-form');

    fireEvent.click(screen.getByTestId('wizard-next'));
    await screen.findByText('Bitte geben Sie die Credits ein.');
    expect(screen.queryByTestId('business-form')).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Starter 10k' }).length).toBe(1));
    fireEvent.change(screen.getByTestId('plan-package'), { target: { value: 'p1' } });
    expect((screen.getByTestId('plan-paymentAmount') as HTMLInputElement).value).toBe('1200.00');
    fireEvent.click(screen.getByTestId('wizard-next'));
    await screen.findByTestId('business-form');

    fireEvent.click(screen.getByTestId('wizard-finish'));
    await screen.findByText('Bitte wählen Sie einen Account Manager.');
    fireEvent.change(screen.getByTestId('business-accountManager'), { target: { value: 'Sophie Wagner' } });
    fireEvent.change(screen.getByTestId('business-supportLevel'), { target: { value: 'C' } });
    fireEvent.click(screen.getByTestId('wizard-finish'));
    await screen.findByTestId('success-alert');

    const call = operationsCalled(fetchMock).find((c) => c.operationName === 'activateOrganization')!;
    const input = call.variables.input as Record<string, unknown>;
    expect(input).toMatchObject({
      companyId: 'c9',
      accountManager: 'Sophie Wagner',
      supportLevel: 'C',
      packageId: 'p1',
      creditPlan: { creditPlanCategory: 'EXPIRING', creditAmount: 10_000, pricePerCredit: 12, paymentAmount: 120_000 },
      contract: { contractType: 'STARTER', autoRenew: true },
    });
    const c = input.contract as { startDate: string; endDate: string };
    expect(c.endDate).toBe(oneYearEnd(c.startDate));
  });
});

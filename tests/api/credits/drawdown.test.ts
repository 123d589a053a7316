import { describe, expect, it } from 'vitest';
import {
  allocate,
  orderEligiblePlans,
  type DrawdownContract,
  type DrawdownPlan,
} from '../../../api/modules/credits/drawdown';

const today = '2027-03-10';
const plan = (id: string, o: Partial<DrawdownPlan> = {}): DrawdownPlan => ({
  id,
  contractId: null,
  role: 'SECONDARY',
  category: 'EXPIRING',
  validFrom: '2027-01-01',
  validUntil: '2027-12-31',
  balance: 100,
  deactivatedAt: null,
  createdAt: '2027-01-01T00:00:00.000Z',
  ...o,
});
const none = new Map<string, DrawdownContract>();
const ids = (plans: DrawdownPlan[]) => plans.map((p) => p.id);

describe('drawdown order', () => {
  it('spends the credits that expire soonest first and never-expiring plans last among prepaid', () => {
    const plans = [
      plan('never', { validUntil: null, category: 'NON_EXPIRING' }),
      plan('late', { validUntil: '2027-09-30' }),
      plan('soon', { validUntil: '2027-04-01' }),
    ];
    expect(ids(orderEligiblePlans(plans, none, today))).toEqual(['soon', 'late', 'never']);
  });

  it('breaks ties PRIMARY before SECONDARY, then older first, then by id', () => {
    const plans = [
      plan('b-newer', { createdAt: '2027-02-01T00:00:00.000Z' }),
      plan('c-older', { createdAt: '2026-12-01T00:00:00.000Z' }),
      plan('a-newer', { createdAt: '2027-02-01T00:00:00.000Z' }),
      plan('primary', { role: 'PRIMARY', createdAt: '2027-03-01T00:00:00.000Z' }),
    ];
    expect(ids(orderEligiblePlans(plans, none, today))).toEqual(['primary', 'c-older', 'a-newer', 'b-newer']);
  });

  it('puts the backup pay-as-usage plan after every prepaid plan, even a never-expiring one', () => {
    const plans = [
      plan('backup', { role: 'BACKUP', category: 'PAY_AS_USAGE', balance: -50, validUntil: '2027-03-31' }),
      plan('never', { validUntil: null }),
    ];
    expect(ids(orderEligiblePlans(plans, none, today))).toEqual(['never', 'backup']);
  });

  it('leaves out empty, deactivated, upcoming and expired plans, comparing Vienna dates inclusively', () => {
    const plans = [
      plan('empty', { balance: 0 }),
      plan('off', { deactivatedAt: '2027-02-01T00:00:00.000Z' }),
      plan('upcoming', { validFrom: '2027-03-11' }),
      plan('expired', { validUntil: '2027-03-09' }),
      plan('last-day', { validUntil: today }),
      plan('first-day', { validFrom: today }),
    ];
    expect(ids(orderEligiblePlans(plans, none, today))).toEqual(['last-day', 'first-day']);
  });

  it('uses a contract plan only while its contract is ACTIVE today', () => {
    const contracts = new Map<string, DrawdownContract>([
      ['active', { startDate: '2027-01-01', endDate: '2027-12-31', deactivatedAt: null }],
      ['ended', { startDate: '2026-01-01', endDate: '2027-03-09', deactivatedAt: null }],
      ['off', { startDate: '2027-01-01', endDate: '2027-12-31', deactivatedAt: '2027-02-02T00:00:00.000Z' }],
    ]);
    const plans = [
      plan('p-active', { contractId: 'active', role: 'PRIMARY' }),
      plan('p-ended', { contractId: 'ended', role: 'PRIMARY' }),
      plan('p-off', { contractId: 'off' }),
      plan('p-unknown', { contractId: 'nope' }),
    ];
    expect(ids(orderEligiblePlans(plans, contracts, today))).toEqual(['p-active']);
  });
});

describe('allocation', () => {
  it('takes min(balance, rest) from each plan in order', () => {
    const ordered = [plan('a', { balance: 30 }), plan('b', { balance: 50 }), plan('c', { balance: 100 })];
    expect(allocate(ordered, 70)).toEqual({
      ok: true,
      allocations: [
        { creditPlanId: 'a', amount: 30 },
        { creditPlanId: 'b', amount: 40 },
      ],
    });
  });

  it('sends the rest to the pay-as-usage plan', () => {
    const ordered = [
      plan('a', { balance: 30 }),
      plan('backup', { role: 'BACKUP', category: 'PAY_AS_USAGE', balance: 0 }),
    ];
    expect(allocate(ordered, 100)).toEqual({
      ok: true,
      allocations: [
        { creditPlanId: 'a', amount: 30 },
        { creditPlanId: 'backup', amount: 70 },
      ],
    });
  });

  it('reports the shortfall and allocates nothing when prepaid credits are short and there is no backup', () => {
    expect(allocate([plan('a', { balance: 30 })], 45)).toEqual({ ok: false, shortfall: 15 });
    expect(allocate([], 4)).toEqual({ ok: false, shortfall: 4 });
  });
});

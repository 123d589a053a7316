import { oneYearEnd } from '../../../db/domain/calendar';
import { isFixedLength, NO_RENEW_TYPES, type ContractType } from '../../../db/domain/contracts';
import type { CreditPlanCategory } from '../../../db/schema';
import { AppError } from '../../kernel/errors/errors';
import { requireAmount } from '../../lib/validation';

/** A real calendar date in YYYY-MM-DD form, or INVALID_PARAMETERS naming the field. */
export function requireCalendarDate(field: string, value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw new AppError('INVALID_PARAMETERS', { field, reason: 'INVALID_DATE' });
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw new AppError('INVALID_PARAMETERS', { field, reason: 'INVALID_DATE' });
  return value;
}

export type ContractTerms = { type: ContractType; startDate: string; endDate: string; autoRenew: boolean };

/**
 * The contract form's rules as the server enforces them: dates valid, end not before start;
 * STARTER, PROFESSIONAL, ENTERPRISE end one year minus one day after the start; TEST and CUSTOM
 * never auto-renew.
 */
export function checkContractTerms(input: {
  contractType: ContractType;
  startDate: string;
  endDate: string;
  autoRenew: boolean;
}): ContractTerms {
  const startDate = requireCalendarDate('startDate', input.startDate);
  const endDate = requireCalendarDate('endDate', input.endDate);
  if (endDate < startDate) throw new AppError('INVALID_PARAMETERS', { field: 'endDate', reason: 'END_BEFORE_START' });
  if (isFixedLength(input.contractType) && endDate !== oneYearEnd(startDate)) {
    throw new AppError('INVALID_PARAMETERS', {
      field: 'endDate',
      reason: 'ONE_YEAR_MINUS_ONE_DAY',
      expected: oneYearEnd(startDate),
    });
  }
  if (NO_RENEW_TYPES.includes(input.contractType) && input.autoRenew)
    throw new AppError('INVALID_PARAMETERS', { field: 'autoRenew', reason: 'NO_AUTO_RENEW_FOR_TYPE' });
  return { type: input.contractType, startDate, endDate, autoRenew: input.autoRenew };
}

export type PlanTerms = {
  category: CreditPlanCategory;
  credits: number;
  pricePerCredit: number;
  paymentAmount: number;
};

/**
 * The credit plan form's rules: NON_EXPIRING and PAY_AS_USAGE only for CUSTOM contracts;
 * pay-as-usage sends credits and payment 0; otherwise credits at least 1; price and payment
 * whole cents, at least 0.
 */
export function checkPlanTerms(
  contractType: ContractType,
  input: {
    creditPlanCategory: CreditPlanCategory;
    creditAmount: number;
    pricePerCredit: number;
    paymentAmount: number;
  },
): PlanTerms {
  const category = input.creditPlanCategory;
  if (category !== 'EXPIRING' && contractType !== 'CUSTOM')
    throw new AppError('INVALID_PARAMETERS', { field: 'creditPlanCategory', reason: 'ONLY_FOR_CUSTOM' });
  const pricePerCredit = requireAmount('pricePerCredit', input.pricePerCredit, 'cents');
  if (category === 'PAY_AS_USAGE') {
    if (input.creditAmount !== 0)
      throw new AppError('INVALID_PARAMETERS', { field: 'creditAmount', reason: 'PAY_AS_USAGE_SENDS_ZERO' });
    if (input.paymentAmount !== 0)
      throw new AppError('INVALID_PARAMETERS', { field: 'paymentAmount', reason: 'PAY_AS_USAGE_SENDS_ZERO' });
    return { category, credits: 0, pricePerCredit, paymentAmount: 0 };
  }
  return {
    category,
    credits: requireAmount('creditAmount', input.creditAmount, 'credits', 1),
    pricePerCredit,
    paymentAmount: requireAmount('paymentAmount', input.paymentAmount, 'cents'),
  };
}

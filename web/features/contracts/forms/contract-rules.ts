import * as yup from 'yup';
import { addDays, daysInclusive, type IsoDate, oneYearEnd } from '../../../../db/domain/calendar';
import type { GetAllPackagesQuery } from '../../../lib/gql/graphql';
import type { Translate } from '../../../lib/i18n';

import {
  CONTRACT_TYPES,
  endKeepingLength,
  FIXED_LENGTH_TYPES,
  NO_RENEW_TYPES,
  type ContractType,
} from '../../../../db/domain/contracts';

export { CONTRACT_TYPES, FIXED_LENGTH_TYPES, NO_RENEW_TYPES, type ContractType };
export const PLAN_CATEGORIES = ['EXPIRING', 'NON_EXPIRING', 'PAY_AS_USAGE'] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];

export type ContractFormValues = {
  contractType: ContractType | '';
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  autoRenew: boolean;
};

export type CreditPlanFormValues = {
  packageId: string;
  creditPlanCategory: PlanCategory;
  /** Credits as typed (string while editing). */
  creditAmount: string;
  /** Euro per credit as typed, e.g. "0.25". */
  pricePerCredit: string;
  /** Euro as typed. */
  paymentAmount: string;
};

export type BusinessInfoValues = { accountManager: string; supportLevel: string; notes: string };

/** Where the start may lie: after the active contract's end, or today with the picker disabled. */
export function startRules(
  activeContractEnd: IsoDate | null,
  today: IsoDate,
): { defaultStart: IsoDate; minStart: IsoDate; startLocked: boolean } {
  if (activeContractEnd) {
    const next = addDays(activeContractEnd, 1);
    return { defaultStart: next, minStart: next, startLocked: false };
  }
  return { defaultStart: today, minStart: today, startLocked: true };
}

export function initialContractValues(activeContractEnd: IsoDate | null, today: IsoDate): ContractFormValues {
  return {
    contractType: '',
    startDate: startRules(activeContractEnd, today).defaultStart,
    endDate: null,
    autoRenew: false,
  };
}

/** The type drives auto-renew and the end date. */
export function applyContractType(values: ContractFormValues, type: ContractType): ContractFormValues {
  const fixed = FIXED_LENGTH_TYPES.includes(type);
  return {
    ...values,
    contractType: type,
    autoRenew: !NO_RENEW_TYPES.includes(type),
    endDate: fixed && values.startDate ? oneYearEnd(values.startDate) : null,
  };
}

/** A new start moves a fixed-length end; for other types an end before the new start is cleared. */
export function applyStartDate(values: ContractFormValues, start: IsoDate | null): ContractFormValues {
  const type = values.contractType;
  if (start && type && FIXED_LENGTH_TYPES.includes(type))
    return { ...values, startDate: start, endDate: oneYearEnd(start) };
  const endDate = start && values.endDate && values.endDate >= start ? values.endDate : null;
  return { ...values, startDate: start, endDate };
}

export function autoRenewDisabled(type: ContractType | ''): boolean {
  return type === '' || NO_RENEW_TYPES.includes(type);
}

/** End selectable only once a start exists, and not before it. */
export function endRules(values: ContractFormValues): { endDisabled: boolean; minEnd: IsoDate | null } {
  const fixed = values.contractType !== '' && FIXED_LENGTH_TYPES.includes(values.contractType);
  return { endDisabled: !values.startDate || fixed, minEnd: values.startDate };
}

export function dayCount(start: IsoDate | null, end: IsoDate | null): number | null {
  return start && end && end >= start ? daysInclusive(start, end) : null;
}

/** NON_EXPIRING and PAY_AS_USAGE exist only for CUSTOM contracts; others force EXPIRING. */
export function allowedCategories(type: ContractType | ''): readonly PlanCategory[] {
  return type === 'CUSTOM' ? PLAN_CATEGORIES : ['EXPIRING'];
}

export function forcedCategory(type: ContractType | '', category: PlanCategory): PlanCategory {
  return allowedCategories(type).includes(category) ? category : 'EXPIRING';
}

/** A package as getAllPackages selects it. */
export type PackageOption = GetAllPackagesQuery['getAllPackages'][number];

const centsToEuroText = (cents: number) => (cents / 100).toFixed(2);
export const euroTextToCents = (text: string) => Math.round(Number(String(text).replace(',', '.')) * 100);

/** Package prefill: credits, price per credit and payment = credits x price. */
export function applyPackage(values: CreditPlanFormValues, pkg: PackageOption | undefined): CreditPlanFormValues {
  if (!pkg) return { ...values, packageId: '' };
  return {
    ...values,
    packageId: pkg.id,
    creditAmount: String(pkg.numberOfCredits),
    pricePerCredit: centsToEuroText(pkg.pricePerCredit),
    paymentAmount: centsToEuroText(pkg.numberOfCredits * pkg.pricePerCredit),
  };
}

export const initialPlanValues: CreditPlanFormValues = {
  packageId: '',
  creditPlanCategory: 'EXPIRING',
  creditAmount: '',
  pricePerCredit: '',
  paymentAmount: '',
};

/** The API input: numbers as numbers, money in cents; pay-as-usage sends credits and payment 0. */
export function toCreditPlanInput(values: CreditPlanFormValues, type: ContractType | '') {
  const category = forcedCategory(type, values.creditPlanCategory);
  const payAsUsage = category === 'PAY_AS_USAGE';
  return {
    creditPlanCategory: category,
    creditAmount: payAsUsage ? 0 : Math.round(Number(values.creditAmount)),
    pricePerCredit: euroTextToCents(values.pricePerCredit),
    paymentAmount: payAsUsage ? 0 : euroTextToCents(values.paymentAmount),
  };
}

export function toContractInput(values: ContractFormValues) {
  return {
    contractType: values.contractType as ContractType,
    startDate: values.startDate ?? '',
    endDate: values.endDate ?? '',
    autoRenew: values.autoRenew,
  };
}

export function contractSchema(t: Translate) {
  return yup.object({
    contractType: yup.string().required(t('contracts.form.typeRequired')),
    startDate: yup.string().nullable().required(t('contracts.form.startRequired')),
    endDate: yup.string().nullable().required(t('contracts.form.endRequired')),
  });
}

export function creditPlanSchema(t: Translate) {
  const number = () =>
    yup
      .number()
      .transform((_v, original) =>
        original === '' || original === null || original === undefined
          ? undefined
          : Number(String(original).replace(',', '.')),
      )
      .typeError(t('contracts.form.numberRequired'));
  return yup.object({
    creditPlanCategory: yup.string().required(t('contracts.form.categoryRequired')),
    creditAmount: number().when('creditPlanCategory', {
      is: 'PAY_AS_USAGE',
      then: (s) => s.notRequired(),
      otherwise: (s) =>
        s
          .required(t('contracts.form.creditsRequired'))
          .integer(t('contracts.form.creditsMin'))
          .min(1, t('contracts.form.creditsMin')),
    }),
    pricePerCredit: number().required(t('contracts.form.priceRequired')).min(0, t('contracts.form.priceMin')),
    paymentAmount: number().when('creditPlanCategory', {
      is: 'PAY_AS_USAGE',
      then: (s) => s.notRequired(),
      otherwise: (s) => s.required(t('contracts.form.paymentRequired')).min(0, t('contracts.form.paymentMin')),
    }),
  });
}

export function businessInfoSchema(t: Translate) {
  return yup.object({
    accountManager: yup.string().required(t('contracts.form.accountManagerRequired')),
    supportLevel: yup.string().required(t('contracts.form.supportLevelRequired')),
  });
}

/** Edit contract: moving an upcoming start keeps the duration. */
export function shiftedEnd(
  originalStart: IsoDate,
  originalEnd: IsoDate,
  newStart: IsoDate,
  type: ContractType,
): IsoDate {
  return endKeepingLength({ type, startDate: originalStart, endDate: originalEnd }, newStart);
}

import { yupToFormErrors, type FormikErrors } from 'formik';
import * as yup from 'yup';
import type { Locale } from '../../lib/i18n';
import { DEFAULT_HOURLY_RATE_EUR, DEFAULT_HOURS_SAVED_PER_STUDY, type RoiInput } from './calculation';

export const SCORE_KINDS = ['ts', 'ibs', 'oes', 'projective'] as const;
export type ScoreKind = (typeof SCORE_KINDS)[number];

/** The form as typed: numbers stay strings while editing, so "0," can become "0,12". */
export type RoiFormValues = {
  interviewsPerStudy: string;
  studiesPerYear: string;
  kinds: Record<ScoreKind, { used: boolean; count: string }>;
  pricePerCredit: string;
  hoursSavedPerStudy: string;
  hourlyRate: string;
};

/** Bounds the form accepts; beyond them a study is a case for sales, not for a calculator. */
export const LIMITS = {
  interviewsPerStudy: { min: 1, max: 10_000_000 },
  studiesPerYear: { min: 1, max: 1_000 },
  count: { min: 0, max: 500 },
  pricePerCredit: { max: 100 },
  hoursSavedPerStudy: { max: 10_000 },
  hourlyRate: { max: 10_000 },
} as const;

/** A whole number as typed: plain digits, or groups of three with one separator ("1.000", "1,000", "1 000"). */
export function parseWholeNumber(text: string): number | null {
  const s = text.trim();
  if (/^\d+$/.test(s)) return Number(s);
  const grouped = /^\d{1,3}([.,\u00a0\u202f ' ])\d{3}(?:\1\d{3})*$/.exec(s);
  return grouped ? Number(s.replace(/\D/g, '')) : null;
}

/**
 * A decimal as typed, with a comma or a point as the decimal separator ("0,12", "0.12", "80"). No
 * grouping: prices, hours and rates are small numbers, and "1.000" would be ambiguous between them.
 */
export function parseDecimal(text: string): number | null {
  const s = text.trim();
  return /^\d+(?:[.,]\d+)?$/.test(s) ? Number(s.replace(',', '.')) : null;
}

/**
 * The values re-typed for another language when the reader switches it: a decimal takes the
 * language's separator ("0,10" becomes "0.10" in English) and a grouped whole number its grouping
 * ("1.000" becomes "1,000"), so the form never shows one language's numbers in the other's page.
 * Values that do not parse stay as typed: the field's own message says what to change.
 */
export function relocalizeRoiValues(values: RoiFormValues, locale: Locale): RoiFormValues {
  const decimal = locale === 'de' ? ',' : '.';
  const group = locale === 'de' ? '.' : ',';
  const asDecimal = (text: string) => (parseDecimal(text) === null ? text : text.trim().replace(/[.,]/, decimal));
  const asWhole = (text: string) =>
    parseWholeNumber(text) === null || /^\d+$/.test(text.trim()) ? text : text.trim().replace(/\D/g, group);
  return {
    interviewsPerStudy: asWhole(values.interviewsPerStudy),
    studiesPerYear: asWhole(values.studiesPerYear),
    kinds: values.kinds,
    pricePerCredit: asDecimal(values.pricePerCredit),
    hoursSavedPerStudy: asDecimal(values.hoursSavedPerStudy),
    hourlyRate: asDecimal(values.hourlyRate),
  };
}

/** Defaults: a study of 500 interviews (a common online sample) with a total duration, 2 item batteries and 3 open questions. */
export function initialRoiValues(locale: Locale): RoiFormValues {
  const decimal = locale === 'de' ? ',' : '.';
  return {
    interviewsPerStudy: '500',
    studiesPerYear: '10',
    kinds: {
      ts: { used: true, count: '1' },
      ibs: { used: true, count: '2' },
      oes: { used: true, count: '3' },
      projective: { used: false, count: '2' },
    },
    pricePerCredit: `0${decimal}10`,
    hoursSavedPerStudy: String(DEFAULT_HOURS_SAVED_PER_STUDY),
    hourlyRate: String(DEFAULT_HOURLY_RATE_EUR),
  };
}

// Messages are locale keys, translated where they are shown: a language switch then changes the
// messages already on screen without validating again. One message per field says what is accepted,
// so an empty field fails the same test as a wrong one.
const wholeNumber = (key: string, min: number, max: number) =>
  yup.string().test('whole-in-range', `roiCalculator.validation.${key}`, (v) => {
    const n = v === undefined ? null : parseWholeNumber(v);
    return n !== null && n >= min && n <= max;
  });

const decimal = (key: string, max: number, positive: boolean) =>
  yup.string().test('number', `roiCalculator.validation.${key}`, (v) => {
    const n = v === undefined ? null : parseDecimal(v);
    return n !== null && n <= max && (positive ? n > 0 : n >= 0);
  });

const kind = yup.object({
  used: yup.boolean().required(),
  count: yup.string().when('used', {
    is: true,
    then: () => wholeNumber('count', LIMITS.count.min, LIMITS.count.max),
    otherwise: (s) => s.notRequired(),
  }),
});

export const roiSchema = yup.object({
  interviewsPerStudy: wholeNumber('interviewsPerStudy', LIMITS.interviewsPerStudy.min, LIMITS.interviewsPerStudy.max),
  studiesPerYear: wholeNumber('studiesPerYear', LIMITS.studiesPerYear.min, LIMITS.studiesPerYear.max),
  kinds: yup
    .object({ ts: kind, ibs: kind, oes: kind, projective: kind })
    .test('some-kind', 'roiCalculator.validation.noScore', (kinds) =>
      SCORE_KINDS.some((k) => kinds?.[k]?.used && (parseWholeNumber(kinds[k].count ?? '') ?? 0) > 0),
    ),
  pricePerCredit: decimal('pricePerCredit', LIMITS.pricePerCredit.max, true),
  hoursSavedPerStudy: decimal('hoursSavedPerStudy', LIMITS.hoursSavedPerStudy.max, false),
  hourlyRate: decimal('hourlyRate', LIMITS.hourlyRate.max, false),
});

/**
 * The form's errors for these values, found synchronously (every test of the schema is synchronous):
 * the page sets them after each render of new values (credit-roi-calculator-page.tsx).
 */
export function roiErrors(values: RoiFormValues): FormikErrors<RoiFormValues> {
  try {
    roiSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof yup.ValidationError) return yupToFormErrors<RoiFormValues>(error);
    throw error;
  }
}

/** The calculator's input from valid form values; null while any field is invalid. */
export function toRoiInput(values: RoiFormValues): RoiInput | null {
  if (!roiSchema.isValidSync(values)) return null;
  const count = (k: ScoreKind) => (values.kinds[k].used ? (parseWholeNumber(values.kinds[k].count) ?? 0) : 0);
  return {
    interviewsPerStudy: parseWholeNumber(values.interviewsPerStudy)!,
    studiesPerYear: parseWholeNumber(values.studiesPerYear)!,
    dataPoints: { ts: count('ts'), ibs: count('ibs'), oes: count('oes'), projective: count('projective') },
    pricePerCredit: parseDecimal(values.pricePerCredit)!,
    hoursSavedPerStudy: parseDecimal(values.hoursSavedPerStudy)!,
    hourlyRate: parseDecimal(values.hourlyRate)!,
  };
}

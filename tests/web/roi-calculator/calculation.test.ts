import { describe, expect, it } from 'vitest';
import {
  calculateRoi,
  type RoiInput,
  SUBSCRIPTION_MIN_CREDITS_PER_YEAR,
} from '../../../web/features/roi-calculator/calculation';
import {
  initialRoiValues,
  parseDecimal,
  parseWholeNumber,
  roiSchema,
  toRoiInput,
} from '../../../web/features/roi-calculator/form';

const study = (overrides: Partial<RoiInput> = {}): RoiInput => ({
  interviewsPerStudy: 1000,
  studiesPerYear: 10,
  dataPoints: { ts: 1, ibs: 2, oes: 3, projective: 0 },
  pricePerCredit: 0.1,
  hoursSavedPerStudy: 5,
  hourlyRate: 80,
  ...overrides,
});

describe('credit ROI calculation', () => {
  it('charges one credit per data point between 4 and 10, as the scoring core does (test vector TV20)', () => {
    expect(calculateRoi(study()).creditsPerInterview).toBe(6);
    const onlyDuration = calculateRoi(study({ dataPoints: { ts: 1, ibs: 0, oes: 0, projective: 0 } }));
    expect(onlyDuration).toMatchObject({ dataPointsPerInterview: 1, creditsPerInterview: 4, bound: 'minimum' });
    const many = calculateRoi(study({ dataPoints: { ts: 1, ibs: 6, oes: 20, projective: 12 } }));
    expect(many).toMatchObject({ dataPointsPerInterview: 39, creditsPerInterview: 10, bound: 'maximum' });
    expect(calculateRoi(study({ dataPoints: { ts: 4, ibs: 0, oes: 0, projective: 0 } })).bound).toBeNull();
    expect(calculateRoi(study({ dataPoints: { ts: 10, ibs: 0, oes: 0, projective: 0 } })).bound).toBeNull();
  });

  it('weighs the cost of a study against the hours it saves, per study and per year', () => {
    const r = calculateRoi(study());
    expect(r).toMatchObject({
      creditsPerStudy: 6000,
      costPerStudy: 600,
      savingsPerStudy: 400,
      netPerStudy: -200,
      creditsPerYear: 60_000,
      costPerYear: 6000,
      savingsPerYear: 4000,
      netPerYear: -2000,
    });
    expect(r.roiPercent).toBeCloseTo(-33.333, 3);
    const small = calculateRoi(study({ interviewsPerStudy: 500 }));
    expect(small).toMatchObject({ costPerStudy: 300, netPerStudy: 100, netPerYear: 1000 });
    expect(small.roiPercent).toBeCloseTo(33.333, 3);
  });

  it('adds money in cents, so euro amounts carry no binary fractions', () => {
    const r = calculateRoi(
      study({
        interviewsPerStudy: 3,
        pricePerCredit: 0.07,
        studiesPerYear: 3,
        hoursSavedPerStudy: 0.1,
        hourlyRate: 0.7,
      }),
    );
    expect(r.costPerStudy).toBe(1.26);
    expect(r.costPerYear).toBe(3.78);
    expect(r.savingsPerStudy).toBe(0.07);
    expect(r.netPerYear).toBe(-3.57);
  });

  it('offers a subscription from 50,000 credits a year', () => {
    expect(SUBSCRIPTION_MIN_CREDITS_PER_YEAR).toBe(50_000);
    // 1,250 interviews x 4 credits x 10 studies = 50,000 exactly.
    const at = calculateRoi(study({ interviewsPerStudy: 1250, dataPoints: { ts: 1, ibs: 0, oes: 0, projective: 0 } }));
    expect(at.creditsPerYear).toBe(50_000);
    expect(at.subscriptionPossible).toBe(true);
    expect(
      calculateRoi(study({ interviewsPerStudy: 1249, dataPoints: { ts: 1, ibs: 0, oes: 0, projective: 0 } }))
        .subscriptionPossible,
    ).toBe(false);
  });

  it('has no ROI percentage when the study costs nothing', () => {
    expect(calculateRoi(study({ pricePerCredit: 0 })).roiPercent).toBeNull();
  });
});

describe('calculator form', () => {
  it('reads whole numbers with or without group separators of either language', () => {
    expect(parseWholeNumber('1000')).toBe(1000);
    expect(parseWholeNumber('1.000')).toBe(1000);
    expect(parseWholeNumber('1,000')).toBe(1000);
    expect(parseWholeNumber('1 000 000')).toBe(1_000_000);
    expect(parseWholeNumber('1.000,000')).toBeNull();
    expect(parseWholeNumber('1,5')).toBeNull();
    expect(parseWholeNumber('10.00')).toBeNull();
    expect(parseWholeNumber('-3')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
  });

  it('reads decimals with a comma or a point', () => {
    expect(parseDecimal('0,12')).toBe(0.12);
    expect(parseDecimal('0.12')).toBe(0.12);
    expect(parseDecimal(' 80 ')).toBe(80);
    expect(parseDecimal('1.000,5')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('.5')).toBeNull();
  });

  it('starts with valid defaults in both languages', () => {
    expect(initialRoiValues('de').pricePerCredit).toBe('0,10');
    expect(initialRoiValues('en').pricePerCredit).toBe('0.10');
    expect(toRoiInput(initialRoiValues('de'))).toEqual({
      interviewsPerStudy: 500,
      studiesPerYear: 10,
      dataPoints: { ts: 1, ibs: 2, oes: 3, projective: 0 },
      pricePerCredit: 0.1,
      hoursSavedPerStudy: 5,
      hourlyRate: 80,
    });
  });

  it('names the field and the rule in each message (locale keys)', async () => {
    const values = initialRoiValues('de');
    const errorsOf = async (patch: (v: typeof values) => void) => {
      const v = structuredClone(values);
      patch(v);
      try {
        await roiSchema.validate(v, { abortEarly: false });
        return [];
      } catch (error) {
        return (error as { errors: string[] }).errors;
      }
    };
    expect(
      await errorsOf((v) => {
        v.interviewsPerStudy = '0';
      }),
    ).toEqual(['roiCalculator.validation.interviewsPerStudy']);
    expect(
      await errorsOf((v) => {
        v.interviewsPerStudy = '10000001';
      }),
    ).toEqual(['roiCalculator.validation.interviewsPerStudy']);
    expect(
      await errorsOf((v) => {
        v.studiesPerYear = '';
      }),
    ).toEqual(['roiCalculator.validation.studiesPerYear']);
    expect(
      await errorsOf((v) => {
        v.pricePerCredit = '0';
      }),
    ).toEqual(['roiCalculator.validation.pricePerCredit']);
    expect(
      await errorsOf((v) => {
        v.hourlyRate = '-1';
      }),
    ).toEqual(['roiCalculator.validation.hourlyRate']);
    expect(
      await errorsOf((v) => {
        v.kinds.oes.count = '501';
      }),
    ).toEqual(['roiCalculator.validation.count']);
    // A kind that is not used is not validated, and costs nothing.
    expect(
      await errorsOf((v) => {
        v.kinds.projective.count = 'x';
      }),
    ).toEqual([]);
    expect(
      await errorsOf((v) => {
        v.kinds.ts.used = false;
        v.kinds.ibs.used = false;
        v.kinds.oes.count = '0';
      }),
    ).toEqual(['roiCalculator.validation.noScore']);
    expect(toRoiInput({ ...values, hourlyRate: 'x' })).toBeNull();
  });
});

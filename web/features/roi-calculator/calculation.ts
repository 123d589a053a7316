import { CREDITS_MAX, CREDITS_MIN, creditsForInterview } from '../../../scoring/credits';

/** Subscriptions are not offered below 50,000 credits per year. */
export const SUBSCRIPTION_MIN_CREDITS_PER_YEAR = 50_000;
/** The calculator's defaults for the manual work a study no longer needs. */
export const DEFAULT_HOURS_SAVED_PER_STUDY = 5;
export const DEFAULT_HOURLY_RATE_EUR = 80;

/** The data points one interview brings per score kind; a kind that is not used counts 0. */
export type DataPointsPerInterview = {
  /** Time measurements: the total duration and each page time (TS). */
  ts: number;
  /** Item batteries (IBS). */
  ibs: number;
  /** Open-ended questions (OES). */
  oes: number;
  /** Projective questions (PS and CS, plus IS or SDS). */
  projective: number;
};

export type RoiInput = {
  interviewsPerStudy: number;
  studiesPerYear: number;
  dataPoints: DataPointsPerInterview;
  /** Euro per credit. */
  pricePerCredit: number;
  hoursSavedPerStudy: number;
  /** Euro per hour. */
  hourlyRate: number;
};

export type RoiResult = {
  dataPointsPerInterview: number;
  creditsPerInterview: number;
  /** Which bound of 4..10 set the credits, if any. */
  bound: 'minimum' | 'maximum' | null;
  creditsPerStudy: number;
  costPerStudy: number;
  savingsPerStudy: number;
  netPerStudy: number;
  creditsPerYear: number;
  costPerYear: number;
  savingsPerYear: number;
  netPerYear: number;
  /** Net benefit relative to the cost in percent; null when the cost is 0. */
  roiPercent: number | null;
  /** The yearly credits reach the subscription minimum. */
  subscriptionPossible: boolean;
};

/**
 * Credits and cost of a study against the hours it saves. The credits per interview come from the
 * scoring core's rule (one per data point, 4..10), on the assumption that every data point of every
 * interview is answered: empty cells cost nothing, so real studies can cost less, never less than 4
 * credits per interview.
 */
export function calculateRoi(input: RoiInput): RoiResult {
  const { ts, ibs, oes, projective } = input.dataPoints;
  const dataPointsPerInterview = [ts, ibs, oes, projective].reduce((sum, n) => sum + (n > 0 ? Math.floor(n) : 0), 0);
  const creditsPerInterview = creditsForInterview([ts, ibs, oes, projective]);
  const bound =
    dataPointsPerInterview < CREDITS_MIN ? 'minimum' : dataPointsPerInterview > CREDITS_MAX ? 'maximum' : null;
  const creditsPerStudy = creditsPerInterview * input.interviewsPerStudy;
  // Money in cents while adding up, so that a sum of euro amounts does not collect binary fractions.
  const costPerStudyCents = Math.round(creditsPerStudy * input.pricePerCredit * 100);
  const savingsPerStudyCents = Math.round(input.hoursSavedPerStudy * input.hourlyRate * 100);
  const creditsPerYear = creditsPerStudy * input.studiesPerYear;
  const costPerYearCents = costPerStudyCents * input.studiesPerYear;
  const savingsPerYearCents = savingsPerStudyCents * input.studiesPerYear;
  return {
    dataPointsPerInterview,
    creditsPerInterview,
    bound,
    creditsPerStudy,
    costPerStudy: costPerStudyCents / 100,
    savingsPerStudy: savingsPerStudyCents / 100,
    netPerStudy: (savingsPerStudyCents - costPerStudyCents) / 100,
    creditsPerYear,
    costPerYear: costPerYearCents / 100,
    savingsPerYear: savingsPerYearCents / 100,
    netPerYear: (savingsPerYearCents - costPerYearCents) / 100,
    roiPercent: costPerStudyCents > 0 ? ((savingsPerStudyCents - costPerStudyCents) / costPerStudyCents) * 100 : null,
    subscriptionPossible: creditsPerYear >= SUBSCRIPTION_MIN_CREDITS_PER_YEAR,
  };
}

// The credit rule for one interview (one credit per scored data point, 4 to 10 per interview), in
// plain TypeScript, for code that must quote the price of interviews that do not exist yet (the
// public credit calculator) without loading the WASM core. The charge itself runs the kernel
// `credits` in assembly/combine.ts; tests/scoring/credits-rule.test.ts holds the two to the same
// answers.

/** Fewest credits one interview costs: below it the difference is charged in addition. */
export const CREDITS_MIN = 4;
/** Most credits one interview costs: data points above it are not charged. */
export const CREDITS_MAX = 10;

/**
 * Credits for one interview: one per scored, non-empty data point (each time metric of the TS, each
 * scored grid, each scored open answer, each valid projective question), clamped to 4..10. Counts are
 * taken whole (floor); missing (NaN), zero or negative counts add nothing, so an empty interview
 * still costs the minimum of 4.
 */
export function creditsForInterview(dataPoints: readonly number[]): number {
  let sum = 0;
  for (const count of dataPoints) if (count > 0) sum += Math.floor(count);
  return Math.min(CREDITS_MAX, Math.max(CREDITS_MIN, sum));
}

// Bounds of every amount a person enters (credits, euro cents), one rule for the server (which
// refuses beyond them) and the forms (which say so first). GraphQL's Int is a signed 32-bit
// integer: every amount, and every sum of them an organisation's pages show, must stay below 2^31,
// or the query that adds them up fails for good.

export const INT32_MAX = 2_147_483_647;

/** One amount of credits: a plan's credits, a test plan's new total, an upload's confirmed estimate. */
export const MAX_CREDITS = 100_000_000;

/** One amount of euro cents: a price per credit or a payment (10,000,000.00 EUR). */
export const MAX_CENTS = 1_000_000_000;

/** Everything one organisation may ever receive, so its credit summary's totals stay Ints. */
export const MAX_COMPANY_CREDITS = INT32_MAX;

export const amountMax = (unit: 'credits' | 'cents') => (unit === 'credits' ? MAX_CREDITS : MAX_CENTS);

/** A whole number within [min, max]. */
export const isWholeWithin = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

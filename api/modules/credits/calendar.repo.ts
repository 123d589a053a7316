import { and, eq, gte, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { creditPlans, creditTransactions, invoices } from '../../../db/schema';

// Questions the calendar job asks across all companies. Dates are YYYY-MM-DD Vienna calendar dates.

/** Prepaid plans past their validUntil that still hold credits. */
export const expiredPlansWithBalance = (db: DbOrTx, today: string, limit: number) =>
  db
    .select()
    .from(creditPlans)
    .where(
      and(ne(creditPlans.category, 'PAY_AS_USAGE'), lt(creditPlans.validUntil, today), sql`${creditPlans.balance} > 0`),
    )
    .limit(limit);

/** `YYYY-Qn` of a calendar date column, in SQL. */
const quarterOf = (col: unknown) =>
  sql<string>`substr(${col}, 1, 4) || '-Q' || ((cast(substr(${col}, 6, 2) as integer) + 2) / 3)`;

/**
 * Pay-as-usage usage per plan and quarter, for quarters that ended before `quarterStart` and have
 * no invoice yet. usageCredits = used - refunded; amountCents = the same rows x their price snapshot.
 */
export const unbilledClosedQuarters = (db: DbOrTx, quarterStart: string) => {
  const t = creditTransactions;
  const q = quarterOf(t.occurredDate);
  return db
    .select({
      creditPlanId: t.creditPlanId,
      companyId: t.companyId,
      quarter: q,
      usageCredits: sql<number>`sum(-${t.delta})`,
      amountCents: sql<number>`sum(-${t.delta} * ${t.pricePerCredit})`,
    })
    .from(t)
    .innerJoin(creditPlans, eq(creditPlans.id, t.creditPlanId))
    .where(
      and(
        eq(creditPlans.category, 'PAY_AS_USAGE'),
        lt(t.occurredDate, quarterStart),
        sql`not exists (select 1 from ${invoices} where ${invoices.creditPlanId} = ${t.creditPlanId} and ${invoices.quarter} = ${q})`,
      ),
    )
    .groupBy(t.creditPlanId, q);
};

export async function insertInvoice(db: DbOrTx, row: typeof invoices.$inferInsert): Promise<boolean> {
  return (await db.insert(invoices).values(row).onConflictDoNothing().returning({ id: invoices.id })).length === 1;
}

/**
 * Companies whose prepaid plans valid today (by their own dates, not deactivated) hold less than
 * 25 % of what they received, summed per company: the candidates for a low-balance alert. The
 * alert itself applies the full drawdown rule (the contract must be active too).
 */
export const companiesLowOnValidPlans = (db: DbOrTx, today: string) =>
  db
    .select({ companyId: creditPlans.companyId })
    .from(creditPlans)
    .where(
      and(
        ne(creditPlans.category, 'PAY_AS_USAGE'),
        isNull(creditPlans.deactivatedAt),
        lte(creditPlans.validFrom, today),
        or(isNull(creditPlans.validUntil), gte(creditPlans.validUntil, today)),
      ),
    )
    .groupBy(creditPlans.companyId)
    .having(sql`sum(${creditPlans.received}) > 0 and sum(${creditPlans.balance}) * 4 < sum(${creditPlans.received})`);

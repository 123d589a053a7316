import { and, eq, gte, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { contracts, creditPlans, creditTransactions, invoices, notifications } from '../../../db/schema';

// Questions the calendar job asks across all companies. Dates are YYYY-MM-DD Vienna calendar dates.

// A later live contract of the same company, or the renewal itself (even deleted: an admin removed
// it on purpose, and renewedFromId is UNIQUE): its presence stops a renewal.
const laterContractExists = (withRenewal: boolean) =>
  sql`exists (select 1 from contracts s where s.company_id = ${contracts.companyId} and (${withRenewal ? sql`s.renewed_from_id = ${contracts.id}` : sql`0`} or (s.deleted_at is null and s.deactivated_at is null and s.start_date > ${contracts.endDate})))`;

/** Auto-renewing contracts that ended before `today`, were not renewed yet and have no later contract. */
export const contractsDueForRenewal = (db: DbOrTx, today: string) =>
  db
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.autoRenew, true),
        isNull(contracts.deactivatedAt),
        isNull(contracts.deletedAt),
        lt(contracts.endDate, today),
        sql`not ${laterContractExists(true)}`,
      ),
    );

/** True when the contract has a renewal or any later, not deactivated contract of the same company. */
export async function hasSuccessor(db: DbOrTx, c: { id: string; companyId: string; endDate: string }): Promise<boolean> {
  const row = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.companyId, c.companyId), or(eq(contracts.renewedFromId, c.id), and(isNull(contracts.deletedAt), isNull(contracts.deactivatedAt), sql`${contracts.startDate} > ${c.endDate}`))))
    .get();
  return row !== undefined;
}

export const contractById = (db: DbOrTx, id: string) => db.select().from(contracts).where(eq(contracts.id, id)).get();

/** Prepaid plans past their validUntil that still hold credits. */
export const expiredPlansWithBalance = (db: DbOrTx, today: string, limit: number) =>
  db
    .select()
    .from(creditPlans)
    .where(and(ne(creditPlans.category, 'PAY_AS_USAGE'), lt(creditPlans.validUntil, today), sql`${creditPlans.balance} > 0`))
    .limit(limit);

/** `YYYY-Qn` of a calendar date column, in SQL. */
const quarterOf = (col: unknown) => sql<string>`substr(${col}, 1, 4) || '-Q' || ((cast(substr(${col}, 6, 2) as integer) + 2) / 3)`;

/**
 * Pay-as-usage usage per plan and quarter, for quarters that ended before `quarterStart` and have
 * no invoice yet. usageCredits = used - refunded; amountCents = the same rows x their price snapshot.
 */
export const unbilledClosedQuarters = (db: DbOrTx, quarterStart: string) => {
  const t = creditTransactions;
  const q = quarterOf(t.occurredDate);
  return db
    .select({ creditPlanId: t.creditPlanId, companyId: t.companyId, quarter: q, usageCredits: sql<number>`sum(-${t.delta})`, amountCents: sql<number>`sum(-${t.delta} * ${t.pricePerCredit})` })
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

/** ACTIVE, not renewing contracts ending within [today, until] whose admins have not been told yet. */
export const contractsEndingSoonUnannounced = (db: DbOrTx, today: string, until: string) =>
  db
    .select()
    .from(contracts)
    .where(
      and(
        isNull(contracts.deactivatedAt),
        eq(contracts.autoRenew, false),
        lte(contracts.startDate, today),
        gte(contracts.endDate, today),
        lte(contracts.endDate, until),
        isNull(contracts.deletedAt),
        sql`not ${laterContractExists(false)}`,
        sql`not exists (select 1 from ${notifications} where ${notifications.dedupeKey} like 'contract-expiring:' || ${contracts.id} || ':%')`,
      ),
    );

/** Prepaid plans valid today below 25 % of what they received, not yet announced. */
export const lowBalancePlansUnannounced = (db: DbOrTx, today: string) =>
  db
    .select()
    .from(creditPlans)
    .where(
      and(
        ne(creditPlans.category, 'PAY_AS_USAGE'),
        isNull(creditPlans.deactivatedAt),
        lte(creditPlans.validFrom, today),
        or(isNull(creditPlans.validUntil), gte(creditPlans.validUntil, today)),
        sql`${creditPlans.received} > 0 and ${creditPlans.balance} * 4 < ${creditPlans.received}`,
        sql`not exists (select 1 from ${notifications} where ${notifications.dedupeKey} like 'low-balance:' || ${creditPlans.id} || ':%')`,
      ),
    );

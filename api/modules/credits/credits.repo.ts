import { and, asc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { insertRows, prepared, readAll, readOne, readTogether } from '../../../db/prepared';
import {
  companies,
  contracts,
  creditPlans,
  creditTransactions,
  datafileCharges,
  datafiles,
  packages,
  users,
} from '../../../db/schema';

// Queries of the ledger, named after the question they answer. `db` first: a transaction or a
// test database can be passed in. Inside a write transaction pass only the transaction handle.
// The charge path's statements are prepared once (db/prepared.ts): building their SQL cost more
// than running them.

export type CreditPlanRow = typeof creditPlans.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;
export type LedgerRow = typeof creditTransactions.$inferSelect;
export type LedgerInsert = typeof creditTransactions.$inferInsert;
export type ChargeRow = typeof datafileCharges.$inferSelect;
export type CreditPlanInsert = typeof creditPlans.$inferInsert;

const plansOfCompanyQuery = prepared((db) =>
  db
    .select()
    .from(creditPlans)
    .where(eq(creditPlans.companyId, sql.placeholder('companyId')))
    .prepare(),
);
export const plansOfCompany = (db: DbOrTx, companyId: string) => plansOfCompanyQuery(db).all({ companyId });

const contractsOfCompanyQuery = prepared((db) =>
  db
    .select({
      id: contracts.id,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      deactivatedAt: contracts.deactivatedAt,
    })
    .from(contracts)
    .where(and(eq(contracts.companyId, sql.placeholder('companyId')), isNull(contracts.deletedAt)))
    .prepare(),
);
/** Live contracts of a company: a deleted contract is left out, so its plans are never eligible. */
export const contractsOfCompany = (db: DbOrTx, companyId: string) => contractsOfCompanyQuery(db).all({ companyId });

export const planById = (db: DbOrTx, planId: string) =>
  db.select().from(creditPlans).where(eq(creditPlans.id, planId)).get();

const datafileOwnerQuery = prepared((db) =>
  db
    .select({ companyId: datafiles.companyId })
    .from(datafiles)
    .where(eq(datafiles.id, sql.placeholder('datafileId')))
    .prepare(),
);
export const datafileOwnerCompany = async (db: DbOrTx, datafileId: string) =>
  (await datafileOwnerQuery(db).get({ datafileId }))?.companyId;

const chargeByKeyQuery = prepared((db) =>
  db
    .select()
    .from(datafileCharges)
    .where(eq(datafileCharges.idempotencyKey, sql.placeholder('key')))
    .prepare(),
);
export const chargeByIdempotencyKey = (db: DbOrTx, key: string) => chargeByKeyQuery(db).get({ key });

/**
 * What a charge decides on, in one request to the database (one round trip to a libSQL server
 * instead of four): the charge already made with this key, the datafile's organisation, the
 * organisation's plans and its live contracts. Inside the charge's transaction.
 */
export async function chargeContext(tx: DbOrTx, key: string, datafileId: string, companyId: string) {
  const [existing, owner, plans, liveContracts] = await readTogether(tx, [
    readOne(chargeByKeyQuery(tx), { key }),
    readOne(datafileOwnerQuery(tx), { datafileId }),
    readAll(plansOfCompanyQuery(tx), { companyId }),
    readAll(contractsOfCompanyQuery(tx), { companyId }),
  ]);
  return { existing, ownerCompanyId: owner?.companyId, plans, contracts: liveContracts };
}

/** The USED rows of one charge in the order they were written (rowid), so a replay answers exactly as the first call. */
export const usedRowsOfCharge = (db: DbOrTx, chargeId: string) =>
  db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.chargeId, chargeId), eq(creditTransactions.type, 'USED')))
    .orderBy(sql`rowid`);

export const ledgerRowById = (db: DbOrTx, id: string) =>
  db.select().from(creditTransactions).where(eq(creditTransactions.id, id)).get();

export const ledgerRowByIdempotencyKey = (db: DbOrTx, key: string) =>
  db.select().from(creditTransactions).where(eq(creditTransactions.idempotencyKey, key)).get();

export const refundOfTransaction = (db: DbOrTx, usedId: string) =>
  db.select().from(creditTransactions).where(eq(creditTransactions.reversedTransactionId, usedId)).get();

export async function insertCharge(db: DbOrTx, row: typeof datafileCharges.$inferInsert) {
  await insertRows(db, datafileCharges, [row]);
}

export async function appendLedgerRows(db: DbOrTx, rows: LedgerInsert[]) {
  await insertRows(db, creditTransactions, rows);
}

const debitPrepaidQuery = prepared((db) =>
  db
    .update(creditPlans)
    .set({ balance: sql`${creditPlans.balance} - ${sql.placeholder('credits')}` })
    .where(and(eq(creditPlans.id, sql.placeholder('planId')), gte(creditPlans.balance, sql.placeholder('credits'))))
    .returning({ id: creditPlans.id })
    .prepare(),
);

/**
 * Guarded debit of a prepaid plan: changes the balance only when enough credits are left.
 * Returns false when no row changed (a concurrent writer got there first); the caller aborts.
 */
export async function debitPrepaidPlan(db: DbOrTx, planId: string, credits: number): Promise<boolean> {
  const rows = await debitPrepaidQuery(db).all({ planId, credits });
  return rows.length === 1;
}

/** Adds a signed delta to a prepaid plan's balance cache (RECEIVED, REFUND: +; EXPIRED: -). */
export async function shiftPrepaidBalance(db: DbOrTx, planId: string, delta: number): Promise<boolean> {
  const where =
    delta < 0 ? and(eq(creditPlans.id, planId), gte(creditPlans.balance, -delta)) : eq(creditPlans.id, planId);
  const rows = await db
    .update(creditPlans)
    .set({ balance: sql`${creditPlans.balance} + ${delta}` })
    .where(where)
    .returning({ id: creditPlans.id });
  return rows.length === 1;
}

const recordPayAsUsageQuery = prepared((db) =>
  db
    .update(creditPlans)
    .set({
      balance: sql`${creditPlans.balance} - ${sql.placeholder('used')}`,
      received: sql`${creditPlans.received} + ${sql.placeholder('used')}`,
    })
    .where(eq(creditPlans.id, sql.placeholder('planId')))
    .returning({ id: creditPlans.id })
    .prepare(),
);
/** Pay-as-usage: `received` counts usage and the balance cache is minus that usage. `used` > 0 records use; < 0 a refund. */
export async function recordPayAsUsage(db: DbOrTx, planId: string, used: number): Promise<boolean> {
  const rows = await recordPayAsUsageQuery(db).all({ planId, used });
  return rows.length === 1;
}

const markPlanActivatedQuery = prepared((db) =>
  db
    .update(creditPlans)
    .set({ activatedAt: sql`${sql.placeholder('at')}` })
    .where(and(eq(creditPlans.id, sql.placeholder('planId')), isNull(creditPlans.activatedAt)))
    .returning({ id: creditPlans.id })
    .prepare(),
);
/** Marks a backup plan as in use; true only for the call that activated it (so admins are notified once). */
export async function markPlanActivated(db: DbOrTx, planId: string, atIso: string): Promise<boolean> {
  const rows = await markPlanActivatedQuery(db).all({ planId, at: atIso });
  return rows.length === 1;
}

/** Activated, not deleted ADMIN users of a company: who hears about credits. */
export const activeAdminsOfCompany = (db: DbOrTx, companyId: string) =>
  db
    .select({ id: users.id, email: users.email, locale: users.locale, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.accessLevel, 'ADMIN'),
        eq(users.status, 'ACTIVATED'),
        isNull(users.deletedAt),
      ),
    );

export const companyName = async (db: DbOrTx, companyId: string) =>
  (await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).get())?.name ?? '';

export const plansByIds = (db: DbOrTx, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.select().from(creditPlans).where(inArray(creditPlans.id, ids));

export const ledgerOfCompany = (db: DbOrTx, companyId: string) =>
  db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.companyId, companyId))
    .orderBy(asc(creditTransactions.occurredAt), sql`rowid`);

/** Only credit-plans.service calls this: a plan is created with balance 0, then receives its credits as a ledger row. */
export async function insertCreditPlan(db: DbOrTx, row: CreditPlanInsert) {
  await db.insert(creditPlans).values(row);
}

/** Plans follow their contract's dates (plan rows are state; only ledger rows are append-only). */
export async function movePlansOfContract(db: DbOrTx, contractId: string, validFrom: string, validUntil: string) {
  await db
    .update(creditPlans)
    .set({
      validFrom,
      validUntil: sql`case when ${creditPlans.category} = 'NON_EXPIRING' then null else ${validUntil} end`,
    })
    .where(eq(creditPlans.contractId, contractId));
}

export async function deactivatePlansOfContract(db: DbOrTx, contractId: string, nowIso: string) {
  await db
    .update(creditPlans)
    .set({ deactivatedAt: nowIso })
    .where(and(eq(creditPlans.contractId, contractId), isNull(creditPlans.deactivatedAt)));
}

/** A prepaid plan received more credits (its RECEIVED row is written by the caller). */
export async function addReceived(db: DbOrTx, planId: string, credits: number) {
  await db
    .update(creditPlans)
    .set({ received: sql`${creditPlans.received} + ${credits}` })
    .where(eq(creditPlans.id, planId));
}

/** Credits every plan of the company ever received (deleted and expired plans included). */
export async function companyCreditsReceived(db: DbOrTx, companyId: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`coalesce(sum(${creditPlans.received}), 0)` })
    .from(creditPlans)
    .where(eq(creditPlans.companyId, companyId))
    .get();
  return Number(row?.n ?? 0);
}

export const findPackage = (db: DbOrTx, id: string) => db.select().from(packages).where(eq(packages.id, id)).get();

export const listPackages = (db: DbOrTx) => db.select().from(packages).orderBy(asc(packages.numberOfCredits));

/** Credits per ledger row type on the company's prepaid plans (pay-as-usage rows count usage, not credits held). */
export async function prepaidLedgerTotals(db: DbOrTx, companyId: string) {
  const rows = await db
    .select({ type: creditTransactions.type, credits: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)` })
    .from(creditTransactions)
    .innerJoin(creditPlans, eq(creditPlans.id, creditTransactions.creditPlanId))
    .where(and(eq(creditTransactions.companyId, companyId), ne(creditPlans.category, 'PAY_AS_USAGE')))
    .groupBy(creditTransactions.type);
  const by = Object.fromEntries(rows.map((r) => [r.type, Number(r.credits)]));
  return { received: by.RECEIVED ?? 0, used: by.USED ?? 0, refunded: by.REFUND ?? 0, expired: by.EXPIRED ?? 0 };
}

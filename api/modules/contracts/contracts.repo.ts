import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { contracts, creditPlans, datafiles, packages } from '../../../db/schema';

export type ContractRow = typeof contracts.$inferSelect;
export type CreditPlanRow = typeof creditPlans.$inferSelect;

// Read for every organisation the admin panel lists: prepared once (db/prepared.ts).
const companyContractsQuery = prepared((db) =>
  db
    .select()
    .from(contracts)
    .where(and(eq(contracts.companyId, sql.placeholder('companyId')), isNull(contracts.deletedAt)))
    .orderBy(desc(contracts.startDate), asc(contracts.id))
    .prepare(),
);

/** A company's contracts that were not deleted, newest start first. */
export async function listCompanyContracts(db: DbOrTx, companyId: string) {
  return companyContractsQuery(db).all({ companyId });
}

export async function findContract(db: DbOrTx, id: string) {
  return db.select().from(contracts).where(and(eq(contracts.id, id), isNull(contracts.deletedAt))).get();
}

export async function insertContract(db: DbOrTx, row: typeof contracts.$inferInsert) {
  await db.insert(contracts).values(row);
}

/** Optimistic update: false when someone else changed the contract since it was read. */
export async function updateContractVersioned(db: DbOrTx, id: string, version: number, set: Partial<typeof contracts.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(contracts)
    .set({ ...set, version: version + 1 })
    .where(and(eq(contracts.id, id), eq(contracts.version, version)))
    .returning({ id: contracts.id });
  return rows.length === 1;
}

export async function insertCreditPlan(db: DbOrTx, row: typeof creditPlans.$inferInsert) {
  await db.insert(creditPlans).values(row);
}

export async function findCreditPlan(db: DbOrTx, id: string) {
  return db.select().from(creditPlans).where(eq(creditPlans.id, id)).get();
}

export async function plansOfContract(db: DbOrTx, contractId: string) {
  return db.select().from(creditPlans).where(eq(creditPlans.contractId, contractId));
}

/** Plans follow their contract's dates (plan rows are state; only ledger rows are append-only). */
export async function movePlansOfContract(db: DbOrTx, contractId: string, validFrom: string, validUntil: string) {
  await db
    .update(creditPlans)
    .set({ validFrom, validUntil: sql`case when ${creditPlans.category} = 'NON_EXPIRING' then null else ${validUntil} end` })
    .where(eq(creditPlans.contractId, contractId));
}

export async function deactivatePlansOfContract(db: DbOrTx, contractId: string, nowIso: string) {
  await db.update(creditPlans).set({ deactivatedAt: nowIso }).where(and(eq(creditPlans.contractId, contractId), isNull(creditPlans.deactivatedAt)));
}

export async function findPackage(db: DbOrTx, id: string) {
  return db.select().from(packages).where(eq(packages.id, id)).get();
}

export async function listPackages(db: DbOrTx) {
  return db.select().from(packages).orderBy(asc(packages.numberOfCredits));
}

/** Imports (non-draft datafiles) and their records created during a contract's dates. */
export async function contractUsage(db: DbOrTx, c: ContractRow) {
  const row = await db
    .select({ files: sql<number>`count(*)`, records: sql<number>`coalesce(sum(${datafiles.numberOfRecords}), 0)` })
    .from(datafiles)
    .where(
      and(
        eq(datafiles.companyId, c.companyId),
        eq(datafiles.isDeleted, false),
        sql`${datafiles.status} <> 'DRAFT'`,
        sql`substr(${datafiles.createdAt}, 1, 10) between ${c.startDate} and ${c.endDate}`,
      ),
    )
    .get();
  return { numberOfDatafiles: Number(row?.files ?? 0), numberOfDataRecords: Number(row?.records ?? 0) };
}

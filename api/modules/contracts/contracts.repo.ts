import { and, asc, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { contracts, datafiles, notifications } from '../../../db/schema';

export type ContractRow = typeof contracts.$inferSelect;

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

/** A contract that was not deleted (the one lookup by id; the calendar job re-reads with it too). */
export async function findContract(db: DbOrTx, id: string) {
  return db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), isNull(contracts.deletedAt)))
    .get();
}

export async function insertContract(db: DbOrTx, row: typeof contracts.$inferInsert) {
  await db.insert(contracts).values(row);
}

/** Optimistic update: false when someone else changed the contract since it was read. */
export async function updateContractVersioned(
  db: DbOrTx,
  id: string,
  version: number,
  set: Partial<typeof contracts.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(contracts)
    .set({ ...set, version: version + 1 })
    .where(and(eq(contracts.id, id), eq(contracts.version, version)))
    .returning({ id: contracts.id });
  return rows.length === 1;
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
export async function hasSuccessor(
  db: DbOrTx,
  c: { id: string; companyId: string; endDate: string },
): Promise<boolean> {
  const row = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.companyId, c.companyId),
        or(
          eq(contracts.renewedFromId, c.id),
          and(isNull(contracts.deletedAt), isNull(contracts.deactivatedAt), sql`${contracts.startDate} > ${c.endDate}`),
        ),
      ),
    )
    .get();
  return row !== undefined;
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

/** A renewal's plans, once they exist (they are created after the contract they belong to). */
export async function setContractPlans(
  db: DbOrTx,
  id: string,
  plans: { primaryCreditPlanId: string | null; backupCreditPlanId: string | null },
) {
  await db.update(contracts).set(plans).where(eq(contracts.id, id));
}

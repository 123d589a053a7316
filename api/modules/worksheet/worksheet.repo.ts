// The audit trail of the worksheet (table cleaning_audit): appended on every save, read newest first.
import { and, count, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { cleaningAudit, datafileDatapoints, datafiles, users, type CleaningAuditAction } from '../../../db/schema';

export type AuditInsert = typeof cleaningAudit.$inferInsert;

export async function appendAudit(db: DbOrTx, rows: readonly AuditInsert[]): Promise<void> {
  // SQLite caps bound variables per statement; a save can carry thousands of manual decisions.
  for (let i = 0; i < rows.length; i += 500) await db.insert(cleaningAudit).values(rows.slice(i, i + 500));
}

export async function auditPage(db: DbOrTx, datafileId: string, page: number, limit: number) {
  const entries = await db
    .select({
      id: cleaningAudit.id,
      at: cleaningAudit.at,
      action: cleaningAudit.action,
      revision: cleaningAudit.revision,
      recordId: cleaningAudit.recordId,
      reason: cleaningAudit.reason,
      detail: cleaningAudit.detail,
      first: users.firstName,
      last: users.lastName,
    })
    .from(cleaningAudit)
    .leftJoin(users, eq(users.id, cleaningAudit.userId))
    .where(eq(cleaningAudit.datafileId, datafileId))
    // Rows of one save share `at`; the SAVE row sorts after its decisions so it heads the page.
    .orderBy(desc(cleaningAudit.at), desc(cleaningAudit.action))
    .limit(limit)
    .offset((page - 1) * limit);
  const total =
    (await db.select({ n: count() }).from(cleaningAudit).where(eq(cleaningAudit.datafileId, datafileId)).get())?.n ?? 0;
  return { entries, total };
}

export type AuditAction = CleaningAuditAction;

/** The columns of the published upload's data points of these types (quota characteristics). */
export async function columnsOfTypes(db: DbOrTx, uploadId: string | null, types: readonly string[]): Promise<string[]> {
  if (!uploadId) return [];
  const rows = await db
    .select({ type: datafileDatapoints.dataPointType, columns: datafileDatapoints.columns })
    .from(datafileDatapoints)
    .where(eq(datafileDatapoints.uploadId, uploadId))
    .orderBy(datafileDatapoints.position);
  return rows.filter((r) => types.includes(r.type)).flatMap((r) => r.columns);
}

export async function userName(db: DbOrTx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const u = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, id)).get();
  return u ? `${u.first} ${u.last}`.trim() : null;
}

export async function updateCleaningOutcome(
  db: DbOrTx,
  datafileId: string,
  patch: Partial<typeof datafiles.$inferInsert>,
): Promise<void> {
  await db.update(datafiles).set(patch).where(eq(datafiles.id, datafileId));
}

/** Datafiles with a published revision and saved weights (the one-off reweighting job's candidates), by id. */
export async function weightedDatafiles(db: DbOrTx) {
  return db
    .select({ id: datafiles.id, revision: datafiles.revision, weightingMethod: datafiles.weightingMethod })
    .from(datafiles)
    .where(and(gte(datafiles.revision, 1), isNull(datafiles.deletedAt), isNotNull(datafiles.weightingMethod)))
    .orderBy(datafiles.id);
}

/** The datafile's published revision and saved weights as they are now (in the caller's transaction). */
export async function revisionAndWeights(db: DbOrTx, datafileId: string) {
  return db
    .select({ revision: datafiles.revision, weightingMethod: datafiles.weightingMethod })
    .from(datafiles)
    .where(eq(datafiles.id, datafileId))
    .get();
}

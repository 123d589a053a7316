import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import { contracts, datafileCharges, datafileDatapoints, datafiles, liveRespondents } from '../../../db/schema';

export type LiveRespondentRow = typeof liveRespondents.$inferSelect;

export const liveTarget = (db: DbOrTx, datafileId: string) =>
  db
    .select({
      id: datafiles.id,
      companyId: datafiles.companyId,
      ownerId: datafiles.ownerId,
      title: datafiles.title,
      status: datafiles.status,
      importType: datafiles.importType,
      isDeleted: datafiles.isDeleted,
      secretKey: datafiles.secretKey,
      publishedUploadId: datafiles.publishedUploadId,
    })
    .from(datafiles)
    .where(eq(datafiles.id, datafileId))
    .get();
export type LiveTarget = NonNullable<Awaited<ReturnType<typeof liveTarget>>>;

export const datapointsOfUpload = (db: DbOrTx, uploadId: string) =>
  db
    .select()
    .from(datafileDatapoints)
    .where(eq(datafileDatapoints.uploadId, uploadId))
    .orderBy(asc(datafileDatapoints.position))
    .all();

export const findRespondent = (db: DbOrTx, datafileId: string, recordId: string) =>
  db
    .select()
    .from(liveRespondents)
    .where(and(eq(liveRespondents.datafileId, datafileId), eq(liveRespondents.recordId, recordId)))
    .get();

/** Respondents in arrival order, a page at a time (the publish job and the medians' warm-up). */
export const respondentsAfter = (db: DbOrTx, datafileId: string, afterSeq: number, limit: number) =>
  db
    .select()
    .from(liveRespondents)
    .where(and(eq(liveRespondents.datafileId, datafileId), gt(liveRespondents.seq, afterSeq)))
    .orderBy(asc(liveRespondents.seq))
    .limit(limit)
    .all();

const durationsAfterQuery = prepared((db) =>
  db
    .select({ seq: liveRespondents.seq, totalSeconds: liveRespondents.totalSeconds, answers: liveRespondents.answers })
    .from(liveRespondents)
    .where(
      and(
        eq(liveRespondents.datafileId, sql.placeholder('datafileId')),
        gt(liveRespondents.seq, sql.placeholder('after')),
      ),
    )
    .orderBy(asc(liveRespondents.seq))
    .limit(sql.placeholder('limit'))
    .prepare(),
);

/**
 * What the running medians need of the respondents stored after `afterSeq`, in arrival order: asked
 * before and inside every live charge (usually no row), so the statement is built once.
 */
export const respondentDurationsAfter = (db: DbOrTx, datafileId: string, afterSeq: number, limit: number) =>
  durationsAfterQuery(db).all({ datafileId, after: afterSeq, limit });

export async function countRespondents(db: DbOrTx, datafileId: string): Promise<number> {
  const r = await db
    .select({ n: sql<number>`count(*)` })
    .from(liveRespondents)
    .where(eq(liveRespondents.datafileId, datafileId))
    .get();
  return Number(r?.n ?? 0);
}

/**
 * Inside the charge's transaction: the respondent (its arrival number and its charge's id taken in
 * the same statement, which saves two reads per respondent) and the datafile's running totals.
 */
export async function insertRespondent(
  tx: DbOrTx,
  row: Omit<LiveRespondentRow, 'seq' | 'chargeId'>,
  chargeKey: string,
): Promise<{ seq: number; chargeId: string }> {
  const inserted = await tx
    .insert(liveRespondents)
    .values({
      ...row,
      seq: sql`(select coalesce(max(${liveRespondents.seq}), 0) + 1 from ${liveRespondents} where ${liveRespondents.datafileId} = ${row.datafileId})`,
      chargeId: sql`(select ${datafileCharges.id} from ${datafileCharges} where ${datafileCharges.idempotencyKey} = ${chargeKey})`,
    })
    .returning({ seq: liveRespondents.seq, chargeId: liveRespondents.chargeId })
    .get();
  await tx
    .update(datafiles)
    .set({
      cost: sql`${datafiles.cost} + ${row.credits}`,
      numberOfRecords: sql`${datafiles.numberOfRecords} + 1`,
      updatedAt: row.receivedAt,
    })
    .where(eq(datafiles.id, row.datafileId));
  return inserted!;
}

/** Contracts of a company that are not deleted (their status is derived by date). */
export const contractsOfCompany = (db: DbOrTx, companyId: string) =>
  db
    .select({ startDate: contracts.startDate, endDate: contracts.endDate, deactivatedAt: contracts.deactivatedAt })
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), isNull(contracts.deletedAt)))
    .all();

import { and, asc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import {
  contracts,
  datafileCharges,
  datafileDatapoints,
  datafiles,
  liveRespondents,
  liveRateBuckets,
  liveSettings,
  liveSources,
} from '../../../db/schema';

export type LiveRespondentRow = typeof liveRespondents.$inferSelect;

// The request path's statements are built once per database handle (drizzle's building costs far
// more than SQLite's running them): the key's row, the ceilings' and the sources' counters.
const liveTargetQuery = prepared((db) =>
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
      // The combined score's weights the immediate KEEP/REMOVE answer uses.
      weightingMethod: datafiles.weightingMethod,
      // The limits, read with the key in the same statement (one read per request).
      serverKeyHash: liveSettings.serverKeyHash,
      maxRespondents: liveSettings.maxRespondents,
      maxCredits: liveSettings.maxCredits,
      respondents: liveSettings.respondents,
      credits: liveSettings.credits,
      perAddressPerHour: liveSettings.perAddressPerHour,
      perDevice: liveSettings.perDevice,
      allowedOrigins: liveSettings.allowedOrigins,
    })
    .from(datafiles)
    .leftJoin(liveSettings, eq(liveSettings.datafileId, datafiles.id))
    .where(eq(datafiles.id, sql.placeholder('datafileId')))
    .prepare(),
);
export const liveTarget = (db: DbOrTx, datafileId: string) => liveTargetQuery(db).get({ datafileId });
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

const insertRespondentQuery = prepared((db) =>
  db
    .insert(liveRespondents)
    .values({
      datafileId: sql.placeholder('datafileId'),
      recordId: sql.placeholder('recordId'),
      answers: sql.placeholder('answers'),
      totalSeconds: sql.placeholder('totalSeconds'),
      scores: sql.placeholder('scores'),
      credits: sql.placeholder('credits'),
      payloadHash: sql.placeholder('payloadHash'),
      receivedAt: sql.placeholder('receivedAt'),
      seq: sql`(select coalesce(max(${liveRespondents.seq}), 0) + 1 from ${liveRespondents} where ${liveRespondents.datafileId} = ${sql.placeholder('datafileId')})`,
      chargeId: sql`(select ${datafileCharges.id} from ${datafileCharges} where ${datafileCharges.idempotencyKey} = ${sql.placeholder('chargeKey')})`,
    })
    .returning({ seq: liveRespondents.seq, chargeId: liveRespondents.chargeId })
    .prepare(),
);
const addToDatafileQuery = prepared((db) =>
  db
    .update(datafiles)
    .set({
      cost: sql`${datafiles.cost} + ${sql.placeholder('credits')}`,
      numberOfRecords: sql`${datafiles.numberOfRecords} + 1`,
      updatedAt: sql`${sql.placeholder('receivedAt')}`,
    })
    .where(eq(datafiles.id, sql.placeholder('datafileId')))
    .prepare(),
);

/**
 * Inside the charge's transaction: the respondent (its arrival number and its charge's id taken in
 * the same statement, which saves two reads per respondent) and the datafile's running totals.
 */
export async function insertRespondent(
  tx: DbOrTx,
  row: Omit<LiveRespondentRow, 'seq' | 'chargeId'>,
  chargeKey: string,
): Promise<{ seq: number; chargeId: string }> {
  // The placeholders of the JSON columns take the objects: drizzle encodes them as the column does.
  const inserted = await insertRespondentQuery(tx).get({ ...row, chargeKey });
  await addToDatafileQuery(tx).run({ credits: row.credits, receivedAt: row.receivedAt, datafileId: row.datafileId });
  return inserted!;
}

/** Contracts of a company that are not deleted (their status is derived by date). */
export const contractsOfCompany = (db: DbOrTx, companyId: string) =>
  db
    .select({ startDate: contracts.startDate, endDate: contracts.endDate, deactivatedAt: contracts.deactivatedAt })
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), isNull(contracts.deletedAt)))
    .all();

export type LiveSettingsRow = typeof liveSettings.$inferSelect;

export const insertSettings = (tx: DbOrTx, row: typeof liveSettings.$inferInsert) =>
  tx.insert(liveSettings).values(row);

export const settingsOf = (db: DbOrTx, datafileId: string) =>
  db.select().from(liveSettings).where(eq(liveSettings.datafileId, datafileId)).get();

export const updateSettings = (db: DbOrTx, datafileId: string, patch: Partial<typeof liveSettings.$inferInsert>) =>
  db.update(liveSettings).set(patch).where(eq(liveSettings.datafileId, datafileId));

const raiseCountersQuery = prepared((db) =>
  db
    .update(liveSettings)
    .set({
      respondents: sql`${liveSettings.respondents} + 1`,
      credits: sql`${liveSettings.credits} + ${sql.placeholder('credits')}`,
    })
    .where(
      and(
        eq(liveSettings.datafileId, sql.placeholder('datafileId')),
        lt(liveSettings.respondents, liveSettings.maxRespondents),
        sql`${liveSettings.credits} + ${sql.placeholder('credits')} <= ${liveSettings.maxCredits}`,
      ),
    )
    .returning({
      respondents: liveSettings.respondents,
      credits: liveSettings.credits,
      maxRespondents: liveSettings.maxRespondents,
      maxCredits: liveSettings.maxCredits,
      nearingNotifiedAt: liveSettings.nearingNotifiedAt,
      reachedNotifiedAt: liveSettings.reachedNotifiedAt,
    })
    .prepare(),
);
/**
 * Inside the charge's transaction: one more respondent and its credits, only while both stay within
 * the ceilings (one conditional statement, so concurrent charges from any process stop exactly at
 * them). Undefined when the respondent does not fit.
 */
export const raiseCounters = (tx: DbOrTx, datafileId: string, credits: number) =>
  raiseCountersQuery(tx).get({ datafileId, credits });

const raiseSourceQuery = prepared((db) =>
  db
    .insert(liveSources)
    .values({ datafileId: sql.placeholder('datafileId'), source: sql.placeholder('source'), respondents: 1 })
    .onConflictDoUpdate({
      target: [liveSources.datafileId, liveSources.source],
      set: { respondents: sql`${liveSources.respondents} + 1` },
      setWhere: lt(liveSources.respondents, sql.placeholder('limit')),
    })
    .returning({ respondents: liveSources.respondents })
    .prepare(),
);
/**
 * Inside the charge's transaction: one more respondent from a source, only while it stays within
 * `limit`; undefined when the source has sent its limit already.
 */
export const raiseSource = (tx: DbOrTx, datafileId: string, source: string, limit: number) =>
  raiseSourceQuery(tx).get({ datafileId, source, limit });

/** Sets a notice's time when it is not set yet; true when this call set it (so exactly one caller alerts). */
export async function markNotified(
  tx: DbOrTx,
  datafileId: string,
  which: 'nearingNotifiedAt' | 'reachedNotifiedAt',
  at: string,
): Promise<boolean> {
  const column = which === 'nearingNotifiedAt' ? liveSettings.nearingNotifiedAt : liveSettings.reachedNotifiedAt;
  const rows = await tx
    .update(liveSettings)
    .set({ [which]: at })
    .where(and(eq(liveSettings.datafileId, datafileId), isNull(column)))
    .returning({ id: liveSettings.datafileId });
  return rows.length > 0;
}

/** Address counts of clock hours before `hour` ('YYYY-MM-DDTHH'): they limit nothing any more. */
export const pruneAddressSources = (db: DbOrTx, datafileId: string, hour: string) =>
  db
    .delete(liveSources)
    .where(
      and(eq(liveSources.datafileId, datafileId), gte(liveSources.source, 'a:'), lt(liveSources.source, `a:${hour}`)),
    );

/**
 * Takes up to `chunk` tokens from the datafile's bucket shared by every process (refilled at `rate`
 * a second up to `burst`; a new bucket starts full), in one statement, atomic whichever process
 * sends it. SQLite evaluates every SET expression against the row as it was. Returns the tokens
 * granted (0 when less than one is left) and the tokens left.
 */
export async function takeRateTokens(
  db: DbOrTx,
  input: { datafileId: string; nowMs: number; chunk: number; rate: number; burst: number },
): Promise<{ granted: number; tokens: number }> {
  const t = liveRateBuckets;
  const first = Math.min(input.chunk, input.burst);
  const available = sql`min(${input.burst}, ${t.tokens} + max(0, ${input.nowMs} - ${t.at}) * ${input.rate} / 1000.0)`;
  const granted = sql`min(${input.chunk}, CAST(${available} AS INTEGER))`;
  const rows = await db
    .insert(t)
    .values({ datafileId: input.datafileId, tokens: input.burst - first, at: input.nowMs, granted: first })
    .onConflictDoUpdate({
      target: t.datafileId,
      set: { granted, tokens: sql`${available} - ${granted}`, at: sql`max(${t.at}, ${input.nowMs})` },
    })
    .returning({ granted: t.granted, tokens: t.tokens });
  return rows[0] ?? { granted: 0, tokens: 0 };
}

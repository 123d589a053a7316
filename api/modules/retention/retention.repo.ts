import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { datafiles, datafileUploads, liveRespondents, respondentIdentities } from '../../../db/schema';

/** Deleted datafiles whose grace period ended before `cutoffIso` and whose data was not removed yet. */
export const deletedDueForPurge = (db: DbOrTx, cutoffIso: string, limit: number) =>
  db
    .select({ id: datafiles.id })
    .from(datafiles)
    .where(
      and(
        eq(datafiles.isDeleted, true),
        isNull(datafiles.purgedAt),
        // Deleted before deleted_at existed: the last change of the row is the deletion.
        lt(sql`coalesce(${datafiles.deletedAt}, ${datafiles.updatedAt}, ${datafiles.createdAt})`, cutoffIso),
      ),
    )
    .limit(limit)
    .all();

/** The stored files of a datafile's uploads (live definitions name no stored file). */
export const uploadSourcesOf = (db: DbOrTx, datafileId: string) =>
  db
    .select({ key: datafileUploads.sourceKey })
    .from(datafileUploads)
    .where(and(eq(datafileUploads.datafileId, datafileId), sql`${datafileUploads.sourceKey} like 'uploads/%'`))
    .all();

/** Upload sources being processed now: never removed, whatever their age. */
export const sourcesInUse = (db: DbOrTx, keys: readonly string[]) =>
  keys.length === 0
    ? Promise.resolve([] as { key: string }[])
    : db
        .select({ key: datafileUploads.sourceKey })
        .from(datafileUploads)
        .where(and(inArray(datafileUploads.sourceKey, [...keys]), eq(datafileUploads.status, 'PROCESSING')))
        .all();

/**
 * Removes a purged datafile's live respondents (their answers are interview data) and its
 * respondents' identity hashes (device, panel ID, source), and marks it purged.
 */
export async function markPurged(tx: DbOrTx, datafileId: string, nowIso: string): Promise<number> {
  await tx.delete(respondentIdentities).where(eq(respondentIdentities.datafileId, datafileId));
  const removed = await tx
    .delete(liveRespondents)
    .where(eq(liveRespondents.datafileId, datafileId))
    .returning({ recordId: liveRespondents.recordId });
  await tx.update(datafiles).set({ purgedAt: nowIso }).where(eq(datafiles.id, datafileId));
  return removed.length;
}

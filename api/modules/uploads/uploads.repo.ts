import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { datafileDatapoints, datafileUploads } from '../../../db/schema';

// The datafile's own rows (find, insert, revision numbers, names for presenting) are the datafiles
// module's; the upload code reads them through here as before.
export {
  companyRef,
  contributorIdsOf,
  findDatafile,
  insertDatafile,
  nextRevision,
  updateDatafile,
  userNames,
  type DatafileInsert,
  type DatafileRow,
} from '../datafiles';

export type UploadRow = typeof datafileUploads.$inferSelect;
export type UploadInsert = typeof datafileUploads.$inferInsert;
export type DatapointRow = typeof datafileDatapoints.$inferSelect;
/** A data point as the upload writes it (its position is its index in the list). */
export type DatapointInsert = Omit<DatapointRow, 'uploadId' | 'position'>;

export async function insertUpload(db: DbOrTx, row: UploadInsert): Promise<UploadRow> {
  return (await db.insert(datafileUploads).values(row).returning().get())!;
}

export const findUpload = (db: DbOrTx, id: string) =>
  db.select().from(datafileUploads).where(eq(datafileUploads.id, id)).get();

export const uploadBySourceKey = (db: DbOrTx, key: string) =>
  db.select().from(datafileUploads).where(eq(datafileUploads.sourceKey, key)).get();

/** The newest upload of a datafile (the open draft, the one processing, or the last finished). */
export const latestUploadOf = (db: DbOrTx, datafileId: string) =>
  db
    .select()
    .from(datafileUploads)
    .where(eq(datafileUploads.datafileId, datafileId))
    .orderBy(desc(datafileUploads.createdAt), desc(sql`rowid`))
    .limit(1)
    .get();

/** The upload a datafile's steps edit: its newest one unless that one is READY (then there is none). */
export async function openUploadOf(db: DbOrTx, datafileId: string): Promise<UploadRow | undefined> {
  const latest = await latestUploadOf(db, datafileId);
  return latest && latest.status !== 'READY' ? latest : undefined;
}

/** Every upload of a datafile, oldest first (its history). */
export const uploadsOf = (db: DbOrTx, datafileId: string) =>
  db
    .select()
    .from(datafileUploads)
    .where(eq(datafileUploads.datafileId, datafileId))
    .orderBy(datafileUploads.createdAt, sql`rowid`)
    .all();

/**
 * Changes an upload only while it is in one of `from` (a guarded update: a concurrent confirmation
 * or job sees no row and stops). True when the row changed.
 */
export async function updateUpload(
  db: DbOrTx,
  id: string,
  patch: Partial<UploadInsert>,
  from?: readonly UploadRow['status'][],
): Promise<boolean> {
  const where = from
    ? and(eq(datafileUploads.id, id), inArray(datafileUploads.status, [...from]))
    : eq(datafileUploads.id, id);
  const rows = await db.update(datafileUploads).set(patch).where(where).returning({ id: datafileUploads.id });
  return rows.length > 0;
}

/** UPLOAD_GOING_ON: an upload this user confirmed that is still processing (other than `except`). */
export async function processingUploadBy(db: DbOrTx, userId: string, except?: string): Promise<UploadRow | undefined> {
  const where = and(
    eq(datafileUploads.confirmedBy, userId),
    eq(datafileUploads.status, 'PROCESSING'),
    except ? ne(datafileUploads.id, except) : undefined,
  );
  return db.select().from(datafileUploads).where(where).limit(1).get();
}

export async function replaceDatapoints(db: DbOrTx, uploadId: string, rows: readonly DatapointInsert[]): Promise<void> {
  await db.delete(datafileDatapoints).where(eq(datafileDatapoints.uploadId, uploadId));
  const all = rows.map((r, position) => ({ ...r, uploadId, position }));
  // SQLite caps bound parameters per statement; 12 columns x 60 rows stays well under it.
  for (let i = 0; i < all.length; i += 60) await db.insert(datafileDatapoints).values(all.slice(i, i + 60));
}

export const datapointsOf = (db: DbOrTx, uploadId: string) =>
  db
    .select()
    .from(datafileDatapoints)
    .where(eq(datafileDatapoints.uploadId, uploadId))
    .orderBy(datafileDatapoints.position)
    .all();

/** Whether another upload (of any datafile) already uses this stored file. */
export async function sourceKeyTaken(db: DbOrTx, key: string, exceptUploadId?: string): Promise<boolean> {
  const row = await uploadBySourceKey(db, key);
  return row !== undefined && row.id !== exceptUploadId;
}

import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { companies, datafileDatapoints, datafileUploads, datafiles, users } from '../../../db/schema';

export type DatafileRow = typeof datafiles.$inferSelect;
export type DatafileInsert = typeof datafiles.$inferInsert;
export type UploadRow = typeof datafileUploads.$inferSelect;
export type UploadInsert = typeof datafileUploads.$inferInsert;
export type DatapointRow = typeof datafileDatapoints.$inferSelect;
/** A data point as the upload writes it (its position is its index in the list). */
export type DatapointInsert = Omit<DatapointRow, 'uploadId' | 'position'>;

/** A live (not deleted) datafile by id, or undefined; ids longer than a UUID are not looked up. */
export async function findDatafile(db: DbOrTx, id: string): Promise<DatafileRow | undefined> {
  if (typeof id !== 'string' || id.length > 64) return undefined;
  return db
    .select()
    .from(datafiles)
    .where(and(eq(datafiles.id, id), eq(datafiles.isDeleted, false)))
    .get();
}

export async function contributorIdsOf(db: DbOrTx, datafileId: string): Promise<string[]> {
  const rows = await db.all<{ user_id: string }>(
    sql`select user_id from datafile_contributors where datafile_id = ${datafileId}`,
  );
  return rows.map((r) => r.user_id);
}

export async function insertDatafile(db: DbOrTx, row: DatafileInsert): Promise<void> {
  await db.insert(datafiles).values(row);
}

export async function updateDatafile(db: DbOrTx, id: string, patch: Partial<DatafileInsert>): Promise<void> {
  await db.update(datafiles).set(patch).where(eq(datafiles.id, id));
}

/** Hands out the next revision number of a datafile (never reused). Call inside the confirming transaction. */
export async function nextRevision(db: DbOrTx, datafileId: string): Promise<number> {
  const row = await db
    .update(datafiles)
    .set({ lastRevision: sql`${datafiles.lastRevision} + 1` })
    .where(eq(datafiles.id, datafileId))
    .returning({ lastRevision: datafiles.lastRevision })
    .get();
  if (!row) throw new Error(`datafile ${datafileId} vanished while confirming`);
  return row.lastRevision;
}

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

/** Names for presenting: users by id (first and last name) and the company's name and image. */
export async function userNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
}

export const companyRef = (db: DbOrTx, id: string) =>
  db
    .select({ id: companies.id, name: companies.name, image: companies.image })
    .from(companies)
    .where(eq(companies.id, id))
    .get();

/** Whether another upload (of any datafile) already uses this stored file. */
export async function sourceKeyTaken(db: DbOrTx, key: string, exceptUploadId?: string): Promise<boolean> {
  const row = await uploadBySourceKey(db, key);
  return row !== undefined && row.id !== exceptUploadId;
}

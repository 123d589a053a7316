import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { companies, datafiles, users } from '../../../db/schema';

export type DatafileRow = typeof datafiles.$inferSelect;
export type DatafileInsert = typeof datafiles.$inferInsert;
import type { Viewer } from '../../graphql/context';

/** Which datafiles a viewer sees: operators all (or their scoped company), ADMIN the company's, EMPLOYEE own and shared (not drafts). */
export function visibleDatafiles(viewer: Viewer): SQL | undefined {
  const live = eq(datafiles.isDeleted, false);
  if (viewer.accessLevel === 'SUPER_ADMIN')
    return viewer.companyId ? and(live, eq(datafiles.companyId, viewer.companyId)) : live;
  const company = eq(datafiles.companyId, viewer.companyId ?? '');
  if (viewer.accessLevel === 'ADMIN') return and(live, company);
  // Qualified by hand: drizzle drops table names from columns in single-table selects, which would make the correlation ambiguous.
  const shared = sql`"datafiles"."id" in (select "datafile_id" from "datafile_contributors" where "user_id" = ${viewer.userId})`;
  // Another user's draft stays theirs even when shared (canSeeDatafile in datafiles.policy.ts).
  return and(live, company, or(eq(datafiles.ownerId, viewer.userId), and(shared, ne(datafiles.status, 'DRAFT'))));
}

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

import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { companies, datafileContributors, datafiles, users } from '../../../db/schema';
import type { Viewer } from '../../graphql/context';
import { visibleDatafiles } from './datafiles.repo';

export type DatafileListType = 'ALL' | 'LIVE' | 'MANUAL' | 'DRAFT';
export type DatafileSortField = 'CREATED_AT' | 'TITLE' | 'NUMBER_OF_RECORDS' | 'MEAN_COMBINED_SCORE' | 'STATUS';
export type DatafileListQuery = {
  type: DatafileListType;
  companyId: string | null;
  search: string | null;
  sort: DatafileSortField;
  direction: 'ASC' | 'DESC';
  limit: number;
  offset: number;
};

const TYPE_FILTER: Record<DatafileListType, SQL | undefined> = {
  ALL: undefined,
  LIVE: and(eq(datafiles.importType, 'LIVE'), ne(datafiles.status, 'DRAFT')),
  MANUAL: and(eq(datafiles.importType, 'MANUAL'), ne(datafiles.status, 'DRAFT')),
  DRAFT: eq(datafiles.status, 'DRAFT'),
};

const SORT_COLUMN = {
  CREATED_AT: datafiles.createdAt,
  TITLE: sql`${datafiles.title} collate nocase`,
  NUMBER_OF_RECORDS: datafiles.numberOfRecords,
  MEAN_COMBINED_SCORE: datafiles.meanCombinedScore,
  STATUS: datafiles.status,
} as const;

function whereOf(viewer: Viewer, q: Pick<DatafileListQuery, 'type' | 'companyId' | 'search'>): SQL | undefined {
  // instr() instead of LIKE: the search text is matched literally, with no wildcard escaping to get wrong.
  const search = q.search ? sql`instr(lower(${datafiles.title}), lower(${q.search})) > 0` : undefined;
  return and(
    visibleDatafiles(viewer),
    TYPE_FILTER[q.type],
    q.companyId ? eq(datafiles.companyId, q.companyId) : undefined,
    search,
  );
}

/**
 * One page of the datafiles the viewer sees (the visibility of canSeeDatafile, as SQL), with the
 * total for the pager. The newest upload's state comes from a correlated subquery on its index, so a
 * re-upload in progress shows without a second round trip.
 */
export async function listDatafiles(db: DbOrTx, viewer: Viewer, q: DatafileListQuery) {
  const where = whereOf(viewer, q);
  const order = q.direction === 'ASC' ? asc : desc;
  const sortColumn = SORT_COLUMN[q.sort];
  // Files without a score sort after scored ones in both directions.
  const nullsLast = q.sort === 'MEAN_COMBINED_SCORE' ? [sql`${datafiles.meanCombinedScore} is null`] : [];
  const rows = await db
    .select({
      id: datafiles.id,
      title: datafiles.title,
      importType: datafiles.importType,
      status: datafiles.status,
      progress: datafiles.progress,
      numberOfRecords: datafiles.numberOfRecords,
      numberOfCleanedRecords: datafiles.numberOfCleanedRecords,
      isCleaned: datafiles.isCleaned,
      meanCombinedScore: datafiles.meanCombinedScore,
      certificateLevel: datafiles.certificateLevel,
      createdAt: datafiles.createdAt,
      ownerId: datafiles.ownerId,
      companyId: datafiles.companyId,
      companyName: companies.name,
      companyImage: companies.image,
      latestUpload: sql<
        string | null
      >`(select u.kind || ':' || u.status from datafile_uploads u where u.datafile_id = "datafiles"."id" order by u.created_at desc, u.rowid desc limit 1)`,
    })
    .from(datafiles)
    .innerJoin(companies, eq(companies.id, datafiles.companyId))
    .where(where)
    .orderBy(...nullsLast, order(sortColumn), desc(datafiles.createdAt), asc(datafiles.id))
    .limit(q.limit)
    .offset(q.offset);
  const total = await db
    .select({ n: sql<number>`count(*)` })
    .from(datafiles)
    .where(where)
    .get();
  return { rows, total: Number(total?.n ?? 0) };
}

export type DatafileListRow = Awaited<ReturnType<typeof listDatafiles>>['rows'][number];

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  email: users.email,
  accessLevel: users.accessLevel,
  locale: users.locale,
} as const;
export type PersonRow = {
  id: string;
  firstName: string;
  lastName: string;
  image: string | null;
  email: string;
  accessLevel: 'SUPER_ADMIN' | 'ADMIN' | 'EMPLOYEE';
  locale: 'de' | 'en';
};

/** People by id (deleted ones too: an owner's name stays readable on old files). */
export async function peopleByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(personColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The contributors of each datafile, by name, live users only. */
export async function contributorsOf(db: DbOrTx, datafileIds: readonly string[]): Promise<Map<string, PersonRow[]>> {
  const result = new Map<string, PersonRow[]>(datafileIds.map((id) => [id, []]));
  if (datafileIds.length === 0) return result;
  const rows = await db
    .select({ datafileId: datafileContributors.datafileId, ...personColumns })
    .from(datafileContributors)
    .innerJoin(users, eq(users.id, datafileContributors.userId))
    .where(and(inArray(datafileContributors.datafileId, [...datafileIds]), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  for (const { datafileId, ...person } of rows) result.get(datafileId)?.push(person);
  return result;
}

/** Activated, live users of a company other than `exclude` (the owner and the current contributors). */
export async function shareableUsers(db: DbOrTx, companyId: string, exclude: readonly string[]): Promise<PersonRow[]> {
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.status, 'ACTIVATED'),
        isNull(users.deletedAt),
        exclude.length ? notInArray(users.id, [...exclude]) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Activated, live users of the company among `ids` (the others are unknown to the caller). */
export async function activeUsersOfCompany(
  db: DbOrTx,
  companyId: string,
  ids: readonly string[],
): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        inArray(users.id, [...ids]),
        eq(users.companyId, companyId),
        eq(users.status, 'ACTIVATED'),
        isNull(users.deletedAt),
      ),
    );
}

export async function addContributors(
  db: DbOrTx,
  datafileId: string,
  userIds: readonly string[],
  nowIso: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(datafileContributors)
    .values(userIds.map((userId) => ({ datafileId, userId, createdAt: nowIso })))
    .onConflictDoNothing();
}

export async function removeContributor(db: DbOrTx, datafileId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(datafileContributors)
    .where(and(eq(datafileContributors.datafileId, datafileId), eq(datafileContributors.userId, userId)))
    .returning({ userId: datafileContributors.userId });
  return rows.length > 0;
}

/**
 * Changes a datafile only while its status is one of `from` (a guarded update: a concurrent job or
 * action that moved it first leaves this one with no row). True when the row changed.
 */
export async function updateDatafileFrom(
  db: DbOrTx,
  id: string,
  from: readonly (typeof datafiles.$inferSelect)['status'][],
  patch: Partial<typeof datafiles.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(datafiles)
    .set(patch)
    .where(and(eq(datafiles.id, id), eq(datafiles.isDeleted, false), inArray(datafiles.status, [...from])))
    .returning({ id: datafiles.id });
  return rows.length > 0;
}

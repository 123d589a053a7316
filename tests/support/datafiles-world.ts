// A small world for the datafiles list and its actions: organisation A (ADMIN owner, two
// EMPLOYEEs, a pending invitee), organisation B (ADMIN), an operator, and datafiles written as the
// upload pipeline leaves them (the rules under test read rows, not interview cells).
import { sql } from 'drizzle-orm';
import { datafileContributors, datafiles, datafileUploads } from '../../db/schema';
import type { TestApp } from './test-app';
import { makeUser } from './factories';
import { sessionFor } from './factories';
import { uploadWorld } from './upload-world';

let seq = 0;

export async function datafilesWorld(t: TestApp) {
  const w = await uploadWorld(t);
  const pending = await makeUser(t.db, t.deps.appSecret, { companyId: w.A, status: 'PENDING', password: null });
  const base = Date.parse(t.clock.now().toISOString());
  async function file(fields: Partial<typeof datafiles.$inferInsert> & { ownerId: string }) {
    const id = crypto.randomUUID();
    const createdAt = new Date(base - 3600_000 + ++seq * 1000).toISOString();
    await t.db.insert(datafiles).values({
      id,
      companyId: w.A,
      title: `File ${seq}`,
      importType: 'MANUAL',
      status: 'READY',
      numberOfRecords: 100,
      revision: 1,
      lastRevision: 1,
      createdAt,
      ...fields,
    });
    return id;
  }
  async function share(datafileId: string, userId: string) {
    await t.db.insert(datafileContributors).values({ datafileId, userId, createdAt: t.clock.now().toISOString() });
  }
  return {
    ...w,
    pending,
    file,
    share,
    sessionFor: (userId: string, companyId: string | null) => sessionFor(t, userId, companyId),
  };
}

export type DatafilesWorld = Awaited<ReturnType<typeof datafilesWorld>>;

/** A re-upload of a READY datafile that is processing (what the list shows as "updating"). */
export async function processingUpdate(t: TestApp, datafileId: string, createdBy: string) {
  await t.db.insert(datafileUploads).values({
    datafileId,
    kind: 'UPDATE',
    status: 'PROCESSING',
    revision: 2,
    progress: 40,
    sourceKey: `uploads/x/${crypto.randomUUID()}.csv`,
    sourceFormat: 'csv',
    sourceFileName: 'v2.csv',
    sourceBytes: 10,
    headerRow: 1,
    firstDataRow: 2,
    missingValues: [],
    createdBy,
    createdAt: t.clock.now().toISOString(),
  });
}

export async function rowOf(t: TestApp, id: string) {
  const [row] = await t.db.all<Record<string, unknown>>(sql`select * from datafiles where id = ${id}`);
  return row!;
}

export const LIST = `query($f:DatafileListFilters,$p:PageInput){getDatafilesForLoggedInUser(filters:$f,paginationInfo:$p){
  currentPage previousPage nextPage totalNumberOfDatafiles
  datafiles{id title importType status progress isUpdating numberOfRecords numberOfCleanedRecords isCleaned meanCombinedScore certificateLevel createdDate canManage
    owner{id name{first last} email accessLevel} contributors{id} company{id name}}}}`;

import { and, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { datafileContributors, datafiles } from '../../../db/schema';
import type { Viewer } from '../../graphql/context';

/** Which datafiles a viewer sees: operators all (or their scoped company), ADMIN the company's, EMPLOYEE own and shared. */
export function visibleDatafiles(viewer: Viewer): SQL | undefined {
  const live = eq(datafiles.isDeleted, false);
  if (viewer.accessLevel === 'SUPER_ADMIN') return viewer.companyId ? and(live, eq(datafiles.companyId, viewer.companyId)) : live;
  const company = eq(datafiles.companyId, viewer.companyId ?? '');
  if (viewer.accessLevel === 'ADMIN') return and(live, company);
  const shared = exists(
    sql`select 1 from ${datafileContributors} where ${datafileContributors.datafileId} = ${datafiles.id} and ${datafileContributors.userId} = ${viewer.userId}`,
  );
  return and(live, company, or(eq(datafiles.ownerId, viewer.userId), shared));
}

export async function dashboardSummary(db: DbOrTx, viewer: Viewer) {
  const row = await db
    .select({
      numberOfDatafiles: sql<number>`count(*)`,
      numberOfDataRecords: sql<number>`coalesce(sum(${datafiles.numberOfRecords}), 0)`,
      numberOfQualityScores: sql<number>`coalesce(sum(${datafiles.numberOfQualityScores}), 0)`,
    })
    .from(datafiles)
    .where(and(visibleDatafiles(viewer), sql`${datafiles.status} <> 'DRAFT'`))
    .get();
  return {
    numberOfDatafiles: Number(row?.numberOfDatafiles ?? 0),
    numberOfDataRecords: Number(row?.numberOfDataRecords ?? 0),
    numberOfQualityScores: Number(row?.numberOfQualityScores ?? 0),
  };
}

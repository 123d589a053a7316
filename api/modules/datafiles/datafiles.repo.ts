import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { datafiles } from '../../../db/schema';
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
